"""High Card Snap: a game that exists only to prove the contract and the kit.

Each seat holds three hidden cards. A round: every seat secretly picks a card
and then a bet of 1 or 2 (two steps, simultaneous and hidden); the picks are
revealed; then every seat may claim "highest!" with a timestamp until the
table (SYSTEM) closes the window; a seat may pass instead. The earliest claim by a seat holding the top
card scores its bet; every wrong claim costs its bet. Three rounds.
"""

from __future__ import annotations

from game.engine import SYSTEM, GameState, Rng, require
from game.engine.actions import fields, int_field
from game.engine.state import detached


class SnapState(GameState):
    game_id = "toy-snap"
    min_seats = 2
    max_seats = 4
    default_options = {"hand": 3}

    def setup(self) -> None:
        deck = [v for v in range(1, 13) for _ in range(2)]
        self.rng.shuffle(deck)
        n = self.options["hand"]
        self.hands = [sorted(deck[i * n : (i + 1) * n]) for i in range(self.num_seats)]
        self.deck = deck[self.num_seats * n :]
        self.picks: list = [None] * self.num_seats  # {"card": c, "bet": b|None}
        self.revealed: list = []
        self.claims: list = []  # [seat, t]
        self.passed: list = []  # seats that will not claim this round
        self.points = [0] * self.num_seats
        self.discard: list = []

    def phase(self) -> str:
        if self.revealed:
            return "claim"
        return "pick"

    def actors(self) -> list[int]:
        if self.is_over():
            return []
        if self.phase() == "pick":
            return [s for s in range(self.num_seats) if self.picks[s] is None or self.picks[s]["bet"] is None]
        done = {c[0] for c in self.claims} | set(self.passed)
        return [SYSTEM] + [s for s in range(self.num_seats) if s not in done]

    def legal_actions(self, seat: int) -> list:
        if seat not in self.actors():
            return []
        if seat == SYSTEM:
            return [{"type": "close"}]
        if self.phase() == "pick":
            if self.picks[seat] is None:
                return [{"type": "pick", "card": c} for c in sorted(set(self.hands[seat]))]
            return [{"type": "bet", "amount": 1}, {"type": "bet", "amount": 2}]
        return [{"type": "pass"}] + [{"type": "claim", "t": t} for t in (0, 250_000, 900_000)]

    def open_action_space(self, seat: int) -> bool:
        return seat != SYSTEM and self.phase() == "claim"  # any timestamp is a legal claim

    def sample_action(self, seat: int, rng: Rng):
        if seat != SYSTEM and self.phase() == "claim":
            if rng.randrange(2):
                return {"type": "pass"}
            return {"type": "claim", "t": rng.randrange(2_000_000)}
        return super().sample_action(seat, rng)

    def perform(self, seat: int, action) -> None:
        kind = action["type"]
        if seat == SYSTEM:
            require(kind == "close", "system-closes-window")
            fields(action)
            self._close()
            return
        if self.phase() == "pick":
            if self.picks[seat] is None:
                require(kind == "pick", "pick-first", "choose a card before betting")
                fields(action, ["card"])
                card = int_field(action, "card", 1, 12, "card-in-hand")
                require(card in self.hands[seat], "card-in-hand")
                self.hands[seat].remove(card)
                self.picks[seat] = {"card": card, "bet": None}
            else:
                require(kind == "bet", "bet-after-pick")
                fields(action, ["amount"])
                self.picks[seat]["bet"] = int_field(action, "amount", 1, 2, "bet-one-or-two")
                if all(p and p["bet"] is not None for p in self.picks):
                    self.revealed = [dict(p) for p in self.picks]
                    self.seal()
            return
        if kind == "pass":
            fields(action)
            self.passed.append(seat)
            return
        require(kind == "claim", "claim-only-now")
        fields(action, ["t"])
        self.claims.append([seat, int_field(action, "t", 0, None, "claim-needs-time")])

    def _close(self) -> None:
        top = max(p["card"] for p in self.revealed)
        winner_found = False
        for seat, _t in sorted(self.claims, key=lambda c: (c[1], c[0])):
            bet = self.revealed[seat]["bet"]
            if self.revealed[seat]["card"] == top and not winner_found:
                self.points[seat] += bet
                winner_found = True
            elif self.revealed[seat]["card"] != top:
                self.points[seat] -= bet
        self.discard += [p["card"] for p in self.revealed]
        self.picks = [None] * self.num_seats
        self.revealed = []
        self.claims = []
        self.passed = []

    def is_over(self) -> bool:
        return not any(self.hands) and self.picks[0] is None

    def scores(self) -> list:
        return list(self.points)

    def observation(self, seat):
        obs = {
            "points": self.points,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discard": self.discard,
            "revealed": self.revealed,
            "claims": self.claims,
            "picked": [p is not None for p in self.picks],
            "to_act": self.actors(),
        }
        if seat is not None and seat >= 0:
            obs["hand"] = self.hands[seat]
            obs["my_pick"] = self.picks[seat]
        return detached(obs)

    def determinize(self, seat, rng):
        copy = self.clone()
        copy.log, copy.undo_floor = [], 0
        others = [s for s in range(self.num_seats) if s != seat]
        hidden_picks = [s for s in others if self.picks[s] is not None and not self.revealed]
        pool = sorted(
            self.deck + [c for s in others for c in self.hands[s]] + [self.picks[s]["card"] for s in hidden_picks]
        )
        rng.shuffle(pool)
        for s in others:
            n = len(self.hands[s])
            copy.hands[s], pool = sorted(pool[:n]), pool[n:]
        for s in hidden_picks:
            # Whether a bet is placed is public (the seat is still to act); its size is not.
            bet = None if self.picks[s]["bet"] is None else rng.choice([1, 2])
            copy.picks[s] = {"card": pool.pop(), "bet": bet}
        copy.deck = pool
        return copy

    def invariants(self) -> None:
        in_play = sum(len(h) for h in self.hands) + len(self.deck) + len(self.discard)
        in_play += sum(1 for p in self.picks if p is not None)
        assert in_play == 24, f"cards not conserved: {in_play}"

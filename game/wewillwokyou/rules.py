"""We Will Wok You: the rules (pure; no pygame).

Two rows of three ingredient cards sit beside a line of coins (their price), two
rows of two beside another. A turn is one action: take a coin, buy a row, or take a
Wok card by laying cards showing four identical symbols. When a purchase leaves a
coin line with no ingredient beside it, every seat (the buyer too) has one last
action; then each seat's cards are placed on its Woks, by the arcade, for the most
points (see scoring.py).

Hidden information is the deck order only: every card in a hand was taken face up
from the market, so what a seat holds is on the public record (`bought`); the screen
still shows a hand only to its owner. Identical cards are interchangeable, so a lay
names the lowest-numbered copy.
"""

from __future__ import annotations

from game.engine import GameState, IllegalAction, Rng, detached, require, shown
from game.engine.actions import fields, int_field

from . import symbols, words
from .data import content
from .scoring import Held, best_placement, best_score

SET_ASIDE = {2: 24, 3: 12, 4: 0}  # ingredients set aside face up, by seats
WOKS_ON_OFFER = {2: 12, 3: 15, 4: 18}
COINS = 22
HAND_COINS = 3
LINE_COINS = [6, 4]  # line 0 beside the rows of three, line 1 beside the rows of two
ROW_SIZE = [3, 3, 2, 2]
ROW_LINE = [0, 0, 1, 1]


class WokState(GameState):
    game_id = "wewillwokyou"
    min_seats = 2
    max_seats = 4

    def setup(self) -> None:
        n = self.num_seats
        deck = list(range(len(content().cards)))
        self.rng.shuffle(deck)
        aside = SET_ASIDE[n]
        self.aside = sorted(deck[:aside])
        deck = deck[aside:]
        self.rows = []
        for size in ROW_SIZE:
            self.rows.append(sorted(deck[:size]))
            deck = deck[size:]
        self.deck = deck
        woks = list(range(len(content().woks)))
        self.rng.shuffle(woks)
        self.offer = sorted(woks[: WOKS_ON_OFFER[n]])
        self.box_woks = sorted(woks[WOKS_ON_OFFER[n] :])  # back in the box, unused
        self.lines = list(LINE_COINS)
        self.coins = [HAND_COINS] * n
        self.box_coins = COINS - sum(LINE_COINS) - HAND_COINS * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.front: list[list[int]] = [[] for _ in range(n)]  # cards laid to take Woks
        self.woks: list[list[int]] = [[] for _ in range(n)]
        # "Whoever used a wok last starts": the arcade cannot ask, so the seed draws.
        self.turn = self.rng.randrange(n)
        self.pending: dict | None = None  # {"laid": [cards]} while a Wok card is being taken
        self.trigger: int | None = None  # the seat whose purchase emptied a coin line's rows
        self.last_round: list[int] | None = None  # seats still to take their last action, in order
        self.recent: list[dict] = []  # the last completed action of each seat, oldest first
        self.result: list[dict] | None = None  # per seat: the best placement, once the game is over

    # ---- queries -------------------------------------------------------------
    def actors(self) -> list[int]:
        return [] if self.result is not None else [self.turn]

    def is_over(self) -> bool:
        return self.result is not None

    def price(self, row: int) -> int:
        return self.lines[ROW_LINE[row]]

    def _main_actions(self, seat: int) -> list[dict]:
        actions = [{"type": "coin", "line": line} for line in (0, 1) if self.lines[line] >= 2]
        actions += [{"type": "buy", "row": r} for r in range(4) if self.rows[r] and self.coins[seat] >= self.price(r)]
        if self.offer and symbols.can_take_wok(self.hands[seat]):
            actions.append({"type": "take_wok"})
        return actions

    def legal_actions(self, seat: int) -> list[dict]:
        if seat not in self.actors():
            return []
        if self.pending is not None:
            laid = self.pending["laid"]
            if symbols.shown(laid) == symbols.NEED:
                steps = [{"type": "choose", "wok": w} for w in self.offer]
            else:
                steps = [{"type": "lay", "card": c} for c in symbols.layable(self.hands[seat], laid)]
            return steps + [{"type": "cancel"}]
        return self._main_actions(seat) or [{"type": "pass"}]

    # ---- actions ---------------------------------------------------------------
    def perform(self, seat: int, action) -> None:
        kind = action["type"]
        if self.pending is not None:
            require(kind in ("lay", "choose", "cancel"), "finish-or-cancel-the-wok", "lay cards, choose, or cancel")
            if kind == "cancel":
                fields(action)
                self.hands[seat] = sorted(self.hands[seat] + self.pending["laid"])
                self.pending = None
            elif kind == "lay":
                fields(action, ["card"])
                self._lay(seat, int_field(action, "card", 0, None, "lay-towards-four-identical-symbols"))
            else:
                fields(action, ["wok"])
                self._choose(seat, int_field(action, "wok", 0, None, "wok-on-offer"))
            return
        if kind == "coin":
            fields(action, ["line"])
            line = int_field(action, "line", 0, 1, "coin-from-a-line")
            require(self.lines[line] >= 2, "never-the-last-coin", f"line {line} has one coin left")
            self.lines[line] -= 1
            self.coins[seat] += 1
            self._done(seat, {"type": "coin", "line": line})
        elif kind == "buy":
            fields(action, ["row"])
            self._buy(seat, int_field(action, "row", 0, 3, "buy-a-row"))
        elif kind == "take_wok":
            fields(action)
            require(bool(self.offer), "a-wok-card-on-offer")
            require(
                symbols.can_take_wok(self.hands[seat]),
                "four-identical-symbols",
                "the hand cannot show four identical symbols",
            )
            self.pending = {"laid": []}
        elif kind == "pass":
            fields(action)
            require(not self._main_actions(seat), "pass-only-when-nothing-is-possible")
            self._done(seat, {"type": "pass"})
        else:
            require(False, "unknown-action", shown(kind))

    def _buy(self, seat: int, row: int) -> None:
        require(bool(self.rows[row]), "row-has-ingredients", f"row {row} is empty")
        price = self.price(row)
        require(self.coins[seat] >= price, "pay-the-price", f"row {row} costs {price}")
        line = ROW_LINE[row]
        self.coins[seat] -= price
        self.lines[line] += price  # paid onto the line: both its rows get dearer
        bought = self.rows[row]
        self.hands[seat] = sorted(self.hands[seat] + bought)
        self.rows[row] = sorted(self.deck[: ROW_SIZE[row]])  # partly, if the deck runs short
        self.deck = self.deck[ROW_SIZE[row] :]
        ends = self.last_round is None and not any(self.rows[r] for r in range(4) if ROW_LINE[r] == line)
        self._done(seat, {"type": "buy", "row": row, "cards": bought, "price": price}, triggers=ends)

    def _laid(self) -> list[int]:
        """The cards laid so far for the Wok card being taken."""
        if self.pending is None:
            raise IllegalAction("take-a-wok-card-first")
        return self.pending["laid"]

    def _lay(self, seat: int, card) -> None:
        laid = self._laid()
        require(symbols.shown(laid) < symbols.NEED, "four-symbols-then-choose", "four are shown: choose a Wok card")
        require(
            card in symbols.layable(self.hands[seat], laid),
            "lay-towards-four-identical-symbols",
            f"card {shown(card)} cannot help show four identical symbols (identical copies: name the lowest)",
        )
        self.hands[seat].remove(card)
        laid.append(card)

    def _choose(self, seat: int, wok) -> None:
        laid = self._laid()
        require(symbols.shown(laid) == symbols.NEED, "four-identical-symbols-first", "lay four identical symbols")
        require(wok in self.offer, "wok-on-offer", shown(wok))
        self.front[seat] = sorted(self.front[seat] + laid)  # stays in front, can't buy another Wok
        self.woks[seat].append(wok)
        self.offer.remove(wok)
        self.pending = None
        self._done(seat, {"type": "wok", "wok": wok, "cards": sorted(laid)})

    def _done(self, seat: int, event: dict, triggers: bool = False) -> None:
        """The seat's action is complete: record it and pass the turn."""
        # What the others did since this seat's last turn, for the screen.
        self.recent = [e for e in self.recent if e["seat"] != seat] + [{"seat": seat, **event}]
        n = self.num_seats
        if triggers:
            # Everyone, the buyer included, has one last action, clockwise from the next.
            self.trigger = seat
            last = [(seat + k) % n for k in range(1, n + 1)]
            self.last_round, self.turn = last, last[0]
            return
        if self.last_round is not None:
            self.last_round.pop(0)
            if not self.last_round:
                self._finish()
                return
            self.turn = self.last_round[0]
            return
        self.turn = (seat + 1) % n

    def describe(self, seat: int, action, names: list[str]) -> str:
        return words.describe(self, seat, action, names)

    def label(self, seat: int, action, names: list[str]) -> str:
        return words.label(self, seat, action, names)

    def held(self, seat: int) -> list[Held]:
        """The seat's ingredient cards as scoring sees them."""
        cards = content().cards
        return [Held(c, cards[c].ingredient, cards[c].blank, True) for c in self.hands[seat]] + [
            Held(c, cards[c].ingredient, cards[c].blank, False) for c in self.front[seat]
        ]

    def _finish(self) -> None:
        self.result = [best_placement(self.held(s), self.woks[s]) for s in range(self.num_seats)]

    # ---- end -------------------------------------------------------------------
    def scores(self) -> list[float]:
        if self.result is not None:
            return [r["score"] for r in self.result]
        return [best_score(self.held(s), self.woks[s]) for s in range(self.num_seats)]

    def winners(self) -> list[int]:
        """Best score; ties: most unused ingredients, then most coins; then shared."""
        if not self.is_over():
            return []
        keys = [(r["score"], len(r["unused"]), self.coins[s]) for s, r in enumerate(self.result or [])]
        best = max(keys)
        return [s for s, k in enumerate(keys) if k == best]

    # ---- information -------------------------------------------------------------
    def observation(self, seat: int | None) -> dict:
        pending: list[int] = self.pending["laid"] if self.pending else []
        seats = []
        for s in range(self.num_seats):
            laying = pending if s == self.turn else []
            seats.append(
                {
                    "coins": self.coins[s],
                    "hand_size": len(self.hands[s]),
                    "front": self.front[s],
                    "woks": self.woks[s],
                    # Every card in a hand was bought face up: the public record of it.
                    "bought": sorted(self.hands[s] + self.front[s] + laying),
                }
            )
        obs = {
            "turn": None if self.is_over() else self.turn,
            "rows": self.rows,
            "lines": self.lines,
            "deck_size": len(self.deck),
            "aside": self.aside,
            "offer": self.offer,
            "box_coins": self.box_coins,
            "seats": seats,
            "pending": self.pending,
            "trigger": self.trigger,
            "last_round": self.last_round,
            "recent": self.recent,
            "result": self.result,
        }
        if seat is not None and seat >= 0:
            obs["hand"] = self.hands[seat]
        return detached(obs)

    def determinize(self, seat: int, rng: Rng) -> WokState:
        """Only the deck's order is unknown; its contents are all cards not in view."""
        copy = self.unlogged_clone()
        copy.deck = sorted(self.deck)
        rng.shuffle(copy.deck)
        return copy

    def invariants(self) -> None:
        places = [self.deck, self.aside, *self.rows, *self.hands, *self.front]
        if self.pending:
            places.append(self.pending["laid"])
        cards = sorted(c for p in places for c in p)
        assert cards == list(range(len(content().cards))), "every ingredient card in exactly one place"
        assert sum(self.lines) + sum(self.coins) + self.box_coins == COINS, "coins conserved"
        assert min(self.lines) >= 1, "a coin line never empties"
        woks = sorted(self.offer + self.box_woks + [w for ws in self.woks for w in ws])
        assert woks == list(range(len(content().woks))), "every Wok card in exactly one place"
        assert all(len(r) <= ROW_SIZE[i] for i, r in enumerate(self.rows)), "rows keep their size"
        assert not self.pending or symbols.shown(self.pending["laid"]) <= symbols.NEED

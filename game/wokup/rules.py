"""Wok Up's rules: the state of a game, pure (no pygame, no physics engine).

A round: on the signal (SYSTEM "signal") the throwing seats each throw the top
token of their pile; the table's physics runs outside the rules and reports
where every token settled and which face is up (SYSTEM "settle", logged, so a
replay never re-runs the physics). Then the wok is looked at: seats slap a
face-up card ("slap", deck 0-4) or shout "wokup", each claim stamped with its
game time "t" in ns (and optionally "u", the clock uncertainty). The table
resolves the group of claims `window_ms` after the earliest one (SYSTEM
"resolve"); with no claim it signals the next throw after `look_ms`. Winners
turn new cards ("turn"; a shout's winner first "take"s a card); then the
tokens are shared back and a new round starts. See assets/wokup/DESIGN.md for
every choice the rulebook leaves open.
"""

from __future__ import annotations

import math
from enum import StrEnum
from functools import lru_cache

from game.engine import SYSTEM, GameState, Rng, detached, require, shown
from game.engine.actions import fields, int_field

from . import data, geometry, recipes, words

MS = 1_000_000  # ns per ms
MAX_UNCERTAINTY_NS = 1_000 * MS  # a claim's clock bound beyond a second is no timestamp at all
# A time stamped further than this past the table's clock is no time at all: ten times
# the longest wait the rules know (a throw settles within 6 s, a winner picks within 6 s;
# the clock stops while the game is paused), and a table would wait for it.
MAX_AHEAD_NS = 60_000 * MS


class Phase(StrEnum):
    """Where a round is; stored as its plain name, so the state stays JSON."""

    LOOK = "look"  # the wok is settled: claims, passes, then the next throw
    FLIGHT = "flight"  # tokens in the air until the table settles them
    PICK = "pick"  # a winner takes or turns a deck
    OVER = "over"


@lru_cache(maxsize=4096)
def _content(table: tuple, present: tuple) -> recipes.Content:
    """What the wok holds; cached, as rules, bots and screens ask about one table many times."""
    lying = [{"id": i, "x": x, "y": y, "face": f, "off": o} for i, x, y, f, o in table]
    return recipes.content(geometry.wok(), lying, list(present))


def _timing(name: str) -> int:
    return int(data.table().timing[name] * MS)


class WokUpState(GameState):
    game_id = "wokup"
    min_seats = 2
    max_seats = 6
    # learning: the scene shows the wok's counts and which cards are complete.
    # target: cards to win; the rulebook's 5, fewer for a quick game.
    default_options = {"learning": False, "target": 5}

    # ---- setup ----------------------------------------------------------
    def setup(self) -> None:
        if self.options["target"] not in range(1, 6):
            raise ValueError("wokup option target must be 1 to 5 cards")
        decks, cards = data.decks_and_cards()
        self.decks = []
        for d in decks:
            pile = sorted(c.id for c in cards if c.deck == d.id)
            self.rng.shuffle(pile)
            self.decks.append(pile)  # the top card is the last
        self.face_up = [False] * 5
        shown = list(range(5))
        self.rng.shuffle(shown)
        for first in shown[:3]:  # "turn over the first card of 3 of the 5 stacks, at random"
            self.face_up[first] = True
        tokens = sorted(t.id for t in data.tokens())
        self.rng.shuffle(tokens)
        self.piles = [tokens[s :: self.num_seats] for s in range(self.num_seats)]  # the top is the last
        self.table: list[dict] = []  # settled tokens {"id", "x", "y", "face", "a", "off"}
        self.flight: list[list] = []  # [seat, token] thrown and not yet settled
        self.won: list[list[str]] = [[] for _ in range(self.num_seats)]
        self.out = [False] * self.num_seats
        self.phase = Phase.LOOK
        self.now = 0
        self.look_start = 0
        self.claims: list[dict] = []
        self.passed = [False] * self.num_seats  # "nothing for me" in this look
        self.next_group = 0
        self.round = 1
        self.round_throws = 0
        self.picks: list[dict] = []  # [{"seat", "kind": "take" | "turn"}] still to do
        self.pick_start = 0
        self.exclude: list[int] = []  # decks won from this round: turn "another" deck
        self.paused = False
        self.last: dict = {}  # the latest resolution, for everyone to see who did what

    # ---- who acts -------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def actors(self) -> list[int]:
        if self.is_over():
            return []
        if self.paused or self.phase == Phase.FLIGHT:
            return [SYSTEM]
        if self.phase == Phase.PICK:
            return [self.picks[0]["seat"], SYSTEM]
        return [SYSTEM] + [s for s in range(self.num_seats) if self._looking(s)]

    def _looking(self, seat: int) -> bool:
        if self.out[seat] or self.passed[seat]:
            return False
        # A seat that has not claimed yet has every claim left (the shout at least):
        # told without listing them, as actors() asks it of every seat at every apply.
        return not any(c["seat"] == seat for c in self.claims) or bool(self._claims_left(seat))

    def throw_groups(self) -> list[list[int]]:
        """2-4 seats all throw; 5-6 seats: the even and odd halves alternate
        (3 tokens at six; 3 and 2 at five)."""
        if self.num_seats <= 4:
            return [list(range(self.num_seats))]
        return [list(range(0, self.num_seats, 2)), list(range(1, self.num_seats, 2))]

    def _next_throw(self) -> tuple[int, list[int]]:
        """The group that throws next and its seats able to throw (in the round, tokens left);
        a group with nobody able is passed over. ([], -1) when nobody can throw."""
        groups = self.throw_groups()
        for j in range(len(groups)):
            g = (self.next_group + j) % len(groups)
            able = [s for s in groups[g] if not self.out[s] and self.piles[s]]
            if able:
                return g, able
        return -1, []

    def throwers(self) -> list[int]:
        return self._next_throw()[1]

    # ---- what the table shows --------------------------------------------
    def decks_present(self) -> list[bool]:
        return [bool(d) for d in self.decks]

    def wok_content(self) -> recipes.Content:
        key = tuple((t["id"], t["x"], t["y"], t["face"], t["off"]) for t in self.table)
        return _content(key, tuple(self.decks_present()))

    def complete_decks(self) -> list[int]:
        c = self.wok_content()
        cards = data.card_by_id()
        return [d for d in range(5) if self.face_up[d] and recipes.complete(cards[self.decks[d][-1]], c)]

    def window_end(self) -> int:
        return min(c["t"] for c in self.claims) + _timing("window_ms")

    def turnable(self) -> list[int]:
        """Decks a winner may turn: face down with cards left, not one just won from
        ("another stack"); if only those are left, those (a deck running out)."""
        hidden = [d for d in range(5) if self.decks[d] and not self.face_up[d]]
        return [d for d in hidden if d not in self.exclude] or hidden

    # ---- legal actions ----------------------------------------------------
    def open_action_space(self, seat: int) -> bool:
        # Claims and the table's actions carry any later timestamp; a physics outcome is any layout.
        return not (self.phase == Phase.PICK and seat != SYSTEM and not self.paused)

    def legal_actions(self, seat: int) -> list:
        if seat not in self.actors():
            return []
        if seat == SYSTEM:
            if self.paused:
                return [{"type": "resume", "t": self.now}]
            pause = {"type": "pause", "t": self.now}
            if self.phase == Phase.FLIGHT:
                return [pause]  # and any "settle": an open space
            if self.phase == Phase.PICK:
                t = max(self.now, self.pick_start + _timing("pick_timeout_ms"))
                return [{"type": self.picks[0]["kind"], "deck": d, "t": t} for d in self._pick_choices()] + [pause]
            if self.claims:
                return [{"type": "resolve", "t": max(self.now, self.window_end())}, pause]
            t = max(self.now, self._signal_at())
            return [{"type": "signal" if self.throwers() else "clear", "t": t}, pause]
        if self.phase == Phase.PICK:
            return [{"type": self.picks[0]["kind"], "deck": d} for d in self._pick_choices()]
        t = max(self.look_start, self.now)
        return [{**claim, "t": t} for claim in self._claims_left(seat)] + [{"type": "pass"}]

    def _claims_left(self, seat: int) -> list[dict]:
        """A seat covers each face-up card and shouts at most once per group of claims."""
        mine = [c for c in self.claims if c["seat"] == seat]
        out = [
            {"type": "slap", "deck": d}
            for d in range(5)
            if self.face_up[d] and not any(c.get("deck") == d for c in mine)
        ]
        if not any(c["type"] == "wokup" for c in mine):
            out.append({"type": "wokup"})
        return out

    def _pick_choices(self) -> list[int]:
        if self.picks[0]["kind"] == "take":
            return [d for d in range(5) if self.face_up[d]]
        return self.turnable()

    # ---- performing ---------------------------------------------------------
    def perform(self, seat: int, action) -> None:
        kind = action["type"]
        if seat == SYSTEM:
            t = self._time(action, 0, "system-needs-time")
            require(t >= self.now, "clock-runs-forward", f"t={t} < now={self.now}")
            self._perform_system(kind, action, t)
            return
        if self.phase == Phase.PICK:
            require(
                kind == self.picks[0]["kind"],
                "pick-" + self.picks[0]["kind"],
                f"the winner must {self.picks[0]['kind']} a deck",
            )
            fields(action, ["deck"], ["t"])
            t = self._time(action, self.now, "clock-runs-forward", default=self.now)  # when the winner picked
            self._pick(int_field(action, "deck", 0, 4, "pick-a-listed-deck"), t)
            return
        require(self.phase == Phase.LOOK, "wait-for-the-wok", "tokens are still moving")
        require(not self.out[seat], "out-this-round")
        if kind == "pass":
            fields(action, [], ["t"])
            t = self._time(action, self.look_start, "claim-before-settle", default=self.look_start)
            self.passed[seat] = True
            self.now = max(self.now, t)
            return
        require(kind in ("slap", "wokup"), "claim-slap-pass-or-wokup")
        fields(action, ["t"] + (["deck"] if kind == "slap" else []), ["u"])
        t = self._time(action, None, "claim-needs-time")
        u = int_field(action, "u", 0, MAX_UNCERTAINTY_NS, "claim-uncertainty", default=0)
        require(t >= self.look_start, "claim-before-settle", "claims start when the wok has settled")
        if self.claims:
            require(t < self.window_end(), "window-closed", "too long after the first claim")
        mine = [c for c in self.claims if c["seat"] == seat]
        claim = {"seat": seat, "type": kind, "t": t, "u": u}
        if kind == "slap":
            deck = int_field(action, "deck", 0, 4, "deck-0-to-4")
            require(self.face_up[deck], "cover-a-face-up-card", f"deck {deck} shows no recipe")
            require(not any(c.get("deck") == deck for c in mine), "already-covered")
            claim["deck"] = deck
        else:
            require(not any(c["type"] == "wokup" for c in mine), "already-shouted")
        self.claims.append(claim)
        self.now = max(self.now, t)

    def _time(self, action: dict, lo: int | None, rule: str, **default: int) -> int:
        """The action's game time "t" (ns), from `lo`, and within reach of the table's clock."""
        t = int_field(action, "t", lo, None, rule, **default)
        require(
            t <= self.now + MAX_AHEAD_NS,
            "time-out-of-reach",
            f"t={t} ns is more than {MAX_AHEAD_NS // MS // 1000} s past the table's clock ({self.now} ns)",
        )
        return t

    def _perform_system(self, kind, action, t: int) -> None:
        if self.paused:
            require(kind == "resume", "paused", "only resume while paused")
            fields(action, ["t"])
            self.paused = False
            self.now = t
            return
        if kind == "pause":
            fields(action, ["t"])
            self.paused = True
            self.now = t
            return
        if self.phase == Phase.FLIGHT:
            require(kind == "settle", "settle-the-throw")
            fields(action, ["t", "tokens"])
            self._settle(action["tokens"], t)
            return
        if self.phase == Phase.PICK:
            require(kind == self.picks[0]["kind"], "pick-" + self.picks[0]["kind"])
            fields(action, ["t", "deck"])
            require(
                t >= self.pick_start + _timing("pick_timeout_ms"),
                "winner-picks-first",
                "the table picks only after the timeout",
            )
            self._pick(int_field(action, "deck", 0, 4, "pick-a-listed-deck"), t)
            return
        fields(action, ["t"])
        if self.claims:
            require(kind == "resolve", "resolve-claims-first")
            require(t >= self.window_end(), "window-open", "wait for the claim window to close")
            self.now = t
            self._resolve(t)
            return
        require(kind in ("signal", "clear"), "signal-or-clear")
        require(t >= self._signal_at(), "look-first", "players get look_ms to look, unless all passed")
        group, able = self._next_throw()
        if kind == "clear":
            require(not able, "someone-can-throw", "clear only when nobody can throw")
            self.now = t
            self._new_round(t)  # a dead round: nobody scores, tokens go back
            return
        require(bool(able), "nobody-can-throw", "clear the round instead")
        self.flight = [[s, self.piles[s].pop()] for s in able]
        self.next_group = (group + 1) % len(self.throw_groups())
        self.round_throws += 1
        self.phase = Phase.FLIGHT
        self.now = t

    def flight_ids(self) -> list[str]:
        return [tok for _, tok in self.flight]

    def _signal_at(self) -> int:
        """The next throw comes look_ms after the wok settled, or as soon as every
        seat still in the round has passed."""
        if all(self.passed[s] or self.out[s] for s in range(self.num_seats)):
            return self.now
        return self.look_start + _timing("look_ms")

    def _new_look(self, t: int) -> None:
        self.phase = Phase.LOOK
        self.look_start = t
        self.passed = [False] * self.num_seats

    def _settle(self, tokens, t: int) -> None:
        """`tokens`: where each thrown token settled, and each earlier one it moved
        (a token not listed lies where it was)."""
        require(
            isinstance(tokens, list) and len(tokens) <= len(data.tokens()) and all(isinstance(x, dict) for x in tokens),
            "settle-lists-tokens",
        )
        ids = [x.get("id") for x in tokens]
        require(all(isinstance(i, str) for i in ids), "settle-known-tokens", "token ids are names")
        lying = {tok["id"]: tok for tok in self.table}
        require(
            len(set(ids)) == len(ids) and all(i in lying for i in ids if i not in self.flight_ids()),
            "settle-known-tokens",
            "tokens on the table or in the air, once each",
        )
        require(all(tok in ids for tok in self.flight_ids()), "settle-every-thrown-token")
        for x in tokens:
            pos_ok = all(
                isinstance(x.get(k), (int, float))
                and not isinstance(x.get(k), bool)
                and math.isfinite(x[k])
                and abs(x[k]) < 1e5
                for k in ("x", "y")
            )
            require(pos_ok, "settle-position", f"{shown(x['id'])}: x, y in mm")
            fields(x, ["id", "x", "y", "face"], ["a", "off"], "settle-token-fields")
            int_field(x, "face", 0, 1, "settle-face")
            require(isinstance(x.get("off", False), bool), "settle-off")
            int_field(x, "a", -100_000, 100_000, "settle-angle", default=0)
        for x in tokens:
            lying[x["id"]] = {
                "id": x["id"],
                "x": round(float(x["x"]), 1),
                "y": round(float(x["y"]), 1),
                "face": x["face"],
                "a": x.get("a", 0) % 360,
                "off": x.get("off", False),
            }
        self.table = [lying[k] for k in sorted(lying)]
        self.flight = []
        self.now = t
        self._new_look(t)

    # ---- resolving a group of claims ----------------------------------------
    def _ordered_claims(self) -> list[dict]:
        """By time. Claims closer than their combined uncertainty are a tie: the
        table draws lots among them (the state's rng, so replays agree)."""
        claims = sorted(self.claims, key=lambda c: (c["t"], c["seat"], c["type"], c.get("deck", -1)))
        out = []
        i = 0
        while i < len(claims):
            first = claims[i]
            j = i + 1
            while j < len(claims) and claims[j]["t"] - first["t"] <= first["u"] + claims[j]["u"]:
                j += 1
            tied = claims[i:j]
            if len({c["seat"] for c in tied}) > 1:
                self.rng.shuffle(tied)
            out += tied
            i = j
        return out

    def _resolve(self, t: int) -> None:
        complete = set(self.complete_decks())
        ready = recipes.wokup_ready(self.wok_content())
        taken: dict[int, int] = {}  # deck -> winning seat, in order
        shouter = None
        results = []
        for c in self._ordered_claims():
            seat, deck = c["seat"], c.get("deck", -1)  # a shout covers no deck
            right = deck in complete if c["type"] == "slap" else ready
            if self.out[seat]:
                result = "void"  # already out by an earlier mistake in this group
            elif not right:
                result = "wrong"
                c = {**c, "why": self._why(deck if c["type"] == "slap" else None)}
                self.out[seat] = True
                if self.num_seats == 2 and c["type"] == "slap" and deck not in taken and shouter is None:
                    taken[deck] = 1 - seat  # two players: the other one wins the covered card
                    result = "wrong-gives"
            elif shouter is not None or (c["type"] == "wokup" and taken) or deck in taken:
                result = "late"  # right, but someone was quicker to this prize
            elif c["type"] == "wokup":
                shouter, result = seat, "won"
            else:
                taken[deck], result = seat, "won"
            results.append({**c, "result": result})
        won_cards = []
        for deck, seat in taken.items():
            card = self.decks[deck].pop()
            self.face_up[deck] = False
            self.won[seat].append(card)
            self.exclude.append(deck)
            self.picks.append({"seat": seat, "kind": "turn"})
            won_cards.append([seat, card])
        if shouter is not None:
            self.picks = [{"seat": shouter, "kind": "take"}, {"seat": shouter, "kind": "turn"}]
        self.last = {"t": t, "claims": results, "won": won_cards}
        self.claims = []
        if self.picks:
            self._to_picks(t)
        elif all(self.out):
            self._new_round(t)  # everyone is out: a dead round
        else:
            self._new_look(t)  # the others go on throwing

    def _why(self, deck: int | None) -> dict:
        """What was missing for a wrong claim (said to the table, kept in `last`)."""
        card = data.card_by_id()[self.decks[deck][-1]] if deck is not None else None
        return recipes.shortfall(card, self.wok_content())

    def _to_picks(self, t: int) -> None:
        if any(len(w) >= self.options["target"] for w in self.won):
            self.phase = Phase.OVER
            self.picks = []
            return
        while self.picks and not self._pick_choices():
            self.picks.pop(0)  # nothing left to turn (decks ran out)
        if not self.picks:
            self._new_round(t)
            return
        self.phase = Phase.PICK
        self.pick_start = t

    def _pick(self, deck, t: int) -> None:
        require(
            deck in self._pick_choices(),
            "pick-a-listed-deck",
            "take a face-up card" if self.picks[0]["kind"] == "take" else "turn a face-down deck, not one just won",
        )
        pick = self.picks.pop(0)
        if pick["kind"] == "take":
            self.won[pick["seat"]].append(self.decks[deck].pop())
            self.face_up[deck] = False
            self.exclude.append(deck)
            self.last["won"].append([pick["seat"], self.won[pick["seat"]][-1]])
        else:
            self.face_up[deck] = True
            self.seal()  # a new recipe is revealed
        self.now = max(self.now, t)
        self._to_picks(self.now)

    def _new_round(self, t: int) -> None:
        """All tokens on the table are shared back evenly, under the piles."""
        back = sorted(tok["id"] for tok in self.table)
        self.rng.shuffle(back)
        n = self.num_seats
        for tok in back:
            seat = min(range(n), key=lambda s: (len(self.piles[s]), (s - self.round) % n))
            self.piles[seat].insert(0, tok)
        self.table = []
        self.out = [False] * n
        self.exclude = []
        self.round += 1
        self.round_throws = 0
        self._new_look(t)

    def describe(self, seat: int, action, names: list[str]) -> str:
        return words.describe(self, seat, action, names)

    # ---- what is seen ----------------------------------------------------------
    def observation(self, seat):
        c = self.wok_content()
        return detached(
            {
                "you": seat,
                "phase": self.phase,
                "paused": self.paused,
                "now": self.now,
                "look_start": self.look_start,
                "window_end": self.window_end() if self.claims else None,
                "round": self.round,
                "round_throws": self.round_throws,
                "face_up": [self.decks[d][-1] if self.face_up[d] else None for d in range(5)],
                "deck_sizes": [len(d) for d in self.decks],
                "piles": [len(p) for p in self.piles],  # nobody looks at a pile, not even its owner
                "table": self.table,
                "flight": self.flight,
                "won": self.won,
                "out": self.out,
                "claims": self.claims,
                "passed": self.passed,
                "picks": self.picks,
                "last": self.last,
                "throwers": self.throwers() if self.phase == Phase.LOOK else [],
                "counts": c.counts,
                "touching": c.touching,
                "complete": self.complete_decks(),
                "wokup_ready": recipes.wokup_ready(c),
            }
        )

    def determinize(self, seat, rng: Rng):
        copy = self.unlogged_clone()
        pool = sorted(tok for p in self.piles for tok in p)
        rng.shuffle(pool)
        for s, p in enumerate(self.piles):
            copy.piles[s], pool = pool[: len(p)], pool[len(p) :]
        for d, deck in enumerate(self.decks):
            hidden = sorted(deck[:-1] if self.face_up[d] else deck)
            rng.shuffle(hidden)
            copy.decks[d] = hidden + deck[len(hidden) :]
        copy.rng = rng.fork()  # the true rng would tell future shuffles
        return copy

    # ---- the end ------------------------------------------------------------------
    def scores(self) -> list:
        return [len(w) for w in self.won]

    def winners(self) -> list[int]:
        """Everyone who reached the target (five cards) in the deciding group of claims shares the win."""
        if not self.is_over():
            return []
        return [s for s, w in enumerate(self.won) if len(w) >= self.options["target"]]

    def invariants(self) -> None:
        tokens = sorted([t for p in self.piles for t in p] + [t["id"] for t in self.table] + self.flight_ids())
        assert tokens == sorted(t.id for t in data.tokens()), "tokens not conserved"
        cards = sorted([c for d in self.decks for c in d] + [c for w in self.won for c in w])
        assert cards == sorted(c.id for c in data.decks_and_cards()[1]), "cards not conserved"
        assert all(self.decks[d] for d in range(5) if self.face_up[d]), "a face-up card on an empty deck"
        if self.phase in (Phase.LOOK, Phase.FLIGHT):
            assert sum(self.face_up) == 3 or not self.turnable(), "three recipes must be face up"
        assert self.phase != Phase.FLIGHT or self.flight, "a throw in the air without tokens"

    # ---- random play for the kit ------------------------------------------------
    def sample_action(self, seat: int, rng: Rng):
        if seat == SYSTEM and not self.paused and self.phase != Phase.OVER and rng.randrange(40) == 0:
            return {"type": "pause", "t": self.now + rng.randrange(MS)}
        if seat == SYSTEM and self.phase == Phase.FLIGHT and not self.paused:
            return {"type": "settle", "t": self.now + rng.randrange(3000 * MS), "tokens": self._random_layout(rng)}
        actions = self.legal_actions(seat)
        if seat != SYSTEM and self.phase == Phase.LOOK:
            # Random seats mostly pass, and cover a complete card half the time they
            # can: uniform claims put everyone out every round and games never end.
            right = [a for a in actions if a["type"] == "slap" and a["deck"] in self.complete_decks()]
            if right and rng.randrange(2):
                actions = right
            elif rng.randrange(4):
                return {"type": "pass"}
        action = dict(rng.choice(actions))
        if "t" in action and not (seat != SYSTEM and self.claims):
            action["t"] += rng.randrange(2000 * MS)
        elif "t" in action:  # a claim inside the open window
            action["t"] = max(self.look_start, self.window_end() - 1 - rng.randrange(_timing("window_ms")))
        if seat != SYSTEM and "t" in action and rng.randrange(4) == 0:
            action["u"] = rng.randrange(5 * MS)
        return action

    def _random_layout(self, rng: Rng) -> list[dict]:
        """A cheap stand-in for the physics: thrown tokens land anywhere round the wok."""
        spec = data.table().table
        out = []
        for tok in self.flight_ids():
            x, y = rng.gauss(0, 110), rng.gauss(0, 110)
            off = abs(x) > spec["width"] / 2 or abs(y) > spec["height"] / 2
            out.append(
                {
                    "id": tok,
                    "x": round(x, 1),
                    "y": round(y, 1),
                    "face": rng.randrange(2),
                    "a": rng.randrange(360),
                    "off": off,
                }
            )
        return out

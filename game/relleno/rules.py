"""Relleno: the rules (pure, no pygame).

Rulebook: the Spanish text (seed 002). Each seat starts with its colour's three
chef cards; the recipe deck holds 10 recipes per seat; the book shows seats + 1
recipes face up. The game runs in days:

* `Phase.CHOOSE`: every seat still to choose is an actor (simultaneous, secret):
  `{"type": "time_card", "card": id, "early": [ids]}`: one timed card plus any
  early-arrival cards (one hour off each), which are picked one at a time first
  (game/engine/picking.py steps, kept per seat in `early_picked`, secret like the
  choice: listing every subset ran to 96 choices with five). A hand without a timed
  card reveals an early arrival alone (`early` empty): it plays last and must restock. Choices
  are hidden (`observation`) until the last one is in; then all are revealed
  together (`self.seal()`), the cards move in front of their seats and `order`
  is the day's turn order (earliest first; a tie, only possible through early
  arrivals, goes to whoever played more of them).
* `Phase.TURN`: the seat `current()` acts; its time card is already on its own
  discard pile. A fill's cards are picked one at a time (game/engine/picking.py:
  `{"type": "pick"|"unpick", "card": id}`, `{"type": "cancel"}`), then
  `{"type": "fill", "recipe": id, "cards": the picked cards}` plays them if they
  cover a book recipe (filling.py; spare cards allowed), discards them and takes
  the recipe into the hand, then resolves its ability; `{"type": "restock"}` takes
  the discard pile back, `{"type": "restock", "reserve": id}` also puts a book
  recipe on top of the deck so nobody fills it today.
* Abilities: bonus fill → `Phase.BONUS` when the cards just played cover a book
  recipe: `{"type": "bonus_fill", "recipe"}`, or `{"type": "skip_bonus"}`; extra restock happens at
  once; bad batch → `Phase.BAD_BATCH`: `{"type": "remove", "card": id}` from hand
  or discard pile, out of the game; early arrival acts only when choosing.
* End of day: if every seat restocked two days running, the book goes under the
  deck; the book is refilled to seats + 1 (reserved recipes first, they are on
  top); when the deck cannot fill it the game is over (`Phase.OVER`).

Scores: 1 per point symbol in hand and discard pile, +2 per star-coin-trophy set;
the tie-break is the most cards, then a shared win. Public: the book, every
discard pile, the recipes each seat took and removed, the cards in front of each
seat after the reveal, reserved recipes and the book put under the deck. Hidden:
the deck order (and which recipes stayed in the box), and the time cards until
the reveal. A hand is secret on screen but follows from the public record (own
chefs + recipes taken − removed − discard pile − cards in front), so
`determinize` keeps hands and resamples only the deck and the pending choices.
Every decision where the rulebook is silent: assets/relleno/DESIGN.md.
"""

from __future__ import annotations

from enum import StrEnum
from itertools import combinations

from game.engine import GameState, IllegalAction, Rng, detached, picking, require, shown
from game.engine.actions import fields, str_field, str_list

from . import words
from .data import content
from .filling import covers, minimal_covers, points

RECIPES_PER_SEAT = 10
EARLY_MINUTES = 60  # an early-arrival card takes one hour off
ALL_RESTOCK_DAYS = 2  # everyone restocking this many days running clears the book
ADVANCED_ALWAYS_AT = 6


class Phase(StrEnum):
    """Where a day is; stored as its plain name, so the state stays JSON."""

    CHOOSE = "choose"  # every seat picks its time card in secret
    TURN = "turn"  # the current seat fills or restocks
    BONUS = "bonus"  # the current seat may fill again with the cards just played
    BAD_BATCH = "bad_batch"  # the current seat must remove one of its cards
    OVER = "over"


def _card(card: str):
    return content().cards[card]


def is_early(card: str) -> bool:
    return _card(card).ability == "early_arrival"


class RellenoState(GameState):
    game_id = "relleno"
    min_seats = 2
    max_seats = 6
    # advanced: shuffle the 10 red-bordered recipes in too (always on at 6 seats).
    default_options = {"advanced": False}
    choice_steps = picking.STEPS

    # ---- setup ---------------------------------------------------------
    def setup(self) -> None:
        n = self.num_seats
        if not isinstance(self.options["advanced"], bool):
            raise ValueError("advanced must be true or false")
        self.advanced = self.options["advanced"] or n >= ADVANCED_ALWAYS_AT
        data = content()
        self.colours = list(data.colours[:n])
        self.hands = [sorted(data.chefs(c)) for c in self.colours]
        recipes = data.recipes(self.advanced)
        self.rng.shuffle(recipes)
        count = RECIPES_PER_SEAT * n
        self.deck = recipes[:count]  # the top is the end of the list
        self.box = sorted(recipes[count:])  # back in the box, unseen
        self.book = [self.deck.pop() for _ in range(n + 1)]
        self.reserved: list[str] = []  # put back on top of the deck today (the last is on top)
        self.under: list[str] = []  # a book put under the deck (the first is drawn first)
        self.discards: list[list[str]] = [[] for _ in range(n)]
        self.removed: list[list[str]] = [[] for _ in range(n)]  # out of the game (bad batch)
        self.taken: list[list[str]] = [[] for _ in range(n)]  # recipes filled, in order
        self.fronts: list[list[str]] = [[] for _ in range(n)]  # revealed time cards, until discarded
        self.day = 1
        self.all_restock_days = 0
        self.last: dict | None = None  # what the last action did, for the words
        self._start_day()

    def _start_day(self) -> None:
        n = self.num_seats
        self.phase = Phase.CHOOSE
        self.choices: list[dict | None] = [None] * n  # secret until every seat chose
        self.early_picked: list[list[str]] = [[] for _ in range(n)]  # early arrivals picked, secret
        self.times: list[int | None] = [None] * n  # revealed time in minutes; None: plays last
        self.order: list[int] = []
        self.turn_index = 0
        self.did: list[str | None] = [None] * n  # "fill" or "restock", today
        self.pending: list[str] = []  # abilities still to resolve this turn
        self.just_played: list[str] = []  # the cards of this turn's fill (bonus fill)
        self.picked: list[str] = []  # the current seat's cards picked for a fill, so far
        # A seat with an empty hand (a bad batch took its last card) has nothing to reveal.
        for seat in range(n):
            if not self.hands[seat]:
                self.choices[seat] = {"card": None, "early": []}
        if not self.actors():
            self._reveal()

    # ---- queries -------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def current(self) -> int | None:
        """The seat whose turn it is (None while choosing and at the end)."""
        if self.phase in (Phase.CHOOSE, Phase.OVER):
            return None
        return self.order[self.turn_index]

    def actors(self) -> list[int]:
        if self.phase == Phase.CHOOSE:
            return [s for s in range(self.num_seats) if self.choices[s] is None]
        seat = self.current()
        return [] if seat is None else [seat]

    def must_restock(self, seat: int) -> bool:
        """Revealed an early arrival alone (or nothing): plays last and restocks."""
        return self.phase != Phase.CHOOSE and self.times[seat] is None

    def owned(self, seat: int) -> list[str]:
        return self.hands[seat] + self.discards[seat] + self.fronts[seat]

    def breakdown(self, seat: int) -> dict:
        """{"symbols", "sets", "total"}: the seat's points as things stand."""
        return points(self.owned(seat))

    def scores(self) -> list[float]:
        return [float(self.breakdown(s)["total"]) for s in range(self.num_seats)]

    def winners(self) -> list[int]:
        """Most points, then most cards; still tied, the victory is shared."""
        if not self.is_over():
            return []
        key = [(self.breakdown(s)["total"], len(self.owned(s))) for s in range(self.num_seats)]
        best = max(key)
        return [s for s in range(self.num_seats) if key[s] == best]

    def time_steps(self, seat: int) -> list[dict]:
        """The next steps of the seat's time-card choice: each timed card with the
        early arrivals picked so far, and picking or putting back an early arrival;
        a hand without a timed card reveals one early arrival alone."""
        hand = self.hands[seat]
        early = [c for c in hand if is_early(c)]
        timed = [c for c in hand if not is_early(c)]
        if not timed:
            return [{"type": "time_card", "card": c, "early": []} for c in early]
        picked = self.early_picked[seat]
        return [{"type": "time_card", "card": c, "early": list(picked)} for c in timed] + picking.steps(early, picked)

    def time_choices(self, seat: int) -> list[dict]:
        """Every whole time-card choice from the seat's hand, with every set of early
        arrivals (what a bot weighs and a determinization draws from)."""
        hand = self.hands[seat]
        early = [c for c in hand if is_early(c)]
        timed = [c for c in hand if not is_early(c)]
        if not timed:
            return [{"type": "time_card", "card": c, "early": []} for c in early]
        extras = [list(x) for k in range(len(early) + 1) for x in combinations(early, k)]
        return [{"type": "time_card", "card": c, "early": x} for c in timed for x in extras]

    def fills(self, seat: int, pool: list[str]) -> list[dict]:
        """Every fill of a book recipe by a minimal cover from `pool` (what a bot
        weighs; a fill may also hold spare cards, see `covered`)."""
        return [
            {"type": "fill", "recipe": r, "cards": cards}
            for r in self.book
            for cards in minimal_covers(pool, _card(r).requires)
        ]

    def covered(self, cards: list[str]) -> list[str]:
        """The book recipes `cards` cover, spare cards or not."""
        return [r for r in self.book if covers(cards, _card(r).requires)]

    def legal_actions(self, seat: int) -> list[dict]:
        """The next steps. A fill is picked card by card: any card of the hand
        while some recipe can be filled from it, then the fill of each recipe
        the picked cards cover (listing every combination would run to hundreds)."""
        if seat not in self.actors():
            return []
        if self.phase == Phase.CHOOSE:
            return self.time_steps(seat)
        if self.phase == Phase.BONUS:
            return [{"type": "bonus_fill", "recipe": r} for r in self.covered(self.just_played)] + [
                {"type": "skip_bonus"}
            ]
        if self.phase == Phase.BAD_BATCH:
            return [{"type": "remove", "card": c} for c in sorted(set(self.hands[seat] + self.discards[seat]))]
        restocks = [{"type": "restock"}] + [{"type": "restock", "reserve": r} for r in self.book]
        if self.must_restock(seat):
            return restocks
        hand = self.hands[seat]
        if self.picked:
            done = [{"type": "fill", "recipe": r, "cards": list(self.picked)} for r in self.covered(self.picked)]
            return done + picking.steps(hand, self.picked)
        return picking.steps(hand, [], bool(self.covered(hand))) + restocks

    @classmethod
    def replay(cls, num_seats: int, options: dict, seed: int, log: list[dict]) -> RellenoState:
        """Logs saved before issue 26 replay too: a whole fill becomes its picks and
        itself, a bonus fill drops the cards it named, and a "no bonus fill" the
        old rules asked for when none was possible is dropped (none is asked now)."""
        return picking.replay(cls, num_seats, options, seed, log, _upgrade)

    # ---- performing ----------------------------------------------------
    def perform(self, seat: int, action) -> None:
        if self.phase == Phase.CHOOSE and action["type"] in picking.STEPS:
            return self._early_step(seat, action)
        handler = {
            "time_card": (Phase.CHOOSE, self._choose),
            "fill": (Phase.TURN, self._fill),
            "pick": (Phase.TURN, self._pick_step),
            "unpick": (Phase.TURN, self._pick_step),
            "cancel": (Phase.TURN, self._pick_step),
            "restock": (Phase.TURN, self._restock),
            "bonus_fill": (Phase.BONUS, self._bonus_fill),
            "skip_bonus": (Phase.BONUS, self._skip_bonus),
            "remove": (Phase.BAD_BATCH, self._remove),
        }.get(action["type"])
        if handler is None:
            raise IllegalAction("action-type", f"unknown action {shown(action['type'])}")
        phase, do = handler
        require(self.phase == phase, "wrong-phase", f"{shown(action['type'])} is not possible now ({self.phase})")
        require(
            not self.picked or action["type"] in ("fill", *picking.STEPS),
            "cards-picked",
            "fill a recipe with the cards you picked, or put them back first",
        )
        do(seat, action)

    def _choose(self, seat: int, action: dict) -> None:
        fields(action, ["card", "early"])
        card = str_field(action, "card", rule="card-in-hand")
        early = str_list(action, "early", rule="early-arrival-cards")
        hand = self.hands[seat]
        require(card in hand, "card-in-hand", f"{shown(card)} is not in your hand")
        require(
            all(c in hand for c in early) and len(set(early)) == len(early) and card not in early,
            "card-in-hand",
            "each early arrival must be a different card of your hand",
        )
        require(all(is_early(c) for c in early), "early-arrival-cards", "only early-arrival cards take an hour off")
        if is_early(card):
            require(
                all(is_early(c) for c in hand),
                "time-card-has-a-time",
                "an early arrival has no time: it is your time card only when your hand holds nothing else",
            )
            require(not early, "early-arrival-alone", "revealed alone, an early arrival plays last")
        require(
            picking.is_picked(early, self.early_picked[seat]),
            "pick-cards-first",
            "pick the early arrivals one at a time, then the time card",
        )
        self.choices[seat] = {"card": card, "early": sorted(early)}
        self.early_picked[seat] = []
        self.last = {"seat": seat, "kind": "chose"}
        if not self.actors():
            self._reveal()

    def _early_step(self, seat: int, action: dict) -> None:
        """A step of the time-card choice: an early arrival picked or put back."""
        hand = self.hands[seat]
        require(
            any(not is_early(c) for c in hand), "early-arrival-alone", "revealed alone, an early arrival plays last"
        )
        card = action.get("card")
        require(
            action["type"] != "pick" or card not in hand or is_early(card),
            "early-arrival-cards",
            "only early-arrival cards take an hour off",
        )
        self.early_picked[seat] = picking.step(action, [c for c in hand if is_early(c)], self.early_picked[seat])

    def _reveal(self) -> None:
        """Every time card turns face up at once; the day's order follows."""
        self.seal()
        keys = []
        for seat, choice in enumerate(self.choices):
            assert choice is not None
            card, early = choice["card"], choice["early"]
            cards = ([card] if card is not None else []) + early
            for c in cards:
                self.hands[seat].remove(c)
            self.fronts[seat] = cards
            if card is None or is_early(card):
                self.times[seat] = None
                keys.append((1, 0, 0, seat))  # last, in seat order among themselves
            else:
                time = _card(card).time
                assert time is not None
                arrival = time - EARLY_MINUTES * len(early)
                self.times[seat] = arrival
                keys.append((0, arrival, -len(early), seat))
        self.order = [k[-1] for k in sorted(keys)]
        self.phase = Phase.TURN
        self.turn_index = 0
        self._begin_turn()

    def _begin_turn(self) -> None:
        """A turn starts by discarding the time card onto the seat's own pile."""
        seat = self.order[self.turn_index]
        self.discards[seat] += self.fronts[seat]
        self.fronts[seat] = []

    def _pick_step(self, seat: int, action: dict) -> None:
        require(not self.must_restock(seat), "must-restock", "you revealed no timed card: you must restock")
        hand = self.hands[seat]
        can_fill = action["type"] != "pick" or bool(self.picked) or bool(self.covered(hand))  # hand unchanged since
        require(can_fill, "nothing-to-fill", "your hand covers no recipe of the book")
        self.picked = picking.step(action, hand, self.picked)

    def _fill(self, seat: int, action: dict) -> None:
        fields(action, ["recipe", "cards"])
        require(not self.must_restock(seat), "must-restock", "you revealed no timed card: you must restock")
        recipe, cards = self._read_fill(action, self.hands[seat])
        require(picking.is_picked(cards, self.picked), "pick-cards-first", "pick the cards to play one at a time")
        self.picked = []
        for c in cards:
            self.hands[seat].remove(c)
        self.discards[seat] += cards
        self.just_played = cards
        self.did[seat] = "fill"
        self.last = {"seat": seat, "kind": "fill", "recipe": recipe, "cards": cards}
        self._claim(seat, recipe)

    def _read_fill(self, action: dict, pool: list[str]) -> tuple[str, list[str]]:
        recipe = str_field(action, "recipe", rule="recipe-in-book")
        require(recipe in self.book, "recipe-in-book", f"{shown(recipe)} is not in the book")
        cards = str_list(action, "cards", rule="cards-in-hand")
        require(bool(cards) and len(set(cards)) == len(cards), "cards-in-hand", "name one or more different cards")
        require(all(c in pool for c in cards), "cards-in-hand", "those cards are not yours to play")
        require(
            covers(cards, _card(recipe).requires), "cards-cover-recipe", "the cards do not provide every requirement"
        )
        return recipe, sorted(cards)

    def _claim(self, seat: int, recipe: str) -> None:
        """Take a filled recipe into the hand and resolve its ability at once."""
        self.book.remove(recipe)
        self.hands[seat] = sorted(self.hands[seat] + [recipe])
        self.taken[seat].append(recipe)
        ability = _card(recipe).ability
        if ability == "extra_restock":
            self.last = {**(self.last or {}), "restocked": len(self.discards[seat])}
            self._take_back(seat)
        if ability == "bonus_fill" and self.covered(self.just_played):
            self.phase = Phase.BONUS
        elif ability == "bad_batch":
            self.phase = Phase.BAD_BATCH
        else:  # a bonus fill the cards just played cannot make is not offered
            self._end_turn()

    def _take_back(self, seat: int) -> None:
        self.hands[seat] = sorted(self.hands[seat] + self.discards[seat])
        self.discards[seat] = []

    def _restock(self, seat: int, action: dict) -> None:
        fields(action, optional=["reserve"])
        reserve = None
        if "reserve" in action:
            reserve = str_field(action, "reserve", rule="recipe-in-book")
            require(reserve in self.book, "recipe-in-book", f"{shown(reserve)} is not in the book")
        self.last = {"seat": seat, "kind": "restock", "restocked": len(self.discards[seat]), "reserve": reserve}
        self._take_back(seat)
        if reserve is not None:
            self.book.remove(reserve)
            self.reserved.append(reserve)
        self.did[seat] = "restock"
        self._end_turn()

    def _bonus_fill(self, seat: int, action: dict) -> None:
        """Any ingredient of the cards just played counts (they stay on the discard
        pile, so there is nothing to choose but the recipe)."""
        fields(action, ["recipe"])
        recipe = str_field(action, "recipe", rule="recipe-in-book")
        require(recipe in self.book, "recipe-in-book", f"{recipe!r} is not in the book")
        require(
            covers(self.just_played, _card(recipe).requires),
            "cards-cover-recipe",
            "the cards just played do not provide every requirement",
        )
        self.last = {"seat": seat, "kind": "bonus_fill", "recipe": recipe, "cards": list(self.just_played)}
        self.phase = Phase.TURN
        self._claim(seat, recipe)

    def _skip_bonus(self, seat: int, action: dict) -> None:
        fields(action)
        self.last = {"seat": seat, "kind": "skip_bonus"}
        self.phase = Phase.TURN
        self._end_turn()

    def _remove(self, seat: int, action: dict) -> None:
        fields(action, ["card"])
        card = str_field(action, "card", rule="your-card")
        mine = card in self.hands[seat] or card in self.discards[seat]
        require(mine, "your-card", "remove a card of your hand or your discard pile")
        pile = self.hands[seat] if card in self.hands[seat] else self.discards[seat]
        pile.remove(card)
        self.removed[seat].append(card)
        self.last = {"seat": seat, "kind": "remove", "card": card}
        self.phase = Phase.TURN
        self._end_turn()

    def _end_turn(self) -> None:
        self.just_played = []
        self.turn_index += 1
        if self.turn_index < len(self.order):
            self._begin_turn()
            return
        self._end_day()

    def _end_day(self) -> None:
        self.seal()  # the refill shows new recipes: the day cannot be taken back
        n = self.num_seats
        everyone_restocked = all(d == "restock" for d in self.did)
        self.all_restock_days = self.all_restock_days + 1 if everyone_restocked else 0
        if self.all_restock_days >= ALL_RESTOCK_DAYS:
            self.under += self.book
            self.book = []
            self.all_restock_days = 0
        need = n + 1 - len(self.book)
        if need > len(self.reserved) + len(self.deck) + len(self.under):
            self.phase = Phase.OVER
            return
        for _ in range(need):
            if self.reserved:
                self.book.append(self.reserved.pop())
            elif self.deck:
                self.book.append(self.deck.pop())
            else:
                self.book.append(self.under.pop(0))
        self.day += 1
        self._start_day()

    # ---- words ---------------------------------------------------------
    def describe(self, seat: int, action, names: list[str]) -> str:
        return words.describe(self, seat, action, names)

    def secret_step(self, seat: int, action) -> bool:
        """An early arrival picked (or put back) for the time card chosen in secret."""
        return self.phase == Phase.CHOOSE and action.get("type") in picking.STEPS

    def label(self, seat: int, action, names: list[str]) -> str:
        return words.label(self, seat, action, names)

    # ---- information ---------------------------------------------------
    def observation(self, seat: int | None) -> dict:
        choosing = self.phase == Phase.CHOOSE
        obs = {
            "phase": str(self.phase),
            "day": self.day,
            "advanced": self.advanced,
            "colours": self.colours,
            "book": self.book,
            "deck_size": len(self.deck) + len(self.reserved) + len(self.under),
            "reserved": self.reserved,
            "under": self.under,
            "hand_sizes": [len(h) for h in self.hands],
            "discards": self.discards,
            "taken": self.taken,
            "removed": self.removed,
            "fronts": self.fronts,
            "chosen": [c is not None for c in self.choices] if choosing else [True] * self.num_seats,
            "times": self.times,
            "order": self.order,
            "current": self.current(),
            "did": self.did,
            "just_played": self.just_played,
            "all_restock_days": self.all_restock_days,
            "points": [self.breakdown(s) for s in range(self.num_seats)],
            "last": self.last,
            "winners": self.winners(),
        }
        if seat is not None and 0 <= seat < self.num_seats:
            obs["hand"] = self.hands[seat]
            obs["choice"] = self.choices[seat] if choosing else None
            obs["picked"] = self.early_picked[seat] if choosing else self.picked if seat == self.current() else []
        return detached(obs)

    def determinize(self, seat: int, rng: Rng) -> RellenoState:
        copy = self.unlogged_clone()
        unseen = sorted(self.deck + self.box)
        rng.shuffle(unseen)
        copy.deck, copy.box = unseen[: len(self.deck)], sorted(unseen[len(self.deck) :])
        if seat != self.current():
            copy.picked = []  # a choice in the making: nobody else sees it
        copy.early_picked = [p if s == seat else [] for s, p in enumerate(self.early_picked)]
        if self.phase == Phase.CHOOSE:
            for other in range(self.num_seats):
                if other != seat and self.hands[other] and self.choices[other] is not None:
                    pick = rng.choice(self.time_choices(other))
                    copy.choices[other] = {"card": pick["card"], "early": pick["early"]}
        return copy

    def invariants(self) -> None:
        data = content()
        every = [c for colour in self.colours for c in data.chefs(colour)] + data.recipes(self.advanced)
        zones = self.deck + self.box + self.book + self.reserved + self.under
        for seat in range(self.num_seats):
            zones += self.hands[seat] + self.discards[seat] + self.removed[seat] + self.fronts[seat]
        assert sorted(zones) == sorted(every), "cards not conserved"
        assert len(self.deck) + len(self.box) <= len(data.recipes(self.advanced)), "deck overflow"
        picker = self.current()
        assert not self.picked or (picker is not None and set(self.picked) <= set(self.hands[picker])), "picked?"
        for seat, early in enumerate(self.early_picked):
            assert not early or (self.phase == Phase.CHOOSE and self.choices[seat] is None), "early picks out of time"
            assert all(c in self.hands[seat] and is_early(c) for c in early), "picked early arrivals in hand"
        if self.phase != Phase.OVER:
            assert len(self.book) + len(self.reserved) <= self.num_seats + 1, "book overfull"
        for seat in range(self.num_seats):
            assert sorted(self.taken[seat]) == sorted(
                c for c in self.owned(seat) + self.removed[seat] if _card(c).requires
            ), "taken recipes are the seat's recipes"


def _upgrade(state: RellenoState, seat: int, action) -> list[dict] | None:
    """An entry of an older log that today's rules refuse, as today's actions."""
    kind = action.get("type") if isinstance(action, dict) else None
    if kind == "bonus_fill" and "cards" in action:
        return [{"type": "bonus_fill", "recipe": action.get("recipe")}]
    if kind == "skip_bonus" and state.phase != Phase.BONUS:
        return []
    if kind == "time_card" and state.phase == Phase.CHOOSE:  # its early arrivals, picked first
        return picking.as_picked(state.early_picked[seat], action, key="early")
    return picking.as_picked(state.picked, action)

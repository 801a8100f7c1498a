"""Cheater Chefs: the rules (pure, no pygame).

Rulebook: the Spanish text (seed 004 of the brief). Each seat holds one
secret order (four ingredients) and a hand of four kitchen cards. A turn is one
action, then the turn passes left (to the next seat number):

* play a card: an ingredient goes face up at the right end of your counter
  (at most six there), a trap does what it says (traps.py) and is discarded;
* discard any number of cards from your hand, picked one at a time
  (game/engine/picking.py: {"type": "pick"|"unpick", "card"}, {"type": "cancel"},
  then {"type": "discard_hand", "cards": the picked cards});
* swap one of your unpoisoned counter cards with your right neighbour's
  leftmost or your left neighbour's rightmost card, if that card is unpoisoned;
  each card takes the other's place;
* move one of your unpoisoned counter cards to another place on your counter;
* discard one unpoisoned ingredient from your counter.

Then you draw back up to four; an empty deck is rebuilt from the shuffled
discard pile. Your turn ending with your counter fulfilling your order
(progress.py) wins. Modes (options): "menu" (teams; every member's counter
done), "turbo" (teams; any member's), and "anti_order" with any of them.
Our additions, each a product decision in assets/cheaterchefs/DESIGN.md: a
seat with no possible action passes; the kitchen closes after `round_limit`
rounds and the team closest to its orders wins.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from game.engine import GameState, IllegalAction, detached, picking, require, shown
from game.engine.actions import fields, int_field, is_int, str_field, str_list

from . import words
from .data import content
from .progress import fulfils, wanted
from .traps import EFFECTS, MAX_COUNTER

HAND_SIZE = 4
MODES = ("classic", "menu", "turbo")
SIDES = ("left", "right")  # your left neighbour plays after you, your right one before


class ChefsState(GameState):
    game_id = "cheaterchefs"
    min_seats = 2
    max_seats = 6
    choice_steps = picking.STEPS
    default_options = {
        "mode": "classic",  # "classic" | "menu" | "turbo"
        "anti_order": False,
        "teams": None,  # team number per seat (menu/turbo); None: alternate seats, 0 1 0 1 ...
        "round_limit": 30,  # closing time, in rounds of every seat's turn
        "first_seat": None,  # who cooked most recently; None: drawn at random
    }

    # ---- setup ---------------------------------------------------------
    def setup(self) -> None:
        n, opts = self.num_seats, self.options
        self.teams = self._teams(opts)
        if not isinstance(opts["anti_order"], bool):
            raise ValueError("anti_order must be true or false")
        if not is_int(opts["round_limit"]) or opts["round_limit"] < 1:
            raise ValueError("round_limit must be a whole number of rounds, at least 1")
        first = opts["first_seat"]
        if first is not None and not (is_int(first) and 0 <= first < n):
            raise ValueError(f"first_seat must be a seat 0-{n - 1}")
        data = content()
        orders = sorted(data.orders)
        self.rng.shuffle(orders)
        self.orders = orders[:n]  # the rest are set aside unseen
        self.deck = data.deck()
        self.rng.shuffle(self.deck)
        self.hands = []
        for _ in range(n):
            self.hands.append(sorted(self.deck[-HAND_SIZE:]))
            del self.deck[-HAND_SIZE:]
        self.discard: list[str] = []
        self.counters: list[list[dict]] = [[] for _ in range(n)]
        self.current = self.rng.randrange(n) if first is None else first
        self.turn = 0  # turns played
        self.winning_team: int | None = None
        self.closed = False  # closing time reached without a winner
        self.last: dict | None = None  # what the last player did, for everyone
        self.picked: list[str] = []  # the current seat's cards picked to discard, so far
        self.traps_played = 0
        self.reshuffles = 0

    def _teams(self, opts: dict) -> list[int]:
        mode, teams, n = opts["mode"], opts["teams"], self.num_seats
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        if mode == "classic":
            if teams is not None:
                raise ValueError("teams are for the menu and turbo modes")
            return list(range(n))
        if teams is None:
            return [s % 2 for s in range(n)]
        if not (isinstance(teams, list) and len(teams) == n and all(is_int(t) for t in teams)):
            raise ValueError(f"teams must give a team number to each of the {n} seats")
        if len(set(teams)) < 2:
            raise ValueError("teams: at least two teams")
        return list(teams)

    # ---- turn structure ------------------------------------------------
    def is_over(self) -> bool:
        return self.winning_team is not None or self.closed

    def actors(self) -> list[int]:
        return [] if self.is_over() else [self.current]

    def neighbour(self, seat: int, side: str) -> int:
        return (seat + (1 if side == "left" else -1)) % self.num_seats

    def swap_target(self, seat: int, side: str) -> int | None:
        """The card of that neighbour's counter a swap would take: the left
        neighbour's rightmost, the right neighbour's leftmost; None if there is
        none or it is poisoned."""
        counter = self.counters[self.neighbour(seat, side)]
        if not counter:
            return None
        pos = len(counter) - 1 if side == "left" else 0
        return None if counter[pos]["poison"] else pos

    def legal_actions(self, seat: int) -> list[dict]:
        """The next steps: while cards are picked to discard, more picks, put-backs,
        cancel and the discard itself; otherwise every move but a discard, which
        starts with its first pick."""
        if seat not in self.actors():
            return []
        if self.picked:
            done = {"type": "discard_hand", "cards": list(self.picked)}
            return [done] + picking.steps(self.hands[seat], self.picked)
        return self._actions(seat, picking.steps(self.hands[seat], []))

    def moves(self, seat: int) -> list[dict]:
        """Every whole move of the seat's turn, each discard with its cards: what a
        bot weighs (it then plays a discard step by step, `picking.toward`)."""
        if seat not in self.actors():
            return []
        return self._actions(
            seat, [{"type": "discard_hand", "cards": list(c)} for c in _sub_multisets(self.hands[seat])]
        )

    def _actions(self, seat: int, discards: list[dict]) -> list[dict]:
        hand, counter = self.hands[seat], self.counters[seat]
        data = content()
        actions: list[dict] = []
        for card in sorted(set(hand)):
            effect = data.effect(card)
            if effect is None:
                if len(counter) < MAX_COUNTER:
                    actions.append({"type": "play", "card": card})
            else:
                actions += [{"type": "play", "card": card, **t} for t in EFFECTS[effect].targets(self, seat)]
        actions += discards
        free = [i for i, c in enumerate(counter) if not c["poison"]]
        sides = [side for side in SIDES if self.swap_target(seat, side) is not None]
        for i in free:
            actions += [{"type": "swap", "pos": i, "side": side} for side in sides]
            actions += [{"type": "move", "pos": i, "to": j} for j in range(len(counter)) if j != i]
            actions.append({"type": "discard_ingredient", "pos": i})
        return actions or [{"type": "pass"}]

    @classmethod
    def replay(cls, num_seats: int, options: dict, seed: int, log: list[dict]) -> ChefsState:
        """Logs saved before discards were picked card by card replay too."""
        return picking.replay(cls, num_seats, options, seed, log, lambda s, _seat, a: picking.as_picked(s.picked, a))

    # ---- performing ----------------------------------------------------
    def perform(self, seat: int, action) -> None:
        kind = action["type"]
        if kind in picking.STEPS:  # a step of a discard: the turn goes on
            self.picked = picking.step(action, self.hands[seat], self.picked)
            return
        require(
            not self.picked or kind == "discard_hand",
            "cards-picked",
            "discard the cards you picked, or put them back first",
        )
        handler = {
            "play": self._play,
            "discard_hand": self._discard_hand,
            "swap": self._swap,
            "move": self._move,
            "discard_ingredient": self._discard_ingredient,
            "pass": self._pass,
        }.get(kind)
        if handler is None:
            raise IllegalAction("action-type", f"unknown action {shown(kind)}")
        touched = handler(seat, action)
        drew = self._draw_up(seat)
        self.last = {"seat": seat, "action": action, "ingredients": touched, "drew": drew}
        self._end_turn(seat)

    def _own_pos(self, seat: int, action: dict, key: str = "pos") -> int:
        pos = int_field(action, key, 0, len(self.counters[seat]) - 1, "own-card")
        require(
            not self.counters[seat][pos]["poison"],
            "poisoned-card-untouchable",
            "a poisoned card cannot be moved, swapped or discarded",
        )
        return pos

    def _play(self, seat: int, action: dict) -> list[str]:
        card = str_field(action, "card", rule="card-in-hand")
        require(card in self.hands[seat], "card-in-hand", f"{shown(card)} is not in your hand")
        effect = content().effect(card)
        if effect is None:
            require(set(action) == {"type", "card"}, "action-shape", "an ingredient takes no target")
            require(len(self.counters[seat]) < MAX_COUNTER, "counter-holds-six", "at most six ingredients on a counter")
            self.hands[seat].remove(card)
            self.counters[seat].append({"card": card, "poison": False})
            return [card]
        trap = EFFECTS[effect]
        require(set(action) == trap.keys, "action-shape", f"{card} needs {', '.join(sorted(trap.keys))}")
        problem = trap.problem(self, seat, action)
        require(problem is None, problem or "", f"{card} cannot be aimed there")
        self.hands[seat].remove(card)
        touched = trap.resolve(self, seat, action)
        self.discard.append(card)
        self.traps_played += 1
        return touched

    def _discard_hand(self, seat: int, action: dict) -> list[str]:
        fields(action, ["cards"])
        cards = str_list(action, "cards", "discard-some-cards", max_len=HAND_SIZE)
        require(bool(cards), "discard-some-cards", "name at least one card")
        require(
            not Counter(cards) - Counter(self.hands[seat]), "card-in-hand", "you can only discard cards from your hand"
        )
        require(picking.is_picked(cards, self.picked), "pick-cards-first", "pick the cards to discard one at a time")
        self.picked = []
        for card in cards:
            self.hands[seat].remove(card)
        self.discard.extend(cards)
        return []

    def _swap(self, seat: int, action: dict) -> list[str]:
        fields(action, ["pos", "side"])
        side = str_field(action, "side", SIDES, "swap-with-a-neighbour")
        pos = self._own_pos(seat, action)
        theirs = self.swap_target(seat, side)
        if theirs is None:
            raise IllegalAction("swap-needs-unpoisoned-end", "the neighbour's end card is missing or poisoned")
        other = self.counters[self.neighbour(seat, side)]
        mine = self.counters[seat]
        mine[pos], other[theirs] = other[theirs], mine[pos]
        return [mine[pos]["card"], other[theirs]["card"]]  # taken, given

    def _move(self, seat: int, action: dict) -> list[str]:
        fields(action, ["pos", "to"])
        pos = self._own_pos(seat, action)
        counter = self.counters[seat]
        to = int_field(action, "to", 0, len(counter) - 1, "move-to-another-place")
        require(to != pos, "move-to-another-place", "move it to another place on your counter")
        card = counter.pop(pos)
        counter.insert(to, card)
        return [card["card"]]

    def _discard_ingredient(self, seat: int, action: dict) -> list[str]:
        fields(action, ["pos"])
        pos = self._own_pos(seat, action)
        card = self.counters[seat].pop(pos)
        self.discard.append(card["card"])
        return [card["card"]]

    def _pass(self, seat: int, action: dict) -> list[str]:
        fields(action)
        require(
            self.legal_actions(seat) == [{"type": "pass"}],
            "pass-only-when-stuck",
            "you may pass only when no other action is possible",
        )
        return []

    def _draw_up(self, seat: int) -> int:
        hand, drew = self.hands[seat], 0
        while len(hand) < HAND_SIZE:
            if not self.deck:
                if not self.discard:
                    break
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
                self.reshuffles += 1
            hand.append(self.deck.pop())
            drew += 1
        hand.sort()
        return drew

    def _end_turn(self, seat: int) -> None:
        self.turn += 1
        if self.team_fulfils(seat):
            self.winning_team = self.teams[seat]
        elif self.turn >= self.options["round_limit"] * self.num_seats:
            self.closed = True
        else:
            self.current = (seat + 1) % self.num_seats

    # ---- winning -------------------------------------------------------
    def order(self, seat: int) -> list[str]:
        return content().orders[self.orders[seat]]["ingredients"]

    def fulfils(self, seat: int) -> bool:
        return fulfils(self.counters[seat], self.order(seat), self.options["anti_order"])

    def members(self, seat: int) -> list[int]:
        return [s for s in range(self.num_seats) if self.teams[s] == self.teams[seat]]

    def team_fulfils(self, seat: int) -> bool:
        """Checked when a member's turn ends: Menu needs every member's counter,
        Turbo any member's; in classic play the team is the seat alone."""
        done = [self.fulfils(s) for s in self.members(seat)]
        return all(done) if self.options["mode"] == "menu" else any(done)

    def team_progress(self, seat: int) -> float:
        """The closing-time tie-break: ingredients wanted and held (0-4); Menu
        takes the members' mean (all must finish), Turbo the best member."""
        got = [wanted(self.counters[s], self.order(s), self.options["anti_order"]) for s in self.members(seat)]
        return sum(got) / len(got) if self.options["mode"] == "menu" else float(max(got))

    def scores(self) -> list[float]:
        if self.winning_team is not None:
            return [1.0 if t == self.winning_team else 0.0 for t in self.teams]
        return [self.team_progress(s) for s in range(self.num_seats)]

    def describe(self, seat: int, action, names: list[str]) -> str:
        return words.describe(self, seat, action, names)

    def label(self, seat: int, action, names: list[str]) -> str:
        return words.label(self, seat, action, names)

    # ---- information ---------------------------------------------------
    def observation(self, seat: int | None) -> dict:
        over = self.is_over()
        obs = {
            "mode": self.options["mode"],
            "anti_order": self.options["anti_order"],
            "teams": self.teams,
            "round_limit": self.options["round_limit"],
            "current": self.current,
            "turn": self.turn,
            "counters": self.counters,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discard": self.discard,
            "last": self.last,
            "over": over,
            "closed": self.closed,
            "winners": self.winners(),
            "orders": self.orders if over else None,  # shown at the end
        }
        if seat is not None and 0 <= seat < self.num_seats:
            obs["hand"] = self.hands[seat]
            obs["order"] = self.orders[seat]
            obs["picked"] = self.picked if seat == self.current else []
        return detached(obs)

    def determinize(self, seat: int, rng) -> ChefsState:
        copy = self.unlogged_clone()
        others = [s for s in range(self.num_seats) if s != seat]
        pool = sorted(self.deck + [c for s in others for c in self.hands[s]])
        rng.shuffle(pool)
        for s in others:
            size = len(self.hands[s])
            copy.hands[s], pool = sorted(pool[:size]), pool[size:]
        copy.deck = pool
        if seat != self.current:
            copy.picked = []  # picked from a hand the seat cannot see
        if not self.is_over():
            unseen = sorted(o for o in content().orders if o != self.orders[seat])
            rng.shuffle(unseen)
            for s, order in zip(others, unseen):
                copy.orders[s] = order
        return copy

    def invariants(self) -> None:
        cards = self.deck + self.discard + [c for h in self.hands for c in h]
        cards += [c["card"] for counter in self.counters for c in counter]
        assert Counter(cards) == Counter(content().deck()), "kitchen cards not conserved"
        assert all(len(h) <= HAND_SIZE for h in self.hands), "a hand holds more than four"
        assert not Counter(self.picked) - Counter(self.hands[self.current]), "picked cards are not in hand"
        assert all(len(c) <= MAX_COUNTER for c in self.counters), "a counter holds more than six"
        assert all(content().effect(c["card"]) is None for counter in self.counters for c in counter), (
            "a trap lies on a counter"
        )
        assert len(set(self.orders)) == self.num_seats, "two seats share an order card"


def _sub_multisets(hand: list[str]) -> list[tuple[str, ...]]:
    """Every different non-empty choice of cards from a sorted hand."""
    return sorted({combo for k in range(1, len(hand) + 1) for combo in combinations(hand, k)})

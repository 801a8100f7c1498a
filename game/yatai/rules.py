"""Yatai: the rules (pure; no pygame). Reading notes: assets/yatai/DESIGN.md.

The API for a scene, in brief
-----------------------------
State: `YataiState(seats 2-4, options None or {"first_seat": seat}, seed)`. One actor at a time: `turn`.
`phase` (Phase) says where the turn is; `pending` (a list, first entry current) holds
the several-step choices in progress; while it is not empty only its actions are legal.

Phases and their actions (every action is `{"type": name, ...}`):
- MENU (setup, in turn order): `menu {dish}` a colour nobody has chosen.
- BOTTLE (setup, in turn order): `bottle {colour}` the face-down bottle in the crate.
- QUEUE (A, only when a guest stands in the 4th queue space): `penalty`,
  `offer_drink {colour}` (fridge -> crate) or `taiyaki`.
- TILE (B): `insert {tile, arrow}`: tile = a number in `free`, arrow 0-2 = columns C1-C3
  from the top, 3-4 = rows R1-R2 from the left (`ARROWS`). The line then runs;
  `line_tiles(slide(grid, tile, arrow)[0], arrow)` previews it before the move.
- ACTIONS (C): per undone slot of `line` (0 = the first tile of the row or column):
  `customers {slot}`, `cook {slot, dishes}`, `drinks {slot, colours}`, `recycle {slot}`,
  `serve {slot, drinks, taiyaki}`; `end` only when nothing is left that can be done but
  a special token. The turn ends by itself when nothing at all is left.
- EXTRA (after round 12, after its queue check): `serve {drinks, taiyaki}`, `stop`; the
  turn ends by itself when no serve is possible.
- OVER: `result` holds the final scoring per seat, category by category.
Any time the seat may act and no choice is pending: `use {token: "garbage"}`,
`use {token: "urgent_call", a, b}` (swap queue places a < b).

Pending choices (Choice), first entry of `pending`:
- GUEST {guests}: `guest {guest, seat}` (first free space of that seat's queue) or, for a
  tourist, `replace {guest, seat, pos}` (that customer goes back to the bag).
- BOARD {guest, free, served}: `board {space}` on the reputation board; for a guest just
  served (not a double customer's), `use {token: "doggy_bag"}` frees the placement.
- REVIEW {steps, tracks, sign}: `review {track}` one step (sign -1: the queue penalty).
- MENU: `menu {dish}`;  PICK: `pick {guest}` from the bag;  TOKEN: `take {token}`.

Colours are "red", "blue", "green", "yellow" (dish, drink, customer, food tile alike); a
guest is a colour or "tourist". Hidden information is the bag's order only.
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from itertools import combinations, combinations_with_replacement, product

from game.engine import GameState, Rng, detached, require, shown
from game.engine.actions import fields, int_field, is_int, str_field, str_list

from . import words
from .data import content
from .grid import ARROWS

QUEUE = 4  # customer queue spaces
CRATE = 3  # recycling crate spaces
SMALL, BIG = 2, 3  # fridge and dish queue, before and after their upgrade
ROUNDS = 12
EXTRA_ROUND = ROUNDS + 1
TOURIST = "tourist"
UPGRADE_POINTS = 2
TOKENS_ANY_TIME = ("garbage", "urgent_call")


class Phase(StrEnum):
    MENU = "menu"
    BOTTLE = "bottle"
    QUEUE = "queue"
    TILE = "tile"
    ACTIONS = "actions"
    EXTRA = "extra"
    OVER = "over"


class Choice(StrEnum):
    GUEST = "guest"
    BOARD = "board"
    REVIEW = "review"
    MENU = "menu"
    PICK = "pick"
    TOKEN = "token"


# The action names each pending choice accepts.
CHOICE_ACTIONS = {
    Choice.GUEST: ("guest", "replace"),
    Choice.BOARD: ("board", "use"),
    Choice.REVIEW: ("review",),
    Choice.MENU: ("menu",),
    Choice.PICK: ("pick",),
    Choice.TOKEN: ("take",),
}


def line_tiles(grid: list[list[int]], arrow: int) -> list[int]:
    """The tiles of the row or column an arrow points into, in slot order."""
    kind, index = ARROWS[arrow]
    return list(grid[index]) if kind == "row" else [grid[0][index], grid[1][index]]


def slide(grid: list[list[int]], tile: int, arrow: int) -> tuple[list[list[int]], int]:
    """The grid after sliding `tile` in at `arrow`, and the tile pushed out (a new grid:
    a scene may preview a move with it)."""
    grid = [list(row) for row in grid]
    kind, index = ARROWS[arrow]
    if kind == "col":
        out = grid[1][index]
        grid[1][index], grid[0][index] = grid[0][index], tile
    else:
        out = grid[index].pop()
        grid[index].insert(0, tile)
    return grid, out


class YataiState(GameState):
    game_id = "yatai"
    min_seats = 2
    max_seats = 4
    # The rulebook lets the table choose the first player "by any criterion"; None: drawn.
    default_options = {"first_seat": None}

    def setup(self) -> None:
        first = self.options["first_seat"]
        if first is not None and not (is_int(first) and 0 <= first < self.num_seats):
            raise ValueError(f"first_seat must be a seat 0-{self.num_seats - 1}")
        data = content()
        table = data.players[self.num_seats]
        bag = [c for c in data.colours for _ in range(table["customers"])] + [TOURIST] * table["tourists"]
        self.rng.shuffle(bag)
        self.bag = bag
        tiles = list(range(len(data.tiles)))
        self.rng.shuffle(tiles)
        self.grid = [tiles[0:3], tiles[3:6]]
        self.free = sorted(tiles[6:])
        specials = sorted(k for k, s in data.specials.items() for _ in range(s["copies"]))
        self.rng.shuffle(specials)
        self.offer = sorted(specials[: table["specials"]])  # face up beside the supply
        self.box = sorted(specials[table["specials"] :])  # not in this game
        self.used: list[str] = []  # special tokens used and discarded
        self.dish_supply = dict.fromkeys(data.colours, table["dishes"])
        self.drink_supply = dict.fromkeys(data.colours, table["drinks"])
        self.chefs = [self._chef() for _ in range(self.num_seats)]
        self.first = self.rng.randrange(self.num_seats) if first is None else first
        self.turn = self.first
        self.round = 0  # 1-12, then EXTRA_ROUND
        self.phase = Phase.MENU
        self.line: int | None = None  # the arrow whose line runs this turn
        self.done: list[int] = []  # slots of the line already done
        self.pending: list[dict] = []
        self.last: dict = {}  # what the last action did, for its description
        self.result: list[dict] | None = None

    @staticmethod
    def _chef() -> dict:
        data = content()
        return {
            "queue": [],  # guests, left-packed: index 3 is the last space
            "dishes": [],  # the dish queue, first to serve at index 0
            "fridge": [],  # drink colours, sorted
            "crate": [],  # face-down bottles (their colours, for the supply)
            "sink": dict.fromkeys(data.colours, 0),
            "board": [None] * len(data.spaces),
            "menu": [],
            "food": list(data.colours),  # food tiles beside the menu
            "reviews": dict.fromkeys(data.reviews, 0),
            "influencer": 0,
            "fridge_up": False,
            "stove_up": False,
            "tokens": [],
            "points": 0,  # victory-point tokens earned in play
        }

    # ---- queries ---------------------------------------------------------------
    def actors(self) -> list[int]:
        return [] if self.phase == Phase.OVER else [self.turn]

    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def fridge_size(self, seat: int) -> int:
        return BIG if self.chefs[seat]["fridge_up"] else SMALL

    def stove_size(self, seat: int) -> int:
        return BIG if self.chefs[seat]["stove_up"] else SMALL

    def line_slots(self) -> list[dict]:
        """The tiles (data entries) of the line running this turn, in slot order."""
        if self.line is None:
            return []
        return [content().tiles[t] for t in line_tiles(self.grid, self.line)]

    def board_spaces(self, seat: int, free: bool = False) -> list[int]:
        """Where a guest may sit: first on a non-red edge space, then next to a guest;
        `free` (the doggy bag) anywhere empty."""
        data = content()
        board = self.chefs[seat]["board"]
        empty = [i for i, g in enumerate(board) if g is None]
        if free:
            return empty
        if all(g is None for g in board):
            return [i for i in empty if data.spaces[i]["edge"] and not data.spaces[i]["red"]]
        return [i for i in empty if any(board[j] is not None for j in data.neighbours(i))]

    # ---- legal actions -----------------------------------------------------------
    def legal_actions(self, seat: int) -> list[dict]:
        if seat not in self.actors():
            return []
        if self.pending:
            return self._choice_actions(seat)
        chef = self.chefs[seat]
        if self.phase == Phase.MENU:
            taken = {d for c in self.chefs for d in c["menu"]}
            return [{"type": "menu", "dish": d} for d in chef["food"] if d not in taken]
        if self.phase == Phase.BOTTLE:
            return [{"type": "bottle", "colour": c} for c, n in self.drink_supply.items() if n > 0]
        out: list[dict] = []
        if self.phase == Phase.QUEUE:
            out.append({"type": "penalty"})
            if len(chef["crate"]) < CRATE:
                out += [{"type": "offer_drink", "colour": c} for c in sorted(set(chef["fridge"]))]
            if "taiyaki" in chef["tokens"]:
                out.append({"type": "taiyaki"})
        elif self.phase == Phase.TILE:
            out += [{"type": "insert", "tile": t, "arrow": a} for t in self.free for a in range(len(ARROWS))]
        elif self.phase == Phase.ACTIONS:
            for slot, tile in enumerate(self.line_slots()):
                if slot not in self.done:
                    out += self._slot_actions(seat, slot, tile)
            if not out:
                out.append({"type": "end"})  # only tokens are left (else the turn ended)
        elif self.phase == Phase.EXTRA:
            out += [a for n in (1, 2) for a in self._serves(seat, n)]
            out.append({"type": "stop"})
        return out + self._token_actions(seat)

    def _token_actions(self, seat: int) -> list[dict]:
        chef = self.chefs[seat]
        out: list[dict] = []
        if "garbage" in chef["tokens"] and chef["crate"]:
            out.append({"type": "use", "token": "garbage"})
        if "urgent_call" in chef["tokens"]:
            q = chef["queue"]
            out += [
                {"type": "use", "token": "urgent_call", "a": a, "b": b}
                for a in range(len(q))
                for b in range(a + 1, len(q))
                if q[a] != q[b]
            ]
        return out

    def _slot_actions(self, seat: int, slot: int, tile: dict) -> list[dict]:
        chef, kind, count = self.chefs[seat], tile["action"], tile["count"]
        if kind == "customers":
            return [{"type": "customers", "slot": slot}] if self._can_draw(count) else []
        if kind == "cook":
            if self.stove_size(seat) - len(chef["dishes"]) < count:
                return []
            cooks = product(sorted(chef["menu"]), repeat=count)  # order matters: the queue's order
            return [{"type": "cook", "slot": slot, "dishes": list(c)} for c in cooks if self._in_supply(c, "dish")]
        if kind == "drinks":
            if self.fridge_size(seat) - len(chef["fridge"]) < count:
                return []
            combos = combinations_with_replacement(content().colours, count)
            return [{"type": "drinks", "slot": slot, "colours": list(c)} for c in combos if self._in_supply(c, "drink")]
        if kind == "recycle":
            return [{"type": "recycle", "slot": slot}] if chef["crate"] else []
        return [{**a, "slot": slot} for a in self._serves(seat, count)]

    def _serves(self, seat: int, count: int) -> list[dict]:
        """Serve actions with `count` drinks (without the slot)."""
        chef = self.chefs[seat]
        if not chef["queue"] or len(chef["crate"]) + count > CRATE or not self.board_spaces(seat, free=True):
            return []
        dishes = ([False] if chef["dishes"] else []) + ([True] if "taiyaki" in chef["tokens"] else [])
        drinks = sorted({tuple(sorted(c)) for c in _sub_multisets(chef["fridge"], count)})
        return [{"type": "serve", "drinks": list(d), "taiyaki": t} for d in drinks for t in dishes]

    def _can_draw(self, count: int) -> bool:
        room = sum(QUEUE - len(c["queue"]) for c in self.chefs)
        return len(self.bag) >= count and room >= count

    def _in_supply(self, colours, what: str) -> bool:
        supply = self.dish_supply if what == "dish" else self.drink_supply
        return all(supply[c] >= n for c, n in Counter(colours).items())

    def _choice_actions(self, seat: int) -> list[dict]:
        choice, chef = self.pending[0], self.chefs[seat]
        kind = choice["kind"]
        if kind == Choice.GUEST:
            out: list[dict] = []
            for i, g in enumerate(choice["guests"]):
                if g in choice["guests"][:i]:
                    continue  # identical guests: name the first
                out += self._guest_places(seat, i, g)
            return out
        if kind == Choice.BOARD:
            out = [{"type": "board", "space": s} for s in self.board_spaces(seat, choice["free"])]
            if choice["served"] and not choice["free"] and "doggy_bag" in chef["tokens"]:
                out.append({"type": "use", "token": "doggy_bag"})
            return out
        if kind == Choice.REVIEW:
            return [{"type": "review", "track": t} for t in self._review_tracks(seat, choice)]
        if kind == Choice.MENU:
            return [{"type": "menu", "dish": d} for d in chef["food"]]
        if kind == Choice.PICK:
            return [{"type": "pick", "guest": g} for g in sorted(set(self.bag))]
        return [{"type": "take", "token": t} for t in sorted(set(self.offer))]

    def _guest_places(self, seat: int, i: int, guest: str) -> list[dict]:
        out = []
        for s, chef in enumerate(self.chefs):
            if len(chef["queue"]) < QUEUE and (guest != TOURIST or s == seat):
                out.append({"type": "guest", "guest": i, "seat": s})
            if guest == TOURIST and s != seat:
                out += [
                    {"type": "replace", "guest": i, "seat": s, "pos": p}
                    for p, g in enumerate(chef["queue"])
                    if g != TOURIST
                ]
        return out

    def _review_tracks(self, seat: int, choice: dict) -> list[str]:
        data, reviews = content(), self.chefs[seat]["reviews"]
        if choice["sign"] > 0:
            return [t for t in choice["tracks"] if reviews[t] < data.highest]
        return [t for t in choice["tracks"] if reviews[t] > data.lowest]

    def skipped(self, seat: int, tile: int, arrow: int) -> list[int]:
        """The slots of the line that sliding `tile` in at `arrow` would run which no order
        of doing the line lets `seat` do (a full stove, nobody to serve...): a scene warns
        before the move. Each action is tried one way (its first option, a drawn guest to
        the seat's own queue), a seat of each bonus on the reputation board (an upgrade opens room),
        every order of the line; tokens are not counted on."""
        trial = self._trial()
        trial._insert({"type": "insert", "tile": tile, "arrow": arrow})
        done: set[int] = set()
        trial._reach(seat, done)
        return [slot for slot in range(len(trial.line_slots())) if slot not in done]

    def _trial(self) -> YataiState:
        """A copy to try moves on, without the log (the state's history is not needed)."""
        return self.unlogged_clone()

    def _reach(self, seat: int, done: set[int]) -> None:
        """Add to `done` every slot some way of going on from here does (see skipped)."""
        if len(done) == len(self.line_slots()):
            return  # every slot can be done: nothing more to learn
        if self.pending:
            options = self._choice_actions(seat)
            if self.pending[0]["kind"] == Choice.GUEST:
                own = [a for a in options if a.get("seat") == seat]
                options = (own or options)[:1]
            elif self.pending[0]["kind"] == Choice.BOARD:  # one seat per bonus: only the bonus opens room
                bonuses = {content().spaces[a["space"]]["bonus"] if "space" in a else a["type"]: a for a in options}
                options = list(bonuses.values())
            else:
                options = options[:1]
        elif self.phase == Phase.ACTIONS and self.turn == seat:
            options = []
            for slot, tile in enumerate(self.line_slots()):
                if slot not in self.done:
                    options += self._slot_actions(seat, slot, tile)[:1]
        else:
            return
        for action in options:
            trial = self._trial()
            trial.perform(seat, action)
            if "slot" in action:
                done.add(action["slot"])
            trial._reach(seat, done)

    # ---- performing --------------------------------------------------------------
    def perform(self, seat: int, action: dict) -> None:
        self.last = {}  # refused, the engine restores the state, this with it
        self._perform(seat, action)
        self._settle(seat)

    def _perform(self, seat: int, action: dict) -> None:
        kind = action["type"]
        if self.pending:
            accepted = CHOICE_ACTIONS[self.pending[0]["kind"]]
            require(kind in accepted, "finish-the-choice", f"now: {', '.join(accepted)}")
            self._choose(seat, action)
        elif kind == "use":
            self._use(seat, action)
        elif self.phase in (Phase.MENU, Phase.BOTTLE):
            self._setup_pick(seat, action)
        elif self.phase == Phase.QUEUE:
            self._queue_check(seat, action)
        elif self.phase == Phase.TILE:
            require(kind == "insert", "insert-a-tile", "choose a free tile and an arrow")
            self._insert(action)
        elif self.phase == Phase.ACTIONS:
            self._line_action(seat, action)
        else:
            self._extra(seat, action)

    def _setup_pick(self, seat: int, action: dict) -> None:
        chef = self.chefs[seat]
        if self.phase == Phase.MENU:
            require(action["type"] == "menu", "choose-a-dish", "choose the first dish of your menu")
            fields(action, ["dish"])
            dish = str_field(action, "dish", content().colours, "dish-colour")
            taken = {d for c in self.chefs for d in c["menu"]}
            require(dish not in taken, "a-dish-nobody-chose", f"{dish} is on another menu")
            chef["food"].remove(dish)
            chef["menu"].append(dish)
            self.last = {"dish": dish}
            self.turn = (seat + 1) % self.num_seats
            if self.turn == self.first:
                # Then each chef draws a second dish at random, in turn order.
                for s in self._turn_order():
                    food = self.chefs[s]["food"]
                    drawn = food.pop(self.rng.randrange(len(food)))
                    self.chefs[s]["menu"].append(drawn)
                self.phase = Phase.BOTTLE
            return
        require(action["type"] == "bottle", "choose-a-bottle", "choose the bottle for your crate")
        fields(action, ["colour"])
        colour = str_field(action, "colour", content().colours, "drink-colour")
        require(self.drink_supply[colour] > 0, "drink-in-supply", f"no {colour} drink left")
        self.drink_supply[colour] -= 1
        chef["crate"].append(colour)
        self.last = {"colour": colour}
        self.turn = (seat + 1) % self.num_seats
        if self.turn == self.first:
            self.round = 1
            self._begin_turn()

    def _turn_order(self) -> list[int]:
        return [(self.first + k) % self.num_seats for k in range(self.num_seats)]

    def _queue_check(self, seat: int, action: dict) -> None:
        chef, kind = self.chefs[seat], action["type"]
        if kind == "penalty":
            fields(action)
            guest = chef["queue"].pop()
            self._to_bag([guest])
            self.pending.insert(0, {"kind": Choice.REVIEW, "steps": 2, "tracks": list(content().reviews), "sign": -1})
            self.last = {"guest": guest}
        elif kind == "offer_drink":
            fields(action, ["colour"])
            colour = str_field(action, "colour", content().colours, "drink-colour")
            require(colour in chef["fridge"], "drink-in-fridge", f"no {colour} drink in the fridge")
            require(len(chef["crate"]) < CRATE, "crate-not-full", "the recycling crate is full")
            chef["fridge"].remove(colour)
            chef["crate"].append(colour)
        elif kind == "taiyaki":
            fields(action)
            self._spend(seat, "taiyaki")
        else:
            require(False, "queue-check-first", "a guest waits in the last space: penalty, drink or taiyaki")
        self.phase = Phase.EXTRA if self.round == EXTRA_ROUND else Phase.TILE

    def _insert(self, action: dict) -> None:
        fields(action, ["tile", "arrow"])
        tile = int_field(action, "tile", 0, len(content().tiles) - 1, "tile-is-free")
        arrow = int_field(action, "arrow", 0, len(ARROWS) - 1, "arrow")
        require(tile in self.free, "tile-is-free", f"tile {tile} is in the grid")
        self.grid, out = slide(self.grid, tile, arrow)
        self.free = sorted([t for t in self.free if t != tile] + [out])
        self.line, self.done = arrow, []
        self.phase = Phase.ACTIONS
        self.last = {"out": out}

    def _line_action(self, seat: int, action: dict) -> None:
        kind = action["type"]
        if kind == "end":
            fields(action)
            require(not self._doable(seat), "do-every-action-you-can", "an action of the line can still be done")
            self._end_turn()
            return
        slots = self.line_slots()
        require("slot" in action, "action-of-the-line", "name the slot of the line")
        slot = int_field(action, "slot", 0, len(slots) - 1, "action-of-the-line")
        require(slot not in self.done, "each-action-once", f"slot {slot} is done")
        tile = slots[slot]
        require(kind == tile["action"], "action-of-the-line", f"slot {slot} is {tile['action']}")
        count = tile["count"]
        if kind == "customers":
            fields(action, ["slot"])
            require(len(self.bag) >= count, "guests-in-bag", "the bag is too empty")
            require(self._can_draw(count), "room-in-queues", "not enough free queue spaces for every guest")
            drawn, self.bag = self.bag[:count], self.bag[count:]
            self.pending.insert(0, {"kind": Choice.GUEST, "guests": drawn})
            self.last = {"drawn": drawn}
        elif kind == "cook":
            fields(action, ["slot", "dishes"])
            self._cook(seat, str_list(action, "dishes", max_len=2), count)
        elif kind == "drinks":
            fields(action, ["slot", "colours"])
            self._drinks(seat, str_list(action, "colours", max_len=2), count)
        elif kind == "recycle":
            fields(action, ["slot"])
            chef = self.chefs[seat]
            require(bool(chef["crate"]), "crate-not-empty", "no bottle to recycle")
            bottle = chef["crate"].pop(0)  # face down: the oldest, not a chosen colour
            self.drink_supply[bottle] += 1
            chef["points"] += 1
            self.last = {"points": 1}
        else:
            fields(action, ["slot", "drinks", "taiyaki"])
            self._serve(seat, action, count)
        self.done.append(slot)

    def _cook(self, seat: int, dishes: list[str], count: int) -> None:
        chef = self.chefs[seat]
        require(len(dishes) == count, "dishes-of-the-tile", f"this tile cooks {count}")
        require(all(d in chef["menu"] for d in dishes), "dish-on-menu", f"your menu: {chef['menu']}")
        require(self._in_supply(dishes, "dish"), "dish-in-supply", "not enough of that dish left")
        require(len(chef["dishes"]) + count <= self.stove_size(seat), "dish-queue-room", "the dish queue is full")
        for d in dishes:
            self.dish_supply[d] -= 1
            chef["dishes"].append(d)

    def _drinks(self, seat: int, colours: list[str], count: int) -> None:
        chef = self.chefs[seat]
        require(len(colours) == count, "drinks-of-the-tile", f"this tile gives {count}")
        require(all(c in self.drink_supply for c in colours), "drink-colour", shown(colours))
        require(self._in_supply(colours, "drink"), "drink-in-supply", "not enough of that drink left")
        require(len(chef["fridge"]) + count <= self.fridge_size(seat), "fridge-room", "the fridge is full")
        for c in colours:
            self.drink_supply[c] -= 1
        chef["fridge"] = sorted(chef["fridge"] + colours)

    def _serve(self, seat: int, action: dict, count: int | None) -> None:
        """Serve the first guest; `count` drinks (None: 1 or 2, the extra turn)."""
        chef = self.chefs[seat]
        drinks = sorted(str_list(action, "drinks", max_len=2))
        taiyaki = action.get("taiyaki")
        require(isinstance(taiyaki, bool), "taiyaki-yes-or-no", "taiyaki must be true or false")
        require(len(drinks) == count if count else 1 <= len(drinks) <= 2, "drinks-of-the-tile", str(count))
        require(bool(chef["queue"]), "a-guest-to-serve", "the queue is empty")
        if taiyaki:
            require("taiyaki" in chef["tokens"], "have-a-taiyaki", "no taiyaki token")
        else:
            require(bool(chef["dishes"]), "a-dish-to-serve", "the dish queue is empty")
        have = Counter(chef["fridge"])
        require(all(have[c] >= n for c, n in Counter(drinks).items()), "drinks-in-fridge", shown(drinks))
        require(len(chef["crate"]) + len(drinks) <= CRATE, "crate-room", "the recycling crate is full")
        require(bool(self.board_spaces(seat, free=True)), "board-room", "the reputation board is full")
        guest = chef["queue"].pop(0)
        if taiyaki:
            self._spend(seat, "taiyaki")
            dish = None
        else:
            dish = chef["dishes"].pop(0)
            chef["sink"][dish] += 1
        for d in drinks:
            chef["fridge"].remove(d)
        chef["crate"] += drinks
        points = 1 + (dish == guest) + sum(d == guest for d in drinks) + (taiyaki and guest == TOURIST)
        chef["points"] += points
        self.pending.insert(0, {"kind": Choice.BOARD, "guest": guest, "free": False, "served": True})
        self.last = {"guest": guest, "dish": dish, "drinks": drinks, "points": points}

    def _extra(self, seat: int, action: dict) -> None:
        kind = action["type"]
        if kind == "stop":
            fields(action)
            self._end_turn()
            return
        require(kind == "serve", "serve-or-stop", "the extra turn only serves")
        fields(action, ["drinks", "taiyaki"])
        self._serve(seat, action, None)

    def _spend(self, seat: int, token: str) -> None:
        chef = self.chefs[seat]
        require(token in chef["tokens"], "have-the-token", f"no {token} token")
        chef["tokens"].remove(token)
        self.used.append(token)

    def _use(self, seat: int, action: dict) -> None:
        token = str_field(action, "token", content().specials, "token-kind")
        chef = self.chefs[seat]
        require(token in TOKENS_ANY_TIME, "token-has-its-moment", f"{token} is used while placing or serving")
        require(self.phase not in (Phase.MENU, Phase.BOTTLE), "tokens-during-play")
        if token == "garbage":
            fields(action, ["token"])
            require(bool(chef["crate"]), "crate-not-empty", "nothing to throw away")
            self._spend(seat, token)
            for bottle in chef["crate"]:
                self.drink_supply[bottle] += 1
            chef["crate"] = []
            return
        fields(action, ["token", "a", "b"])
        queue = chef["queue"]
        a = int_field(action, "a", 0, QUEUE - 1, "swap-two-guests")
        b = int_field(action, "b", 0, QUEUE - 1, "swap-two-guests")
        require(a < b < len(queue), "swap-two-guests", "two places of your queue, the first one left")
        require(queue[a] != queue[b], "swap-changes-something", "both guests are alike")
        self._spend(seat, token)
        queue[a], queue[b] = queue[b], queue[a]

    # ---- pending choices -------------------------------------------------------------
    def _choose(self, seat: int, action: dict) -> None:
        choice, chef, kind = self.pending[0], self.chefs[seat], action["type"]
        if kind == "use":
            fields(action, ["token"])
            token = str_field(action, "token", ["doggy_bag"], "doggy-bag-while-placing")
            require(choice["served"], "doggy-bag-after-a-serve", "only a guest just served")
            require(not choice["free"], "one-doggy-bag", "already free")
            self._spend(seat, token)
            choice["free"] = True
        elif kind == "board":
            fields(action, ["space"])
            space = int_field(action, "space", 0, len(content().spaces) - 1, "board-space")
            require(space in self.board_spaces(seat, choice["free"]), "board-placement", self._placement_rule(seat))
            self.pending.pop(0)
            chef["board"][space] = choice["guest"]
            self._bonus(seat, space, choice["guest"])
            self.last = {"bonus": content().spaces[space]["bonus"]}
        elif kind == "review":
            fields(action, ["track"])
            track = str_field(action, "track", content().reviews, "review-track")
            require(track in self._review_tracks(seat, choice), "review-of-the-space", f"now: {choice['tracks']}")
            chef["reviews"][track] += choice["sign"]
            self.last = {"sign": choice["sign"]}
            choice["steps"] -= 1
            if choice["steps"] == 0:
                self.pending.pop(0)
        elif kind == "menu":
            fields(action, ["dish"])
            dish = str_field(action, "dish", content().colours, "dish-colour")
            require(dish in chef["food"], "food-tile-left", f"{dish} is on your menu")
            chef["food"].remove(dish)
            chef["menu"].append(dish)
            chef["points"] += UPGRADE_POINTS
            self.pending.pop(0)
        elif kind == "pick":
            fields(action, ["guest"])
            guest = str_field(action, "guest", [*content().colours, TOURIST], "guest-in-bag")
            require(guest in self.bag, "guest-in-bag", f"no {guest} in the bag")
            self.bag.remove(guest)
            self.pending[0] = {"kind": Choice.BOARD, "guest": guest, "free": False, "served": False}
        elif kind == "take":
            fields(action, ["token"])
            token = str_field(action, "token", content().specials, "token-on-offer")
            require(token in self.offer, "token-on-offer", f"no {token} left")
            self.offer.remove(token)
            chef["tokens"] = sorted(chef["tokens"] + [token])
            self.pending.pop(0)
        else:
            self._place_guest(seat, action)

    def _placement_rule(self, seat: int) -> str:
        if all(g is None for g in self.chefs[seat]["board"]):
            return "a first guest sits on a free edge space that is not red"
        return "a guest sits next to another one, never diagonally"

    def _place_guest(self, seat: int, action: dict) -> None:
        choice = self.pending[0]
        guests = choice["guests"]
        replace = action["type"] == "replace"
        fields(action, ["guest", "seat", "pos"] if replace else ["guest", "seat"])
        i = int_field(action, "guest", 0, len(guests) - 1, "drawn-guest")
        # As the legal list: identical guests are one choice, named by the first of them.
        require(
            guests.index(guests[i]) == i,
            "drawn-guest",
            f"name the first {guests[i]} guest, number {guests.index(guests[i])}",
        )
        to = int_field(action, "seat", 0, self.num_seats - 1, "a-stall")
        guest, queue = guests[i], self.chefs[to]["queue"]
        if replace:
            pos = int_field(action, "pos", 0, QUEUE - 1, "replace-a-customer")
            require(guest == TOURIST, "only-tourists-replace", "a customer joins a queue's end")
            require(to != seat, "replace-in-another-stall", "in your own stall a tourist queues")
            require(pos < len(queue) and queue[pos] != TOURIST, "replace-a-customer", "no customer there")
            self._to_bag([queue[pos]])
            self.last = {"replaced": queue[pos]}
            queue[pos] = guest
        else:
            require(guest != TOURIST or to == seat, "tourist-in-your-queue", "or replace a customer elsewhere")
            require(len(queue) < QUEUE, "queue-room", "that queue is full")
            queue.append(guest)
        guests.pop(i)
        if not guests:
            self.pending.pop(0)

    def _bonus(self, seat: int, space: int, guest: str) -> None:
        """The bonus of the space a guest just took (chapter 7); one that cannot be
        taken gives nothing."""
        data, chef = content(), self.chefs[seat]
        bonus = data.spaces[space]["bonus"]
        choice: dict | None = None
        if bonus == "menu" and chef["food"]:
            choice = {"kind": Choice.MENU}
        elif bonus in ("fridge", "stove") and not chef[f"{bonus}_up"]:
            chef[f"{bonus}_up"] = True
            chef["points"] += UPGRADE_POINTS
        elif bonus == "double" and self.bag and self.board_spaces(seat, free=True):
            choice = {"kind": Choice.PICK}
        elif bonus == "influencer" and chef["influencer"] < len(data.stars):
            chef["influencer"] += 1
            stars = data.stars[chef["influencer"] - 1]
            choice = {"kind": Choice.REVIEW, "steps": stars, "tracks": list(data.reviews), "sign": 1}
        elif bonus == "special" and self.offer:
            choice = {"kind": Choice.TOKEN}
        elif bonus == "review":
            steps = 2 if guest == TOURIST else 1
            choice = {"kind": Choice.REVIEW, "steps": steps, "tracks": list(data.spaces[space]["reviews"]), "sign": 1}
        if choice is not None:
            self.pending.insert(0, choice)

    # ---- flow ------------------------------------------------------------------------
    def _settle(self, seat: int) -> None:
        """Drop choices that have no option left, then end the turn if nothing remains."""
        while self.pending:
            choice = self.pending[0]
            if choice["kind"] == Choice.GUEST:
                stuck = [i for i, g in enumerate(choice["guests"]) if not self._guest_places(seat, i, g)]
                if stuck:  # no legal place: back to the bag
                    self._to_bag([choice["guests"].pop(stuck[0])])
                    if not choice["guests"]:
                        self.pending.pop(0)
                    continue
            if self._choice_actions(seat):
                return
            self.pending.pop(0)
        if self.phase in (Phase.ACTIONS, Phase.EXTRA) and self._nothing_left(seat):
            self._end_turn()

    def _nothing_left(self, seat: int) -> bool:
        """Nothing but ending the turn is possible: the turn ends by itself."""
        if self._token_actions(seat):
            return False
        if self.phase == Phase.EXTRA:
            return not (self._serves(seat, 1) or self._serves(seat, 2))
        return not self._doable(seat)

    def _doable(self, seat: int) -> bool:
        return any(
            self._slot_actions(seat, slot, tile) for slot, tile in enumerate(self.line_slots()) if slot not in self.done
        )

    def _to_bag(self, guests: list[str]) -> None:
        self.bag += guests
        self.rng.shuffle(self.bag)

    def _begin_turn(self) -> None:
        self.line, self.done = None, []
        if len(self.chefs[self.turn]["queue"]) == QUEUE:
            self.phase = Phase.QUEUE
        elif self.round == EXTRA_ROUND:
            self.phase = Phase.EXTRA
            if self._nothing_left(self.turn):
                self._end_turn()
        else:
            self.phase = Phase.TILE

    def _end_turn(self) -> None:
        self.turn = (self.turn + 1) % self.num_seats
        if self.turn == self.first:
            self.round += 1
            if self.round > EXTRA_ROUND:
                self._finish()
                return
        self._begin_turn()

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self.line, self.done = None, []
        self.result = self.scoring()

    # ---- scoring ---------------------------------------------------------------------
    def scoring(self) -> list[dict]:
        """Each seat's score by category (chapter 8), as if the game ended now."""
        data = content()
        dishes = [dict.fromkeys(data.colours, 0) for _ in self.chefs]
        guests = [dict.fromkeys(data.colours, 0) for _ in self.chefs]
        for c in data.colours:
            _majority(dishes, c, [chef["sink"][c] for chef in self.chefs])
            _majority(guests, c, [chef["board"].count(c) for chef in self.chefs])
        out = []
        for s, chef in enumerate(self.chefs):
            reviews = {t: data.review_points(v) for t, v in chef["reviews"].items()}
            tokens = sum(data.specials[t]["back"] for t in chef["tokens"])
            parts = sum(dishes[s].values()) + sum(guests[s].values()) + sum(reviews.values()) + tokens
            out.append(
                {
                    "play": chef["points"],
                    "dishes": dishes[s],
                    "guests": guests[s],
                    "reviews": reviews,
                    "tokens": tokens,
                    "total": chef["points"] + parts,
                }
            )
        return out

    def scores(self) -> list[float]:
        return [r["total"] for r in (self.result or self.scoring())]

    def tie_key(self, seat: int) -> tuple:
        """Chapter 9: points, then most guests on the board, fewest bottles, fewest dishes waiting."""
        chef = self.chefs[seat]
        on_board = sum(g is not None for g in chef["board"])
        return (self.scores()[seat], on_board, -len(chef["crate"]), -len(chef["dishes"]))

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        keys = [self.tie_key(s) for s in range(self.num_seats)]
        return [s for s, k in enumerate(keys) if k == max(keys)]

    # ---- information -------------------------------------------------------------------
    def observation(self, seat: int | None) -> dict:
        hidden = {"log", "undo_floor", "rng", "_sealed", "bag", "seed"}
        obs = {k: v for k, v in vars(self).items() if k not in hidden}
        obs["bag"] = sorted(self.bag)  # what is in it is known; its order is not
        return detached(obs)

    def determinize(self, seat: int, rng: Rng) -> YataiState:
        """Only the bag's order is unknown: reshuffle it, and give the copy its own
        chance so that later draws in a search tell nothing either."""
        copy = self.unlogged_clone()
        copy.bag = sorted(self.bag)
        rng.shuffle(copy.bag)
        copy.rng = Rng(rng.next64())
        return copy

    def invariants(self) -> None:
        data = content()
        table = data.players[self.num_seats]
        guests = Counter(self.bag)
        for chef in self.chefs:
            guests.update(chef["queue"])
            guests.update(g for g in chef["board"] if g is not None)
        for choice in self.pending:
            guests.update(choice.get("guests", []))
            if choice["kind"] == Choice.BOARD:
                guests[choice["guest"]] += 1
        expected = {c: table["customers"] for c in data.colours} | {TOURIST: table["tourists"]}
        assert dict(guests) == {k: v for k, v in expected.items() if v}, f"guests conserved: {guests}"
        for c in data.colours:
            dishes = self.dish_supply[c] + sum(ch["dishes"].count(c) + ch["sink"][c] for ch in self.chefs)
            assert dishes == table["dishes"], f"{c} dishes conserved"
            drinks = self.drink_supply[c] + sum(ch["fridge"].count(c) + ch["crate"].count(c) for ch in self.chefs)
            assert drinks == table["drinks"], f"{c} drinks conserved"
        tokens = Counter(self.offer + self.box + self.used)
        for chef in self.chefs:
            tokens.update(chef["tokens"])
        assert tokens == {k: s["copies"] for k, s in data.specials.items()}, "special tokens conserved"
        assert sorted(self.free + self.grid[0] + self.grid[1]) == list(range(len(data.tiles))), "tiles conserved"
        for s, chef in enumerate(self.chefs):
            assert len(chef["queue"]) <= QUEUE and len(chef["crate"]) <= CRATE
            assert len(chef["dishes"]) <= self.stove_size(s) and len(chef["fridge"]) <= self.fridge_size(s)
            assert sorted(chef["menu"] + chef["food"]) == sorted(data.colours), "four food tiles each"
            assert all(data.lowest <= v <= data.highest for v in chef["reviews"].values()), "reviews on the track"

    # ---- words ---------------------------------------------------------------------------
    def describe(self, seat: int, action, names: list[str]) -> str:
        return words.describe(self, seat, action, names)

    def label(self, seat: int, action, names: list[str]) -> str:
        return words.label(self, seat, action, names)


def _majority(points: list[dict], colour: str, counts: list[int]) -> None:
    """One colour's majority: the seat that alone has the most scores its count; a
    tie for the most scores nothing."""
    best = max(counts)
    if best > 0 and counts.count(best) == 1:
        points[counts.index(best)][colour] = best


def _sub_multisets(items: list[str], size: int):
    """Every choice of `size` items (as index combinations) from `items`."""
    for idx in combinations(range(len(items)), size):
        yield [items[i] for i in idx]

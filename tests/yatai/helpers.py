"""Building Yatai positions for the rule tests: every helper moves components from
where they are (bag, supply) so that the invariants still hold."""

from __future__ import annotations

from game.yatai.data import content
from game.yatai.rules import ARROWS, Phase, YataiState

NAMES = ["Ana", "Bao", "Chloé", "Diego"]


def tile(name: str) -> int:
    return next(i for i, t in enumerate(content().tiles) if t["id"] == name)


def space(bonus: str, red: bool | None = None, edge: bool | None = None, reviews: list | None = None) -> int:
    """The first board space with that bonus (and redness, edge, reviews if given)."""
    for i, s in enumerate(content().spaces):
        if s["bonus"] != bonus or (red is not None and s["red"] != red) or (edge is not None and s["edge"] != edge):
            continue
        if reviews is None or sorted(s["reviews"]) == sorted(reviews):
            return i
    raise LookupError(bonus)


def started(seats: int = 2, seed: int = 1) -> YataiState:
    """A game past its setup choices: round 1, the first seat to insert a tile."""
    s = YataiState(seats, None, seed)
    while s.phase in (Phase.MENU, Phase.BOTTLE):
        s.apply(s.turn, s.legal_actions(s.turn)[0])
    assert s.phase == Phase.TILE and s.round == 1
    return s


def queue(s: YataiState, seat: int, *guests: str) -> None:
    for g in guests:
        s.bag.remove(g)
        s.chefs[seat]["queue"].append(g)


def cook(s: YataiState, seat: int, *dishes: str) -> None:
    for d in dishes:
        s.dish_supply[d] -= 1
        s.chefs[seat]["dishes"].append(d)


def fridge(s: YataiState, seat: int, *drinks: str) -> None:
    for d in drinks:
        s.drink_supply[d] -= 1
        s.chefs[seat]["fridge"] = sorted(s.chefs[seat]["fridge"] + [d])


def crate(s: YataiState, seat: int, *bottles: str) -> None:
    for d in bottles:
        s.drink_supply[d] -= 1
        s.chefs[seat]["crate"].append(d)


def empty_crate(s: YataiState, seat: int) -> None:
    for d in s.chefs[seat]["crate"]:
        s.drink_supply[d] += 1
    s.chefs[seat]["crate"] = []


def board(s: YataiState, seat: int, where: int, guest: str) -> None:
    s.bag.remove(guest)
    s.chefs[seat]["board"][where] = guest


def token(s: YataiState, seat: int, kind: str) -> None:
    """Give a special token (from the offer, else from the box)."""
    source = s.offer if kind in s.offer else s.box
    source.remove(kind)
    s.chefs[seat]["tokens"] = sorted(s.chefs[seat]["tokens"] + [kind])


def line(s: YataiState, *names: str) -> None:
    """Make the named tiles the line running now (3 names: row 1, 2 names: column 1)."""
    wanted = [tile(n) for n in names]
    rest = [t for t in range(len(content().tiles)) if t not in wanted]
    arrow = 3 if len(wanted) == 3 else 0
    if arrow == 3:
        s.grid = [wanted, rest[:3]]
        s.free = sorted(rest[3:])
    else:
        s.grid = [[wanted[0], *rest[:2]], [wanted[1], *rest[2:4]]]
        s.free = sorted(rest[4:])
    assert [content().tiles[t]["id"] for t in _line(s.grid, arrow)] == list(names)
    s.phase, s.line, s.done = Phase.ACTIONS, arrow, []


def _line(grid, arrow):
    kind, index = ARROWS[arrow]
    return grid[index] if kind == "row" else [grid[0][index], grid[1][index]]


def begin(s: YataiState, seat: int) -> None:
    """Start `seat`'s turn now (the rules' own turn start, so the queue check runs)."""
    s.turn = seat
    s._begin_turn()


def sink(s: YataiState, seat: int, colour: str, n: int) -> None:
    s.dish_supply[colour] -= n
    s.chefs[seat]["sink"][colour] += n


def serving(s: YataiState, guest: str = "red", dish: str = "red", drinks: tuple = ("red",)) -> int:
    """The seat to play has served `guest` and must now seat it on the board."""
    seat = s.turn
    queue(s, seat, guest)
    cook(s, seat, dish)
    fridge(s, seat, *drinks)
    empty_crate(s, seat)
    line(s, "serve_2" if len(drinks) == 2 else "serve_1", "recycle")
    s.apply(seat, {"type": "serve", "slot": 0, "drinks": sorted(drinks), "taiyaki": False})
    return seat


def seat_on(s: YataiState, where: int, guest: str = "red") -> int:
    """Serve `guest` and seat it on `where` (a yellow customer already sits next to it)."""
    seat = s.turn
    board(s, seat, content().neighbours(where)[0], "yellow")
    serving(s, guest, "red", ("blue",))
    s.apply(seat, {"type": "board", "space": where})
    return seat

"""Building hands and positions for the rule tests."""

from __future__ import annotations

from game.wewillwokyou.data import content
from game.wewillwokyou.rules import WokState
from game.wewillwokyou.scoring import Held

WOK = {w["id"]: w["index"] for w in content().woks}


def find(
    ingredient: str | None = None, symbols: tuple | None = None, blank: bool | None = None, exclude: set | None = None
) -> int:
    """The lowest-numbered card matching, not in `exclude`."""
    for c in content().cards:
        if exclude and c.id in exclude:
            continue
        if ingredient and c.ingredient != ingredient:
            continue
        if symbols is not None and c.symbols != tuple(symbols):
            continue
        if blank is not None and c.blank != blank:
            continue
        return c.id
    raise LookupError((ingredient, symbols, blank))


def held(spec: list[tuple], in_hand: bool = True) -> list[Held]:
    """spec: (ingredient, count[, blank]) -> distinct cards as scoring sees them."""
    out: list[Held] = []
    used: set[int] = set()
    for item in spec:
        ing, n = item[0], item[1]
        blank = item[2] if len(item) > 2 else None
        for _ in range(n):
            card = find(ing, blank=blank, exclude=used)
            used.add(card)
            out.append(Held(card, ing, content().cards[card].blank, in_hand))
    return out


def woks(*ids: str) -> list[int]:
    return [WOK[i] for i in ids]


def move(state: WokState, card: int, dest: list) -> None:
    """Move one ingredient card from wherever it is to `dest` (keeps conservation)."""
    for place in [state.deck, state.aside, *state.rows, *state.hands, *state.front]:
        if card in place:
            place.remove(card)
            dest.append(card)
            dest.sort() if dest is not state.deck else None
            return
    raise LookupError(card)


def give(state: WokState, seat: int, cards: list[int]) -> None:
    for c in cards:
        move(state, c, state.hands[seat])


def fresh(seats: int = 2, seed: int = 1, turn: int = 0) -> WokState:
    state = WokState(seats, None, seed)
    state.turn = turn
    return state

"""Building Relleno positions by hand for the rules tests.

Seat 0 is red (Vicki 6:02 chocolate+blueberry, Remy 6:41 strawberry+custard,
Aiko 8:40 vanilla), seat 1 blue (Bruno 6:03 blueberry+strawberry, Clara 6:38
vanilla+custard, Dario 8:35 chocolate), seat 2 green (Elena 6:12, Farah 6:35, Gus 8:31).
"""

from game.engine import picking
from game.relleno.data import content
from game.relleno.rules import Phase, RellenoState

NAMES = ["Ana", "Bao", "Chloé", "Diego", "Emma", "Farid"]


def _zones(state: RellenoState) -> list[list[str]]:
    return [state.deck, state.box, state.book, state.reserved, state.under, *state.hands, *state.discards]


def _take(state: RellenoState, card: str) -> None:
    for zone in _zones(state):
        if card in zone:
            zone.remove(card)
            return
    raise AssertionError(f"{card} is nowhere")


def table(
    seats: int = 2,
    options: dict | None = None,
    seed: int = 1,
    hands: dict | None = None,
    discards: dict | None = None,
    book: list[str] | None = None,
    deck_top: list[str] | None = None,
) -> RellenoState:
    """A state at the start of a day with chosen hands, discard piles, book and
    deck top (the last card listed on top). Cards moved away from a hand or the
    book go back in the box, so every card is still counted once."""
    state = RellenoState(seats, options, seed)
    for seat, cards in (hands or {}).items():
        for card in list(state.hands[seat]):
            state.hands[seat].remove(card)
            state.box.append(card)
        for card in cards:
            _take(state, card)
        state.hands[seat] = sorted(cards)
    for seat, cards in (discards or {}).items():
        for card in cards:
            _take(state, card)
        state.discards[seat] = list(cards)
    if book is not None:
        state.box += state.book
        state.book = []
        for card in book:
            _take(state, card)
        state.book = list(book)
    for card in deck_top or []:
        _take(state, card)
        state.deck.append(card)
    state.box.sort()
    for seat in range(seats):
        state.taken[seat] = [c for c in state.owned(seat) if content().cards[c].requires]
    state._start_day()
    state.invariants()
    return state


def choose(state: RellenoState, *cards, early: dict | None = None) -> None:
    """Every seat chooses: `cards[s]` is seat s's time card."""
    for seat, card in enumerate(cards):
        if state.choices[seat] is None:
            play(state, seat, {"type": "time_card", "card": card, "early": (early or {}).get(seat, [])})
    assert state.phase != Phase.CHOOSE


def turn(state: RellenoState) -> int:
    seat = state.current()
    assert seat is not None
    return seat


def play(state, seat: int, action: dict) -> None:
    """Apply a whole move: a fill's cards or a time card's early arrivals are
    picked one at a time first (game/engine/picking.py), as a player does."""
    if action["type"] == "time_card":  # its early arrivals are picked one at a time too
        steps = picking.steps_to(action, state.early_picked[seat], key="early")
    else:
        steps = picking.steps_to(action, state.picked) if "cards" in action else [action]
    for step in steps:
        state.apply(seat, step)

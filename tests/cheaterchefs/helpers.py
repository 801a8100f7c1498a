"""Building Cheater Chefs positions by hand for the rules tests."""

from game.cheaterchefs.data import content
from game.cheaterchefs.rules import ChefsState
from game.engine import picking

PAELLA = "paella"  # saffron chicken rice garlic
PIZZA = "pizza"  # cheese tomato onion garlic


def cards(*names: str) -> list[dict]:
    """A counter; a name ending in '*' is poisoned."""
    return [{"card": n.rstrip("*"), "poison": n.endswith("*")} for n in names]


def table(
    seats: int = 2, options: dict | None = None, seed: int = 3, orders=None, hands=None, counters=None, current: int = 0
) -> ChefsState:
    """A state with chosen orders, hands and counters; the cards used are taken
    out of the deck so that every card is still counted once."""
    state = ChefsState(seats, options, seed)
    pool = content().deck()
    if orders:
        state.orders = list(orders) + [o for o in state.orders if o not in orders][: seats - len(orders)]
    state.hands = [sorted(h) for h in (hands or [[] for _ in range(seats)])]
    state.counters = [list(c) for c in (counters or [[] for _ in range(seats)])]
    for name in [c for h in state.hands for c in h] + [c["card"] for cs in state.counters for c in cs]:
        pool.remove(name)
    state.deck, state.discard = pool, []
    state.current = current
    state.invariants()
    return state


def names(counter: list[dict]) -> list[str]:
    return [c["card"] + ("*" if c["poison"] else "") for c in counter]


def play(state, seat: int, action: dict) -> None:
    """Apply a whole move: a fill's or a discard's cards are picked one at a
    time first (game/engine/picking.py), as a player does."""
    for step in picking.steps_to(action, state.picked) if "cards" in action else [action]:
        state.apply(seat, step)

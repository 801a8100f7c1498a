"""Hand-placed Wok Up tables for the rules tests."""

from game.engine import SYSTEM
from game.wokup.rules import MS, WokUpState, _timing

LOOK = _timing("look_ms")
WINDOW = _timing("window_ms")
DECK = {"trio": 0, "plenty": 1, "medley": 2, "edge": 3, "twins": 4}
FAR = (600.0, 0.0)  # on the table, far outside the wok


def game(seats=3, seed=1, **options) -> WokUpState:
    return WokUpState(seats, options or None, seed)


def show(state: WokUpState, *cards: str) -> None:
    """Exactly these recipes face up (each on top of its own deck)."""
    state.face_up = [False] * 5
    for card in cards:
        d = DECK[card.split("-")[0]]
        state.decks[d].remove(card)
        state.decks[d].append(card)
        state.face_up[d] = True


def place(state: WokUpState, *tokens) -> None:
    """Settled tokens (id, x, y, face) taken from whichever piles hold them; the wok
    has just settled, so claims are open from t = 0."""
    for tid, *_ in tokens:
        for pile in state.piles:
            if tid in pile:
                pile.remove(tid)
    state.table = sorted(
        ({"id": t, "x": float(x), "y": float(y), "face": f, "a": 0, "off": False} for t, x, y, f in tokens),
        key=lambda p: p["id"],
    )


def in_wok(*faces):
    """Tokens lying in the middle of the wok showing the given faces: ("chili-3", 0)..."""
    return [(tid, -60.0 + 30 * i, 0.0, f) for i, (tid, f) in enumerate(faces)]


def slap(state, seat, deck, t, u=0):
    state.apply(seat, {"type": "slap", "deck": deck, "t": t * MS, "u": u * MS})


def shout(state, seat, t):
    state.apply(seat, {"type": "wokup", "t": t * MS})


def resolve(state):
    state.apply(SYSTEM, {"type": "resolve", "t": state.window_end()})


def signal(state):
    state.apply(SYSTEM, state.legal_actions(SYSTEM)[0])


def table(seats=3, seed=1, tokens=()) -> WokUpState:
    """A game showing "at least 5 chilis", "medley without chili" and "as many
    mushrooms as fish", with these tokens settled on the table."""
    state = game(seats, seed)
    show(state, "plenty-chili-5", "medley-no-chili-a", "twins-mushroom-fish")
    place(state, *tokens)
    return state

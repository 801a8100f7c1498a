"""The sets of colours that must be told apart. The seats' colours live here
(every screen draws seats with them); each game declares its own sets on its
GameDef (`palettes={"decks": fn, ...}`, each fn returning {name: colour}), read
from where the game keeps them. `palettes(gdefs)` names them all for the check
(tests/media/test_colour_vision.py) and the search tool (tools/palette_search.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..engine.gamedef import GameDef

# Seat colours stay apart (CIEDE2000 >= 10) for protanopia, deuteranopia and
# tritanopia as well as normal vision (game/media/cvd.py, tests/media): the
# first palette let blue and purple meet at 2.5 for deuteranopes and green and
# orange at 6.0 for protanopes; tools/palette_search.py moved each colour the
# least it could (blue is a steel blue, purple bluer and brighter).
SEAT_COLOURS = {
    "red": (223, 65, 54),
    "blue": (95, 135, 177),
    "green": (86, 186, 102),
    "yellow": (238, 201, 65),
    "purple": (161, 96, 245),
    "orange": (235, 132, 32),
}


def seats() -> dict:
    return dict(SEAT_COLOURS)


def palettes(gdefs: Iterable[GameDef]) -> dict[str, Callable[[], dict]]:
    """Every palette to check: the seats', then each game's as "<game>-<name>"."""
    out: dict[str, Callable[[], dict]] = {"seats": seats}
    for gdef in gdefs:
        out.update({f"{gdef.id}-{name}": fn for name, fn in gdef.palettes.items()})
    return out

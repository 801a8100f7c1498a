"""Relleno's moments worth showing again (game/engine/highlights.py): a day
whose first chef reached the kitchen less than `CLOSE_MINUTES` before the
next one, the closest day the most worth seeing. Pure: no pygame."""

from __future__ import annotations

from game.engine.highlights import Highlight, moves
from game.i18n import N_

from .rules import Phase, RellenoState

CLOSE_MINUTES = 5
CLOSE = N_("Day {day}: {p0} beat {p1} to the kitchen by {minutes} min")


def highlights(state: RellenoState) -> list[Highlight]:
    found = []
    for at, _entry, choosing, replay in moves(state, lambda s, e: s.phase == Phase.CHOOSE):
        if not choosing or replay.phase == Phase.CHOOSE:
            continue  # not the reveal of a day's time cards
        timed = [(s, t) for s in replay.order if (t := replay.times[s]) is not None]
        if len(timed) < 2:
            continue
        (first, first_time), (second, second_time) = timed[:2]
        gap = second_time - first_time
        if 0 < gap <= CLOSE_MINUTES:
            words = {"day": replay.day, "minutes": gap}
            found.append(Highlight("close-day", at, 75 - 5 * gap, CLOSE, (first, second), words))
    return found

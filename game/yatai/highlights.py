"""Yatai's moment worth showing again (game/engine/highlights.py): the best
serve of the game (the most points for one guest; the first of equals).
Pure: no pygame."""

from __future__ import annotations

from game.engine.highlights import Highlight, moves
from game.i18n import N_

from .rules import YataiState

BEST = N_("{p0} served the best dish of the game: {points} points")


def highlights(state: YataiState) -> list[Highlight]:
    best: Highlight | None = None
    for at, entry, _before, replay in moves(state):
        if entry["action"].get("type") != "serve":
            continue
        points = replay.last["points"]
        if best is None or points > best.words["points"]:
            best = Highlight("best-serve", at, 20 + 15 * points, BEST, (entry["seat"],), {"points": points})
    return [best] if best is not None else []

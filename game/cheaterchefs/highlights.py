"""Cheater Chefs' moments worth showing again (game/engine/highlights.py): a
trap sprung on a rival that set the rival's team back, and the best of them, a
win denied: a trap on a team one ingredient from its order that set it back.
Pure: no pygame."""

from __future__ import annotations

from game.engine.highlights import Highlight, moves
from game.i18n import N_

from .data import content
from .progress import ORDER_SIZE
from .rules import ChefsState

SPRUNG = N_("{p0} sprang a trap on {p1}")
DENIED = N_("{p0} stopped {p1} one ingredient from winning")


def _target(state: ChefsState, entry: dict) -> int | None:
    """The rival a trap is aimed at, or None (an ingredient, another move, one's own team)."""
    action = entry["action"]
    if action.get("type") != "play" or content().effect(str(action.get("card"))) is None:
        return None
    target = action.get("seat")
    if not isinstance(target, int) or state.teams[target] == state.teams[entry["seat"]]:
        return None
    return target


def _progress(state: ChefsState, entry: dict) -> float | None:
    target = _target(state, entry)
    return None if target is None else state.team_progress(target)


def highlights(state: ChefsState) -> list[Highlight]:
    found = []
    for at, entry, before, replay in moves(state, _progress):
        if before is None:
            continue
        target = entry["action"]["seat"]
        lost = before - replay.team_progress(target)
        if lost <= 0:
            continue
        seats = (entry["seat"], target)
        if before >= ORDER_SIZE - 1:
            found.append(Highlight("win-denied", at, 80 + 5 * lost, DENIED, seats))
        else:
            found.append(Highlight("trap", at, 30 + 10 * lost, SPRUNG, seats))
    return found

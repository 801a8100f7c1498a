"""We Will Wok You's moment worth showing again (game/engine/highlights.py):
the biggest wok of the game, as the final scoring placed it. Pure: no pygame."""

from __future__ import annotations

from game.engine.highlights import Highlight
from game.i18n import N_

from .rules import WokState

BIGGEST = N_("{p0} cooked the biggest wok: {points} points")


def highlights(state: WokState) -> list[Highlight]:
    woks = [(w["points"], seat) for seat, r in enumerate(state.result or []) for w in r["woks"]]
    if not woks:
        return []
    points, seat = max(woks, key=lambda w: (w[0], -w[1]))
    if points <= 0:
        return []
    return [Highlight("biggest-wok", len(state.log), min(90.0, 30 + 2 * points), BIGGEST, (seat,), {"points": points})]

"""Wok Up's moments worth showing again (game/engine/highlights.py), read from
a finished game's log: a card won by a hair (under `CLOSE_MS` before the next
hand on the same prize) and a "Wok'up!" shouted the moment the wok held
exactly ten of one ingredient. Pure: no pygame."""

from __future__ import annotations

from game.engine.highlights import Highlight, moves
from game.i18n import N_

from . import words
from .recipes import WOKUP_AT
from .rules import MS, WokUpState

CLOSE_MS = 30  # a claim won by less than this is a close one (the table's instant replay shows it)
CLOSE = N_("{p0} beat {p1} by {ms} ms")
EXACT = N_("{p0} shouted Wok'up! at exactly ten")


def highlights(state: WokUpState) -> list[Highlight]:
    found: list[Highlight] = []

    def most(replay: WokUpState, entry: dict) -> int | None:
        if entry["action"].get("type") != "resolve":
            return None
        counts = replay.wok_content().counts
        return max(counts.values()) if counts else 0

    for at, entry, most_before, replay in moves(state, most):
        if entry["action"].get("type") != "resolve":
            continue
        pair = words.closest(replay.last)  # the margin the table announced ("by 12 ms")
        if pair is not None:
            first, rival = pair
            ms = round(max(0, rival["t"] - first["t"]) / MS)
            if ms < CLOSE_MS:
                seats = (first["seat"], rival["seat"])
                found.append(Highlight("close-claim", at, 70 + CLOSE_MS - ms, CLOSE, seats, {"ms": ms}))
        shouted = [c for c in replay.last["claims"] if c["type"] == "wokup" and c["result"] == "won"]
        if shouted and most_before == WOKUP_AT:
            found.append(Highlight("exact-ten", at, 60, EXACT, (shouted[0]["seat"],)))
    return found

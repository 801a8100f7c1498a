"""Relleno on a phone: your hand of pastry chefs, the day's order once the time
cards are revealed, your points; the buttons are the rules' labels (words.py).
Simultaneous secret time cards need nothing more: every seat still to choose
gets its own buttons, and its choice stays hidden until all are in.

Everything here reads the seat's observation only.
"""

from __future__ import annotations

from game import i18n
from game.i18n import _

from .words import card_name, clock


def group(a: dict, obs: dict, seat: int, names: list[str]) -> str:
    """A fill's steps under one heading (the cards picked so far named), restocks
    under another: a ten-card hand gives ten cards to pick beside five restocks."""
    if a["type"] in ("pick", "unpick", "cancel", "fill"):
        picked = obs.get("picked") or []
        if picked:
            return _("Fill a recipe with: {cards}").format(cards=i18n.names(card_name(c) for c in picked))
        return _("Fill a recipe: pick its cards")
    if a["type"] == "restock":
        return _("Restock and reserve")
    return ""


def panels(obs: dict, seat: int, names: list[str]) -> list[dict]:
    picked = set(obs.get("picked") or [])  # the cards picked for a fill so far, ticked
    hand = [("✓ " if c in picked else "") + card_name(c) for c in obs["hand"]]
    out = [{"title": _("Your hand"), "items": hand or [_("empty")]}]
    if obs["phase"] != "choose" and obs["order"]:
        times = obs["times"]
        out.append(
            {
                "title": _("Today's order"),
                "items": [names[s] + (f" {clock(times[s])}" if times[s] is not None else "") for s in obs["order"]],
            }
        )
    out.append({"title": _("Your points"), "items": [str(obs["points"][seat]["total"])]})
    return out

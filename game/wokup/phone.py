"""Wok Up on a phone: a slap pad of the five decks (their backs, a pentagon as
on the table) and a Wok'up! button
(game/web/views.py). A press is stamped on the phone and mapped to the
arcade's clock (game/web/clock.py); the rules order claims by that time.
The pad shows which decks have a recipe up, never whether one is complete:
that is for the players to see on the table.
"""

from __future__ import annotations

from game.i18n import _

from . import data
from .words import DECK_NAMES

MODE = "pads"
# The wok's analysis the rules hand every seat (bots use it): on a phone it would
# let a scripted page slap complete recipes faster than any eye. Players read the wok.
ANALYSIS = ("counts", "touching", "complete", "wokup_ready")


def trim(obs: dict) -> dict:
    return {k: v for k, v in obs.items() if k not in ANALYSIS}


def pads(obs: dict, seat: int, names: list[str]) -> list[dict]:
    decks = data.decks_and_cards()[0]
    return [
        {
            "control": f"deck{d}",
            "label": _(DECK_NAMES.get(deck.id, deck.name)),
            "live": obs["face_up"][d] is not None,
            "colour": deck.colour,
            "pic": f"wokup.back.{deck.id}",
        }
        for d, deck in enumerate(decks)
    ]


def status(obs: dict, seat: int, names: list[str]) -> str:
    phase = obs["phase"]
    if phase == "over":
        return ""
    if obs["paused"]:
        return _("Paused")
    if phase == "pick" and obs["picks"] and obs["picks"][0]["seat"] == seat:
        return _("Take a recipe: tap its deck") if obs["picks"][0]["kind"] == "take" else _("Turn a deck: tap it")
    if phase == "pick":
        return _("{name} picks").format(name=names[obs["picks"][0]["seat"]])
    if obs["out"][seat]:
        return _("OUT this round")
    if phase == "flight":
        return _("Tokens in the air…")
    return _("Slap a complete recipe, or Wok'up!")


def panels(obs: dict, seat: int, names: list[str]) -> list[dict]:
    return [{"title": _("Recipes won"), "items": [f"{names[s]}: {len(w)}" for s, w in enumerate(obs["won"])]}]

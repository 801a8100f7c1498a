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
from .words import DECK_NAMES, ingredient_name

MODE = "pads"
# The wok's analysis the rules hand every seat (bots use it): on a phone it would
# let a scripted page slap complete recipes faster than any eye. Players read the wok.
ANALYSIS = ("counts", "touching", "complete", "wokup_ready")


def trim(obs: dict) -> dict:
    return {k: v for k, v in obs.items() if k not in ANALYSIS}


def pads(obs: dict, seat: int, names: list[str]) -> list[dict]:
    decks = data.decks_and_cards()[0]
    out = []
    for d, deck in enumerate(decks):
        name = _(DECK_NAMES.get(deck.id, deck.name))
        pad = {"control": f"deck{d}", "label": name, "live": obs["face_up"][d] is not None, "colour": deck.colour}
        pad["pic"] = f"wokup.back.{deck.id}"
        if obs["face_up"][d] is not None:  # the recipe as it lies on the table: its pictograms and sign
            marks, sign = face(obs["face_up"][d])
            pad.update(marks=marks, sign=sign)
            pad["alt"] = " ".join([name + ":"] + [ingredient_name(m.split(".", 1)[1]) for m in marks] + [sign])
        out.append(pad)
    return out


def face(card_id: str) -> tuple[list[str], str]:
    """A face-up recipe as the TV draws it (scene/art.py card_face): its ingredients'
    pictures and its one sign, no words to read."""
    card = data.card_by_id()[card_id]
    if card.kind == "all_four":
        return [f"wokup.{i}" for i in card.ingredients], ""
    if card.kind in ("trio", "at_least"):
        return [f"wokup.{card.ingredient}"], "2·3·4" if card.kind == "trio" else f"{card.n}+"
    if card.kind == "touching":
        return [], f"×{card.n}"
    if card.kind == "equal":
        return [f"wokup.{i}" for i in card.ingredients], "="
    return [f"wokup.{card.ingredient}"], "? ="  # equal_any: any other single ingredient


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

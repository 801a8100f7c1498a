"""Relleno on a phone: your hand as cards (time, what each gives, its points),
the recipe book, the day's order once the time cards are revealed, your
points. A time card is chosen by touching it (early arrivals picked first, each
touched, ticked); a fill by touching the book's recipe, then the cards that fill it
(game/web/views.py). Simultaneous secret time cards need nothing more: every
seat still to choose gets its own cards to touch, and its choice stays hidden
until all are in.

Everything here reads the seat's observation only.
"""

from __future__ import annotations

from typing import Any

from game import i18n
from game.engine.phone import control as drawn_control
from game.engine.phone import hex_colour, item
from game.i18n import _
from game.media.palettes import SEAT_COLOURS

from .data import Card, content
from .words import ability_name, card_name, clock, filling_name, point_name


def _card(key: str, card: Card) -> dict:
    """A card as the table draws it: its time, the fillings it gives, its point symbols."""
    time = clock(card.time) if card.time is not None else _("Early arrival")
    gives = [filling_name(f) for f in card.provides]
    needs = [filling_name(f) for f in card.requires]
    points = [point_name(p) for p in card.points]
    lines = [time]
    ability = ability_name(card.ability)
    if ability:
        lines.append(ability)
    alt = [card_name(card.id), time, _("gives {fillings}").format(fillings=i18n.names(gives))]
    if needs:
        alt.append(_("needs {fillings}").format(fillings=i18n.names(needs)))
    if points:
        alt.append(i18n.names(points))
    if ability:
        alt.append(ability)
    colour = hex_colour(SEAT_COLOURS[card.colour]) if card.colour in SEAT_COLOURS else ""
    marks = [f"relleno.{f}" for f in card.provides] + [f"relleno.{p}" for p in card.points]
    return item(key, ", ".join(alt), f"relleno.{card.provides[0]}", card_name(card.id), lines, colour, marks)


def _recipe(key: str, card: Card) -> dict:
    """A book recipe: what filling it needs (its marks), its name, its points."""
    shown = _card(key, card)
    shown["pic"] = "relleno.time_card" if not card.requires else f"relleno.{card.requires[0]}"
    shown["marks"] = [f"relleno.{f}" for f in card.requires] + [f"relleno.{p}" for p in card.points]
    return shown


def group(a: dict, obs: dict, seat: int, names: list[str]) -> str:
    """A fill's steps under one heading (the cards picked so far named), restocks
    under another: a ten-card hand gives ten cards to pick beside five restocks."""
    if a["type"] in ("pick", "unpick", "cancel") and obs["phase"] == "choose":
        return ""  # early arrivals picked for the time card: beside it, under no heading
    if a["type"] in ("pick", "unpick", "cancel", "fill"):
        picked = obs.get("picked") or []
        if picked:
            return _("Fill a recipe with: {cards}").format(cards=i18n.names(card_name(c) for c in picked))
        return _("Fill a recipe: pick its cards")
    if a["type"] == "restock":
        return _("Restock and reserve")
    return ""


def panels(obs: dict, seat: int, names: list[str]) -> list[dict[str, Any]]:
    cards = content().cards
    picked = set(obs.get("picked") or [])  # the cards picked for a fill (or early arrivals) so far, ticked
    hand = [_card(f"hand:{c}", cards[c]) for c in obs["hand"]]
    for shown, c in zip(hand, obs["hand"]):
        if c in picked:
            shown["text"], shown["alt"] = "✓ " + shown["text"], _("picked") + ": " + shown["alt"]
    out: list[dict[str, Any]] = [{"title": _("Your hand"), "kind": "cards", "items": hand if hand else [_("empty")]}]
    if obs["phase"] == "bonus" and obs["just_played"]:  # a bonus fill takes these, not the hand
        played = [_card(f"played:{c}", cards[c]) for c in obs["just_played"]]
        out.append({"title": _("Just played"), "kind": "cards", "items": played})
    if obs["book"]:
        book = [_recipe(f"book:{r}", cards[r]) for r in obs["book"]]
        out.append({"title": _("Recipe book"), "kind": "cards", "items": book})
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


def path(a: dict, obs: dict, seat: int, names: list[str]) -> list[str]:
    kind = a["type"]
    if kind == "time_card":  # its early arrivals are picked first
        return [f"hand:{a['card']}"]
    if kind in ("pick", "unpick"):  # cards touched one at a time (game/engine/picking.py)
        return [f"hand:{a['card']}"]
    if kind in ("fill", "bonus_fill"):  # the picked cards (or the ones just played): the recipe they fill
        return [f"book:{a['recipe']}"]
    if kind == "restock" and "reserve" in a:
        return [f"book:{a['reserve']}"]
    if kind == "remove" and a["card"] in obs["hand"]:
        return [f"hand:{a['card']}"]  # a card in the discard pile: its own card (`control`)
    return []


def control(a: dict, obs: dict, seat: int, names: list[str], label: str) -> dict:
    """What a choice without a card in the hand or the book is touched as: a restock is
    the deck's back (the discard pile goes back into the hand), a removal from the
    discard pile that card, a skipped bonus fill the page's skip control."""
    kind = a["type"]
    if kind == "restock":
        return drawn_control(a, label, "relleno.back")
    if kind == "remove":
        shown = _card("", content().cards[a["card"]])
        shown["alt"] = f"{label}: {shown['alt']}"
        return shown
    return drawn_control(a, label)

"""Cheater Chefs on a phone: your order and hand, every choice as a button
grouped by the card or verb it starts from (game/web/views.py). The buttons'
words are the rules' labels (words.py).

Everything here reads the seat's observation only.
"""

from __future__ import annotations

from game import i18n
from game.i18n import _

from .data import content
from .words import VERBS, card_name, words


def group(a: dict, obs: dict, seat: int, names: list[str]) -> str:
    if a["type"] in ("pick", "unpick", "cancel", "discard_hand"):  # a discard, chosen card by card
        picked = obs.get("picked") or []
        if picked:
            return _("Discard from hand: {cards}").format(cards=i18n.names(card_name(c) for c in picked))
        return _(VERBS["discard_hand"])
    if a["type"] != "play":
        return _(VERBS[a["type"]])
    if content().effect(a["card"]) is None:
        return _("Ingredients")
    return _("Aim {card}:").format(card=card_name(a["card"]))


def panels(obs: dict, seat: int, names: list[str]) -> list[dict]:
    data = content()
    order = data.orders[obs["order"]]
    title = (
        _("Anti-order: avoid these") if obs["anti_order"] else _("Your order: {dish}").format(dish=words(order, "name"))
    )
    counter = [card_name(c["card"]) + (" ☠" if c["poison"] else "") for c in obs["counters"][seat]]
    return [
        {"title": title, "items": [card_name(i) for i in order["ingredients"]]},
        {"title": _("Your hand"), "items": [card_name(c) for c in obs["hand"]]},
        {"title": _("Your counter"), "items": counter or [_("empty")]},
    ]

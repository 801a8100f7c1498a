"""Cheater Chefs on a phone: your order, your hand and every counter as cards
(game/web/views.py). Playing is touching: an ingredient card, or a trap and
then the counter card (or the chef) it hits; your own counter card, then what
to do with it; "Discard", then the cards to throw. The tray's words are the
rules' labels (words.py).

Everything here reads the seat's observation only.
"""

from __future__ import annotations

from typing import Any

from game import i18n
from game.engine.phone import hex_colour, item
from game.i18n import _

from .data import content
from .words import VERBS, card_name, words

DISCARD = "verb:discard_hand"


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


def _card(key: str, card: str, poison: bool = False) -> dict:
    data = content()
    entry = data.ingredients.get(card)
    # the TV's colours only (checked for colour-blind eyes); a trap has none
    colour = hex_colour(entry["colour"]) if entry is not None else ""
    name = card_name(card)
    if entry is None:
        lines = [words(data.traps[card], "text")]
    else:
        lines = [_(entry["short"])]  # the corner tag the TV draws for players who cannot tell the colours apart
    marks = ["cheaterchefs.poison"] if poison else []
    alt = name + (", " + _("poisoned") if poison else "")
    return item(key, alt, f"cheaterchefs.{card}", name, lines if entry is not None else [], colour, marks)


def panels(obs: dict, seat: int, names: list[str]) -> list[dict[str, Any]]:
    order = content().orders[obs["order"]]
    title = (
        _("Anti-order: avoid these") if obs["anti_order"] else _("Your order: {dish}").format(dish=words(order, "name"))
    )
    hand = [_card(f"hand:{i}", c) for i, c in enumerate(obs["hand"])]
    picked = list(obs.get("picked") or [])
    for shown, c in zip(hand, obs["hand"]):  # the first copies of a card are the picked ones, ticked
        if c in picked:
            picked.remove(c)
            shown["text"], shown["alt"] = "✓ " + shown["text"], _("picked") + ": " + shown["alt"]
    if obs["hand"]:
        hand.append(item(DISCARD, _(VERBS["discard_hand"]), "cheaterchefs.back.kitchen", _(VERBS["discard_hand"])))
    out: list[dict[str, Any]] = [
        {
            "title": title,
            "kind": "cards",
            "items": [_card(f"order:{i}", c) for i, c in enumerate(order["ingredients"])],
        },
        {"title": _("Your hand"), "kind": "cards", "items": hand if hand else [_("empty")]},
    ]
    for s in [seat] + [s for s in range(len(obs["counters"])) if s != seat]:
        counter = [_card(f"counter:{s}:{p}", c["card"], c["poison"]) for p, c in enumerate(obs["counters"][s])]
        chef = item(f"seat:{s}", _("{name}'s hand: {n} cards").format(name=names[s], n=obs["hand_sizes"][s]))
        chef["text"], chef["lines"] = names[s], [str(obs["hand_sizes"][s])]
        title = _("Your counter") if s == seat else _("{name}'s counter").format(name=names[s])
        out.append({"title": title, "kind": "cards", "items": ([] if s == seat else [chef]) + counter})
    return out


def path(a: dict, obs: dict, seat: int, names: list[str]) -> list[str]:
    kind, hand = a["type"], obs["hand"]
    if kind == "play":
        keys = [f"hand:{hand.index(a['card'])}"]
        if "mine" in a:
            keys.append(f"counter:{seat}:{a['mine']}")
        if "pos" in a:
            keys.append(f"counter:{a['seat']}:{a['pos']}")
        elif "seat" in a:
            keys.append(f"seat:{a['seat']}")
        return keys
    if kind in ("pick", "unpick"):  # a discard's cards, touched one at a time (game/engine/picking.py)
        copies = [i for i, c in enumerate(hand) if c == a["card"]]
        n = (obs.get("picked") or []).count(a["card"])  # the first n copies are the picked ones
        return [f"hand:{copies[n if kind == 'pick' else n - 1]}"]
    if kind == "discard_hand":  # the cards are picked: throw them
        return [DISCARD]
    if kind in ("swap", "move", "discard_ingredient"):
        return [f"counter:{seat}:{a['pos']}"]
    return []

"""Cheater Chefs in words: card names in the arcade's language, what choosing an
action would do (`label`, for a list row or a phone's button) and what a seat
did (`describe`). Pure: the scene, the history and the phones say it the same way."""

from __future__ import annotations

from game import i18n
from game.i18n import N_, _, ngettext

from .data import content

VERBS = {
    "discard_hand": N_("Discard from hand"),
    "swap": N_("Swap with a neighbour"),
    "move": N_("Move a counter card"),
    "discard_ingredient": N_("Bin a counter card"),
    "pass": N_("Pass (nothing else is possible)"),
}


def words(entry: dict, key: str) -> str:
    """A card's words in the arcade's language (the data file lists them in
    `translate`, so they are in the game's catalogues)."""
    return _(entry[key])


def card_name(card: str) -> str:
    data = content()
    if card in data.ingredients:
        return words(data.ingredients[card], "name")
    return words(data.traps[card], "title")


def hand_label(card: str, hand: list[str]) -> str:
    count = hand.count(card)
    return card_name(card) + (f" ×{count}" if count > 1 else "")


def label(state, seat: int, a: dict, names: list[str]) -> str:
    """What choosing the legal action `a` would do, before it is done."""
    counters = state.counters
    kind = a["type"]
    if kind == "discard_hand":
        return _("Discard {cards}").format(cards=i18n.names(card_name(c) for c in a["cards"]))
    if kind == "pick":
        return _("Add {card} to the discard").format(card=card_name(a["card"]))
    if kind == "unpick":
        return _("Keep {card}").format(card=card_name(a["card"]))
    if kind == "cancel":
        return _("Discard nothing")
    if kind == "move":
        return _("Move {card}: place {a} to {b}").format(
            card=card_name(counters[seat][a["pos"]]["card"]), a=a["pos"] + 1, b=a["to"] + 1
        )
    if kind == "discard_ingredient":
        return _("Throw away {card} (place {n})").format(
            card=card_name(counters[seat][a["pos"]]["card"]), n=a["pos"] + 1
        )
    if kind == "swap":
        other = state.neighbour(seat, a["side"])
        pos = state.swap_target(seat, a["side"])
        return _("Give {mine}, take {name}'s {card}").format(
            mine=card_name(counters[seat][a["pos"]]["card"]),
            name=names[other],
            card=card_name(counters[other][pos]["card"]),
        )
    if kind == "pass":
        return _(VERBS["pass"])
    if "mine" in a:
        return _("Give {mine}, take {name}'s {card}").format(
            mine=card_name(counters[seat][a["mine"]]["card"]),
            name=names[a["seat"]],
            card=card_name(counters[a["seat"]][a["pos"]]["card"]),
        )
    if "pos" in a:
        return _("{name}'s {card} (place {n})").format(
            name=names[a["seat"]], card=card_name(counters[a["seat"]][a["pos"]]["card"]), n=a["pos"] + 1
        )
    if "seat" in a:
        return ngettext("{name}'s hand ({n} card)", "{name}'s hand ({n} cards)", len(state.hands[a["seat"]])).format(
            name=names[a["seat"]], n=len(state.hands[a["seat"]])
        )
    return _("Put {card} on your counter").format(card=card_name(a["card"]))


def describe(state, seat: int, a: dict, names: list[str]) -> str:
    """What `seat` just did (called on the state after the action, whose `last` tells what it touched)."""
    who = names[seat]
    kind = a["type"]
    if kind in ("pick", "unpick", "cancel"):  # which cards stays secret until they are discarded
        return _("{who} is choosing cards to discard").format(who=who)
    touched = [card_name(c) for c in state.last["ingredients"]]
    if kind == "play" and "seat" not in a:
        return _("{who} put {card} on the counter").format(who=who, card=touched[0])
    if kind == "play":
        effect = content().effect(a["card"])
        target = names[a["seat"]]
        if effect == "fire":
            return _("{who} set fire to {name}'s hand").format(who=who, name=target)
        if effect == "long_swap":
            return _("{who} swapped {given} for {name}'s {card}").format(
                who=who, given=touched[1], name=target, card=touched[0]
            )
        text = {
            "poison": N_("{who} poisoned {name}'s {card}"),
            "antidote": N_("{who} cured {name}'s {card}"),
            "steal": N_("{who} stole {name}'s {card}"),
            "knock_off": N_("{who} knocked {name}'s {card} off the counter"),
        }[effect or ""]
        return _(text).format(who=who, name=target, card=touched[0])
    if kind == "swap":
        other = names[state.neighbour(seat, a["side"])]
        return _("{who} swapped {given} for {name}'s {card}").format(
            who=who, given=touched[1], name=other, card=touched[0]
        )
    if kind == "discard_hand":
        return _("{who} discarded {cards}").format(who=who, cards=i18n.names(card_name(c) for c in a["cards"]))

    if kind == "move":
        return _("{who} moved {card}").format(who=who, card=touched[0])
    if kind == "discard_ingredient":
        return _("{who} threw away {card}").format(who=who, card=touched[0])
    return _("{who} could not act and passed").format(who=who)

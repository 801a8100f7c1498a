"""Relleno in words: card and filling names in the arcade's language, what
choosing an action would do (`label`, a list row or a phone's button) and what
a seat did (`describe`). Pure: the scene, the history and the phones say it the
same way. A time-card choice is never told until the reveal."""

from __future__ import annotations

from game import i18n
from game.i18n import N_, _, ngettext

from .data import content

ABILITIES = {
    "none": "",
    "bonus_fill": N_("Bonus fill"),
    "extra_restock": N_("Extra restock"),
    "bad_batch": N_("Bad batch"),
    "early_arrival": N_("Early arrival"),
}


def card_name(card: str) -> str:
    """A recipe's name in the arcade's language (recipes.toml lists `name` in
    `translate`); a chef's name is a name, the same everywhere."""
    return _(content().cards[card].name)


def filling_name(filling: str) -> str:
    return _(content().ingredients[filling]["name"])


def point_name(kind: str) -> str:
    return _(content().points[kind]["name"])


def ability_name(ability: str) -> str:
    text = ABILITIES[ability]
    return _(text) if text else ""


def clock(minutes: int) -> str:
    """A time written the local way: 7:49 in Spanish, 07:49 in German (an early arrival can reach 5:xx)."""
    return i18n.clock(minutes // 60, minutes % 60)


def _cards(cards: list[str]) -> str:
    return i18n.names(card_name(c) for c in cards)


def label(state, seat: int, a: dict, names: list[str]) -> str:
    """What choosing the legal action `a` would do, before it is done."""
    kind = a["type"]
    if kind == "time_card":
        card = content().cards[a["card"]]
        if card.time is None:
            return _("Reveal {card} alone: play last and restock").format(card=card_name(a["card"]))
        if not a["early"]:
            return _("Time card {card} ({time})").format(card=card_name(a["card"]), time=clock(card.time))
        n = len(a["early"])
        text = ngettext(
            "Time card {card} with {n} early arrival: {time}", "Time card {card} with {n} early arrivals: {time}", n
        )
        return text.format(card=card_name(a["card"]), n=n, time=clock(card.time - 60 * n))
    if kind == "fill":
        return _("Fill {recipe} with {cards}").format(recipe=card_name(a["recipe"]), cards=_cards(a["cards"]))
    if kind == "bonus_fill":
        return _("Bonus fill {recipe}").format(recipe=card_name(a["recipe"]))
    if kind == "pick":
        return _("Play {card}").format(card=card_name(a["card"]))
    if kind == "unpick":
        return _("Keep {card}").format(card=card_name(a["card"]))
    if kind == "cancel":
        return _("Play none of them")
    if kind == "restock":
        back = len(state.discards[seat])
        if "reserve" in a:
            return _("Restock: {n} back in hand, reserve {recipe}").format(n=back, recipe=card_name(a["reserve"]))
        return _("Restock: {n} back in hand").format(n=back)
    if kind == "skip_bonus":
        return _("No bonus fill")
    return _("Remove {card} from the game").format(card=card_name(a["card"]))


def describe(state, seat: int, a: dict, names: list[str]) -> str:
    """What `seat` just did (called on the state after the action; `state.last` tells what came of it)."""
    who, last = names[seat], state.last or {}
    kind = a["type"]
    if kind == "time_card":
        if state.order:  # this choice was the last one: everything is revealed
            return _("{who} chose a time card; all are revealed: {order}").format(
                who=who, order=", ".join(names[s] for s in state.order)
            )
        return _("{who} chose a time card").format(who=who)
    if kind in ("pick", "unpick", "cancel"):
        if state.phase == "choose":  # an early arrival picked for a time card: which stays secret
            return _("{who} is choosing a time card").format(who=who)
        return _("{who} is choosing cards to play").format(who=who)
    if kind in ("fill", "bonus_fill"):
        text = N_("{who} filled {recipe} with {cards}") if kind == "fill" else N_("{who} bonus-filled {recipe}")
        line = _(text).format(who=who, recipe=card_name(a["recipe"]), cards=_cards(last.get("cards", [])))
        if "restocked" in last:
            line += _(", then restocked: {n} back in hand").format(n=last["restocked"])
        return line
    if kind == "restock":
        line = _("{who} restocked: {n} back in hand").format(who=who, n=last.get("restocked", 0))
        if "reserve" in a:
            line += _(", reserved {recipe}").format(recipe=card_name(a["reserve"]))
        return line
    if kind == "skip_bonus":
        return _("{who} passed on the bonus fill").format(who=who)
    return _("{who} removed {card} from the game").format(who=who, card=card_name(a["card"]))

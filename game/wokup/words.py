"""Wok Up in words: deck names, what a group of claims came to, and what a seat
or the table did (the rules' `describe`). Pure: the scene's banner, the history
and the phones say it the same way."""

from __future__ import annotations

from game.engine import SYSTEM
from game.i18n import N_, _

from . import data

DECK_NAMES = {
    "trio": N_("Trio"),
    "plenty": N_("Plenty"),
    "medley": N_("Medley"),
    "edge": N_("Edge"),
    "twins": N_("Twins"),
}


# The bot levels in words (bots.toml has the numbers; DESIGN.md what a newcomer wins).
LEVEL_NOTES = {
    "random": N_("slaps at random and sees nothing: a toy"),
    "gentle": N_("for a first game: about 2 s to react, misses one card in three"),
    "relaxed": N_("a casual player: about 1.6 s, misses one card in five"),
    "normal": N_("a regular: about 1.2 s, seldom misses"),
    "sharp": N_("a practised player: about 1 s, hardly ever wrong"),
}

INGREDIENT_NAMES = {
    "chili": N_("chili"),
    "mushroom": N_("mushroom"),
    "fish": N_("fish"),
    "meat": N_("meat"),
    "broccoli": N_("broccoli"),
}


def ingredient_name(ingredient: str) -> str:
    return _(INGREDIENT_NAMES.get(ingredient, ingredient))


def why_text(why: dict) -> str:
    """Why a claim was wrong, from recipes.shortfall: what was asked, what the wok held."""
    kind, ing = why["kind"], ingredient_name(why.get("ingredient") or "")
    if kind == "wokup":
        return _("Wok'up! needs 10 pictures of one ingredient: at most {have} ({ing})").format(
            have=why["have"], ing=ing
        )
    if kind == "trio":
        missing = ", ".join(map(str, why["missing"]))
        return _("Trio of {ing}: no token showing {missing} {ing}").format(ing=ing, missing=missing)
    if kind == "at_least":
        return _("{need} {ing} pictures needed, the wok shows {have}").format(
            need=why["need"], ing=ing, have=why["have"]
        )
    if kind == "all_four":
        missing = ", ".join(ingredient_name(i) for i in why["missing"])
        return _("no {missing} in the wok").format(missing=missing)
    if kind == "touching":
        return _("{need} tokens must touch a card, {have} do").format(need=why["need"], have=why["have"])
    if kind == "equal":
        (a, na), (b, nb) = why["counts"].items()
        if na == 0:
            return _("no {ing} in the wok").format(ing=ingredient_name(a))
        return _("{na} {a} and {nb} {b}: not equal").format(na=na, a=ingredient_name(a), nb=nb, b=ingredient_name(b))
    if why["have"] == 0:
        return _("no {ing} in the wok").format(ing=ing)
    return _("{have} {ing}: no other ingredient shows as many").format(have=why["have"], ing=ing)


def deck_name(deck: int) -> str:
    return _(DECK_NAMES[data.decks_and_cards()[0][deck].id])


def claim_lines(last: dict, names: list[str]) -> list[tuple[str, int, str]]:
    """What a resolved group of claims came to: (text, seat, "won" | "wrong" | "covered")."""
    lines = []
    for c in last["claims"]:
        name = names[c["seat"]]
        if c["result"] == "won" and c["type"] == "wokup":
            lines.append((_("{name}: Wok'up! Take any recipe").format(name=name), c["seat"], "won"))
        elif c["result"] == "won":
            lines.append(
                (_("{name} wins the {deck} recipe").format(name=name, deck=deck_name(c["deck"])), c["seat"], "won")
            )
        elif c["result"] in ("wrong", "wrong-gives"):
            text = (
                _("{name}: wrong Wok'up!, out this round")
                if c["type"] == "wokup"
                else _("{name}: wrong slap, out this round")
            )
            lines.append((text.format(name=name), c["seat"], "wrong"))
            if "why" in c:  # saves from before the reason was kept have none
                lines.append((why_text(c["why"]), c["seat"], "wrong"))
    for seat, _card in last["won"]:
        if not any(c["result"] == "won" and c["seat"] == seat for c in last["claims"]):
            lines.append((_("{name} gets the covered card").format(name=names[seat]), seat, "covered"))
    return lines


def closest(last: dict) -> tuple[dict, dict] | None:
    """The first winning claim of a decided group and the next claim of another seat on
    the same prize (any claim for a Wok'up!); None when nobody else claimed it."""
    won = [c for c in last["claims"] if c["result"] == "won"]
    if not won:
        return None
    first = min(won, key=lambda c: c["t"])
    same = [c for c in last["claims"] if c is not first and c["seat"] != first["seat"]]
    rivals = [c for c in same if first["type"] == "wokup" or c.get("deck") == first.get("deck")]
    return (first, min(rivals, key=lambda c: c["t"])) if rivals else None


def margin_ns(last: dict) -> int | None:
    """How far ahead a decided claim was, in ns from the press times (see `closest`)."""
    pair = closest(last)
    return pair[1]["t"] - pair[0]["t"] if pair else None


def margin_text(last: dict) -> str:
    """How close a decided claim was: "by 12 ms", "" when nobody else claimed."""
    ns = margin_ns(last)
    if ns is None:
        return ""
    ms = round(ns / 1e6)
    return _("by {ms} ms").format(ms=ms) if ms > 0 else _("a tie, drawn by lot")


def describe(state, seat: int, action: dict, names: list[str]) -> str:
    """What a seat or the table just did (called on the state after the action)."""
    kind = action["type"]
    if seat == SYSTEM:
        if kind == "signal":
            throwers = " & ".join(names[s] for s, _tok in state.flight)
            return _("Throw! {names}").format(names=throwers)
        if kind == "settle":
            return _("The wok has settled")
        if kind == "clear":
            return _("Nobody can throw: the tokens go back, a new round")
        if kind == "resolve":  # with the margin, as the table announced it: the history and replays keep it
            lines = [text for text, _s, _r in claim_lines(state.last, names)]
            margin = margin_text(state.last)
            if margin and lines:
                lines[0] = f"{lines[0]} ({margin})"
            return "; ".join(lines) or _("No claim counted")
        if kind == "pause":
            return _("The table is paused")
        if kind == "resume":
            return _("The table goes on")
        return _("Time is up: the table picks the {deck} deck").format(deck=deck_name(action["deck"]))
    name = names[seat]
    if kind == "slap":
        return _("{name} slapped the {deck} recipe").format(name=name, deck=deck_name(action["deck"]))
    if kind == "wokup":
        return _("{name} shouted Wok'up!").format(name=name)
    if kind == "pass":
        return _("{name} sees nothing to claim").format(name=name)
    if kind == "take":
        return _("{name} took the {deck} recipe").format(name=name, deck=deck_name(action["deck"]))
    return _("{name} turned the {deck} deck").format(name=name, deck=deck_name(action["deck"]))

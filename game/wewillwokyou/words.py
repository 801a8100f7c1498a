"""We Will Wok You in words: ingredient tags and names, what a Wok card says, and
what a seat did (the rules' `describe`). Pure: the scene, the history and the
phones all say it the same way."""

from __future__ import annotations

from game import i18n
from game.i18n import N_, _

from .data import content

# Two-letter tag (for players who cannot tell the colours apart; translated, as
# the names are: each language's tags are told apart, tests/wewillwokyou/test_words.py), short name.
INGREDIENT_WORDS = {
    "tuna": (N_("Tu"), N_("Tuna")),
    "broccoli": (N_("Br"), N_("Broccoli")),
    "carrot": (N_("Ca"), N_("Carrot")),
    "chicken": (N_("Ch"), N_("Chicken")),
    "prawn": (N_("Pr"), N_("Prawn")),
    "octopus": (N_("Oc"), N_("Octopus")),
}
WOK_KIND = {
    "independent": N_("Lidded wok"),
    "group": N_("Group wok"),
    "hard": N_("Hard wok"),
    "experimental": N_("Experimental"),
    "alternative": N_("Alternative"),
    "free": N_("Free wok"),
    "concert": N_("Concert"),
    "double_man": N_("Double man"),
    "mighty_man": N_("All-powerful"),
    "changing_man": N_("Changing man"),
}
ROW_NAMES = "ABCD"
SYMBOL_WORDS = {
    "cookie": N_("cookie"),
    "spoon": N_("spoon"),
    "bowl": N_("bowl"),
    "chopsticks": N_("chopsticks"),
    "star": N_("star"),
}


def tag(ingredient: str) -> str:
    return _(INGREDIENT_WORDS[ingredient][0])


def wok_lines(wok: dict) -> tuple[str, str, str]:
    """What a Wok card says: its kind, what it takes, and its points."""
    kind = wok["kind"]
    points = "" if wok["points"] is None else f"{wok['points']}"
    if kind == "group":
        detail = " ".join(f"{n}{tag(i)}" for i, n in wok["recipe"].items())
    elif kind == "hard":
        detail = _("each {k} alike").format(k=wok["series"])
    elif kind == "concert":
        detail = "  ".join(f"{s['count']}{tag(s['ingredient'])}x{s['points']}" for s in wok["slots"])
    else:
        detail = _(
            {
                "independent": N_("no ingredients"),
                "experimental": N_("per card"),
                "alternative": N_("per hand card"),
                "free": N_("per blank card"),
                "double_man": N_("swaps a concert"),
                "mighty_man": N_("any red card"),
                "changing_man": N_("new ingredient"),
            }[kind]
        )
    return _(WOK_KIND[kind]), detail, points


def cards_text(cards: list[int]) -> str:
    """Ingredient cards in words, counted: "2 Chicken, 1 Tuna"."""
    counts: dict[str, int] = {}
    for c in cards:
        ing = content().cards[c].ingredient
        counts[ing] = counts.get(ing, 0) + 1
    return ", ".join(f"{n} {_(INGREDIENT_WORDS[i][1])}" for i, n in counts.items())


def card_text(c: int) -> str:
    """An ingredient card in full words: its ingredient and the symbols it shows."""
    entry = content().cards[c]
    name = _(INGREDIENT_WORDS[entry.ingredient][1])
    shown = " ".join(_(SYMBOL_WORDS[s]) for s in entry.symbols)
    return f"{name} ({shown})" if shown else name


def wok_text(w: int) -> str:
    """A Wok card in full words: its kind, a group wok's recipe, its points."""
    entry = content().woks[w]
    kind = _(WOK_KIND[entry["kind"]])
    if entry["kind"] == "group":
        kind += " " + " ".join(f"{n} {_(INGREDIENT_WORDS[i][1])}" for i, n in entry["recipe"].items())
    return kind if entry.get("points") is None else _("{wok}, {points} points").format(wok=kind, points=entry["points"])


def label(state, seat: int, action: dict, names: list[str]) -> str:
    """What choosing the legal `action` would do (a button, a list row)."""
    kind = action["type"]
    if kind == "coin":
        return _("Take a coin from line {n}").format(n=action["line"] + 1)
    if kind == "buy":
        row = action["row"]
        return _("Buy row {row} for {price}: {cards}").format(
            row=ROW_NAMES[row], price=state.price(row), cards=i18n.names(card_text(c) for c in state.rows[row])
        )
    if kind == "lay":
        return _("Lay {card}").format(card=card_text(action["card"]))
    if kind == "choose":
        return _("Take {wok}").format(wok=wok_text(action["wok"]))
    return _({"take_wok": N_("Take a Wok card"), "cancel": N_("Cancel"), "pass": N_("Pass")}[kind])


def describe(state, seat: int, action: dict, names: list[str]) -> str:
    """What `seat` just did (called on the state after the action)."""
    name, kind = names[seat], action["type"]
    done = state.recent[-1] if state.recent and state.recent[-1]["seat"] == seat else None
    if kind == "coin":
        return _("{name} took a coin from line {n}").format(name=name, n=action["line"] + 1)
    if kind == "buy" and done:
        return _("{name} bought row {row} for {price}: {cards}").format(
            name=name, row=ROW_NAMES[done["row"]], price=done["price"], cards=cards_text(done["cards"])
        )
    if kind == "choose" and done:
        return _("{name} took a {wok}, laying {n} cards").format(
            name=name, wok=wok_lines(content().woks[done["wok"]])[0], n=len(done["cards"])
        )
    if kind == "take_wok":
        return _("{name} starts laying cards for a Wok card").format(name=name)
    if kind == "lay":
        return _("{name} laid {card}").format(name=name, card=cards_text([action["card"]]))
    if kind == "cancel":
        return _("{name} took the laid cards back").format(name=name)
    return _("{name} passed").format(name=name)

"""Yatai in words: what choosing an action would do (`label`, a list row or a phone's
button) and what a seat did (`describe`, the history and the last-move line). Pure:
the scene, the history and the phones say it the same way."""

from __future__ import annotations

from game import i18n
from game.i18n import N_, _, ngettext

from .data import content
from .grid import ARROWS

COLOURS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow")}
DISHES = {"ramen": N_("ramen"), "yakitori": N_("yakitori"), "gyoza": N_("gyoza"), "ebi_tempura": N_("ebi tempura")}
REVIEWS = {
    "service": N_("service"),
    "atmosphere": N_("atmosphere"),
    "price": N_("price"),
    "cleanliness": N_("cleanliness"),
}
TOKENS = {
    "taiyaki": N_("taiyaki"),
    "doggy_bag": N_("doggy bag"),
    "garbage": N_("garbage"),
    "urgent_call": N_("urgent call"),
}
BONUSES = {
    "menu": N_("a new dish on the menu"),
    "fridge": N_("a bigger fridge"),
    "stove": N_("a bigger stove"),
    "double": N_("a second guest"),
    "influencer": N_("the influencer"),
    "special": N_("a special token"),
    "review": N_("reviews"),
}
# What a reputation board space gives the guest seated there (its legend, on hover and focus).
BONUS_EFFECTS = {
    "menu": N_("Add one more dish to your menu: +2 points"),
    "fridge": N_("Your fridge holds three drinks: +2 points"),
    "stove": N_("Your stove holds three dishes: +2 points"),
    "double": N_("Take a guest of your choice from the bag and seat them too"),
    "influencer": N_("The influencer comes: move your reviews up"),
    "special": N_("Take a special token from the supply"),
    "review": N_("Move a review up: {tracks} (for a tourist, two steps)"),
}
ACTIONS = {
    "customers": N_("guests"),
    "cook": N_("cook"),
    "drinks": N_("drinks"),
    "recycle": N_("recycle"),
    "serve": N_("serve"),
}


def dish(colour: str | None) -> str:
    if colour is None:
        return _("a taiyaki")
    return _(DISHES[content().dishes[colour]])


def guest(kind: str) -> str:
    if kind == "tourist":
        return _("a tourist")
    return _("a {colour} customer").format(colour=_(COLOURS[kind]))


def drinks(colours: list[str]) -> str:
    if not colours:
        return _("no drink")
    return " + ".join(_("{colour} drink").format(colour=_(COLOURS[c])) for c in colours)


# The picture on an action tile's face, on the TV (scene/art.py) and on a phone (phone.py).
TILE_ICONS = {
    "customers": "yatai.customer.blue",
    "cook": "yatai.ramen",
    "drinks": "yatai.drink",
    "recycle": "yatai.bottle",
    "serve": "yatai.gyoza",
}


def tile(number: int) -> str:
    """An action tile in words: "serve with 2 drinks", "cook 1"."""
    t = content().tiles[number]
    if t["action"] == "serve":
        return ngettext("serve with {n} drink", "serve with {n} drinks", t["count"]).format(n=t["count"])
    if t["action"] == "recycle":
        return _(ACTIONS["recycle"])
    return f"{_(ACTIONS[t['action']])} {t['count']}"


def arrow(number: int) -> str:
    kind, index = ARROWS[number]
    if kind == "col":
        return _("column {n} from the top").format(n=index + 1)
    return _("row {n} from the left").format(n=index + 1)


def space(index: int) -> str:
    data = content()
    row, col = divmod(index, data.cols)
    entry = data.spaces[index]
    what = _(BONUSES[entry["bonus"]])
    if entry["reviews"]:
        what += " (" + i18n.names(_(REVIEWS[r]) for r in entry["reviews"]) + ")"
    return _("row {r} column {c}: {bonus}").format(r=row + 1, c=col + 1, bonus=what)


def legend(index: int) -> tuple[str, str, str]:
    """A board space explained: its bonus, what it gives, and the red edge's rule ("" if not red)."""
    entry = content().spaces[index]
    bonus = entry["bonus"]
    effect = _(BONUS_EFFECTS[bonus])
    if bonus == "review":
        effect = effect.format(tracks=", ".join(_(REVIEWS[r]) for r in entry["reviews"]))
    red = _("Red edge: never the first guest's seat") if entry["red"] else ""
    return _(BONUSES[bonus]).capitalize(), effect, red


def choice_prompt(obs: dict) -> str | None:
    """What the seat to act chooses now, in words the TV and the phones share; None where
    the table shows it instead (a guest to send or seat, a tile to slide, the line to run)."""
    if obs["pending"]:
        choice = obs["pending"][0]
        kind = choice["kind"]
        if kind == "review":
            if choice["sign"] < 0:
                return _("Move a review down ({n} left)").format(n=choice["steps"])
            return _("Move a review up ({n} left)").format(n=choice["steps"])
        return {
            "menu": _("Add a dish to your menu"),
            "pick": _("Take a guest of your choice from the bag"),
            "token": _("Take a special token"),
        }.get(kind)
    return {
        "menu": _("Choose the first dish of your menu"),
        "bottle": _("Choose the bottle for your recycling crate"),
        "queue": _("A guest waits in the last space: lose 2 reviews, or give a drink"),
        "extra": _("Extra turn: serve your waiting guests, or stop"),
    }.get(obs["phase"])


def label(state, seat: int, a: dict, names: list[str]) -> str:
    """What choosing the legal action `a` would do, before it is done."""
    kind = a["type"]
    chef = state.chefs[seat]
    if kind == "menu":
        return _("Put {dish} on your menu").format(dish=dish(a["dish"]))
    if kind == "bottle":
        return _("A {colour} bottle for your crate").format(colour=_(COLOURS[a["colour"]]))
    if kind == "penalty":
        return _("Lose 2 reviews; the guest goes back to the bag")
    if kind == "offer_drink":
        return _("Give the waiting guest a {colour} drink").format(colour=_(COLOURS[a["colour"]]))
    if kind == "taiyaki":
        return _("Give the waiting guest a taiyaki")
    if kind == "insert":
        return _("Slide {tile} into {arrow}").format(tile=tile(a["tile"]), arrow=arrow(a["arrow"]))
    if kind == "customers":
        return _("Draw guests from the bag")
    if kind == "cook":
        return _("Cook {dishes}").format(dishes=" + ".join(dish(d) for d in a["dishes"]))
    if kind == "drinks":
        return _("Put {drinks} in the fridge").format(drinks=drinks(a["colours"]))
    if kind == "recycle":
        return _("Recycle a bottle (+1 point)")
    if kind == "serve":
        served = None if a["taiyaki"] else chef["dishes"][0]
        return _("Serve {guest} {dish} and {drinks}").format(
            guest=guest(chef["queue"][0]), dish=dish(served), drinks=drinks(a["drinks"])
        )
    if kind in ("end", "stop"):
        return _("End your turn")
    if kind == "use":
        if a["token"] == "garbage":
            return _("Garbage: empty your recycling crate")
        if a["token"] == "doggy_bag":
            return _("Doggy bag: seat this guest anywhere")
        return _("Urgent call: swap places {a} and {b} of your queue").format(a=a["a"] + 1, b=a["b"] + 1)
    if kind in ("guest", "replace"):
        who = guest(state.pending[0]["guests"][a["guest"]])
        if kind == "replace":
            return _("{guest} takes the place of {name}'s {other}").format(
                guest=who, name=names[a["seat"]], other=guest(state.chefs[a["seat"]]["queue"][a["pos"]])
            )
        return _("{guest} joins {name}'s queue").format(guest=who, name=names[a["seat"]])
    if kind == "board":
        return _("Seat the guest on {space}").format(space=space(a["space"]))
    if kind == "review":
        sign = "+1" if state.pending[0]["sign"] > 0 else "-1"
        return f"{_(REVIEWS[a['track']]).capitalize()} {sign}"
    if kind == "pick":
        return _("Take {guest} from the bag").format(guest=guest(a["guest"]))
    return _("Take the {token} token").format(token=_(TOKENS[a["token"]]))


def describe(state, seat: int, a: dict, names: list[str]) -> str:
    """What `seat` just did (called on the state after the action; `last` tells what came of it)."""
    who, last, kind = names[seat], state.last, a["type"]
    if kind == "serve":
        return _("{who} served {guest} {dish} and {drinks}: +{points}").format(
            who=who,
            guest=guest(last["guest"]),
            dish=dish(last["dish"]),
            drinks=drinks(last["drinks"]),
            points=last["points"],
        )
    if kind == "customers":
        return _("{who} drew {guests}").format(who=who, guests=i18n.names(guest(g) for g in last["drawn"]))
    if kind == "penalty":
        return _("{who} lost 2 reviews: {guest} left").format(who=who, guest=guest(last["guest"]))
    if kind == "insert":
        return _("{who} slid {tile} into {arrow}").format(who=who, tile=tile(a["tile"]), arrow=arrow(a["arrow"]))
    if kind == "board":
        return _("{who} seated the guest: {bonus}").format(who=who, bonus=_(BONUSES[last["bonus"]]))
    if kind == "bottle":
        return _("{who} put a {colour} bottle in the crate").format(who=who, colour=_(COLOURS[a["colour"]]))
    return f"{who} {past(state, a, names)}"


def past(state, a: dict, names: list[str]) -> str:
    """The other moves after the fact, to follow the seat's name."""
    kind = a["type"]
    if kind == "replace":
        return _("put a tourist in place of {name}'s {other}").format(
            name=names[a["seat"]], other=guest(state.last["replaced"])
        )
    if kind == "guest":
        return _("sent a guest to {name}'s queue").format(name=names[a["seat"]])
    if kind == "review":
        text = N_("moved the {track} review up") if state.last["sign"] > 0 else N_("moved the {track} review down")
        return _(text).format(track=_(REVIEWS[a["track"]]))
    if kind in ("end", "stop"):
        return _("ended the turn")
    if kind == "cook":
        return _("cooked {dishes}").format(dishes=" + ".join(dish(d) for d in a["dishes"]))
    if kind == "drinks":
        return _("took {drinks}").format(drinks=drinks(a["colours"]))
    if kind == "recycle":
        return _("recycled a bottle (+1)")
    if kind == "offer_drink":
        return _("gave the waiting guest a {colour} drink").format(colour=_(COLOURS[a["colour"]]))
    if kind == "taiyaki":
        return _("gave the waiting guest a taiyaki")
    if kind == "use":
        return _("used the {token} token").format(token=_(TOKENS[a["token"]]))
    if kind == "pick":
        return _("took {guest} from the bag").format(guest=guest(a["guest"]))
    if kind == "take":
        return _("took the {token} token").format(token=_(TOKENS[a["token"]]))
    return _("put {dish} on the menu").format(dish=dish(a["dish"]))

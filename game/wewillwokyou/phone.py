"""We Will Wok You on a phone: the hand as cards with their symbols and stars,
the market's rows, the coin lines, the Wok cards on offer and yours
(game/web/views.py). Choosing is touching: a row to buy it, a coin line, the
Wok pile to start laying, then each card laid, then the Wok card to take; the
tray's words are the rules' labels.

Everything here reads the seat's observation only.
"""

from __future__ import annotations

from typing import Any

from game.engine.phone import hex_colour, item
from game.i18n import N_, _

from .colours import INGREDIENT_COLOUR
from .data import content
from .words import INGREDIENT_WORDS, card_text, wok_text


def group(action: dict, obs: dict, seat: int, names: list[str]) -> str:
    return _(
        {
            "coin": N_("Coins"),
            "buy": N_("Market"),
            "take_wok": N_("Wok cards"),
            "lay": N_("Lay cards showing four identical symbols (stars are wild)"),
            "choose": N_("Choose the Wok card to take"),
        }.get(action["type"], N_("Other"))
    )


def _card(key: str, c: int) -> dict:
    entry = content().cards[c]
    marks = [f"wewillwokyou.{sym}" for sym in entry.symbols]
    name = _(INGREDIENT_WORDS[entry.ingredient][1])
    colour = hex_colour(INGREDIENT_COLOUR[entry.ingredient])  # the TV's card colour (checked for colour-blind eyes)
    return item(key, card_text(c), f"wewillwokyou.{entry.ingredient}", name, (), colour, marks)


def _wok(key: str, w: int) -> dict:
    entry = content().woks[w]
    points = entry.get("points")
    lines = [str(points)] if points is not None else []
    return item(key, wok_text(w), f"wewillwokyou.wok.{entry['kind']}", "", lines)


def panels(obs: dict, seat: int, names: list[str]) -> list[dict[str, Any]]:
    me = obs["seats"][seat]
    hand = [_card(f"hand:{c}", c) for c in obs["hand"]]
    out: list[dict[str, Any]] = [
        {"title": _("Your hand"), "kind": "cards", "items": hand if hand else [_("No ingredients yet")]}
    ]
    if obs["pending"]:
        out.append(
            {"title": _("Laid"), "kind": "cards", "items": [_card(f"laid:{c}", c) for c in obs["pending"]["laid"]]}
        )
        if obs["offer"]:
            offer = [_wok(f"offer:{w}", w) for w in obs["offer"]]
            out.append({"title": _(N_("Choose the Wok card to take")), "kind": "cards", "items": offer})
    else:
        rows = []
        for r, row in enumerate(obs["rows"]):
            words = ", ".join(card_text(c) for c in row)
            shown = item(
                f"row:{r}", _("Market row {n}: {cards}").format(n=chr(ord("A") + r), cards=words or _("empty"))
            )
            shown["text"] = _("Row {n}").format(n=chr(ord("A") + r))
            shown["marks"] = [f"wewillwokyou.{content().cards[c].ingredient}" for c in row]
            shown["lines"] = [_("{n} cards").format(n=len(row))]
            rows.append(shown)
        coins = []
        for line, n in enumerate(obs["lines"]):
            shown = item(
                f"line:{line}", _("Coin line {line}: {n} coins").format(line=line + 1, n=n), "wewillwokyou.coin"
            )
            shown["text"], shown["lines"] = _("Line {n}").format(n=line + 1), [str(n)]
            coins.append(shown)
        woks = item("woks", _(N_("Wok cards")), "wewillwokyou.back.wok", _(N_("Wok cards")))
        out.append({"title": _(N_("Market")), "kind": "cards", "items": rows + coins + [woks]})
    won: list[dict | str] = [_wok(f"won:{w}", w) for w in me["woks"]]
    out.append({"title": _("Coins: {n}").format(n=me["coins"]), "kind": "cards", "items": won or [_("none")]})
    if obs["result"]:
        out.append({"title": _("Scores"), "items": [f"{names[s]}: {r['score']}" for s, r in enumerate(obs["result"])]})
    return out


def path(action: dict, obs: dict, seat: int, names: list[str]) -> list[str]:
    kind = action["type"]
    if kind == "coin":
        return [f"line:{action['line']}"]
    if kind == "buy":
        return [f"row:{action['row']}"]
    if kind == "take_wok":
        return ["woks"]
    if kind == "lay":
        return [f"hand:{action['card']}"]
    if kind == "choose":
        return [f"offer:{action['wok']}"]
    return []

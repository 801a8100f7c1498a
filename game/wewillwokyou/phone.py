"""We Will Wok You on a phone: the choices grouped, the hand, the coins and
Wok cards (game/web/views.py); the buttons' words are the rules' labels.

Everything here reads the seat's observation only.
"""

from __future__ import annotations

from game.i18n import N_, _

from .words import card_text, wok_text


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


def panels(obs: dict, seat: int, names: list[str]) -> list[dict]:
    me = obs["seats"][seat]
    out = [{"title": _("Your hand"), "items": [card_text(c) for c in obs["hand"]] or [_("No ingredients yet")]}]
    if obs["pending"]:
        out.append({"title": _("Laid"), "items": [card_text(c) for c in obs["pending"]["laid"]]})
    out.append({"title": _("Coins: {n}").format(n=me["coins"]), "items": [wok_text(w) for w in me["woks"]]})
    if obs["result"]:
        out.append({"title": _("Scores"), "items": [f"{names[s]}: {r['score']}" for s, r in enumerate(obs["result"])]})
    return out

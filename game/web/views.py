"""What a phone is shown: a pure function of the game state, for one seat.

`build_view(state, seat, names)` reads the state only through the contract's
per-seat calls (`observation(seat)`, `legal_actions(seat)`, `actors()`,
`is_over()`, `winners()`), and everything else in the view (button labels,
the hand and order panels) is made by the game's phone hook from that
observation alone, so a phone can be shown nothing its seat may not see.
Button words are the rules' own `label(seat, action, names)` and the "what
just happened" line the app's history (the rules' `describe`): the same
words as on the TV.

A game's hook is an optional module `game/<id>/phone.py` with any of:

    MODE = "turns"                       # or "pads": Wok Up's slap pad
    group(action, obs, seat, names) -> str          # a heading buttons are grouped under
    panels(obs, seat, names) -> [panel]             # hand, order, board (below)
    path(action, obs, seat, names) -> [item key]    # the items touched to choose it
    control(action, obs, seat, names, label) -> item # what to touch for an action with no path
    status(obs, seat, names) -> str                 # the headline ("" for the generic one)
    trim(obs) -> dict                               # leave out what a phone must not be handed
    pads(obs, seat, names) -> [{"control": str, "label": str, "live": bool}]

and whatever it leaves out is generic (see the functions below). A new game
needs nothing to be playable from a phone: its rules' `label` words the buttons.

The page draws panels with one generic renderer (static/app.js), so a game
describes what is on the phone as data:

    panel = {"title": str, "kind": "cards" | "grid" | "list" | "controls", "cols": int (grid),
             "items": [str | item]}
    item = {"key": str,              # unique in the view: what a path names
            "pic": picture id | "",  # assets/pictures/pictures.toml (served by /pictures/<game>.css)
            "alt": str,              # the text alternative: the rules' words, in the seat's language
            "text": str,             # the caption under the picture
            "lines": [str],          # small lines on the card (time, ingredients, stars)
            "colour": "#rrggbb" | "",  # the card's edge (the TV's colour)
            "marks": [picture id]}   # small pictures on the card (symbols, stars)

(`game.engine.phone.item` builds one.)

A legal action's path lists the item keys touched to choose it: first the
card played, then the rest in any order (the cards it takes, where it goes):
the page lifts each item touched, offers the actions whose path is complete.
An action the hook gives no path (a restock, a pass, a skip) gets a control item of
its own to touch (`control`, else a generic one: the page's icon for what it does
and the rules' words), in a panel under its group's heading; the page still draws an
action whose path names no drawn item as a labelled button. The choices are always the view's legal actions, so a rule
that splits a choice into steps changes only the paths.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from types import ModuleType

from .. import i18n
from ..engine.phone import control
from ..engine.state import SYSTEM, GameState
from ..i18n import N_, _
from . import hyphens, pictures

WORDS = {  # the page's own words, sent in its welcome (game/web/static/app.js)
    "connecting": N_("Connecting to the arcade…"),
    "joined": N_("You are in: the game starts on the TV."),
    "reconnecting": N_("Connection lost: reconnecting…"),
    "no-link": N_("Scan your seat's QR code on the TV to join."),
    "wrong-secret": N_("This link is not valid: scan your seat's QR code on the TV."),
    "old-game": N_("This link is from an earlier game: scan the new QR code on the TV."),
    "no-game": N_("No game is open to phones now: scan the QR code when the TV shows it."),
    "no-seat": N_("This seat has no phone link in this game."),
    "waiting": N_("This seat is already on another phone. Confirm the take-over on the TV."),
    "taken-over": N_("Another phone took over this seat."),
    "replaced": N_("This seat was opened again on this phone (another tab?)."),
    "takeover-refused": N_("The TV refused the take-over."),
    "new-game": N_("A new game started: scan the new QR code on the TV."),
    "closed": N_("The arcade closed the game."),
    "stale": N_("The table moved on: choose again."),
    "not-allowed": N_("Not allowed: {rule}"),
    "your-turn": N_("Your turn"),
    "wait": N_("Not your turn"),
    "game-over": N_("Game over"),
    "wokup": N_("Wok'up!"),
    "clock": N_("clock ±{ms} ms"),
    "clock-unsynced": N_("clock: syncing…"),
    "sent": N_("Sent…"),
    "put-back": N_("Put back"),
    "sound-on": N_("Sound on: tap to mute"),
    "sound-off": N_("Sound off: tap for sound"),
}


def page_words() -> dict[str, str]:
    """The page's words in the arcade's current language, and that language's code
    (the page's `lang`: a screen reader's voice, where words may be hyphenated)."""
    return {key: _(text) for key, text in WORDS.items()} | {"lang": i18n.language()}


@cache
def hook(game_id: str) -> ModuleType | None:
    """The game's phone hook module, or None."""
    name = f"game.{game_id}.phone"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    return importlib.import_module(name)


def _call(game_id: str, fn: str, default, *args):
    h = hook(game_id)
    f = getattr(h, fn, None) if h is not None else None
    return (f or default)(*args)


# ---- generic ways of showing a game, for what a hook leaves out ----------------------
def generic_group(action, obs: dict, seat: int, names: list[str]) -> str:
    return ""


def generic_panels(obs: dict, seat: int, names: list[str]) -> list[dict]:
    out = []
    for key, title in (("hand", N_("Your hand")), ("order", N_("Your order"))):
        value = obs.get(key)
        if value is not None:
            items = value if isinstance(value, list) else [value]
            out.append({"title": _(title), "items": [str(v) for v in items]})
    return out


def generic_path(action, obs: dict, seat: int, names: list[str]) -> list[str]:
    return []


def generic_pads(obs: dict, seat: int, names: list[str]) -> list[dict]:
    return [{"control": f"deck{d}", "label": str(d + 1), "live": True} for d in range(5)]


def mode(game_id: str) -> str:
    return getattr(hook(game_id), "MODE", "turns")


def build_view(state: GameState, seat: int, names: list[str], last: str = "") -> dict:
    """The seat's view; `last` is the last move in words (the app's history)."""
    gid = state.game_id
    obs = _call(gid, "trim", lambda o: o, state.observation(seat))
    acting = [s for s in state.actors() if s != SYSTEM]
    over = state.is_over()
    pads = mode(gid) == "pads"
    legal = state.legal_actions(seat) if seat in acting and not pads else []
    labels = [state.label(seat, a, names) for a in legal]
    groups = [_call(gid, "group", generic_group, a, obs, seat, names) for a in legal]
    paths = [_call(gid, "path", generic_path, a, obs, seat, names) for a in legal]
    panels = _call(gid, "panels", generic_panels, obs, seat, names)
    panels += _controls(gid, legal, labels, groups, paths, obs, seat, names)
    view = {
        "game": gid,
        "seat": seat,
        "names": list(names),
        "mode": "pads" if pads else "turns",
        "observation": obs,
        "legal": legal,
        "labels": labels,
        "groups": groups,
        "paths": paths,
        "pictures": picture_sheet(gid),
        "panels": hyphens.items(panels, i18n.language()),
        "turn": acting,
        "status": _call(gid, "status", lambda *_a: "", obs, seat, names)
        or status(acting, seat, names, over, state.winners() if over else []),
        "last": last,
        "over": over,
    }
    if pads:
        view["pads"] = hyphens.pads(_call(gid, "pads", generic_pads, obs, seat, names), i18n.language())
    return view


def generic_control(action, obs: dict, seat: int, names: list[str], label: str) -> dict:
    return control(action, label)


def _controls(gid, legal, labels, groups, paths, obs, seat, names) -> list[dict]:
    """Every legal action without a path gets a control item to touch (the game's hook
    `control` draws it, e.g. a deck to restock from; else `engine.phone.control`: the
    page's icon for what it does and the rules' words), in a panel
    under its group's heading, and the path to it: a phone chooses everything by touch.
    Fills `paths` in place."""
    out: list[dict] = []
    for i, action in enumerate(legal):
        if paths[i]:
            continue
        shown = {**_call(gid, "control", generic_control, action, obs, seat, names, labels[i]), "key": f"do:{i}"}
        paths[i] = [shown["key"]]
        title = groups[i] or _("Other choices")
        if not out or out[-1]["title"] != title:
            out.append({"title": title, "kind": "controls", "items": []})
        out[-1]["items"].append(shown)
    return out


def picture_sheet(game_id: str) -> str:
    """The address of the game's pictures for the page ("" if it has none)."""
    sheet = pictures.sheet(game_id) if game_id in pictures.games() else None
    return f"/pictures/{game_id}.css?v={sheet.tag}" if sheet is not None else ""


def status(acting: list[int], seat: int, names: list[str], over: bool, winners: list[int]) -> str:
    def who(seats: list[int]) -> str:
        return i18n.names(names[s] for s in seats if 0 <= s < len(names))

    if over:
        if not winners:
            return _("Game over")
        return i18n.winners(names[s] for s in winners if 0 <= s < len(names))
    if seat in acting:
        return _("Your turn")
    others = [s for s in acting if s != seat]
    return _("Waiting for {names}").format(names=who(others)) if others else ""

"""The pieces a game's phone hook (game/<id>/phone.py) builds its page from:
an item (a card, a tile, a seat) the page draws with the arcade's pictures and
the player touches. The page and the view are game/web's (game/web/views.py
describes the panels and paths); this sits below the games so their hooks
need not import the web package.
"""

from __future__ import annotations

from collections.abc import Iterable


def item(
    key: str,
    alt: str,
    pic: str = "",
    text: str = "",
    lines: Iterable[str] = (),
    colour: str = "",
    marks: Iterable[str] = (),
) -> dict:
    """One thing drawn on the phone. `key`: unique in the view (what an action's
    path names); `pic`: a picture id of assets/pictures/pictures.toml; `alt`: the
    text alternative (the rules' words, in the seat's language); `text`: the
    caption; `lines`: small lines (time, stars); `colour`: the edge, "#rrggbb";
    `marks`: small pictures on it (symbols, fillings)."""
    return {
        "key": key,
        "pic": pic,
        "alt": alt,
        "text": text,
        "lines": list(lines),
        "colour": colour,
        "marks": list(marks),
    }


# The page's own pictures (game/web/static/style.css) for a choice with no game picture.
UI_ICONS = {"cancel": "ui.back", "pass": "ui.skip", "skip_bonus": "ui.skip", "stop": "ui.skip", "end": "ui.skip"}


def control(action: dict, label: str, pic: str = "") -> dict:
    """A choice with no card of its own, drawn to be touched: `pic`, else the page's
    icon for what it does (go back, skip, do), and the rules' words as caption and
    text alternative. Its key is given by the view (game/web/views.py)."""
    kind = action.get("type", "") if isinstance(action, dict) else ""
    return item("", label, pic or UI_ICONS.get(kind, "ui.go"), label)


def hex_colour(rgb: Iterable[int]) -> str:
    """(r, g, b) -> "#rrggbb": the TV's colour for the page."""
    r, g, b = list(rgb)[:3]
    return f"#{r:02x}{g:02x}{b:02x}"

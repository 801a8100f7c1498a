"""The sets of colours that must be told apart, read from where each game keeps
them. Each function returns {name: colour}; `PALETTES` names them for the
check (tests/media/test_colour_vision.py) and the search tool
(tools/palette_search.py). Modules that need pygame are imported inside the
functions, so this module stays pure.
"""

from __future__ import annotations

import tomllib

from . import asset_path

# Yatai's customers: four colours (the Yatai branch draws its customers with
# these, or changes them here and re-runs the check). Okabe & Ito's
# colour-blind-safe set ("Color Universal Design", 2002): vermillion, blue,
# bluish green and yellow stay apart for all three dichromacies.
YATAI_CUSTOMERS = {
    "red": (213, 94, 0),
    "blue": (0, 114, 178),
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
}


def seats() -> dict:
    from game.app.ui import SEAT_COLOURS

    return dict(SEAT_COLOURS)


def wokup_decks() -> dict:
    with asset_path("wokup", "cards.toml").open("rb") as f:
        return {d["id"]: d["colour"] for d in tomllib.load(f)["deck"]}


def wokup_ingredients() -> dict:
    from game.wokup.scene.art import INGREDIENT_COLOUR

    return dict(INGREDIENT_COLOUR)


def wewillwokyou_ingredients() -> dict:
    from game.wewillwokyou.scene import INGREDIENT_COLOUR

    return dict(INGREDIENT_COLOUR)


def cheaterchefs_ingredients() -> dict:
    with asset_path("cheaterchefs", "ingredients.toml").open("rb") as f:
        return {i["id"]: i["colour"] for i in tomllib.load(f)["ingredient"]}


def yatai_customers() -> dict:
    return dict(YATAI_CUSTOMERS)


PALETTES = {
    "seats": seats,
    "wokup-decks": wokup_decks,
    "wokup-ingredients": wokup_ingredients,
    "wewillwokyou-ingredients": wewillwokyou_ingredients,
    "cheaterchefs-ingredients": cheaterchefs_ingredients,
    "yatai-customers": yatai_customers,
}

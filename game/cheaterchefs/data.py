"""Cheater Chefs content: ingredients, orders and traps from assets/cheaterchefs/.

Every file is schema-checked by `game.engine.data`; on top of that the cross
checks of this game (an order names known ingredients, four different ones,
its top-left one the hardest) fail with the file, entry and problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib.resources.abc import Traversable

from game.engine.data import ASSETS, DataError, Field, int_range, load_entries, one_of

from .progress import ORDER_SIZE
from .traps import EFFECTS

FOLDER = ASSETS / "cheaterchefs"


def _is_colour(value) -> bool:
    return len(value) == 3 and all(isinstance(c, int) and 0 <= c <= 255 for c in value)


INGREDIENT = {
    "id": Field(str),
    "name": Field(str),
    "short": Field(str, check=lambda v: 1 <= len(v) <= 3, rule="1 to 3 letters"),
    "copies": int_range(1, 20),
    "colour": Field(list, check=_is_colour, rule="three integers 0-255"),
}
ORDER = {
    "id": Field(str),
    "name": Field(str),
    "ingredients": Field(list, check=lambda v: all(isinstance(i, str) for i in v), rule="a list of ids"),
}
TRAP = {
    "id": Field(str),
    "effect": one_of(*EFFECTS),
    "title": Field(str),
    "text": Field(str),
    "copies": int_range(1, 20),
}


@dataclass(frozen=True)
class Content:
    ingredients: dict  # id -> entry
    orders: dict  # id -> entry
    traps: dict  # id -> entry

    def deck(self) -> list[str]:
        """Every kitchen card by id, in a fixed order (the game shuffles it)."""
        cards = [i for i, e in self.ingredients.items() for _ in range(e["copies"])]
        return cards + [t for t, e in self.traps.items() for _ in range(e["copies"])]

    def effect(self, card: str) -> str | None:
        trap = self.traps.get(card)
        return trap["effect"] if trap else None


def _check_orders(path: Traversable, orders: list[dict], ingredients: dict) -> None:
    for order in orders:
        where = f"{path}: [[order]] ({order['id']})"
        names = order["ingredients"]
        if len(names) != ORDER_SIZE or len(set(names)) != ORDER_SIZE:
            raise DataError(f"{where}: needs {ORDER_SIZE} different ingredients, has {names}")
        unknown = [n for n in names if n not in ingredients]
        if unknown:
            raise DataError(f"{where}: unknown ingredient(s) {', '.join(unknown)}")
        top, rest = names[0], names[1:]
        if any(ingredients[top]["copies"] >= ingredients[n]["copies"] for n in rest):
            raise DataError(
                f"{where}: the top-left ingredient {top!r} must be the hardest "
                "(fewer copies than each of the other three)"
            )


def load(folder: Traversable = FOLDER) -> Content:
    ingredients = {e["id"]: e for e in load_entries(folder / "ingredients.toml", "ingredient", INGREDIENT)}
    traps = {e["id"]: e for e in load_entries(folder / "traps.toml", "trap", TRAP)}
    clash = set(ingredients) & set(traps)
    if clash:
        raise DataError(f"{folder / 'traps.toml'}: id(s) {', '.join(sorted(clash))} already name ingredients")
    orders_path = folder / "orders.toml"
    orders = load_entries(orders_path, "order", ORDER)
    _check_orders(orders_path, orders, ingredients)
    return Content(ingredients, {o["id"]: o for o in orders}, traps)


@lru_cache(maxsize=1)
def content() -> Content:
    """The game's content, loaded once."""
    return load()

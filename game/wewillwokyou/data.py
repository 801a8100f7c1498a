"""We Will Wok You's content: ingredient cards and Wok cards from assets/wewillwokyou/.

Cards are numbered 0..62 in file order (copies expanded) and Wok cards 0..24; the
state keeps these numbers, the tables here say what each one shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib.resources.abc import Traversable

from game.engine.data import ASSETS, DataError, Field, int_range, load_entries, one_of

SYMBOLS = ("cookie", "spoon", "bowl", "chopsticks")  # four kinds a Wok needs
STAR = "star"  # the joker
RED_KINDS = ("independent", "group", "hard", "experimental", "alternative", "free", "concert")
BLUE_KINDS = ("double_man", "mighty_man", "changing_man")
CARD_COUNT, WOK_COUNT, RED_COUNT = 63, 25, 21


@dataclass(frozen=True)
class Card:
    id: int
    ingredient: str
    symbols: tuple[str, ...]

    @property
    def blank(self) -> bool:
        return not self.symbols


@dataclass(frozen=True)
class Content:
    ingredients: tuple[str, ...]  # ids in file order
    names: dict  # ingredient id -> printed name
    cards: tuple[Card, ...]
    woks: tuple[dict, ...]  # each: id (str), index, kind, points, recipe, series, slots


def _symbols_ok(symbols) -> bool:
    return (
        isinstance(symbols, list)
        and len(symbols) <= 2
        and all(s in SYMBOLS + (STAR,) for s in symbols)
        and len(set(symbols)) <= 1  # a two-symbol card shows one symbol twice
    )


INGREDIENT = {"id": Field(str), "name": Field(str), "count": int_range(1, 30)}
CARD = {
    "ingredient": Field(str),
    "symbols": Field(list, check=_symbols_ok, rule="0-2 symbols, both the same, from " + ", ".join(SYMBOLS + (STAR,))),
    "copies": int_range(1, 20),
}
WOK = {
    "id": Field(str),
    "kind": one_of(*RED_KINDS, *BLUE_KINDS),
    "points": int_range(0, 50, required=False),
    "recipe": Field(dict, required=False),
    "series": Field(int, required=False, check=lambda v: v in (3, 5), rule="3 or 5 (the rulebook's series)"),
    "slots": Field(list, required=False),
}
# What each kind must and must not carry.
NEEDS = {
    "independent": {"points"},
    "group": {"recipe", "points"},
    "hard": {"series", "points"},
    "experimental": {"points"},
    "alternative": {"points"},
    "free": {"points"},
    "concert": {"slots"},
    "double_man": set(),
    "mighty_man": {"points"},
    "changing_man": set(),
}


def _check_wok(path: Traversable, wok: dict, ingredients: set) -> None:
    where = f"{path}: wok {wok['id']}"
    present = {k for k in ("points", "recipe", "series", "slots") if wok[k] is not None}
    if present != NEEDS[wok["kind"]]:
        raise DataError(
            f"{where}: a {wok['kind']} wok needs exactly {sorted(NEEDS[wok['kind']])}, has {sorted(present)}"
        )
    if wok["recipe"] is not None and (
        len(wok["recipe"]) < 2
        or any(k not in ingredients or not isinstance(v, int) or v < 1 for k, v in wok["recipe"].items())
    ):
        raise DataError(f"{where}: recipe must name two or more known ingredients with counts >= 1")
    if wok["slots"] is not None:
        ok = len(wok["slots"]) == 2 and all(
            isinstance(s, dict)
            and set(s) == {"ingredient", "count", "points"}
            and s["ingredient"] in ingredients
            and isinstance(s["count"], int)
            and s["count"] >= 1
            and isinstance(s["points"], int)
            and s["points"] >= 0
            for s in wok["slots"]
        )
        if not ok or wok["slots"][0]["ingredient"] == wok["slots"][1]["ingredient"]:
            raise DataError(f"{where}: slots must be two woks of different known ingredients with count and points")


def load(folder: Traversable = ASSETS / "wewillwokyou") -> Content:
    ing_path, wok_path = folder / "ingredients.toml", folder / "woks.toml"
    ingredients = load_entries(ing_path, "ingredient", INGREDIENT)
    known = {i["id"] for i in ingredients}
    cards: list[Card] = []
    for i, entry in enumerate(load_entries(ing_path, "card", CARD, key="")):
        if entry["ingredient"] not in known:
            raise DataError(f"{ing_path}: [[card]] #{i + 1}: unknown ingredient {entry['ingredient']!r}")
        cards += [Card(len(cards) + k, entry["ingredient"], tuple(entry["symbols"])) for k in range(entry["copies"])]
    for ing in ingredients:
        have = sum(c.ingredient == ing["id"] for c in cards)
        if have != ing["count"]:
            raise DataError(f"{ing_path}: ingredient {ing['id']}: {have} cards listed, count says {ing['count']}")
    if len(cards) != CARD_COUNT:
        raise DataError(f"{ing_path}: {len(cards)} ingredient cards, the game has {CARD_COUNT}")
    woks = load_entries(wok_path, "wok", WOK)
    for index, wok in enumerate(woks):
        _check_wok(wok_path, wok, known)
        wok["index"] = index
    red = sum(w["kind"] in RED_KINDS for w in woks)
    if len(woks) != WOK_COUNT or red != RED_COUNT:
        raise DataError(f"{wok_path}: {len(woks)} Wok cards ({red} red), the game has {WOK_COUNT} ({RED_COUNT} red)")
    return Content(
        tuple(i["id"] for i in ingredients), {i["id"]: i["name"] for i in ingredients}, tuple(cards), tuple(woks)
    )


@lru_cache(maxsize=1)
def content() -> Content:
    """The game's content, loaded once."""
    return load()

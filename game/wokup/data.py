"""Wok Up's content: tokens, recipe cards, table and timing, from assets/wokup/*.toml.

Every file is checked on load; a broken one names the file, the entry and the
problem (game.engine.data). Loaded once and cached: the data never changes
while the program runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any

from game.engine.data import ASSETS, DataError, Field, check_entry, int_range, load_entries, one_of, read_toml

DIR = ASSETS / "wokup"
INGREDIENTS = ("chili", "mushroom", "fish", "meat", "broccoli")
KINDS = ("trio", "at_least", "all_four", "touching", "equal", "equal_any")
SEAT_KEYS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@dataclass(frozen=True)
class Token:
    id: str
    faces: tuple  # ((ingredient, count) front, (ingredient, count) back)


@dataclass(frozen=True)
class Card:
    id: str
    deck: str
    kind: str
    ingredient: str | None
    ingredients: tuple
    n: int  # the count a kind needs (0 for kinds that need none)

    @property
    def the_ingredient(self) -> str:
        """The ingredient of a kind that names one (trio, at_least, equal_any: the load checks it)."""
        if self.ingredient is None:
            raise ValueError(f"card {self.id} ({self.kind}) names no single ingredient")
        return self.ingredient


@dataclass(frozen=True)
class Deck:
    id: str
    name: str
    colour: str


def _ingredient(required=True) -> Field:
    return Field(str, required, lambda v: v in INGREDIENTS, f"one of {', '.join(INGREDIENTS)}")


@cache
def tokens(path: Traversable = DIR / "tokens.toml") -> tuple[Token, ...]:
    schema = {
        "id": Field(str),
        "front": _ingredient(),
        "front_count": int_range(1, 5),
        "back": _ingredient(),
        "back_count": int_range(1, 5),
    }
    out: list[Token] = []
    fronts: set[tuple] = set()
    backs: set[tuple] = set()
    for e in load_entries(path, "token", schema):
        front, back = (e["front"], e["front_count"]), (e["back"], e["back_count"])
        if front[0] == back[0]:
            raise DataError(f"{path}: token {e['id']}: back must show another ingredient than the front")
        for face, seen, side in ((front, fronts, "front"), (back, backs, "back")):
            if face in seen:
                raise DataError(f"{path}: token {e['id']}: {side} {face} is on two tokens")
            seen.add(face)
        out.append(Token(e["id"], (front, back)))
    if len(out) != 25:
        raise DataError(f"{path}: needs 25 tokens (5 ingredients x counts 1-5), found {len(out)}")
    return tuple(out)


@cache
def decks_and_cards(path: Traversable = DIR / "cards.toml") -> tuple[tuple[Deck, ...], tuple[Card, ...]]:
    decks = tuple(
        Deck(**e) for e in load_entries(path, "deck", {"id": Field(str), "name": Field(str), "colour": Field(str)})
    )
    if len(decks) != 5:
        raise DataError(f"{path}: needs 5 [[deck]] entries (the pentagon's corners), found {len(decks)}")
    schema = {
        "id": Field(str),
        "deck": one_of(*(d.id for d in decks)),
        "kind": one_of(*KINDS),
        "ingredient": _ingredient(required=False),
        "n": int_range(1, 25, required=False),
        "ingredients": Field(
            list,
            False,
            lambda v: all(i in INGREDIENTS for i in v) and len(set(v)) == len(v),
            "distinct ingredients",
            [],
        ),
    }
    needs = {
        "trio": ("ingredient",),
        "at_least": ("ingredient", "n"),
        "all_four": ("ingredients",),
        "touching": ("n",),
        "equal": ("ingredients",),
        "equal_any": ("ingredient",),
    }
    sizes = {"all_four": 4, "equal": 2}
    cards = []
    for e in load_entries(path, "card", schema):
        for name in needs[e["kind"]]:
            if not e[name]:
                raise DataError(f"{path}: card {e['id']}: kind {e['kind']} needs '{name}'")
        if e["kind"] in sizes and len(e["ingredients"]) != sizes[e["kind"]]:
            raise DataError(f"{path}: card {e['id']}: kind {e['kind']} names {sizes[e['kind']]} ingredients")
        cards.append(Card(e["id"], e["deck"], e["kind"], e["ingredient"], tuple(e["ingredients"]), e["n"] or 0))
    for d in decks:
        count = sum(c.deck == d.id for c in cards)
        if count != 10:
            raise DataError(f"{path}: deck {d.id} needs 10 cards, has {count}")
    return decks, tuple(cards)


@dataclass(frozen=True)
class TableSpec:
    """The numbers of table.toml, section by section (dicts of name -> value)."""

    table: dict
    wok: dict
    token: dict
    seats: dict  # seat count -> list of (x, y) hands
    throw: dict
    landing: dict
    slide: dict
    physics: dict
    timing: dict


_NUM = Field((int, float), check=lambda v: v >= 0, rule="a number >= 0")
_RANGE = Field(
    list,
    check=lambda v: len(v) == 2 and all(isinstance(x, (int, float)) for x in v) and v[0] <= v[1],
    rule="[low, high]",
)
_SECTIONS = {
    "table": ("width", "height"),
    "wok": ("deck_radius", "card_width", "card_length", "divider_length", "divider_width"),
    "token": ("radius",),
    "throw": ("gravity", "release_height", "flight_time", "aim_short", "spread", "spin", "flips_per_second"),
    "landing": ("bounce", "rest_speed", "keep_horizontal", "flip_keep", "flip_kick"),
    "slide": ("friction", "spin_decay", "elasticity", "token_friction", "rest_speed"),
    "physics": ("step_hz", "max_settle"),
    "timing": ("look_ms", "window_ms", "pick_timeout_ms"),
}
_RANGES = {"flight_time", "flips_per_second"}


def _seat_list(v) -> bool:
    return all(isinstance(p, list) and len(p) == 2 and all(isinstance(x, (int, float)) for x in p) for p in v)


def _hands_of(n: int) -> Callable[[Any], bool]:
    return lambda v: len(v) == n and _seat_list(v)


@cache
def table(path: Traversable = DIR / "table.toml") -> TableSpec:
    doc = read_toml(path)
    parts = {}
    for section, names in _SECTIONS.items():
        schema = {n: _RANGE if n in _RANGES else _NUM for n in names}
        parts[section] = check_entry(path, f"[{section}]", doc.get(section), schema)
    seat_schema = {key: Field(list, check=_hands_of(n), rule=f"{n} [x, y] hands") for n, key in SEAT_KEYS.items()}
    seats = check_entry(path, "[seats]", doc.get("seats"), seat_schema)
    parts["seats"] = {n: [tuple(p) for p in seats[key]] for n, key in SEAT_KEYS.items()}
    return TableSpec(**parts)


@cache
def token_by_id() -> dict[str, Token]:
    return {t.id: t for t in tokens()}


@cache
def card_by_id() -> dict[str, Card]:
    return {c.id: c for c in decks_and_cards()[1]}

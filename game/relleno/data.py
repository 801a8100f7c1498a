"""Relleno content: fillings, point kinds, recipes and chefs from assets/relleno/.

Every file is schema-checked by `game.engine.data`; on top of that the cross
checks of this game fail with the file, entry and problem: cards name known
fillings and point kinds, times are digital-clock times and all different (so
only early arrivals can tie), an early-arrival card has no time, the advanced
abilities sit on advanced cards, a colour has three chefs with three times.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources.abc import Traversable

from game.engine.data import ASSETS, DataError, Field, load_entries, one_of

FOLDER = ASSETS / "relleno"
ABILITIES = ("none", "bonus_fill", "extra_restock", "bad_batch", "early_arrival")
ADVANCED_ABILITIES = ("bad_batch", "early_arrival")
CHEFS_PER_COLOUR = 3
_CLOCK = re.compile(r"([0-9]|1[0-9]|2[0-3]):([0-5][0-9])")


def _names(value) -> bool:
    return all(isinstance(v, str) for v in value)


NAMED = {"id": Field(str), "name": Field(str)}  # `name` is translated in the catalogues
RECIPE = {
    **NAMED,
    "time": Field(str, required=False),
    "requires": Field(list, check=lambda v: bool(v) and _names(v), rule="a non-empty list of fillings"),
    "provides": Field(list, check=lambda v: bool(v) and _names(v), rule="a non-empty list of fillings"),
    "points": Field(list, check=_names, rule="a list of point kinds"),
    "ability": Field(str, required=False, check=lambda v: v in ABILITIES, rule=f"one of {', '.join(ABILITIES)}"),
    "advanced": Field(bool, required=False, default=False),
}
CHEF = {
    "id": Field(str),
    "name": Field(str),
    "colour": one_of("red", "blue", "green", "yellow", "purple", "orange"),
    "time": Field(str),
    "provides": Field(list, check=lambda v: bool(v) and _names(v), rule="a non-empty list of fillings"),
}


@dataclass(frozen=True)
class Card:
    """One card: a recipe (`requires` non-empty) or a chef (`colour` set)."""

    id: str
    name: str
    time: int | None  # minutes after midnight; None: an early-arrival card
    provides: tuple[str, ...]
    points: tuple[str, ...]
    requires: tuple[str, ...] = ()
    ability: str = "none"
    advanced: bool = False
    colour: str | None = None

    @property
    def clock(self) -> str:
        """The time as printed, "7:49" ("" for an early-arrival card)."""
        return "" if self.time is None else f"{self.time // 60}:{self.time % 60:02d}"


@dataclass(frozen=True)
class Content:
    ingredients: dict  # id -> {"name"}, in the file's order
    points: dict  # id -> {"name"}
    cards: dict  # id -> Card: every chef and recipe
    colours: tuple[str, ...]  # the chef colours, in the file's order

    def recipes(self, advanced: bool) -> list[str]:
        """The recipe deck's cards by id, sorted (the game shuffles them)."""
        return sorted(c.id for c in self.cards.values() if c.requires and (advanced or not c.advanced))

    def chefs(self, colour: str) -> list[str]:
        return [c.id for c in self.cards.values() if c.colour == colour]


def _minutes(path: Traversable, where: str, text: str) -> int:
    match = _CLOCK.fullmatch(text)
    if not match:
        raise DataError(f"{path}: {where}: time must be a digital-clock time like 7:49, found {text!r}")
    return int(match[1]) * 60 + int(match[2])


def _known(path: Traversable, where: str, field: str, values, known: dict) -> tuple[str, ...]:
    unknown = [v for v in values if v not in known]
    if unknown:
        raise DataError(f"{path}: {where}: {field} names unknown {', '.join(unknown)}")
    return tuple(values)


def _recipe(path: Traversable, e: dict, ingredients: dict, points: dict) -> Card:
    where = f"[[recipe]] ({e['id']})"
    ability = e["ability"] or "none"
    if ability in ADVANCED_ABILITIES and not e["advanced"]:
        raise DataError(f"{path}: {where}: {ability} is an advanced ability, the card needs advanced = true")
    early = ability == "early_arrival"
    if early == (e["time"] is not None):
        raise DataError(f"{path}: {where}: " + ("an early arrival has no time" if early else "missing field 'time'"))
    return Card(
        id=e["id"],
        name=e["name"],
        time=None if early else _minutes(path, where, e["time"]),
        provides=_known(path, where, "provides", e["provides"], ingredients),
        points=_known(path, where, "points", e["points"], points),
        requires=_known(path, where, "requires", e["requires"], ingredients),
        ability=ability,
        advanced=e["advanced"],
    )


def _chef(path: Traversable, e: dict, ingredients: dict) -> Card:
    where = f"[[chef]] ({e['id']})"
    provides = _known(path, where, "provides", e["provides"], ingredients)
    return Card(e["id"], e["name"], _minutes(path, where, e["time"]), provides, (), colour=e["colour"])


def load(folder: Traversable = FOLDER) -> Content:
    table = folder / "ingredients.toml"
    ingredients = {e["id"]: e for e in load_entries(table, "ingredient", NAMED)}
    points = {e["id"]: e for e in load_entries(table, "point", NAMED)}
    recipes_path, chefs_path = folder / "recipes.toml", folder / "chefs.toml"
    cards: dict[str, Card] = {}
    for e in load_entries(recipes_path, "recipe", RECIPE):
        cards[e["id"]] = _recipe(recipes_path, e, ingredients, points)
    colours: list[str] = []
    for e in load_entries(chefs_path, "chef", CHEF):
        if e["id"] in cards:
            raise DataError(f"{chefs_path}: [[chef]] ({e['id']}): id already names a recipe")
        cards[e["id"]] = _chef(chefs_path, e, ingredients)
        if e["colour"] not in colours:
            colours.append(e["colour"])
    seen: dict[int, str] = {}
    for card in cards.values():
        if card.time is None:
            continue
        if card.time in seen:
            raise DataError(f"{folder}: {card.id} and {seen[card.time]} both show {card.clock}: times must differ")
        seen[card.time] = card.id
    for colour in colours:
        times = {cards[c].time for c in cards if cards[c].colour == colour}
        if len(times) != CHEFS_PER_COLOUR or sum(c.colour == colour for c in cards.values()) != CHEFS_PER_COLOUR:
            raise DataError(f"{chefs_path}: colour {colour}: needs {CHEFS_PER_COLOUR} chefs with different times")
    return Content(ingredients, points, cards, tuple(colours))


@lru_cache(maxsize=1)
def content() -> Content:
    """The game's content, loaded once."""
    return load()

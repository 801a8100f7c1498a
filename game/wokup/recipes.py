"""What the wok holds and which recipe cards it completes. Pure.

Quantities count pictures on the visible faces of the tokens in the wok (a
token showing 3 fish is 3 fish); "equal" needs both ingredients present.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import data
from .geometry import Wok

WOKUP_AT = 10  # "at least 10 of the same ingredient in the wok"
TRIO_COUNTS = (2, 3, 4)  # the card guide's first card


@dataclass(frozen=True)
class Content:
    faces: tuple  # (ingredient, count) shown by each token in the wok
    touching: int  # tokens in the wok whose disc touches a card
    counts: dict  # ingredient -> pictures in the wok


def visible_face(token_id: str, face: int) -> tuple[str, int]:
    return data.token_by_id()[token_id].faces[face]


def content(wok: Wok, tokens: list[dict], present: list[bool]) -> Content:
    """`tokens`: table tokens {"id", "x", "y", "face", "off"}; `present`: decks with cards."""
    faces, touching = [], 0
    counts = {i: 0 for i in data.INGREDIENTS}
    for t in tokens:
        if t["off"] or not wok.in_wok(t["x"], t["y"], present):
            continue
        ingredient, n = visible_face(t["id"], t["face"])
        faces.append((ingredient, n))
        counts[ingredient] += n
        touching += wok.cards_touched(t["x"], t["y"], present) > 0
    return Content(tuple(faces), touching, counts)


def complete(card: data.Card, c: Content) -> bool:
    kind = card.kind
    if kind == "trio":
        shown = {n for ing, n in c.faces if ing == card.ingredient}
        return all(n in shown for n in TRIO_COUNTS)
    if kind == "at_least":
        return c.counts[card.ingredient] >= card.n
    if kind == "all_four":
        return all(c.counts[i] > 0 for i in card.ingredients)
    if kind == "touching":
        return c.touching >= card.n
    if kind == "equal":
        a, b = card.ingredients
        return c.counts[a] > 0 and c.counts[a] == c.counts[b]
    if kind == "equal_any":
        mine = c.counts[card.ingredient]
        return mine > 0 and any(v == mine for i, v in c.counts.items() if i != card.ingredient)
    raise ValueError(f"unknown recipe kind {kind!r}")


def wokup_ready(c: Content) -> bool:
    return max(c.counts.values()) >= WOKUP_AT

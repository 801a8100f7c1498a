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


def shortfall(card: data.Card | None, c: Content) -> dict:
    """Why the wok does not complete `card` (None: a shout of "Wok'up!"), as
    plain data for the log: what the card asks and what the wok holds. The
    words are words.why_text's."""
    counts = c.counts
    if card is None:
        most = max(counts, key=lambda i: counts[i])
        return {"kind": "wokup", "ingredient": most, "have": counts[most], "need": WOKUP_AT}
    why: dict = {"kind": card.kind, "ingredient": card.ingredient, "need": card.n}
    if card.kind == "trio":
        shown = {n for ing, n in c.faces if ing == card.ingredient}
        why["missing"] = [n for n in TRIO_COUNTS if n not in shown]
    elif card.kind == "at_least":
        why["have"] = counts[card.ingredient]
    elif card.kind == "all_four":
        why["missing"] = [i for i in card.ingredients if counts[i] == 0]
    elif card.kind == "touching":
        why["have"] = c.touching
    elif card.kind == "equal":
        why["counts"] = {i: counts[i] for i in card.ingredients}
    else:  # equal_any
        why["have"] = counts[card.ingredient]
    return why

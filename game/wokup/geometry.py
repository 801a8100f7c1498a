"""Where the wok is, and the rulebook's test of a token being in it. Pure maths.

"A token is in the wok if it is inside the pentagon formed by the cards and
their dividers, or if it touches at least one of these elements." The
pentagon's corners are the five deck centres; cards and dividers are flat
rectangles. A disc touches a rectangle when the distance from its centre to
the rectangle is at most its radius (so a disc exactly on the edge touches).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from . import data


@dataclass(frozen=True)
class Rect:
    """A rectangle lying on the table: centre, unit axis of its length, half sizes."""

    x: float
    y: float
    ux: float
    uy: float
    half_length: float
    half_width: float

    def distance(self, px: float, py: float) -> float:
        dx, dy = px - self.x, py - self.y
        along = abs(dx * self.ux + dy * self.uy) - self.half_length
        across = abs(-dx * self.uy + dy * self.ux) - self.half_width
        return math.hypot(max(along, 0.0), max(across, 0.0))

    def corners(self) -> list[tuple[float, float]]:
        out = []
        for sa, sw in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
            a, w = sa * self.half_length, sw * self.half_width
            out.append((self.x + a * self.ux - w * self.uy, self.y + a * self.uy + w * self.ux))
        return out


@dataclass(frozen=True)
class Wok:
    corners: tuple  # deck centres, clockwise on screen from the top
    cards: tuple  # Rect per deck position
    dividers: tuple  # Rect between deck i and deck i+1
    token_radius: float
    reach: float  # no token centre farther from the middle than this is in the wok

    def inside_pentagon(self, x: float, y: float) -> bool:
        for i, (ax, ay) in enumerate(self.corners):
            bx, by = self.corners[(i + 1) % 5]
            if (bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0:
                return False
        return True

    def cards_touched(self, x: float, y: float, present: list[bool]) -> int:
        """How many cards (decks with cards left) the token's disc touches."""
        r = self.token_radius
        return sum(1 for card, here in zip(self.cards, present) if here and card.distance(x, y) <= r)

    def in_wok(self, x: float, y: float, present: list[bool]) -> bool:
        r = self.token_radius
        if math.hypot(x, y) > self.reach:
            return False  # beyond every card and divider: the common case, kept cheap
        return (
            self.inside_pentagon(x, y)
            or self.cards_touched(x, y, present) > 0
            or any(d.distance(x, y) <= r for d in self.dividers)
        )


def build(spec: data.TableSpec) -> Wok:
    w = spec.wok
    corners, cards = [], []
    for i in range(5):
        a = math.radians(-90 + 72 * i)
        ux, uy = math.cos(a), math.sin(a)
        corners.append((w["deck_radius"] * ux, w["deck_radius"] * uy))
        cards.append(Rect(corners[-1][0], corners[-1][1], ux, uy, w["card_length"] / 2, w["card_width"] / 2))
    dividers = []
    for i in range(5):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 5]
        side = math.hypot(bx - ax, by - ay)
        dividers.append(
            Rect(
                (ax + bx) / 2,
                (ay + by) / 2,
                (bx - ax) / side,
                (by - ay) / side,
                w["divider_length"] / 2,
                w["divider_width"] / 2,
            )
        )
    r = float(spec.token["radius"])
    reach = max(math.hypot(x, y) for rect in cards + dividers for x, y in rect.corners()) + r
    return Wok(tuple(corners), tuple(cards), tuple(dividers), r, reach)


@cache
def wok() -> Wok:
    return build(data.table())

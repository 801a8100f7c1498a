"""What a handful of cards can fill, and what a pile of cards scores (pure).

A card's left column gives each of its fillings once: cards cover a recipe when,
for every filling, at least as many cards show it as the recipe requires. A fill
plays a *minimal* cover: every card played is needed (DESIGN.md says why).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations

from .data import content

SET_BONUS = 2  # a star, a coin and a trophy together score 2 more


def covers(cards: Iterable[str], requires: Iterable[str]) -> bool:
    need = Counter(requires)
    have = Counter(i for c in cards for i in content().cards[c].provides)
    return all(have[i] >= n for i, n in need.items())


def is_minimal_cover(cards: list[str], requires: tuple[str, ...]) -> bool:
    if not covers(cards, requires):
        return False
    return all(not covers(cards[:i] + cards[i + 1 :], requires) for i in range(len(cards)))


def minimal_covers(hand: list[str], requires: tuple[str, ...]) -> list[list[str]]:
    """Every minimal cover of `requires` from `hand`, each sorted, in a fixed order.
    A minimal cover holds at most one card per required filling."""
    data = content().cards
    useful = sorted(c for c in hand if set(data[c].provides) & set(requires))
    out = []
    for k in range(1, min(len(requires), len(useful)) + 1):
        for combo in combinations(useful, k):
            cards = list(combo)
            if is_minimal_cover(cards, requires):
                out.append(cards)
    return out


def points(cards: Iterable[str]) -> dict:
    """{"symbols": n, "sets": n, "total": n} for a seat's cards."""
    kinds = Counter(k for c in cards for k in content().cards[c].points)
    sets = min(kinds[k] for k in content().points)
    symbols = sum(kinds.values())
    return {"symbols": symbols, "sets": sets, "total": symbols + SET_BONUS * sets}

"""What a handful of cards can fill, and what a pile of cards scores (pure).

A card's left column gives each of its fillings once: cards cover a recipe when,
for every filling, at least as many cards show it as the recipe requires. A fill
may hold spare cards (DESIGN.md); the bots weigh the *minimal* covers, where
every card is needed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache, lru_cache

from .data import content

SET_BONUS = 2  # a star, a coin and a trophy together score 2 more


@cache
def _vector(card: str) -> tuple[int, ...]:
    """How many of each filling (in the content's order) the card gives: 0 or 1."""
    given = content().cards[card].provides
    return tuple(int(i in given) for i in content().ingredients)


@cache
def _need(requires: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(requires.count(i) for i in content().ingredients)


def _enough(total: list[int], need: tuple[int, ...]) -> bool:
    return all(t >= n for t, n in zip(total, need))


def _sum(cards: Iterable[str]) -> list[int]:
    total = [0] * len(content().ingredients)
    for c in cards:
        for i, v in enumerate(_vector(c)):
            total[i] += v
    return total


def covers(cards: Iterable[str], requires: tuple[str, ...]) -> bool:
    return _enough(_sum(cards), _need(tuple(requires)))


def is_minimal_cover(cards: list[str], requires: tuple[str, ...]) -> bool:
    need = _need(tuple(requires))
    total = _sum(cards)
    if not _enough(total, need):
        return False
    return all(not _enough([t - v for t, v in zip(total, _vector(c))], need) for c in cards)


def minimal_covers(hand: list[str], requires: tuple[str, ...]) -> list[list[str]]:
    """Every minimal cover of `requires` from `hand`, each sorted, in a fixed order.
    A minimal cover holds at most one card per required filling."""
    wanted = set(requires)
    useful = tuple(sorted(c for c in hand if wanted & set(content().cards[c].provides)))
    return [list(cards) for cards in _minimal_covers(useful, tuple(requires))]


@lru_cache(maxsize=1 << 16)
def _minimal_covers(useful: tuple[str, ...], requires: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Cached: bots ask about the same few hands thousands of times. Each step
    picks a card for the first filling still missing, so every minimal cover is
    reached (its own cards lead to it) without trying every combination."""
    found: set[tuple[str, ...]] = set()

    def grow(missing: list[int], chosen: list[str]) -> None:
        first = next((i for i, n in enumerate(missing) if n > 0), None)
        if first is None:
            found.add(tuple(sorted(chosen)))
            return
        for card in useful:
            vector = _vector(card)
            if vector[first] and card not in chosen:
                grow([n - v for n, v in zip(missing, vector)], chosen + [card])

    grow(list(_need(requires)), [])
    return tuple(sorted(c for c in found if is_minimal_cover(list(c), requires)))


def points(cards: Iterable[str]) -> dict:
    """{"symbols": n, "sets": n, "total": n} for a seat's cards."""
    kinds = Counter(k for c in cards for k in content().cards[c].points)
    sets = min(kinds[k] for k in content().points)
    symbols = sum(kinds.values())
    return {"symbols": symbols, "sets": sets, "total": symbols + SET_BONUS * sets}

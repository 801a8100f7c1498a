"""Laying ingredient cards to show four identical symbols (rule C, take a Wok card).

Every card shows 0, 1 or 2 symbols, two always alike; a star stands for any symbol.
Cards are laid one at a time; a card may be laid only if four of one symbol can
still be completed exactly with the rest of the hand (a card showing more than is
missing would waste a symbol: the laid cards show exactly four).
"""

from __future__ import annotations

from functools import lru_cache

from .data import STAR, SYMBOLS, content

NEED = 4


@lru_cache(maxsize=1)
def _table() -> tuple[tuple[int, ...], tuple[frozenset, ...], tuple[tuple, ...]]:
    """Per card: how many symbols, which targets it helps show, its kind of identical card."""
    cards = content().cards
    sizes = tuple(len(c.symbols) for c in cards)
    helps = tuple(frozenset(t for t in SYMBOLS if c.symbols and all(s in (t, STAR) for s in c.symbols)) for c in cards)
    kinds = tuple((c.ingredient, c.symbols) for c in cards)
    return sizes, helps, kinds


def shows(card: int) -> tuple[str, ...]:
    return content().cards[card].symbols


def fits(card: int, target: str) -> bool:
    """The card helps show `target`: it has symbols, each the target or a star."""
    return target in _table()[1][card]


def can_complete(cards: list[int], missing: int, target: str) -> bool:
    """Some of `cards` show exactly `missing` more of `target` (stars included)."""
    return _completes(*_counts(cards, target), missing)


def _counts(cards: list[int], target: str) -> tuple[int, int]:
    """How many of `cards` help show `target` with one symbol, and with two."""
    sizes, helps, _ = _table()
    singles = doubles = 0
    for c in cards:
        if target in helps[c]:
            if sizes[c] == 1:
                singles += 1
            else:
                doubles += 1
    return singles, doubles


def _completes(singles: int, doubles: int, missing: int) -> bool:
    return any(0 <= missing - 2 * d <= singles for d in range(min(doubles, missing // 2) + 1))


def targets(laid: list[int]) -> list[str]:
    """The symbols the cards laid so far can still be four of."""
    helps = _table()[1]
    return [t for t in SYMBOLS if all(t in helps[c] for c in laid)]


def shown(laid: list[int]) -> int:
    sizes = _table()[0]
    return sum(sizes[c] for c in laid)


def can_take_wok(hand: list[int]) -> bool:
    return any(can_complete(hand, NEED, t) for t in SYMBOLS)


def layable(hand: list[int], laid: list[int]) -> list[int]:
    """Cards of `hand` that may be laid next, one per kind of identical card (the
    lowest number stands for its copies: identical cards are interchangeable)."""
    sizes, helps, kinds = _table()
    missing = NEED - shown(laid)
    open_targets = targets(laid)
    # The hand's counts per target once; the rest of the hand after a card is the hand
    # less that card's one or two symbols (a hand holds each card once).
    counts = {t: _counts(hand, t) for t in open_targets}
    out, seen = [], set()
    for card in sorted(hand):
        if kinds[card] in seen or sizes[card] > missing or not helps[card]:
            continue
        seen.add(kinds[card])
        one = sizes[card] == 1
        for t in open_targets:
            if t in helps[card]:
                singles, doubles = counts[t]
                if _completes(singles - one, doubles - (not one), missing - sizes[card]):
                    out.append(card)
                    break
    return out

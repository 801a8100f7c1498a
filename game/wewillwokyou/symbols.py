"""Laying ingredient cards to show four identical symbols (rule C, take a Wok card).

Every card shows 0, 1 or 2 symbols, two always alike; a star stands for any symbol.
Cards are laid one at a time; a card may be laid only if four of one symbol can
still be completed exactly with the rest of the hand (a card showing more than is
missing would waste a symbol: the laid cards show exactly four).
"""
from __future__ import annotations

from .data import STAR, SYMBOLS, content

NEED = 4


def shows(card: int) -> tuple[str, ...]:
    return content().cards[card].symbols


def fits(card: int, target: str) -> bool:
    """The card helps show `target`: it has symbols, each the target or a star."""
    syms = shows(card)
    return bool(syms) and all(s in (target, STAR) for s in syms)


def can_complete(cards: list[int], missing: int, target: str) -> bool:
    """Some of `cards` show exactly `missing` more of `target` (stars included)."""
    singles = sum(1 for c in cards if fits(c, target) and len(shows(c)) == 1)
    doubles = sum(1 for c in cards if fits(c, target) and len(shows(c)) == 2)
    return any(0 <= missing - 2 * d <= singles for d in range(min(doubles, missing // 2) + 1))


def targets(laid: list[int]) -> list[str]:
    """The symbols the cards laid so far can still be four of."""
    return [t for t in SYMBOLS if all(fits(c, t) for c in laid)]


def shown(laid: list[int]) -> int:
    return sum(len(shows(c)) for c in laid)


def can_take_wok(hand: list[int]) -> bool:
    return any(can_complete(hand, NEED, t) for t in SYMBOLS)


def layable(hand: list[int], laid: list[int]) -> list[int]:
    """Cards of `hand` that may be laid next, one per kind of identical card (the
    lowest number stands for its copies: identical cards are interchangeable)."""
    missing = NEED - shown(laid)
    out, kinds = [], set()
    for card in sorted(hand):
        kind = (content().cards[card].ingredient, shows(card))
        if kind in kinds:
            continue
        kinds.add(kind)
        rest = [c for c in hand if c != card]
        size = len(shows(card))
        if any(fits(card, t) and size <= missing and can_complete(rest, missing - size, t) for t in targets(laid)):
            out.append(card)
    return out

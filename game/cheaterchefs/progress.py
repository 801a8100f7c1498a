"""When a counter fulfils an order, and how close it is: pure functions on
counters (lists of {"card": id, "poison": bool}) shared by the rules and bots."""

from __future__ import annotations

ORDER_SIZE = 4


def fulfils(counter: list[dict], order: list[str], anti: bool) -> bool:
    """Exactly four cards, none poisoned: the order's four ingredients, or in
    Anti-order four different ingredients none of which is on the order."""
    if len(counter) != ORDER_SIZE or any(c["poison"] for c in counter):
        return False
    kinds = [c["card"] for c in counter]
    if anti:
        return len(set(kinds)) == ORDER_SIZE and not set(kinds) & set(order)
    return sorted(kinds) == sorted(order)


def wanted(counter: list[dict], order: list[str], anti: bool) -> int:
    """How many of the four cards the counter needs it holds unpoisoned (0-4);
    the closing-time tie-break and the bots' measure of progress."""
    kinds = {c["card"] for c in counter if not c["poison"]}
    if anti:
        return min(ORDER_SIZE, len(kinds - set(order)))
    return len(kinds & set(order))  # an order's four ingredients are different

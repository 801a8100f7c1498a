"""The cover search against brute force, and the score of a pile."""

from itertools import combinations

from game.engine.rng import Rng
from game.relleno.data import content
from game.relleno.filling import is_minimal_cover, minimal_covers, points


def brute(hand, requires):
    found = []
    for k in range(1, len(hand) + 1):
        for combo in combinations(sorted(hand), k):
            if is_minimal_cover(list(combo), requires):
                found.append(list(combo))
    return sorted(found)


def test_the_cover_search_finds_exactly_the_minimal_covers():
    cards = sorted(content().cards)
    recipes = [c for c in cards if content().cards[c].requires]
    rng = Rng(12)
    for _ in range(300):
        hand = sorted(set(rng.choice(cards) for _ in range(1 + rng.randrange(9))))
        requires = content().cards[rng.choice(recipes)].requires
        assert sorted(minimal_covers(hand, requires)) == brute(hand, requires)


def test_a_repeated_requirement_needs_two_cards():
    # Custard tart needs blueberry twice: Vicki alone gives one blueberry.
    assert minimal_covers(["vicki"], ("blueberry", "blueberry")) == []
    assert minimal_covers(["bruno", "vicki"], ("blueberry", "blueberry")) == [["bruno", "vicki"]]


def test_points_count_symbols_and_sets():
    assert points([]) == {"symbols": 0, "sets": 0, "total": 0}
    assert points(["vicki", "swiss-roll"]) == {"symbols": 1, "sets": 0, "total": 1}

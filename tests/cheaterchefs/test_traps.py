"""Each trap card: what it does, and where it may not be aimed."""

from game.cheaterchefs.data import content

from .helpers import cards, names, table
from .test_rules import rejected


def test_every_trap_has_a_title_a_text_and_a_known_effect():
    traps = content().traps
    assert {t["effect"] for t in traps.values()} == {"poison", "antidote", "steal", "knock_off", "long_swap", "fire"}
    assert all(t["title"] and t["text"] for t in traps.values())


def test_poison_marks_a_rivals_ingredient():
    s = table(seats=3, hands=[["poison"], [], []], counters=[cards("rice"), cards("egg", "onion"), []])
    targets = [(a["seat"], a["pos"]) for a in s.legal_actions(0) if a["type"] == "play" and a.get("card") == "poison"]
    assert targets == [(1, 0), (1, 1)]  # not your own counter, not an empty one
    s.apply(0, {"type": "play", "card": "poison", "seat": 1, "pos": 1})
    assert names(s.counters[1]) == ["egg", "onion*"] and s.last["ingredients"] == ["onion"]


def test_poison_needs_an_unpoisoned_rival_card():
    s = table(hands=[["poison"], []], counters=[cards("rice"), cards("egg*")])
    rejected(s, 0, {"type": "play", "card": "poison", "seat": 1, "pos": 0}, "poisoned-card-untouchable")
    rejected(s, 0, {"type": "play", "card": "poison", "seat": 0, "pos": 0}, "trap-hits-a-rival")
    rejected(s, 0, {"type": "play", "card": "poison", "seat": 1, "pos": 1}, "target-card")
    rejected(s, 0, {"type": "play", "card": "poison", "seat": 5, "pos": 0}, "target-seat")
    rejected(s, 0, {"type": "play", "card": "poison", "seat": 1}, "action-shape")


def test_antidote_cures_a_poisoned_card_on_any_counter():
    s = table(hands=[["antidote"], []], counters=[cards("rice*", "egg"), cards("onion*")])
    targets = [(a["seat"], a["pos"]) for a in s.legal_actions(0) if a["type"] == "play" and a.get("card") == "antidote"]
    assert targets == [(0, 0), (1, 0)]
    rejected(s, 0, {"type": "play", "card": "antidote", "seat": 0, "pos": 1}, "antidote-needs-poison")
    s.apply(0, {"type": "play", "card": "antidote", "seat": 0, "pos": 0})
    assert names(s.counters[0]) == ["rice", "egg"] and "antidote" in s.discard


def test_sticky_fingers_takes_a_rivals_card_to_the_end_of_your_counter():
    s = table(hands=[["sticky-fingers"], []], counters=[cards("rice"), cards("egg", "saffron", "onion*")])
    rejected(s, 0, {"type": "play", "card": "sticky-fingers", "seat": 1, "pos": 2}, "poisoned-card-untouchable")
    s.apply(0, {"type": "play", "card": "sticky-fingers", "seat": 1, "pos": 1})
    assert names(s.counters[0]) == ["rice", "saffron"] and names(s.counters[1]) == ["egg", "onion*"]


def test_sticky_fingers_needs_a_free_place():
    s = table(hands=[["sticky-fingers"], []], counters=[cards(*["rice"] * 6), cards("egg")])
    rejected(s, 0, {"type": "play", "card": "sticky-fingers", "seat": 1, "pos": 0}, "counter-holds-six")


def test_butterfingers_knocks_a_rivals_card_onto_the_discard_pile():
    s = table(hands=[["butterfingers"], []], counters=[[], cards("egg*", "saffron")])
    rejected(s, 0, {"type": "play", "card": "butterfingers", "seat": 1, "pos": 0}, "poisoned-card-untouchable")
    s.apply(0, {"type": "play", "card": "butterfingers", "seat": 1, "pos": 1})
    assert names(s.counters[1]) == ["egg*"] and s.discard == ["saffron", "butterfingers"]


def test_switcheroo_swaps_with_any_card_of_any_rival():
    s = table(
        seats=4,
        hands=[["switcheroo"], [], [], []],
        counters=[cards("rice", "egg"), [], cards("onion", "saffron", "garlic"), []],
    )
    s.apply(0, {"type": "play", "card": "switcheroo", "mine": 0, "seat": 2, "pos": 1})
    assert names(s.counters[0]) == ["saffron", "egg"] and names(s.counters[2]) == ["onion", "rice", "garlic"]


def test_switcheroo_touches_no_poisoned_card():
    s = table(hands=[["switcheroo"], []], counters=[cards("rice*", "egg"), cards("onion*", "garlic")])
    rejected(s, 0, {"type": "play", "card": "switcheroo", "mine": 0, "seat": 1, "pos": 1}, "poisoned-card-untouchable")
    rejected(s, 0, {"type": "play", "card": "switcheroo", "mine": 1, "seat": 1, "pos": 0}, "poisoned-card-untouchable")
    rejected(s, 0, {"type": "play", "card": "switcheroo", "mine": 7, "seat": 1, "pos": 1}, "own-card")
    targets = [a for a in s.legal_actions(0) if a["type"] == "play" and a.get("card") == "switcheroo"]
    assert targets == [{"type": "play", "card": "switcheroo", "mine": 1, "seat": 1, "pos": 1}]


def test_grease_fire_burns_a_rivals_hand():
    s = table(seats=3, hands=[["grease-fire"], ["egg", "poison"], []])
    targets = [a["seat"] for a in s.legal_actions(0) if a["type"] == "play" and a.get("card") == "grease-fire"]
    assert targets == [1]  # seat 2 has no hand to burn
    rejected(s, 0, {"type": "play", "card": "grease-fire", "seat": 2}, "fire-needs-a-hand")
    rejected(s, 0, {"type": "play", "card": "grease-fire", "seat": 0}, "trap-hits-a-rival")
    s.apply(0, {"type": "play", "card": "grease-fire", "seat": 1})
    assert s.hands[1] == [] and s.discard == ["egg", "poison", "grease-fire"]
    assert s.last["ingredients"] == ["egg", "poison"]


def test_a_trap_with_nowhere_to_aim_cannot_be_played():
    s = table(hands=[["poison", "antidote", "butterfingers"], []])
    assert not [a for a in s.legal_actions(0) if a["type"] == "play"]

"""Cheater Chefs in words: labels before a choice, descriptions after it."""

from game.cheaterchefs.rules import ChefsState
from game.cheaterchefs.words import card_name

NAMES = ["Ana", "Bao", "Chloé"]


def test_putting_an_ingredient_down_is_told_with_its_name():
    s = ChefsState(3, None, 2)
    seat = s.current
    play = next(a for a in s.legal_actions(seat) if a["type"] == "play" and set(a) == {"type", "card"})
    assert s.label(seat, play, NAMES) == f"Put {card_name(play['card'])} on your counter"
    s.apply(seat, play)
    assert s.describe(seat, play, NAMES) == f"{NAMES[seat]} put {card_name(play['card'])} on the counter"


def test_a_poison_names_its_victim_and_card():
    s = ChefsState(3, None, 2)
    s.counters[1] = [{"card": "rice", "poison": False}]
    s.hands[0] = ["poison", "rice", "rice", "rice"]
    s.current = 0
    action = {"type": "play", "card": "poison", "seat": 1, "pos": 0}
    assert s.label(0, action, NAMES) == f"Bao's {card_name('rice')} (place 1)"
    s.apply(0, action)
    assert s.describe(0, action, NAMES) == f"Ana poisoned Bao's {card_name('rice')}"


def test_the_corner_tags_are_the_names_first_letters_in_every_language():
    # German counters showed the English "Po / Eg / To" beside Kartoffel, Ei, Tomate.
    from game import i18n
    from game.cheaterchefs.data import content

    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            tags = {}
            for card, entry in content().ingredients.items():
                tag, name = i18n._(entry["short"]), card_name(card)
                assert 1 <= len(tag) <= 3 and tag[0].casefold() == name[0].casefold(), (lang, card, tag, name)
                tags[tag] = card
            assert len(tags) == len(content().ingredients), f"{lang}: two ingredients share a tag"
    finally:
        i18n.set_language("en")

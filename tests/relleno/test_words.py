"""Relleno in words: labels before a choice, descriptions after it, in English and French."""

import pytest

from game.i18n import set_language
from game.relleno.words import card_name, clock, filling_name, point_name

from .helpers import NAMES, choose, table


@pytest.fixture
def french():
    set_language("fr")
    yield
    set_language("en")


def test_time_card_labels_show_the_time_and_the_early_arrival():
    s = table(2, {"advanced": True}, hands={0: ["remy", "princess-cake"]})
    labels = {s.label(0, a, NAMES) for a in s.legal_actions(0)}
    assert labels == {"Time card Remy (6:41)", "Play Princess cake"}
    s.apply(0, {"type": "pick", "card": "princess-cake"})  # early arrivals are picked first
    assert s.describe(0, {"type": "pick", "card": "princess-cake"}, NAMES) == "Ana is choosing a time card"
    labels = {s.label(0, a, NAMES) for a in s.legal_actions(0)}
    assert labels == {"Time card Remy with 1 early arrival: 5:41", "Keep Princess cake", "Play none of them"}


def test_fill_and_restock_labels_name_the_cards():
    s = table(2, book=["swiss-roll", "chocolate-log", "boston-cream-pie"])
    choose(s, "remy", "dario")
    labels = {s.label(0, a, NAMES) for a in s.legal_actions(0)}
    assert {"Play Aiko", "Play Vicki", "Restock: 1 back in hand, reserve Chocolate log"} <= labels
    s.apply(0, {"type": "pick", "card": "aiko"})
    labels = {s.label(0, a, NAMES) for a in s.legal_actions(0)}
    assert labels == {"Fill Swiss roll with Aiko", "Play Vicki", "Keep Aiko", "Play none of them"}


def test_names_follow_the_language(french):
    assert card_name("swiss-roll") == "Biscuit roulé"
    assert filling_name("custard") == "Crème pâtissière"
    assert point_name("trophy") == "Trophée"


def test_a_clock_reads_like_a_digital_clock():
    assert clock(5 * 60 + 7) == "5:07"


def test_labels_and_descriptions_speak_french(french):
    s = table(2, book=["swiss-roll", "chocolate-log", "boston-cream-pie"])
    s.apply(0, {"type": "time_card", "card": "remy", "early": []})
    assert s.describe(0, s.log[-1]["action"], NAMES) == "Ana choisit sa carte horaire"
    s.apply(1, {"type": "time_card", "card": "dario", "early": []})
    assert "Jouer Aiko" in {s.label(0, a, NAMES) for a in s.legal_actions(0)}
    s.apply(0, {"type": "pick", "card": "aiko"})
    assert s.describe(0, s.log[-1]["action"], NAMES) == "Ana choisit des cartes à jouer"
    assert "Garnir Biscuit roulé avec Aiko" in {s.label(0, a, NAMES) for a in s.legal_actions(0)}


def test_a_phone_ticks_the_cards_picked_for_a_fill():
    from game.web.views import build_view

    s = table(2, book=["swiss-roll", "chocolate-log", "boston-cream-pie"])
    choose(s, "remy", "dario")
    s.apply(0, {"type": "pick", "card": "aiko"})
    view = build_view(s, 0, NAMES[:2])
    hand = view["panels"][0]["items"]
    assert [i["text"] for i in hand] == ["✓ Aiko", "Vicki"]
    assert hand[0]["alt"].startswith("picked: Aiko") and not hand[1]["alt"].startswith("picked")
    assert "Fill Swiss roll with Aiko" in view["labels"]
    assert set(view["groups"]) == {"Fill a recipe with: Aiko"}, "until the fill, only its steps"
    s.apply(0, {"type": "cancel"})
    groups = dict(zip(build_view(s, 0, NAMES[:2])["labels"], build_view(s, 0, NAMES[:2])["groups"]))
    assert groups["Play Vicki"] == "Fill a recipe: pick its cards"
    assert groups["Restock: 1 back in hand"] == "Restock and reserve"

"""Relleno's content: the counts the rulebook gives, the public examples, the
design rules of DESIGN.md, and errors that name file, entry and problem."""

from collections import Counter

import pytest

from game.engine.data import DataError
from game.relleno.data import FOLDER, content, load


def recipes(advanced: bool):
    return [c for c in content().cards.values() if c.requires and c.advanced == advanced]


def test_the_rulebook_counts_50_standard_10_advanced_18_chefs_in_six_colours():
    data = content()
    assert len(recipes(False)) == 50 and len(recipes(True)) == 10
    assert len(data.colours) == 6
    assert all(len(data.chefs(c)) == 3 for c in data.colours)
    assert list(data.ingredients) == ["vanilla", "chocolate", "blueberry", "strawberry", "custard"]
    assert list(data.points) == ["star", "coin", "trophy"]


def test_the_public_examples_vicki_and_pain_au_chocolat():
    cards = content().cards
    assert set(cards["vicki"].provides) == {"chocolate", "blueberry"}
    pain = cards["pain-au-chocolat"]
    assert pain.requires == ("chocolate",) and pain.provides == ("chocolate",) and pain.ability == "bonus_fill"


def test_every_time_differs_so_only_early_arrivals_tie():
    timed = [c.time for c in content().cards.values() if c.time is not None]
    assert len(timed) == len(set(timed)) == 78 - 5
    assert all(6 * 60 <= t < 10 * 60 for t in timed)


def test_early_arrival_cards_have_no_time_and_advanced_cards_hold_the_new_abilities():
    for card in content().cards.values():
        assert (card.time is None) == (card.ability == "early_arrival")
        assert card.advanced == (card.ability in ("bad_batch", "early_arrival"))
    kinds = Counter(c.ability for c in recipes(True))
    assert kinds == {"bad_batch": 5, "early_arrival": 5}


def test_each_colour_provides_every_filling_once_and_no_points():
    data = content()
    for colour in data.colours:
        chefs = [data.cards[c] for c in data.chefs(colour)]
        assert sorted(i for c in chefs for i in c.provides) == sorted(data.ingredients)
        assert all(not c.points for c in chefs)


def test_no_card_shows_a_whole_set_and_the_fillings_are_balanced():
    data = content()
    assert all(len(set(c.points)) < 3 for c in data.cards.values())
    required = Counter(i for c in data.cards.values() for i in c.requires)
    provided = Counter(i for c in data.cards.values() for i in c.provides)
    assert max(required.values()) - min(required.values()) <= 1
    assert max(provided.values()) - min(provided.values()) <= 1


def test_the_clock_reads_like_the_card():
    assert content().cards["vicki"].clock == "6:02"
    assert content().cards["princess-cake"].clock == ""


@pytest.fixture
def broken(edited_copy):
    return lambda name, old, new: edited_copy(FOLDER, name, old, new)


@pytest.mark.parametrize(
    "name, old, new, message",
    [
        ("recipes.toml", 'time = "8:11"', 'time = "8:71"', r"\(pain-au-chocolat\): time must be a digital-clock"),
        ("recipes.toml", 'time = "8:11"', 'time = "6:02"', r"both show 6:02: times must differ"),
        ("recipes.toml", 'requires = ["chocolate"]', 'requires = ["cream"]', r"\(pain-au-chocolat\): requires names"),
        ("recipes.toml", "points = []", 'points = ["medal"]', r"\(pain-au-chocolat\): points names unknown medal"),
        ("recipes.toml", 'ability = "bonus_fill"', 'ability = "bad_batch"', r"needs advanced = true"),
        ("recipes.toml", 'ability = "bonus_fill"', 'ability = "fly"', r"field 'ability' must be one of"),
        ("recipes.toml", 'time = "8:11"\n', "", r"\(pain-au-chocolat\): missing field 'time'"),
        ("chefs.toml", 'colour = "red"', 'colour = "blue"', r"colour blue: needs 3 chefs"),
        ("chefs.toml", 'id = "vicki"', 'id = "pain-au-chocolat"', r"\(pain-au-chocolat\): id already names a recipe"),
        ("ingredients.toml", 'id = "custard"', 'id = "cream"', r"recipes.toml: .*names unknown custard"),
    ],
)
def test_a_broken_file_names_file_entry_and_problem(broken, name, old, new, message):
    with pytest.raises(DataError, match=message):
        load(broken(name, old, new))


def test_an_early_arrival_with_a_time_is_refused(broken):
    folder = broken("recipes.toml", 'id = "princess-cake"\n', 'id = "princess-cake"\ntime = "5:55"\n')
    with pytest.raises(DataError, match=r"\(princess-cake\): an early arrival has no time"):
        load(folder)

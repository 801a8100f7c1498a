"""The content files: counts, the top-left rule, and errors that name file, entry and problem."""

import pytest

from game.cheaterchefs import mode_options
from game.cheaterchefs.data import FOLDER, content, load
from game.engine.data import DataError


def test_every_order_has_four_different_ingredients_the_top_left_the_hardest():
    data = content()
    for order in data.orders.values():
        first, *rest = order["ingredients"]
        assert len(set(order["ingredients"])) == 4
        assert all(data.ingredients[first]["copies"] < data.ingredients[i]["copies"] for i in rest)


def test_some_ingredients_are_rarer_than_others():
    assert len({i["copies"] for i in content().ingredients.values()}) >= 2


def test_enough_orders_for_six_seats():
    assert len(content().orders) >= 6


@pytest.fixture
def broken(edited_copy):
    return lambda name, old, new: edited_copy(FOLDER, name, old, new)


@pytest.mark.parametrize(
    "name, old, new, message",
    [
        (
            "orders.toml",
            '"saffron", "chicken", "rice", "garlic"',
            '"chicken", "saffron", "rice", "garlic"',
            r"orders.toml: \[\[order\]\] \(paella\): the top-left ingredient 'chicken' must be the hardest",
        ),
        (
            "orders.toml",
            '"saffron", "chicken", "rice", "garlic"',
            '"saffron", "chicken", "rice", "caviar"',
            r"\(paella\): unknown ingredient\(s\) caviar",
        ),
        (
            "orders.toml",
            '"saffron", "chicken", "rice", "garlic"',
            '"saffron", "rice", "rice", "garlic"',
            r"\(paella\): needs 4 different ingredients",
        ),
        (
            "traps.toml",
            'effect = "poison"',
            'effect = "curse"',
            r"traps.toml: \[\[trap\]\] #1 \(poison\): field 'effect'",
        ),
        ("ingredients.toml", "copies = 3", "copies = 0", r"\(saffron\): field 'copies' must be between 1 and 20"),
        ("traps.toml", 'id = "antidote"', 'id = "egg"', r"traps.toml: id\(s\) egg already name ingredients"),
    ],
)
def test_a_broken_file_names_file_entry_and_problem(broken, name, old, new, message):
    with pytest.raises(DataError, match=message):
        load(broken(name, old, new))


@pytest.mark.parametrize(
    "word, options",
    [
        ("classic", {}),
        ("menu", {"mode": "menu"}),
        ("turbo", {"mode": "turbo"}),
        ("anti", {"anti_order": True}),
        ("menu+anti", {"mode": "menu", "anti_order": True}),
        ("Turbo+Anti", {"mode": "turbo", "anti_order": True}),
    ],
)
def test_mode_words_map_to_options(word, options):
    assert mode_options(word) == options


def test_an_unknown_mode_word_is_refused():
    with pytest.raises(ValueError, match="no mode 'team'"):
        mode_options("team")

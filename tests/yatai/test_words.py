"""Yatai in words: labels before a choice, descriptions after it."""

from game.yatai.rules import YataiState

from .helpers import NAMES, line, serving, started


def test_setup_picks_are_told():
    s = YataiState(2, None, 1)
    seat = s.turn
    s.apply(seat, {"type": "menu", "dish": "green"})
    assert s.label(1 - seat, {"type": "menu", "dish": "red"}, NAMES) == "Put ramen on your menu"
    assert s.describe(seat, {"type": "menu", "dish": "green"}, NAMES) == f"{NAMES[seat]} put gyoza on the menu"


def test_an_insert_names_the_tile_and_the_arrow():
    s = started()
    seat = s.turn
    action = {"type": "insert", "tile": s.free[0], "arrow": 3}
    assert s.label(seat, action, NAMES).endswith("into row 1 from the left")
    s.apply(seat, action)
    assert s.describe(seat, action, NAMES).startswith(f"{NAMES[seat]} slid ")


def test_a_serve_says_guest_dish_drinks_and_points():
    s = started()
    seat = s.turn
    serve = {"type": "serve", "slot": 0, "drinks": ["green"], "taiyaki": False}
    seat = serving(s, "green", "green", ("green",))
    assert s.describe(seat, serve, NAMES) == f"{NAMES[seat]} served a green customer gyoza and green drink: +3"
    assert s.label(seat, {"type": "board", "space": 0}, NAMES).startswith("Seat the guest on row 1 column 1")


def test_a_cook_label():
    s = started()
    seat = s.turn
    dish = s.chefs[seat]["menu"][0]
    line(s, "cook_1", "recycle")
    text = s.label(seat, {"type": "cook", "slot": 0, "dishes": [dish]}, NAMES)
    assert text.startswith("Cook ") and "{" not in text

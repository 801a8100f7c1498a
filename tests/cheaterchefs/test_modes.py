"""The advanced modes: Menu, Turbo, Anti-order, and Anti-order with a team mode."""

import pytest

from .helpers import PAELLA, PIZZA, cards, play, table

PAELLA_DONE = ("saffron", "chicken", "rice", "garlic")
PIZZA_DONE = ("cheese", "tomato", "onion", "garlic")
ANTI_PAELLA = ("egg", "onion", "tomato", "cheese")  # none of saffron chicken rice garlic
ANTI_PIZZA = ("egg", "rice", "potato", "saffron")


def four_seats(mode, anti=False, counters=(), hands=None):
    return table(
        seats=4,
        options={"mode": mode, "anti_order": anti, "teams": [0, 1, 0, 1]},
        orders=["paella", "pizza", "chicken-stew", "mushroom-risotto"],
        hands=hands or [["egg"], ["egg"], ["egg"], ["egg"]],
        counters=list(counters) + [[]] * (4 - len(counters)),
    )


def discard_egg(s, seat):
    play(s, seat, {"type": "discard_hand", "cards": ["egg"]})


def test_menu_needs_every_member_done():
    s = four_seats("menu", counters=[cards(*PAELLA_DONE)])
    discard_egg(s, 0)
    assert not s.is_over()  # seat 2, the partner, is not done


def test_menu_team_wins_when_all_members_are_done_at_a_members_turn_end():
    stew = cards("chicken", "potato", "tomato", "onion")
    s = four_seats("menu", counters=[cards(*PAELLA_DONE), [], stew])
    discard_egg(s, 0)
    assert s.is_over() and s.winners() == [0, 2] and s.scores() == [1.0, 0.0, 1.0, 0.0]


def test_menu_is_not_won_on_a_rival_teams_turn():
    stew = cards("chicken", "potato", "tomato", "onion")
    s = four_seats(
        "menu",
        counters=[cards(*PAELLA_DONE), [], stew],
    )
    s.current = 1
    play(s, 1, {"type": "discard_hand", "cards": ["egg"]})
    assert not s.is_over()


def test_turbo_any_member_done_wins_the_team():
    s = four_seats("turbo", counters=[cards(*PAELLA_DONE)])
    discard_egg(s, 0)
    assert s.winners() == [0, 2]


def test_turbo_a_partners_done_counter_wins_at_a_members_turn_end():
    stew = cards("chicken", "potato", "tomato", "onion")
    s = four_seats("turbo", counters=[[], [], stew])
    discard_egg(s, 0)
    assert s.winners() == [0, 2]


def test_turbo_a_rivals_done_counter_does_not_win_on_another_teams_turn():
    s = four_seats("turbo", counters=[[], cards(*PIZZA_DONE)])
    discard_egg(s, 0)
    assert not s.is_over()


def test_classic_is_every_seat_for_itself():
    s = table(
        seats=4,
        orders=["paella", "pizza", "chicken-stew", "mushroom-risotto"],
        hands=[["egg"], [], [], []],
        counters=[[], [], cards("chicken", "potato", "tomato", "onion"), []],
    )
    discard_egg(s, 0)
    assert not s.is_over()


@pytest.mark.parametrize(
    "counter, wins",
    [
        (ANTI_PAELLA, True),
        (("egg", "onion", "tomato", "tomato"), False),  # an ingredient repeated
        (("egg", "onion", "tomato", "rice"), False),  # rice is on the order
        (("egg", "onion", "tomato", "cheese*"), False),  # poisoned
        (("egg", "onion", "tomato"), False),  # three
        (ANTI_PAELLA + ("potato",), False),  # five
    ],
)
def test_anti_order_four_different_unpoisoned_none_on_the_order(counter, wins):
    s = table(options={"anti_order": True}, orders=[PAELLA, PIZZA], hands=[["egg"], []], counters=[cards(*counter), []])
    discard_egg(s, 0)
    assert s.is_over() == wins


def test_anti_order_makes_your_own_order_no_longer_win():
    s = table(
        options={"anti_order": True}, orders=[PAELLA, PIZZA], hands=[["egg"], []], counters=[cards(*PAELLA_DONE), []]
    )
    discard_egg(s, 0)
    assert not s.is_over()


def test_anti_order_with_menu_needs_every_member():
    s = four_seats("menu", anti=True, counters=[cards(*ANTI_PAELLA)])
    discard_egg(s, 0)
    assert not s.is_over()
    s = four_seats("menu", anti=True, counters=[cards(*ANTI_PAELLA), [], cards("egg", "rice", "garlic", "cheese")])
    discard_egg(s, 0)
    assert s.winners() == [0, 2]


def test_anti_order_with_turbo_needs_one_member():
    s = four_seats("turbo", anti=True, counters=[[], [], cards("egg", "rice", "garlic", "cheese")])
    discard_egg(s, 0)
    assert s.winners() == [0, 2]


def test_anti_order_with_turbo_ignores_classic_orders():
    s = four_seats("turbo", anti=True, counters=[cards(*PAELLA_DONE)])
    discard_egg(s, 0)
    assert not s.is_over()


def test_uneven_teams_are_allowed():
    s = table(
        seats=3,
        options={"mode": "menu", "teams": [0, 0, 1]},
        orders=[PAELLA, PIZZA, "chicken-stew"],
        hands=[[], ["egg"], []],
        counters=[cards(*PAELLA_DONE), cards(*PIZZA_DONE), []],
        current=1,
    )
    discard_egg(s, 1)
    assert s.winners() == [0, 1]


@pytest.mark.parametrize("mode, scores", [("menu", [1.5, 0.5, 1.5, 0.5]), ("turbo", [2.0, 1.0, 2.0, 1.0])])
def test_closing_time_team_tie_break(mode, scores):
    s = four_seats(mode, counters=[cards("saffron", "rice"), cards("cheese"), cards("chicken"), []])
    s.options["round_limit"] = 1
    for seat in range(4):
        discard_egg(s, seat)
    assert s.closed and s.scores() == scores and s.winners() == [0, 2]

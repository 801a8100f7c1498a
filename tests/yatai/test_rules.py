"""Yatai's rules, sentence by sentence (issue 13's Rules section and the rulebook)."""

from collections import Counter

import pytest

from game.engine.testkit import assert_rejected
from game.yatai.data import content
from game.yatai.rules import EXTRA_ROUND, Choice, Phase, YataiState

from .helpers import (
    begin,
    board,
    cook,
    crate,
    empty_crate,
    fridge,
    line,
    queue,
    seat_on,
    serving,
    space,
    started,
    tile,
    token,
)

COLOURS = ["red", "blue", "green", "yellow"]


# ---- setup -------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_grid_bag_supply_and_stalls_follow_the_table(seats):
    s = YataiState(seats, None, 3)
    table = content().players[seats]
    assert [len(r) for r in s.grid] == [3, 3] and len(s.free) == 4
    assert Counter(s.bag) == {c: table["customers"] for c in COLOURS} | {"tourist": table["tourists"]}
    assert len(s.offer) == table["specials"] and len(s.offer) + len(s.box) == 16
    assert s.dish_supply == dict.fromkeys(COLOURS, table["dishes"])
    assert s.drink_supply == dict.fromkeys(COLOURS, table["drinks"])
    for seat, chef in enumerate(s.chefs):
        assert chef["queue"] == chef["dishes"] == chef["fridge"] == chef["menu"] == []
        assert set(chef["reviews"].values()) == {0} and chef["influencer"] == 0
        assert (s.fridge_size(seat), s.stove_size(seat)) == (2, 2)
        assert not any(chef["board"])


def test_menu_in_turn_order_a_dish_nobody_chose_then_one_at_random_then_a_bottle():
    s = YataiState(3, None, 5)
    first = s.turn
    s.apply(first, {"type": "menu", "dish": "red"})
    second = s.turn
    assert second == (first + 1) % 3
    assert {"type": "menu", "dish": "red"} not in s.legal_actions(second)
    assert_rejected(s, second, {"type": "menu", "dish": "red"}, "a-dish-nobody-chose")
    s.apply(second, {"type": "menu", "dish": "blue"})
    s.apply(s.turn, {"type": "menu", "dish": "green"})
    assert [s.chefs[(first + k) % 3]["menu"][0] for k in range(3)] == ["red", "blue", "green"]
    assert all(len(set(c["menu"])) == 2 and len(c["food"]) == 2 for c in s.chefs)
    assert s.phase == Phase.BOTTLE and s.turn == first
    for _ in range(3):
        s.apply(s.turn, {"type": "bottle", "colour": "yellow"})
    assert [c["crate"] for c in s.chefs] == [["yellow"]] * 3
    assert s.drink_supply["yellow"] == 1
    assert s.round == 1 and s.phase == Phase.TILE and s.turn == first


def test_the_table_may_choose_the_first_player():
    assert all(YataiState(3, {"first_seat": 2}, seed).turn == 2 for seed in range(5))
    assert {YataiState(3, None, seed).turn for seed in range(20)} == {0, 1, 2}
    with pytest.raises(ValueError, match="first_seat"):
        YataiState(2, {"first_seat": 2}, 1)


# ---- (A) the queue check -------------------------------------------------------------
def test_a_guest_in_the_last_space_costs_two_reviews_of_your_choice_and_goes_back_to_the_bag():
    s = started()
    seat = s.turn
    queue(s, seat, "red", "blue", "green", "yellow")
    begin(s, seat)
    assert s.phase == Phase.QUEUE
    bag = len(s.bag)
    s.apply(seat, {"type": "penalty"})
    assert s.chefs[seat]["queue"] == ["red", "blue", "green"] and len(s.bag) == bag + 1
    assert {a["type"] for a in s.legal_actions(seat)} == {"review"}
    s.apply(seat, {"type": "review", "track": "service"})
    s.apply(seat, {"type": "review", "track": "price"})
    assert s.chefs[seat]["reviews"] == {"service": -1, "atmosphere": 0, "price": -1, "cleanliness": 0}
    assert s.phase == Phase.TILE and not s.pending


def test_the_penalty_may_take_both_steps_from_one_review():
    s = started()
    seat = s.turn
    queue(s, seat, "red", "blue", "green", "yellow")
    begin(s, seat)
    s.apply(seat, {"type": "penalty"})
    s.apply(seat, {"type": "review", "track": "atmosphere"})
    s.apply(seat, {"type": "review", "track": "atmosphere"})
    assert s.chefs[seat]["reviews"]["atmosphere"] == -2


def test_a_drink_avoids_the_penalty_unless_the_crate_is_full():
    s = started()
    seat = s.turn
    queue(s, seat, "red", "blue", "green", "yellow")
    fridge(s, seat, "red")
    begin(s, seat)
    crate_before = list(s.chefs[seat]["crate"])
    s.apply(seat, {"type": "offer_drink", "colour": "red"})
    assert s.chefs[seat]["crate"] == crate_before + ["red"] and s.chefs[seat]["fridge"] == []
    assert set(s.chefs[seat]["reviews"].values()) == {0}
    assert len(s.chefs[seat]["queue"]) == 4  # the appeased guest keeps waiting
    assert s.phase == Phase.TILE
    s = started()
    seat = s.turn
    queue(s, seat, "red", "blue", "green", "yellow")
    fridge(s, seat, "red")
    crate(s, seat, "blue", "blue")
    begin(s, seat)
    assert not [a for a in s.legal_actions(seat) if a["type"] == "offer_drink"]
    assert_rejected(s, seat, {"type": "offer_drink", "colour": "red"}, "crate-not-full")


def test_a_taiyaki_avoids_the_penalty():
    s = started()
    seat = s.turn
    queue(s, seat, "red", "blue", "green", "tourist")
    token(s, seat, "taiyaki")
    begin(s, seat)
    s.apply(seat, {"type": "taiyaki"})
    assert s.chefs[seat]["tokens"] == [] and s.used == ["taiyaki"]
    assert set(s.chefs[seat]["reviews"].values()) == {0} and s.phase == Phase.TILE


def test_no_queue_check_while_the_last_space_is_free():
    s = started()
    seat = s.turn
    queue(s, seat, "red", "blue", "green")
    begin(s, seat)
    assert s.phase == Phase.TILE


# ---- (B) the sliding grid ---------------------------------------------------------------
def test_a_tile_slides_into_a_column_from_the_top_and_the_bottom_one_becomes_free():
    s = started()
    seat, before, tile = s.turn, [r[:] for r in s.grid], s.free[0]
    assert len([a for a in s.legal_actions(seat) if a["type"] == "insert"]) == 4 * 5
    s.apply(seat, {"type": "insert", "tile": tile, "arrow": 1})
    assert s.grid[0][1] == tile and s.grid[1][1] == before[0][1]
    assert before[1][1] in s.free and tile not in s.free and len(s.free) == 4


def test_a_tile_slides_into_a_row_from_the_left_and_the_last_one_becomes_free():
    s = started()
    seat, before, tile = s.turn, [r[:] for r in s.grid], s.free[2]
    s.apply(seat, {"type": "insert", "tile": tile, "arrow": 4})
    assert s.grid[1] == [tile, *before[1][:2]] and before[1][2] in s.free
    assert s.grid[0] == before[0]


def test_only_a_free_tile_can_be_inserted():
    s = started()
    assert_rejected(s, s.turn, {"type": "insert", "tile": s.grid[0][0], "arrow": 0}, "tile-is-free")
    assert_rejected(s, s.turn, {"type": "insert", "tile": s.free[0], "arrow": 5}, "arrow")


# ---- (C) the line's actions ----------------------------------------------------------------
def test_the_line_runs_in_any_order_each_action_once_then_the_turn_passes():
    s = started()
    seat = s.turn
    dish = s.chefs[seat]["menu"][0]
    line(s, "recycle", "drinks_1", "cook_1")
    assert {a["type"] for a in s.legal_actions(seat)} == {"recycle", "drinks", "cook"}
    s.apply(seat, {"type": "cook", "slot": 2, "dishes": [dish]})
    assert_rejected(s, seat, {"type": "cook", "slot": 2, "dishes": [dish]}, "each-action-once")
    s.apply(seat, {"type": "recycle", "slot": 0})
    assert s.chefs[seat]["points"] == 1 and s.chefs[seat]["crate"] == []
    s.apply(seat, {"type": "drinks", "slot": 1, "colours": ["red"]})
    assert s.turn != seat and s.phase == Phase.TILE


def test_an_action_that_cannot_be_done_in_full_is_skipped():
    s = started()
    seat = s.turn
    menu = s.chefs[seat]["menu"]
    cook(s, seat, menu[0])
    line(s, "cook_2", "recycle")
    assert [a["type"] for a in s.legal_actions(seat)] == ["recycle"]
    assert_rejected(s, seat, {"type": "cook", "slot": 0, "dishes": [menu[0], menu[0]]}, "dish-queue-room")
    s.apply(seat, {"type": "recycle", "slot": 1})
    assert s.turn != seat


def test_the_turn_cannot_end_while_an_action_can_be_done():
    s = started()
    seat = s.turn
    queue(s, seat, "red", "blue")
    token(s, seat, "urgent_call")
    line(s, "recycle", "drinks_1")
    assert_rejected(s, seat, {"type": "end"}, "do-every-action-you-can")
    s.apply(seat, {"type": "recycle", "slot": 0})
    s.apply(seat, {"type": "drinks", "slot": 1, "colours": ["blue"]})
    assert s.turn == seat  # an urgent call can still be used: the seat ends the turn itself
    assert {"type": "end"} in s.legal_actions(seat)
    s.apply(seat, {"type": "end"})
    assert s.turn != seat


# ---- customers ------------------------------------------------------------------------
def _bag_first(s: YataiState, *guests: str) -> None:
    for g in reversed(guests):
        s.bag.remove(g)
        s.bag.insert(0, g)


def test_customers_go_into_the_first_free_space_of_any_queue():
    s = started()
    seat = s.turn
    other = 1 - seat
    queue(s, other, "blue")
    _bag_first(s, "red", "green")
    line(s, "customers_2", "recycle")
    s.apply(seat, {"type": "customers", "slot": 0})
    assert s.pending[0]["kind"] == Choice.GUEST and s.pending[0]["guests"] == ["red", "green"]
    assert_rejected(s, seat, {"type": "recycle", "slot": 1}, "finish-the-choice")
    s.apply(seat, {"type": "guest", "guest": 1, "seat": other})
    s.apply(seat, {"type": "guest", "guest": 0, "seat": seat})
    assert s.chefs[other]["queue"] == ["blue", "green"] and s.chefs[seat]["queue"] == ["red"]
    assert not s.pending


def test_a_tourist_joins_your_queue_or_replaces_a_customer_elsewhere_who_goes_back_to_the_bag():
    s = started()
    seat = s.turn
    other = 1 - seat
    queue(s, other, "blue", "tourist")
    _bag_first(s, "tourist")
    line(s, "customers_1", "recycle")
    s.apply(seat, {"type": "customers", "slot": 0})
    legal = s.legal_actions(seat)
    assert {"type": "guest", "guest": 0, "seat": seat} in legal
    assert {"type": "replace", "guest": 0, "seat": other, "pos": 0} in legal
    assert {"type": "guest", "guest": 0, "seat": other} not in legal
    assert_rejected(s, seat, {"type": "guest", "guest": 0, "seat": other}, "tourist-in-your-queue")
    assert_rejected(s, seat, {"type": "replace", "guest": 0, "seat": other, "pos": 1}, "replace-a-customer")
    blues = s.bag.count("blue")
    s.apply(seat, {"type": "replace", "guest": 0, "seat": other, "pos": 0})
    assert s.chefs[other]["queue"] == ["tourist", "tourist"] and s.bag.count("blue") == blues + 1


def test_no_customers_action_when_every_queue_is_full_or_too_full_for_all_guests():
    s = started()
    seat = s.turn
    queue(s, seat, "red", "red", "red", "red")
    queue(s, 1 - seat, "blue", "blue", "blue")
    line(s, "customers_1", "customers_2", "recycle")
    assert {a["type"] for a in s.legal_actions(seat)} == {"customers", "recycle"}
    assert {a["slot"] for a in s.legal_actions(seat) if a["type"] == "customers"} == {0}
    assert_rejected(s, seat, {"type": "customers", "slot": 1}, "room-in-queues")
    queue(s, 1 - seat, "blue")
    line(s, "customers_1", "recycle")
    assert [a["type"] for a in s.legal_actions(seat)] == ["recycle"]


def test_both_customer_actions_in_one_turn_are_done_one_after_the_other():
    s = started()
    seat = s.turn
    _bag_first(s, "red", "blue", "green")
    line(s, "customers_1", "customers_2", "recycle")
    s.apply(seat, {"type": "customers", "slot": 1})
    assert_rejected(s, seat, {"type": "customers", "slot": 0}, "finish-the-choice")
    s.apply(seat, {"type": "guest", "guest": 0, "seat": seat})
    assert_rejected(s, seat, {"type": "customers", "slot": 0}, "finish-the-choice")
    s.apply(seat, {"type": "guest", "guest": 0, "seat": seat})
    s.apply(seat, {"type": "customers", "slot": 0})
    assert s.pending[0]["guests"] == ["green"]


# ---- cook, drinks, recycle -------------------------------------------------------------
def test_cook_only_dishes_on_your_menu_into_the_dish_queue():
    s = started()
    seat = s.turn
    menu = s.chefs[seat]["menu"]
    other = next(c for c in COLOURS if c not in menu)
    line(s, "cook_2", "recycle")
    cooks = [a["dishes"] for a in s.legal_actions(seat) if a["type"] == "cook"]
    assert sorted(cooks) == sorted([[a, b] for a in menu for b in menu])
    assert_rejected(s, seat, {"type": "cook", "slot": 0, "dishes": [other, menu[0]]}, "dish-on-menu")
    s.apply(seat, {"type": "cook", "slot": 0, "dishes": [menu[1], menu[0]]})
    assert s.chefs[seat]["dishes"] == [menu[1], menu[0]]


def test_drinks_need_room_in_the_fridge():
    s = started()
    seat = s.turn
    fridge(s, seat, "red")
    line(s, "drinks_2", "drinks_1")
    assert {a["slot"] for a in s.legal_actions(seat) if a["type"] == "drinks"} == {1}
    assert_rejected(s, seat, {"type": "drinks", "slot": 0, "colours": ["blue", "green"]}, "fridge-room")
    s.apply(seat, {"type": "drinks", "slot": 1, "colours": ["green"]})
    assert s.chefs[seat]["fridge"] == ["green", "red"]


def test_recycle_scores_one_and_needs_a_bottle():
    s = started()
    seat = s.turn
    bottle = s.chefs[seat]["crate"][0]
    supply = s.drink_supply[bottle]
    line(s, "recycle", "drinks_1")
    s.apply(seat, {"type": "recycle", "slot": 0})
    assert s.chefs[seat]["points"] == 1 and s.drink_supply[bottle] == supply + 1
    line(s, "recycle", "drinks_1")
    assert [a["type"] for a in s.legal_actions(seat)] == ["drinks"] * 4


# ---- serve -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("guest", "dish", "drinks", "points"),
    [
        ("green", "green", ("green",), 3),  # the rulebook's example
        ("red", "blue", ("blue",), 1),
        ("red", "red", ("blue",), 2),
        ("red", "red", ("red", "red"), 4),
        ("red", "blue", ("red", "yellow"), 2),
        ("tourist", "red", ("red",), 1),
    ],
)
def test_serving_scores_the_guest_the_matching_dish_and_each_matching_drink(guest, dish, drinks, points):
    s = started()
    seat = serving(s, guest, dish, drinks)
    chef = s.chefs[seat]
    assert chef["points"] == points
    assert chef["sink"][dish] == 1 and chef["crate"] == sorted(drinks) and chef["fridge"] == []
    assert chef["queue"] == chef["dishes"] == []
    assert s.pending[0] == {"kind": Choice.BOARD, "guest": guest, "free": False, "served": True}


def test_after_a_serve_both_queues_move_up():
    s = started()
    seat = s.turn
    queue(s, seat, "red", "blue")
    cook(s, seat, "green", "yellow")
    fridge(s, seat, "red")
    line(s, "serve_1", "recycle")
    s.apply(seat, {"type": "serve", "slot": 0, "drinks": ["red"], "taiyaki": False})
    assert s.chefs[seat]["queue"] == ["blue"] and s.chefs[seat]["dishes"] == ["yellow"]


def test_no_serve_without_room_in_the_crate_a_dish_or_the_drinks():
    s = started()
    seat = s.turn
    queue(s, seat, "red")
    cook(s, seat, "red")
    fridge(s, seat, "red", "blue")
    crate(s, seat, "green")  # 2 of 3
    line(s, "serve_2", "serve_1")
    assert {a["slot"] for a in s.legal_actions(seat) if a["type"] == "serve"} == {1}
    assert_rejected(s, seat, {"type": "serve", "slot": 0, "drinks": ["blue", "red"], "taiyaki": False}, "crate-room")
    s = started()
    seat = s.turn
    queue(s, seat, "red")
    fridge(s, seat, "red")
    line(s, "serve_1", "recycle")
    assert_rejected(s, seat, {"type": "serve", "slot": 0, "drinks": ["red"], "taiyaki": False}, "a-dish-to-serve")
    assert_rejected(s, seat, {"type": "serve", "slot": 0, "drinks": ["blue"], "taiyaki": False}, "a-dish-to-serve")


def test_a_taiyaki_replaces_the_dish_and_scores_one_more_for_a_tourist():
    s = started()
    seat = s.turn
    queue(s, seat, "tourist")
    fridge(s, seat, "red")
    token(s, seat, "taiyaki")
    empty_crate(s, seat)
    line(s, "serve_1", "recycle")
    assert [a["taiyaki"] for a in s.legal_actions(seat) if a["type"] == "serve"] == [True]
    s.apply(seat, {"type": "serve", "slot": 0, "drinks": ["red"], "taiyaki": True})
    assert s.chefs[seat]["points"] == 2 and s.chefs[seat]["tokens"] == [] and s.used == ["taiyaki"]
    assert sum(s.chefs[seat]["sink"].values()) == 0


# ---- the reputation board ---------------------------------------------------------------------
def test_the_first_guest_sits_on_an_edge_space_that_is_not_red():
    s = started()
    seat = serving(s)
    spaces = content().spaces
    legal = {a["space"] for a in s.legal_actions(seat) if a["type"] == "board"}
    assert legal == {i for i, sp in enumerate(spaces) if sp["edge"] and not sp["red"]}
    assert_rejected(s, seat, {"type": "board", "space": space("stove")}, "board-placement")
    assert_rejected(s, seat, {"type": "board", "space": space("fridge")}, "board-placement")


def test_the_next_guests_sit_next_to_another_never_diagonally():
    s = started()
    seat = s.turn
    cols = content().cols
    board(s, seat, 0, "blue")
    serving(s)
    legal = {a["space"] for a in s.legal_actions(seat) if a["type"] == "board"}
    assert legal == {1, cols}
    assert_rejected(s, seat, {"type": "board", "space": cols + 1}, "board-placement")


def test_the_doggy_bag_seats_a_served_guest_anywhere():
    s = started()
    seat = s.turn
    token(s, seat, "doggy_bag")
    board(s, seat, 0, "blue")
    serving(s)
    assert {"type": "use", "token": "doggy_bag"} in s.legal_actions(seat)
    s.apply(seat, {"type": "use", "token": "doggy_bag"})
    assert s.used == ["doggy_bag"]
    legal = {a["space"] for a in s.legal_actions(seat) if a["type"] == "board"}
    assert legal == set(range(1, len(content().spaces)))
    s.apply(seat, {"type": "board", "space": space("stove")})
    assert s.chefs[seat]["stove_up"]


# ---- the bonuses ---------------------------------------------------------------------------------
def test_menu_bonus_adds_a_food_tile_worth_two():
    s = started()
    seat = seat_on(s, space("menu", red=False))
    food = list(s.chefs[seat]["food"])
    assert [a["dish"] for a in s.legal_actions(seat)] == food
    before = s.chefs[seat]["points"]
    s.apply(seat, {"type": "menu", "dish": food[0]})
    assert food[0] in s.chefs[seat]["menu"] and s.chefs[seat]["points"] == before + 2


def test_menu_bonus_gives_nothing_when_no_food_tile_is_left():
    s = started()
    seat = s.turn
    chef = s.chefs[seat]
    chef["menu"], chef["food"] = list(COLOURS), []
    before = chef["points"]
    seat_on(s, space("menu", red=False))
    assert not s.pending and chef["points"] == before + 2  # the serve only: red guest, red dish


@pytest.mark.parametrize("upgrade", ["fridge", "stove"])
def test_fridge_and_stove_upgrades_hold_three_and_score_two(upgrade):
    s = started()
    seat = seat_on(s, space(upgrade))
    chef = s.chefs[seat]
    assert chef[f"{upgrade}_up"] and chef["points"] == 2 + 2  # serve 2, upgrade 2
    assert (s.fridge_size(seat) if upgrade == "fridge" else s.stove_size(seat)) == 3


def test_double_customer_chooses_a_guest_from_the_bag_whose_space_gives_its_bonus_too():
    s = started()
    seat = s.turn
    where = space("double", red=False)
    review = space("review", reviews=["cleanliness"])
    assert review in content().neighbours(where)
    seat_on(s, where)
    assert s.pending[0]["kind"] == Choice.PICK
    assert {a["guest"] for a in s.legal_actions(seat)} == set(s.bag)
    tourists = s.bag.count("tourist")
    token(s, seat, "doggy_bag")
    s.apply(seat, {"type": "pick", "guest": "tourist"})
    assert s.bag.count("tourist") == tourists - 1
    # The doggy bag frees only a served guest's placement.
    assert {"type": "use", "token": "doggy_bag"} not in s.legal_actions(seat)
    assert_rejected(s, seat, {"type": "use", "token": "doggy_bag"}, "doggy-bag-after-a-serve")
    points = s.chefs[seat]["points"]
    s.apply(seat, {"type": "board", "space": review})
    assert s.pending[0] == {"kind": Choice.REVIEW, "steps": 2, "tracks": ["cleanliness"], "sign": 1}
    s.apply(seat, {"type": "review", "track": "cleanliness"})
    s.apply(seat, {"type": "review", "track": "cleanliness"})
    assert s.chefs[seat]["reviews"]["cleanliness"] == 2 and s.chefs[seat]["points"] == points


def test_influencer_moves_one_space_and_gives_its_stars_in_reviews_of_your_choice():
    s = started()
    seat = s.turn
    s.chefs[seat]["influencer"] = 1
    seat_on(s, space("influencer", red=False))
    assert s.chefs[seat]["influencer"] == 2
    assert s.pending[0]["steps"] == content().stars[1] == 2
    s.apply(seat, {"type": "review", "track": "atmosphere"})
    s.apply(seat, {"type": "review", "track": "atmosphere"})
    assert s.chefs[seat]["reviews"]["atmosphere"] == 2 and not s.pending


def test_influencer_at_the_end_of_its_track_gives_nothing():
    s = started()
    seat = s.turn
    s.chefs[seat]["influencer"] = len(content().stars)
    seat_on(s, space("influencer", red=False))
    assert not s.pending and s.chefs[seat]["influencer"] == len(content().stars)


def test_special_bonus_takes_a_token_still_on_offer():
    s = started()
    seat = seat_on(s, space("special"))
    offer = sorted(set(s.offer))
    assert [a["token"] for a in s.legal_actions(seat)] == offer
    s.apply(seat, {"type": "take", "token": offer[0]})
    assert s.chefs[seat]["tokens"] == [offer[0]]


def test_a_review_space_gives_one_step_for_a_customer_among_its_icons():
    s = started()
    seat = seat_on(s, space("review", reviews=["service", "cleanliness"]))
    assert {a["track"] for a in s.legal_actions(seat)} == {"service", "cleanliness"}
    assert_rejected(s, seat, {"type": "review", "track": "price"}, "review-of-the-space")
    s.apply(seat, {"type": "review", "track": "service"})
    assert s.chefs[seat]["reviews"]["service"] == 1 and not s.pending


def test_a_tourist_on_a_review_space_gives_two_steps_one_on_each_or_two_on_one():
    s = started()
    seat = seat_on(s, space("review", reviews=["cleanliness", "price"]), guest="tourist")
    s.apply(seat, {"type": "review", "track": "cleanliness"})
    s.apply(seat, {"type": "review", "track": "price"})
    assert s.chefs[seat]["reviews"]["cleanliness"] == s.chefs[seat]["reviews"]["price"] == 1


def test_a_review_stops_at_the_end_of_its_track():
    s = started()
    seat = s.turn
    s.chefs[seat]["reviews"]["service"] = content().highest
    seat_on(s, space("review", reviews=["service"]))
    assert not s.pending and s.chefs[seat]["reviews"]["service"] == content().highest


# ---- special tokens ------------------------------------------------------------------------------
def test_garbage_empties_the_crate_without_points_at_any_moment_of_your_turn():
    s = started()
    seat = s.turn
    token(s, seat, "garbage")
    crate(s, seat, "red")
    assert s.phase == Phase.TILE
    assert {"type": "use", "token": "garbage"} in s.legal_actions(seat)
    assert {"type": "use", "token": "garbage"} not in s.legal_actions(1 - seat)
    s.apply(seat, {"type": "use", "token": "garbage"})
    assert s.chefs[seat]["crate"] == [] and s.chefs[seat]["points"] == 0 and s.used == ["garbage"]


def test_urgent_call_swaps_two_guests_of_your_queue():
    s = started()
    seat = s.turn
    token(s, seat, "urgent_call")
    queue(s, seat, "red", "red", "tourist")
    assert_rejected(s, seat, {"type": "use", "token": "urgent_call", "a": 0, "b": 1}, "swap-changes-something")
    s.apply(seat, {"type": "use", "token": "urgent_call", "a": 0, "b": 2})
    assert s.chefs[seat]["queue"] == ["tourist", "red", "red"] and s.used == ["urgent_call"]


def test_tokens_have_their_moments():
    s = started()
    seat = s.turn
    token(s, seat, "doggy_bag")
    token(s, seat, "taiyaki")
    assert_rejected(s, seat, {"type": "use", "token": "doggy_bag"}, "token-has-its-moment")
    assert_rejected(s, seat, {"type": "use", "token": "taiyaki"}, "token-has-its-moment")
    assert_rejected(s, seat, {"type": "use", "token": "garbage"}, "have-the-token")


# ---- the extra turn ----------------------------------------------------------------------------------
def test_after_round_12_each_chef_checks_the_queue_then_serves_the_waiting_guests():
    s = started()
    seat = s.first
    other = 1 - seat
    s.round = EXTRA_ROUND
    queue(s, seat, "red", "tourist", "blue", "green")
    cook(s, seat, "yellow", "red")
    fridge(s, seat, "red", "yellow")
    empty_crate(s, seat)
    begin(s, seat)
    assert s.phase == Phase.QUEUE
    s.apply(seat, {"type": "penalty"})
    s.apply(seat, {"type": "review", "track": "price"})
    s.apply(seat, {"type": "review", "track": "price"})
    assert s.phase == Phase.EXTRA
    kinds = {a["type"] for a in s.legal_actions(seat)}
    assert kinds == {"serve", "stop"}
    # The rulebook's example: red customer, yellow dish, red drink: +2; then the tourist, +1.
    s.apply(seat, {"type": "serve", "drinks": ["red"], "taiyaki": False})
    assert s.chefs[seat]["points"] == 2
    s.apply(seat, {"type": "board", "space": 0})
    s.apply(seat, {"type": "review", "track": "service"})
    s.apply(seat, {"type": "serve", "drinks": ["yellow"], "taiyaki": False})
    assert s.chefs[seat]["points"] == 3
    s.apply(seat, {"type": "board", "space": 1})
    assert s.pending  # the special token bonus
    s.apply(seat, s.legal_actions(seat)[0])
    assert s.is_over()  # nobody left to serve; the other chef had nobody waiting
    assert s.chefs[other]["queue"] == []


def test_the_extra_turn_may_stop_serving_and_ends_by_itself_when_nothing_can_be_served():
    s = started()
    seat = s.first
    s.round = EXTRA_ROUND
    queue(s, seat, "red", "blue")
    cook(s, seat, "red")
    fridge(s, seat, "red")
    empty_crate(s, seat)
    queue(s, 1 - seat, "green")  # no dish: nothing to serve
    begin(s, seat)
    assert s.phase == Phase.EXTRA
    s.apply(seat, {"type": "stop"})
    assert s.is_over() and s.chefs[seat]["queue"] == ["red", "blue"]


def test_twelve_rounds_of_one_tile_per_chef_then_the_extra_turn():
    from game.engine.rng import Rng

    s = started(3, seed=4)
    rng = Rng(9)
    rounds = set()
    while not s.is_over():
        rounds.add(s.round)
        seat = s.turn
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    inserts = [e for e in s.log if e["action"]["type"] == "insert"]
    assert len(inserts) == 12 * 3
    assert set(range(1, EXTRA_ROUND)) <= rounds <= set(range(1, EXTRA_ROUND + 1))
    assert s.round == EXTRA_ROUND + 1  # the extra round was played (or had nothing to serve)


# ---- final scoring ---------------------------------------------------------------------------------------
def _finish(s: YataiState) -> None:
    s.phase, s.line = Phase.OVER, None
    s.result = s.scoring()


def test_dish_majorities_score_the_count_and_a_tie_scores_nothing():
    from .helpers import sink

    s = started(3)
    sink(s, 0, "red", 4)
    sink(s, 1, "red", 2)
    sink(s, 1, "blue", 2)
    sink(s, 2, "blue", 2)
    sink(s, 2, "green", 1)
    r = s.scoring()
    assert r[0]["dishes"]["red"] == 4 and r[1]["dishes"]["red"] == 0  # the rulebook's +4 ramen
    assert r[1]["dishes"]["blue"] == r[2]["dishes"]["blue"] == 0
    assert r[2]["dishes"]["green"] == 1


def test_customer_majorities_on_the_boards_leave_tourists_out():
    s = started()
    for i in range(3):
        board(s, 0, i, "yellow")
    board(s, 1, 0, "yellow")
    board(s, 1, 1, "tourist")
    board(s, 1, 2, "tourist")
    board(s, 0, 5, "green")
    board(s, 1, 5, "green")
    r = s.scoring()
    assert r[0]["guests"]["yellow"] == 3  # the rulebook's +3 yellow
    assert r[0]["guests"]["green"] == r[1]["guests"]["green"] == 0
    assert sum(r[1]["guests"].values()) == 0


def test_reviews_score_their_column_the_rulebook_example_gives_six():
    s = started()
    s.chefs[0]["reviews"] = {"service": 2, "atmosphere": 0, "price": -1, "cleanliness": 4}
    r = s.scoring()[0]["reviews"]
    assert (r["cleanliness"], r["service"], r["price"]) == (5, 2, -1) and sum(r.values()) == 6


def test_unused_special_tokens_score_their_backs_and_everything_adds_up():
    s = started()
    token(s, 0, "taiyaki")
    token(s, 0, "urgent_call")
    s.chefs[0]["points"] = 7
    s.chefs[0]["reviews"]["service"] = 2
    r = s.scoring()[0]
    assert r["tokens"] == content().specials["taiyaki"]["back"] + content().specials["urgent_call"]["back"] == 4
    assert r["total"] == 7 + 4 + 2
    _finish(s)
    assert s.scores()[0] == 13 and s.winners() == [0]


def test_ties_go_to_most_guests_then_fewest_bottles_then_fewest_dishes_then_are_shared():
    s = started()
    for seat in (0, 1):
        empty_crate(s, seat)
    _finish(s)
    assert s.winners() == [0, 1]
    board(s, 1, 0, "tourist")
    assert s.winners() == [1]
    board(s, 0, 0, "tourist")
    crate(s, 0, "red")
    assert s.winners() == [1]
    crate(s, 1, "red")
    cook(s, 1, "red")
    assert s.winners() == [0]
    s.chefs[1]["points"] = 1
    s.result = s.scoring()
    assert s.winners() == [1]


# ---- the contract -------------------------------------------------------------------------------------
def test_only_the_bag_order_is_hidden_and_determinize_reshuffles_it():
    from game.engine.rng import Rng

    s = started()
    obs = s.observation(0)
    assert obs["bag"] == sorted(s.bag) and "seed" not in obs
    twin = s.determinize(0, Rng(5))
    assert sorted(twin.bag) == sorted(s.bag) and twin.observation(0) == obs
    assert twin.chefs == s.chefs and twin.grid == s.grid


def test_a_move_without_chance_can_be_undone_within_the_turn():
    s = started()
    seat, tile = s.turn, s.free[0]
    before = s.to_json()
    s.apply(seat, {"type": "insert", "tile": tile, "arrow": 0})
    if s.turn == seat:
        assert s.can_undo(seat)
        assert s.undone().to_json() == before


def test_not_your_turn_is_refused():
    s = started()
    assert_rejected(s, 1 - s.turn, {"type": "insert", "tile": s.free[0], "arrow": 0}, "not-your-turn")


def test_garbage_during_the_queue_check_makes_room_to_offer_a_drink():
    s = started()
    seat = s.turn
    queue(s, seat, "red", "blue", "green", "yellow")
    fridge(s, seat, "red")
    crate(s, seat, "blue", "blue")
    token(s, seat, "garbage")
    begin(s, seat)
    assert not [a for a in s.legal_actions(seat) if a["type"] == "offer_drink"]
    s.apply(seat, {"type": "use", "token": "garbage"})
    assert s.phase == Phase.QUEUE and s.chefs[seat]["crate"] == []
    s.apply(seat, {"type": "offer_drink", "colour": "red"})
    assert s.chefs[seat]["crate"] == ["red"] and s.phase == Phase.TILE


def test_the_line_a_move_would_run_can_be_previewed():
    from game.yatai.rules import line_tiles, slide

    s = started()
    seat, tile = s.turn, s.free[1]
    preview, out = slide(s.grid, tile, 2)
    assert line_tiles(preview, 2)[0] == tile and out == s.grid[1][2]
    s.apply(seat, {"type": "insert", "tile": tile, "arrow": 2})
    assert s.grid == preview and out in s.free


def test_nobody_scores_a_colour_nobody_has():
    s = started(3)
    r = s.scoring()
    assert all(sum(x["dishes"].values()) == sum(x["guests"].values()) == 0 for x in r)


def test_identical_drawn_guests_are_named_by_the_first_one_only():
    """The legal list names the first of identical guests; apply takes no other (issue 22)."""
    s = started()
    seat = s.turn
    s.bag.remove("red")
    s.bag.remove("red")
    s.bag[:0] = ["red", "red"]
    line(s, "customers_2", "recycle")
    s.apply(seat, {"type": "customers", "slot": 0})
    assert s.pending[0]["guests"] == ["red", "red"]
    legal = s.legal_actions(seat)
    assert {a["guest"] for a in legal if a["type"] == "guest"} == {0}
    assert_rejected(s, seat, {"type": "guest", "guest": 1, "seat": seat}, "drawn-guest")
    s.apply(seat, {"type": "guest", "guest": 0, "seat": seat})
    assert s.pending[0]["guests"] == ["red"]


def test_a_value_nested_deep_changes_nothing_not_even_the_last_move_told():
    s = started()
    seat = s.turn
    s.apply(seat, s.legal_actions(seat)[0])  # a tile inserted: `last` tells what came out
    deep: object = "red"
    for _ in range(100_000):
        deep = [deep]
    for action in ({"type": "cook", "slot": 0, "dishes": deep}, {"type": "serve", "slot": 0, "drinks": deep}):
        assert_rejected(s, seat, action, "action-shape")


def _row_after(s, *names: str) -> None:
    """Row 1 holds the named two tiles (the slide pushes out the third); the guest and
    recycle tiles are free."""
    wanted = [tile(n) for n in names]
    free = [tile("customers_1"), tile("recycle")]
    rest = [t for t in range(len(content().tiles)) if t not in wanted + free] + free
    s.grid = [[*wanted, rest[0]], rest[1:4]]
    s.free = sorted(rest[4:])


def test_skipped_names_the_slots_of_a_line_that_nothing_lets_the_seat_do():
    s = started()
    seat = s.turn
    _row_after(s, "cook_1", "serve_1")
    # An empty queue and fridge: the recycle and the cook can be done, the serve cannot.
    assert s.skipped(seat, tile("recycle"), 3) == [2]
    fridge(s, seat, "blue")  # a drink now: a guest drawn by the line can be served (in that order)
    assert s.skipped(seat, tile("customers_1"), 3) == []
    assert s.skipped(seat, tile("recycle"), 3) == [2], "nobody to serve without a guest tile"
    before = s.to_json()
    s.skipped(seat, tile("customers_1"), 3)
    assert s.to_json() == before, "trying the line leaves the state as it was"


def test_skipped_counts_on_a_serve_making_room_for_a_cook():
    s = started()
    seat = s.turn
    cook(s, seat, *s.chefs[seat]["menu"][:1] * 2)  # the stove is full
    _row_after(s, "cook_1", "serve_1")
    assert s.skipped(seat, tile("recycle"), 3) == [1, 2], "a full stove and nobody to serve"
    queue(s, seat, "red")
    fridge(s, seat, "blue")
    assert s.skipped(seat, tile("recycle"), 3) == [], "serving first frees the stove"

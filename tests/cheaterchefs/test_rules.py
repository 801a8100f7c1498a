"""One test per rule sentence of Cheater Chefs (rulebook + issue 7)."""

import pytest

from game.cheaterchefs.data import content
from game.cheaterchefs.rules import ChefsState
from game.engine import IllegalAction
from game.engine.testkit import assert_rejected

from .helpers import PAELLA, PIZZA, cards, names, play, table


def rejected(state, seat, action, rule):
    assert_rejected(state, seat, action, rule)
    assert action not in state.legal_actions(seat)


# ---- setting up -------------------------------------------------------------


@pytest.mark.parametrize("seats", range(2, 7))
def test_each_seat_gets_one_secret_order_and_four_kitchen_cards(seats):
    s = ChefsState(seats, None, 11)
    assert [len(h) for h in s.hands] == [4] * seats
    assert len(set(s.orders)) == seats and set(s.orders) <= set(content().orders)
    assert len(s.deck) == len(content().deck()) - 4 * seats
    assert all(c == [] for c in s.counters) and s.discard == []


def test_orders_and_hands_are_private_until_played():
    s = ChefsState(3, None, 4)
    for seat in range(3):
        obs = s.observation(seat)
        assert obs["order"] == s.orders[seat] and obs["hand"] == s.hands[seat] and obs["orders"] is None
    seen_by_0 = s.observation(0)
    s.hands[1], s.orders[2] = ["egg", "egg", "egg", "egg"], "pizza" if s.orders[2] != "pizza" else "paella"
    assert s.observation(0) == seen_by_0  # other seats' cards do not show
    spectator = s.observation(None)
    assert "order" not in spectator and "hand" not in spectator and spectator["orders"] is None


def test_orders_are_shown_when_the_game_ends():
    s = table(orders=[PAELLA, PIZZA], hands=[["garlic"], []], counters=[cards("saffron", "chicken", "rice"), []])
    s.apply(0, {"type": "play", "card": "garlic"})
    assert s.observation(1)["orders"] == s.orders


def test_first_seat_is_chosen_or_drawn():
    assert ChefsState(4, {"first_seat": 2}, 1).current == 2
    assert {ChefsState(4, None, seed).current for seed in range(40)} == {0, 1, 2, 3}


# ---- one action, then the turn passes left ----------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_one_action_then_the_turn_passes_left(seats):
    s = ChefsState(seats, {"first_seat": seats - 1}, 2)
    for expected in [seats - 1, 0, 1]:
        assert s.actors() == [expected]
        rejected(s, (expected + 1) % seats, s.legal_actions(expected)[0], "not-your-turn")
        play(s, expected, {"type": "discard_hand", "cards": [s.hands[expected][0]]})


def test_an_ingredient_goes_face_up_at_the_end_of_the_counter():
    s = table(hands=[["egg", "tomato"], []], counters=[cards("rice", "onion"), []])
    s.apply(0, {"type": "play", "card": "tomato"})
    assert names(s.counters[0]) == ["rice", "onion", "tomato"]
    assert "tomato" not in s.hands[0]  # (the refill comes from the deck's traps end)
    assert s.observation(None)["counters"][0][-1] == {"card": "tomato", "poison": False}


def test_any_ingredient_may_be_played_order_or_not():
    s = table(orders=[PAELLA, PIZZA], hands=[["cheese"], []])
    assert {"type": "play", "card": "cheese"} in s.legal_actions(0)
    s.apply(0, {"type": "play", "card": "cheese"})
    assert names(s.counters[0]) == ["cheese"]


def test_at_most_six_ingredients_on_a_counter():
    six = cards("rice", "rice", "onion", "onion", "egg", "egg")
    s = table(hands=[["tomato"], []], counters=[six, []])
    rejected(s, 0, {"type": "play", "card": "tomato"}, "counter-holds-six")


def test_only_a_card_in_hand_can_be_played():
    s = table(hands=[["tomato"], ["onion"]])
    rejected(s, 0, {"type": "play", "card": "onion"}, "card-in-hand")
    rejected(s, 0, {"type": "play", "card": "tomato", "seat": 1}, "action-shape")


def test_a_trap_is_resolved_then_discarded():
    s = table(hands=[["poison"], []], counters=[[], cards("rice")])
    s.apply(0, {"type": "play", "card": "poison", "seat": 1, "pos": 0})
    assert s.counters[1][0]["poison"] and s.discard == ["poison"]
    assert s.traps_played == 1


def test_discard_any_cards_from_your_hand_picked_one_at_a_time():
    """Issue 26: the 15 combinations of a four-card hand were listed (only 9 fit);
    the cards are picked one at a time instead, as at a real table."""
    s = table(hands=[["egg", "egg", "poison", "rice"], []])
    legal = s.legal_actions(0)
    assert not [a for a in legal if a["type"] == "discard_hand"]
    assert [a["card"] for a in legal if a["type"] == "pick"] == ["egg", "poison", "rice"]
    s.apply(0, {"type": "pick", "card": "egg"})
    s.apply(0, {"type": "pick", "card": "egg"})  # the second egg
    legal = s.legal_actions(0)
    assert legal[0] == {"type": "discard_hand", "cards": ["egg", "egg"]}
    assert {"type": "pick", "card": "egg"} not in legal and {"type": "unpick", "card": "egg"} in legal
    assert len(legal) <= 9, "every choice fits the list"
    assert s.current == 0 and s.discard == [], "picking does not end the turn"
    assert s.observation(1)["picked"] == [] and s.observation(0)["picked"] == ["egg", "egg"]
    s.apply(0, {"type": "unpick", "card": "egg"})
    s.deck = ["onion", "onion", "onion"]
    play(s, 0, {"type": "discard_hand", "cards": ["egg", "poison", "rice"]})
    assert sorted(s.discard) == ["egg", "poison", "rice"] and s.hands[0] == ["egg", "onion", "onion", "onion"]
    assert s.picked == [] and s.current == 1


def test_a_bot_plays_a_whole_discard_step_by_step():
    from game.cheaterchefs import GAME
    from game.engine.rng import Rng

    s = table(hands=[["egg", "egg", "poison", "rice"], ["rice"]])
    s.apply(0, {"type": "pick", "card": "poison"})  # a bot standing in for a player who began a discard
    bot = GAME.make_bot("easy")
    for _ in range(5):
        if s.current != 0:
            break
        action = bot.choose(s, 0, Rng(1))
        assert action["type"] in ("pick", "discard_hand") and action in s.legal_actions(0)
        s.apply(0, action)
    assert s.current == 1 and "poison" in s.discard


def test_discarding_needs_cards_from_the_hand_picked_first():
    s = table(hands=[["egg", "rice"], []])
    rejected(s, 0, {"type": "discard_hand", "cards": []}, "discard-some-cards")
    rejected(s, 0, {"type": "discard_hand", "cards": ["egg", "egg"]}, "card-in-hand")
    rejected(s, 0, {"type": "discard_hand", "cards": ["egg"]}, "pick-cards-first")
    rejected(s, 0, {"type": "pick", "card": "onion"}, "card-in-hand")
    rejected(s, 0, {"type": "unpick", "card": "egg"}, "card-picked")
    rejected(s, 0, {"type": "cancel"}, "nothing-picked")
    s.apply(0, {"type": "pick", "card": "egg"})
    rejected(s, 0, {"type": "discard_hand", "cards": ["egg", "rice"]}, "pick-cards-first")
    rejected(s, 0, {"type": "play", "card": "rice"}, "cards-picked")
    s.apply(0, {"type": "cancel"})
    assert s.picked == [] and {"type": "play", "card": "rice"} in s.legal_actions(0)


# ---- swap -------------------------------------------------------------------


def test_swap_with_the_right_neighbours_leftmost_card_each_taking_the_others_place():
    s = table(seats=3, counters=[cards("rice", "egg"), cards("onion"), cards("tomato", "garlic")])
    # Seat 0's right neighbour is seat 2 (who played before it): its leftmost is tomato.
    s.apply(0, {"type": "swap", "pos": 1, "side": "right"})
    assert names(s.counters[0]) == ["rice", "tomato"] and names(s.counters[2]) == ["egg", "garlic"]


def test_swap_with_the_left_neighbours_rightmost_card():
    s = table(seats=3, counters=[cards("rice", "egg"), cards("onion", "cheese"), cards("tomato")])
    s.apply(0, {"type": "swap", "pos": 0, "side": "left"})
    assert names(s.counters[0]) == ["cheese", "egg"] and names(s.counters[1]) == ["onion", "rice"]


def test_in_two_seats_both_ends_of_the_rival_can_be_taken():
    s = table(counters=[cards("rice"), cards("onion", "egg", "cheese")])
    swaps = [a for a in s.legal_actions(0) if a["type"] == "swap"]
    assert swaps == [{"type": "swap", "pos": 0, "side": "left"}, {"type": "swap", "pos": 0, "side": "right"}]


def test_no_card_in_a_swap_may_be_poisoned():
    s = table(seats=3, counters=[cards("rice*", "egg"), cards("onion", "cheese*"), cards("tomato*", "garlic")])
    rejected(s, 0, {"type": "swap", "pos": 0, "side": "left"}, "poisoned-card-untouchable")
    # The end card itself must be unpoisoned: an unpoisoned card behind it does not count.
    rejected(s, 0, {"type": "swap", "pos": 1, "side": "left"}, "swap-needs-unpoisoned-end")
    rejected(s, 0, {"type": "swap", "pos": 1, "side": "right"}, "swap-needs-unpoisoned-end")
    assert not [a for a in s.legal_actions(0) if a["type"] == "swap"]


def test_swap_needs_a_card_on_the_neighbours_counter():
    s = table(counters=[cards("rice"), []])
    rejected(s, 0, {"type": "swap", "pos": 0, "side": "left"}, "swap-needs-unpoisoned-end")
    rejected(s, 0, {"type": "swap", "pos": 0, "side": "up"}, "swap-with-a-neighbour")


# ---- move and discard from the counter --------------------------------------------


def test_move_an_unpoisoned_card_to_another_place():
    s = table(counters=[cards("rice", "egg", "onion"), []])
    s.apply(0, {"type": "move", "pos": 0, "to": 2})
    assert names(s.counters[0]) == ["egg", "onion", "rice"]


def test_a_poisoned_card_cannot_move_nor_stay_in_place():
    s = table(counters=[cards("rice*", "egg"), []])
    rejected(s, 0, {"type": "move", "pos": 0, "to": 1}, "poisoned-card-untouchable")
    rejected(s, 0, {"type": "move", "pos": 1, "to": 1}, "move-to-another-place")
    rejected(s, 0, {"type": "move", "pos": 1, "to": 2}, "move-to-another-place")


def test_discard_an_unpoisoned_ingredient_from_your_counter():
    s = table(counters=[cards("rice*", "egg"), []])
    rejected(s, 0, {"type": "discard_ingredient", "pos": 0}, "poisoned-card-untouchable")
    rejected(s, 0, {"type": "discard_ingredient", "pos": 2}, "own-card")
    s.apply(0, {"type": "discard_ingredient", "pos": 1})
    assert names(s.counters[0]) == ["rice*"] and s.discard == ["egg"]


# ---- drawing ----------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play", "card": "egg"},
        {"type": "discard_hand", "cards": ["egg", "rice"]},
        {"type": "move", "pos": 0, "to": 1},
        {"type": "discard_ingredient", "pos": 0},
        {"type": "swap", "pos": 0, "side": "left"},
    ],
)
def test_after_any_action_draw_back_up_to_four(action):
    s = table(hands=[["egg", "rice"], []], counters=[cards("onion", "tomato"), cards("garlic")])
    play(s, 0, action)
    assert len(s.hands[0]) == 4
    assert s.last["drew"] == (3 if action["type"] == "play" else 4 if action["type"] == "discard_hand" else 2)


def test_only_the_acting_seat_draws():
    s = table(hands=[["egg"], ["rice"]])
    s.apply(0, {"type": "play", "card": "egg"})
    assert s.hands[1] == ["rice"]


def test_an_empty_deck_is_rebuilt_from_the_shuffled_discards():
    s = table(hands=[["egg", "rice"], []])
    rest = list(s.deck)
    s.deck, s.discard = [], list(rest)
    s.apply(0, {"type": "play", "card": "egg"})
    assert s.reshuffles == 1 and s.discard == [] and len(s.hands[0]) == 4
    assert sorted(s.deck + s.hands[0]) == sorted(rest + ["rice"])
    assert s.deck + s.hands[0] != rest  # shuffled


# ---- winning ----------------------------------------------------------------


def test_your_turn_ending_with_exactly_your_order_wins():
    s = table(orders=[PAELLA, PIZZA], hands=[["garlic"], []], counters=[cards("rice", "saffron", "chicken"), []])
    s.apply(0, {"type": "play", "card": "garlic"})
    assert s.is_over() and s.winners() == [0] and s.scores() == [1.0, 0.0] and s.actors() == []
    with pytest.raises(IllegalAction):
        s.apply(1, {"type": "pass"})


@pytest.mark.parametrize(
    "counter",
    [
        ("rice", "saffron", "chicken", "garlic", "egg"),  # one more
        ("rice", "saffron", "chicken"),  # one less
        ("rice", "saffron*", "chicken", "garlic"),  # poisoned
        ("rice", "rice", "chicken", "garlic"),  # a repeat in place of saffron
    ],
)
def test_not_exactly_the_order_or_poisoned_does_not_win(counter):
    s = table(orders=[PAELLA, PIZZA], hands=[["egg"], []], counters=[cards(*counter), []])
    play(s, 0, {"type": "discard_hand", "cards": ["egg"]})
    assert not s.is_over()


def test_an_order_done_outside_your_own_turn_is_not_yet_a_win():
    # Seat 0 swaps its garlic for seat 1's egg: seat 1's pizza is done on seat 0's turn.
    s = table(
        orders=[PAELLA, PIZZA],
        hands=[["egg"], ["rice"]],
        counters=[cards("garlic"), cards("onion", "cheese", "tomato", "egg")],
    )
    s.apply(0, {"type": "swap", "pos": 0, "side": "left"})
    assert names(s.counters[1]) == ["onion", "cheese", "tomato", "garlic"]
    assert not s.is_over() and s.winners() == []
    play(s, 1, {"type": "discard_hand", "cards": ["rice"]})
    assert s.winners() == [1]


def test_a_seat_with_no_possible_action_passes():
    s = table(hands=[[], ["egg"]], counters=[cards("rice*"), []])
    assert s.legal_actions(0) == [{"type": "pass"}]
    s.apply(0, {"type": "pass"})
    assert len(s.hands[0]) == 4 and s.current == 1
    rejected(s, 1, {"type": "pass"}, "pass-only-when-stuck")


# ---- closing time -------------------------------------------------------------


def test_closing_time_ends_the_game_and_the_closest_wins():
    s = table(
        options={"round_limit": 1},
        orders=[PAELLA, PIZZA],
        hands=[["egg"], ["egg"]],
        counters=[cards("rice", "saffron", "egg*"), cards("tomato", "rice")],
    )
    play(s, 0, {"type": "discard_hand", "cards": ["egg"]})
    assert not s.is_over()
    play(s, 1, {"type": "discard_hand", "cards": ["egg"]})
    assert s.closed and s.is_over() and s.winners() == [0] and s.scores() == [2.0, 1.0]


def test_closing_time_ties_share_the_win():
    s = table(options={"round_limit": 1}, orders=[PAELLA, PIZZA], hands=[["egg"], ["egg"]])
    play(s, 0, {"type": "discard_hand", "cards": ["egg"]})
    play(s, 1, {"type": "discard_hand", "cards": ["egg"]})
    assert s.winners() == [0, 1]


# ---- options ----------------------------------------------------------------


@pytest.mark.parametrize(
    "options, message",
    [
        ({"mode": "solo"}, "mode"),
        ({"teams": [0, 1]}, "teams are for"),
        ({"mode": "menu", "teams": [0, 0]}, "two teams"),
        ({"mode": "menu", "teams": [0, 1, 0]}, "each of the 2 seats"),
        ({"anti_order": "yes"}, "anti_order"),
        ({"round_limit": 0}, "round_limit"),
        ({"first_seat": 2}, "first_seat"),
        ({"colour": 1}, "no option"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        ChefsState(2, options, 1)


def test_team_modes_alternate_seats_unless_teams_are_given():
    assert ChefsState(5, {"mode": "menu"}, 1).teams == [0, 1, 0, 1, 0]
    assert ChefsState(5, {"mode": "turbo", "teams": [2, 2, 7, 1, 1]}, 1).teams == [2, 2, 7, 1, 1]
    assert ChefsState(3, None, 1).teams == [0, 1, 2]


def test_a_game_saved_before_discards_were_picked_card_by_card_still_resumes():
    from game.cheaterchefs import GAME
    from game.engine.rng import Rng

    s, bot, old = ChefsState(3, None, 4), GAME.make_bot("easy"), []
    rng = Rng(4)
    while not s.is_over() and len(s.log) < 300:
        action = bot.choose(s, s.current, rng)
        if action["type"] not in ("pick", "unpick", "cancel"):
            old.append({"seat": s.current, "action": action})
        s.apply(s.current, action)
    assert any(e["action"]["type"] == "discard_hand" for e in old) and len(old) < len(s.log)
    resumed = ChefsState.replay(3, {}, 4, old)
    assert [e for e in resumed.log if e["action"]["type"] != "pick"] == old, "picks added, in card order"
    resumed.log, s.log = [], []
    assert resumed.to_json() == s.to_json()

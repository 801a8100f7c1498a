"""Choosing cards one at a time (game/engine/picking.py), apart from any game."""

import pytest

from game.engine import IllegalAction, picking

HAND = ["egg", "egg", "rice"]


def test_steps_list_one_pick_per_different_card_then_put_backs_and_cancel():
    assert picking.steps(HAND, []) == [{"type": "pick", "card": "egg"}, {"type": "pick", "card": "rice"}]
    assert picking.steps(HAND, ["egg"]) == [
        {"type": "pick", "card": "egg"},
        {"type": "pick", "card": "rice"},
        {"type": "unpick", "card": "egg"},
        {"type": "cancel"},
    ]
    assert picking.steps(HAND, ["egg", "egg", "rice"], can_pick=True)[:1] == [{"type": "unpick", "card": "egg"}]
    assert picking.steps(HAND, [], can_pick=False) == []


def test_a_step_is_checked_before_anything_changes():
    picked = ["egg"]
    assert picking.step({"type": "pick", "card": "egg"}, HAND, picked) == ["egg", "egg"]
    assert picked == ["egg"], "the caller's list is left alone"
    assert picking.step({"type": "unpick", "card": "egg"}, HAND, picked) == []
    assert picking.step({"type": "cancel"}, HAND, picked) == []
    for action, rule in [
        ({"type": "pick", "card": "onion"}, "card-in-hand"),
        ({"type": "pick", "card": 3}, "card-in-hand"),
        ({"type": "pick"}, "action-fields"),
        ({"type": "pick", "card": "egg", "more": 1}, "action-fields"),
        ({"type": "unpick", "card": "rice"}, "card-picked"),
        ({"type": "cancel", "card": "egg"}, "action-fields"),
    ]:
        with pytest.raises(IllegalAction) as err:
            picking.step(action, HAND, picked)
        assert err.value.rule == rule
    with pytest.raises(IllegalAction):
        picking.step({"type": "pick", "card": "egg"}, HAND, ["egg", "egg"])
    with pytest.raises(IllegalAction):
        picking.step({"type": "cancel"}, HAND, [])


def test_a_plan_is_reached_step_by_step_from_any_picked_cards():
    plan = {"type": "discard_hand", "cards": ["egg", "rice"]}
    assert picking.steps_to(plan, []) == [{"type": "pick", "card": "egg"}, {"type": "pick", "card": "rice"}, plan]
    assert picking.steps_to(plan, ["egg", "egg"]) == [
        {"type": "unpick", "card": "egg"},
        {"type": "pick", "card": "rice"},
        plan,
    ]
    assert picking.steps_to({"type": "restock"}, ["egg"]) == [{"type": "cancel"}, {"type": "restock"}]
    assert picking.steps_to({"type": "cancel"}, ["egg"]) == [{"type": "cancel"}]
    assert picking.is_picked(["rice", "egg"], ["egg", "rice"]) and not picking.is_picked(["egg"], ["egg", "egg"])
    plans = [plan, {"type": "discard_hand", "cards": ["rice"]}, {"type": "restock"}]
    assert picking.holding(plans, ["egg"]) == [plan]


def test_the_random_level_never_puts_back_while_it_can_go_forward():
    from game.engine.rng import Rng

    class Table:
        def __init__(self, legal):
            self.legal = legal

        def legal_actions(self, seat):
            return self.legal

    bot, rng = picking.ForwardRandomBot(), Rng(1)
    steps = picking.steps(HAND, ["egg"]) + [{"type": "discard_hand", "cards": ["egg"]}]
    chosen = {bot.choose(Table(steps), 0, rng)["type"] for _ in range(50)}
    assert chosen == {"pick", "discard_hand"}
    stuck = picking.steps(HAND, HAND)  # everything picked, nothing to finish: it may put back
    assert bot.choose(Table(stuck), 0, rng)["type"] in ("unpick", "cancel")

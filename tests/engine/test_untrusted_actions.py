"""Whatever a caller sends, `apply` refuses it with IllegalAction naming a rule,
says so in a message of bounded size, and leaves the state exactly as it was:
the engine guarantees it, not each game (issue 22)."""

import pytest

from game.engine import ActionFailed, IllegalAction
from game.engine.testkit import KitFailure, nested, run_playouts

from .toygame import SnapState

DEEP = 100_000  # far beyond Python's recursion limit


def _first_legal(s):
    return s.legal_actions(0)[0]


@pytest.mark.parametrize("container", [list, dict])
@pytest.mark.parametrize("where", ["field", "type", "extra"])
def test_deep_nesting_is_refused_not_a_recursion_error(container, where):
    s = SnapState(2, None, 5)
    before = s.to_json()
    deep = nested(DEEP, container)
    action = {
        "field": {"type": "pick", "card": deep},
        "type": {"type": deep},
        "extra": {**_first_legal(s), "note": deep},
    }[where]
    with pytest.raises(IllegalAction) as err:
        s.apply(0, action)
    assert err.value.rule == "action-shape"
    assert s.to_json() == before


@pytest.mark.parametrize(
    "value",
    ["x" * 1_000_000, list(range(100_000)), {str(i): i for i in range(100_000)}, 10**5000],
    ids=["long-string", "long-list", "big-dict", "huge-int"],
)
def test_refusal_messages_show_a_bounded_repr(value):
    s = SnapState(2, None, 5)
    for action in ({"type": "pick", "card": value}, {"type": "pick", "card": 3, "kit": value}, {"type": "x" * 10**6}):
        with pytest.raises(IllegalAction) as err:
            s.apply(0, action)
        print(err.value.rule, len(str(err.value)))
        assert len(str(err.value)) <= 300


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), (1, 2), {1: 2}, {1, 2}, b"x", object()])
def test_what_is_not_json_is_refused_at_the_door(value):
    s = SnapState(2, None, 5)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(0, {"type": "pick", "card": value})
    assert err.value.rule == "action-shape"
    assert s.to_json() == before


class HalfDoneSnap(SnapState):
    """Changes the state, then refuses: against the contract, and the engine takes it back."""

    game_id = "toy-half-done"

    def perform(self, seat, action):
        self.points[seat] += 5
        self.hands[seat].append(99)
        self.rng.next64()
        raise IllegalAction("changed-my-mind")


class BuggySnap(SnapState):
    """Changes the state, then fails in a way the rules never meant (a bug)."""

    game_id = "toy-buggy"

    def perform(self, seat, action):
        self.points[seat] += 5
        self.discard.append(self.hands[seat].pop())
        self.extra = {"half": "done"}
        raise KeyError("oops")


def test_a_refusal_after_a_change_leaves_the_state_exactly_as_it_was():
    s = HalfDoneSnap(2, None, 5)
    before, log = s.to_json(), len(s.log)
    with pytest.raises(IllegalAction) as err:
        s.apply(0, _first_legal(s))
    assert err.value.rule == "changed-my-mind"
    assert s.to_json() == before and len(s.log) == log


def test_an_unexpected_error_is_a_refusal_naming_the_rule_and_the_state_is_restored():
    s = BuggySnap(2, None, 5)
    s.log.append({"seat": 1, "action": {"type": "earlier"}})  # the log keeps what came before
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(0, _first_legal(s))
    assert err.value.rule == "malformed-action"
    assert isinstance(err.value.__cause__, KeyError)  # the bug stays visible to whoever looks
    assert "KeyError" in str(err.value)
    assert s.to_json() == before and not hasattr(s, "extra")


def test_the_kit_still_fails_a_game_whose_rules_raise_unexpected_errors():
    with pytest.raises(KitFailure, match="must be IllegalAction"):
        run_playouts(BuggySnap, 3)


def test_a_scratch_apply_still_refuses_a_crash_by_name():
    """Searches and replays throw their state away on a failure: no snapshot, same refusal."""
    s = BuggySnap(2, None, 5)
    with pytest.raises(ActionFailed) as err:
        s.apply(0, _first_legal(s), scratch=True)
    assert err.value.rule == "malformed-action"

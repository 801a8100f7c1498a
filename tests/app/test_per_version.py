"""A value worked out once per version of a game's state (game/app/per_version.py)."""

from game.app.per_version import PerVersion
from tests.engine.toygame import SnapState


def test_a_value_is_worked_out_again_only_for_another_version_of_the_state():
    state = SnapState(2, None, 1)
    memo, worked = PerVersion(), []

    def value(also=None) -> int:
        return memo.get(state, lambda: worked.append(len(state.log)) or len(worked), also)

    assert value() == value() == 1, "the same version: once"
    seat = state.actors()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert value() == value() == 2, "a move"
    assert value("viewer 1") == value("viewer 1") == 3, "another viewer"
    state.log[-1] = dict(state.log[-1])  # as after an undo, the same move played again: a new entry
    assert value("viewer 1") == 4, "an equal entry that is another object"
    state = SnapState(2, None, 1)
    assert value("viewer 1") == 5 and worked == [0, 1, 1, 1, 0], "a replaced state"

"""The kit sends every game the other games' moves: its list must name every kind of
move the five games have (a game's new move, missing from it, would go unsent)."""

import importlib

import pytest

from game.engine.rng import Rng
from game.engine.testkit import FOREIGN_ACTIONS


@pytest.mark.parametrize("game_id", ["yatai", "wokup", "relleno", "cheaterchefs", "wewillwokyou"])
def test_the_kit_sends_every_kind_of_move_of_every_game(game_id):
    cls = importlib.import_module(f"game.{game_id}").GAME.state_cls
    listed = {a["type"] for a in FOREIGN_ACTIONS}
    seen: set[str] = set()
    state = cls(cls.min_seats, None, 7)
    rng = Rng(7)
    while not state.is_over() and len(state.log) < 3000:
        for seat in state.actors():
            if not state.open_action_space(seat):
                seen.update(a["type"] for a in state.legal_actions(seat))
        seat = rng.choice(state.actors())
        action = state.sample_action(seat, rng)
        seen.add(action["type"])
        state.apply(seat, action)
    print(game_id, sorted(seen))
    assert seen <= listed, f"add to testkit.FOREIGN_ACTIONS: {sorted(seen - listed)}"

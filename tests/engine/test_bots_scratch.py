"""The bots try moves on copies of their own with `apply(..., scratch=True)` and
`unlogged_clone` (no snapshot, no log copied): they must choose exactly what they
chose with the guarded apply on full copies, for the same seed."""

import pytest

from game.engine.rng import Rng
from game.engine.state import SYSTEM, GameState
from game.engine.testkit import listed_games

TURN_BASED = [g for g in listed_games() if not g.realtime]


def _choices(gdef, level: str, seed: int) -> list[str]:
    """The bot's choice every 15 random moves of a game at the most seats."""
    cls = gdef.state_cls
    state, rng, out = cls(cls.max_seats, None, seed), Rng(seed), []
    for k in range(300):
        if state.is_over():
            break
        me = next((s for s in state.actors() if s != SYSTEM), None)
        if k % 15 == 0 and me is not None:
            bot = gdef.make_bot(level)
            if hasattr(bot, "seconds"):
                bot.seconds = 1e9  # bounded by its iterations alone: the same work whatever the load
            out.append(repr(bot.choose(state, me, Rng(k))))
        seat = rng.choice(state.actors())
        state.apply(seat, state.sample_action(seat, rng))
    return out


@pytest.mark.parametrize("gdef", TURN_BASED, ids=lambda g: g.id)
def test_a_bot_chooses_the_same_on_scratch_copies(gdef, monkeypatch):
    fast = {level: _choices(gdef, level, 5) for level in gdef.bots}
    guarded = GameState.apply
    with monkeypatch.context() as m:  # the way the bots tried moves before
        m.setattr(GameState, "apply", lambda self, seat, action, scratch=False: guarded(self, seat, action))
        m.setattr(GameState, "unlogged_clone", GameState.clone)
        slow = {level: _choices(gdef, level, 5) for level in gdef.bots}
    print(gdef.id, {level: len(c) for level, c in fast.items()}, "choices compared")
    assert all(fast[level] for level in gdef.bots)
    assert fast == slow

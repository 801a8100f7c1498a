"""The kit sends every game the other games' moves, sampled from the listed games
(testkit.foreign_actions): every kind of move a game makes in longer games than the
sampling's, at every seat count, must reach every other game."""

import pytest

from game.engine.rng import Rng
from game.engine.testkit import foreign_actions, listed_games, shape

GAMES = listed_games()


def _moves_met(cls, seeds=range(100, 102)) -> set[str]:
    """The shapes of the moves random games of `cls` meet (legal to a seat, or drawn)."""
    met: set[str] = set()
    for seats in range(cls.min_seats, cls.max_seats + 1):
        for seed in seeds:
            state, rng = cls(seats, None, seed), Rng(seed)
            while not state.is_over() and len(state.log) < 5000:
                for seat in state.actors():
                    if not state.open_action_space(seat):
                        met.update(shape(a) for a in state.legal_actions(seat))
                seat = rng.choice(state.actors())
                action = state.sample_action(seat, rng)
                met.add(shape(action))
                state.apply(seat, action, scratch=True)
    return met


def test_five_games_are_listed():
    assert len(GAMES) >= 5, [g.id for g in GAMES]


@pytest.mark.parametrize("gdef", GAMES, ids=lambda g: g.id)
def test_every_kind_of_move_of_a_game_reaches_every_other_game(gdef):
    met = _moves_met(gdef.state_cls)
    print(gdef.id, len(met), "shapes of moves")
    for other in GAMES:
        if other is not gdef:
            sent = {shape(a) for a in foreign_actions(other.state_cls)}
            assert met <= sent, f"{gdef.id}'s moves not sent to {other.id}: {sorted(met - sent)}"

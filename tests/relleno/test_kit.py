"""The shared rules kit on Relleno: random playouts at every seat count, with
and without the advanced recipes, and the bots' fairness (they never use what
they cannot see)."""

import pytest

from game.engine.bots import RandomBot
from game.engine.rng import Rng
from game.engine.testkit import check_bot_fair, run_playouts
from game.relleno import GAME
from game.relleno.rules import RellenoState

from ..kitshards import seed_shards


# 20 games over the 5 seat counts x the 2 option sets, in three shards that xdist
# spreads (two of 10 were the suite's longest tests: 28.7 and 19.2 s); each seed plays
# the seat count and options it plays in the whole run (first_game).
@pytest.mark.parametrize("first_seed, games", seed_shards(20, 1, 3))
def test_random_playouts_every_seat_count_with_and_without_advanced_recipes(first_seed, games):
    stats = run_playouts(
        RellenoState,
        games,
        options=[{}, {"advanced": True}],
        checkpoint_every=7,
        first_seed=first_seed,
        first_game=first_seed - 1,
    )
    print("wins by seat:", stats.wins, "steps:", stats.steps, "secret steps:", stats.secret_steps)
    assert stats.games == games and stats.hidden_resampled > 0
    assert stats.secret_steps > 0  # early arrivals picked for a time card, each checked to tell nobody
    assert len(stats.wins) >= 3, stats.wins  # a third of the games; the unsharded run asked 4 of 20


def test_bots_do_not_peek():
    assert check_bot_fair(RellenoState, RandomBot(), games=6) > 0
    for level in list(GAME.bots)[1:]:
        assert check_bot_fair(RellenoState, GAME.make_bot(level), games=2) > 0


def _duel(level: str, rival: str, seeds: range) -> float:
    """Win share of `level` against `rival` in 2-seat games, seats alternating."""
    wins = 0.0
    for seed in seeds:
        s = RellenoState(2, None, seed)
        me = seed % 2
        bots = {me: GAME.make_bot(level), 1 - me: GAME.make_bot(rival)}
        rng = Rng(seed)
        while not s.is_over():
            seat = s.actors()[0]
            s.apply(seat, bots[seat].choose(s, seat, rng))
        if me in s.winners():
            wins += 1 / len(s.winners())
    return wins / len(seeds)


def test_easy_and_hard_beat_random():
    """Fast versions of the figures in DESIGN.md (simulate measures hundreds of seeds)."""
    assert _duel("easy", "random", range(10)) >= 0.9
    assert _duel("hard", "random", range(10)) >= 0.9


def test_hard_beats_easy_more_often_than_not():
    assert _duel("hard", "easy", range(600, 624)) > 0.5

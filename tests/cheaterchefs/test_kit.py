"""The shared rules kit on Cheater Chefs: random playouts over every seat count
and every mode, and the bots' fairness (they never use what they cannot see)."""

import pytest

from game.cheaterchefs import GAME
from game.cheaterchefs.rules import ChefsState
from game.engine.bots import RandomBot
from game.engine.rng import Rng
from game.engine.testkit import check_bot_fair, run_playouts

from ..kitshards import seed_shards

MODES = [
    {},
    {"mode": "menu"},
    {"mode": "turbo"},
    {"anti_order": True},
    {"mode": "menu", "anti_order": True},
    {"mode": "turbo", "anti_order": True},
]


# 1000 games in four shards (xdist spreads them): the 5 seat counts x the modes.
@pytest.mark.parametrize("first_seed, games", seed_shards(1000, 5 * len(MODES), 4))
def test_random_playouts_short_kitchens_every_mode(first_seed, games):
    # A short closing time keeps 1000 games fast; random play rarely wins before it.
    options = [{"round_limit": 8, **m} for m in MODES]
    stats = run_playouts(ChefsState, games, options=options, checkpoint_every=12, first_seed=first_seed)
    assert stats.games == games and stats.hidden_resampled > 0
    assert set(stats.wins) == set(range(6))


def test_random_playouts_full_length_with_reshuffles_and_uneven_teams():
    options = MODES + [{"mode": "menu", "teams": [0, 0, 1, 2, 2, 2]}, {"mode": "turbo", "teams": [1, 0, 0, 0, 0, 0]}]
    six = run_playouts(ChefsState, 16, seats=[6], options=options, first_seed=5000, checkpoint_every=25)
    every = run_playouts(ChefsState, 60, options=MODES, first_seed=7000, checkpoint_every=25)
    assert six.games == 16 and every.games == 60
    assert max(six.max_steps, every.max_steps) > 8 * 6  # longer than the short kitchens above


def test_bots_do_not_peek():
    assert check_bot_fair(ChefsState, RandomBot(), games=10) > 0
    assert check_bot_fair(ChefsState, GAME.make_bot("easy"), games=4) > 0
    assert check_bot_fair(ChefsState, GAME.make_bot("hard"), games=2) > 0


# The 20 seeds in two halves that xdist spreads, each held to nine wins in ten:
# stricter than 18 of the 20 together (a half that loses two fails even if the other
# loses none). A bot no better than random (a win in two) passes a half with
# probability P(9+ of 10) = 0.011, both with 1.2e-4 (2.0e-4 the 20 together).
@pytest.mark.parametrize("seeds", [range(0, 10), range(10, 20)], ids=["seeds-0-9", "seeds-10-19"])
def test_hard_bot_beats_random_in_two_seat_games(seeds):
    """A fast version of the figure in the notes (simulate measures hundreds of seeds)."""
    wins = 0
    for seed in seeds:
        s = ChefsState(2, None, seed)
        bots = {seed % 2: GAME.make_bot("hard"), 1 - seed % 2: RandomBot()}
        rng = Rng(seed)
        while not s.is_over():
            s.apply(s.current, bots[s.current].choose(s, s.current, rng))
        wins += (seed % 2) in s.winners() and len(s.winners()) == 1
    assert wins >= 9, wins


def test_hard_bot_beats_easy_bot_more_often_than_not():
    wins = 0
    for seed in range(16):
        s = ChefsState(2, None, seed)
        bots = {seed % 2: GAME.make_bot("hard"), 1 - seed % 2: GAME.make_bot("easy")}
        rng = Rng(seed)
        while not s.is_over():
            s.apply(s.current, bots[s.current].choose(s, s.current, rng))
        wins += (seed % 2) in s.winners()
    assert wins > 8, wins

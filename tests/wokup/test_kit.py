"""The shared rules kit on Wok Up: 1000+ random games over every seat count and
option set, and every bot level checked for fairness (it sees only the table)."""

import pytest

from game.engine.testkit import check_bot_fair, run_playouts
from game.wokup import bots
from game.wokup.rules import WokUpState

from ..kitshards import seed_shards

OPTIONS = [{"target": 1}, {"target": 1, "learning": True}]


# 1000 games in four shards (xdist spreads them): the 5 seat counts x 2 option sets.
@pytest.mark.parametrize("first_seed, games", seed_shards(1000, 5 * len(OPTIONS), 4))
def test_a_thousand_quick_games_over_all_seat_counts(first_seed, games):
    # Random claimers rarely see a complete card, so a game to five cards is long;
    # the quick-game targets keep 1000 games inside the time budget.
    stats = run_playouts(WokUpState, games, options=OPTIONS, checkpoint_every=20, first_seed=first_seed)
    assert stats.games == games and set(stats.wins) == set(range(6))
    assert stats.hidden_resampled > 0


def test_longer_games_to_two_and_five_cards():
    stats = run_playouts(WokUpState, 40, options=[{"target": 2}], checkpoint_every=25, first_seed=2000)
    assert stats.games == 40
    stats = run_playouts(WokUpState, 6, seats=[2, 3], options=[None], checkpoint_every=40, first_seed=3000)
    assert stats.games == 6 and stats.max_steps > 100


@pytest.mark.parametrize("level", bots.LEVELS)
def test_bots_see_only_what_their_seat_sees(level):
    assert check_bot_fair(WokUpState, bots.make(level), games=6, seats=3) > 0
    assert check_bot_fair(WokUpState, bots.make(level), games=3, seats=6) > 0

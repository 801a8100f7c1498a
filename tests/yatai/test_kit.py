"""The shared rules kit on Yatai: random playouts at 2, 3 and 4 seats, and the bots'
fairness (the bag's order is the one thing they must not see)."""

import pytest

from game.engine.bots import RandomBot
from game.engine.testkit import check_bot_fair, playout, run_playouts
from game.yatai import GAME
from game.yatai.bots import StrongBot
from game.yatai.rules import YataiState


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_playouts(seats):
    stats = run_playouts(YataiState, 12, seats=[seats], first_seed=100 * seats, checkpoint_every=7)
    assert stats.games == 12 and stats.hidden_resampled > 0
    assert len(stats.wins) >= 2  # random chefs all win sometimes


def test_bots_do_not_peek():
    assert check_bot_fair(YataiState, RandomBot(), games=6) > 0
    assert check_bot_fair(YataiState, GAME.make_bot("greedy"), games=2, seats=3) > 0
    # Planning bounded by lines, not seconds: the choice depends on the rng alone.
    assert check_bot_fair(YataiState, StrongBot(seconds=1e9), games=2, seats=3) > 0


@pytest.mark.parametrize(
    "seed, options",
    [(1020296, None), (1020127, {"first_seat": 1}), (1020334, None), (1020352, None)],
)
def test_the_seeds_where_apply_took_a_guest_the_legal_list_leaves_out(seed, options):
    """Issue 22: two identical guests drawn, the list names the first, apply took either."""
    playout(YataiState, 2, seed, options)

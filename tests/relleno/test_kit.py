"""The shared rules kit on Relleno: random playouts at every seat count, with
and without the advanced recipes, and the bots' fairness (they never use what
they cannot see)."""

from game.engine.bots import RandomBot
from game.engine.testkit import check_bot_fair, run_playouts
from game.relleno import GAME
from game.relleno.rules import RellenoState


def test_random_playouts_every_seat_count_with_and_without_advanced_recipes():
    stats = run_playouts(RellenoState, 20, options=[{}, {"advanced": True}], checkpoint_every=7)
    assert stats.games == 20 and stats.hidden_resampled > 0
    assert len(stats.wins) >= 4


def test_bots_do_not_peek():
    assert check_bot_fair(RellenoState, RandomBot(), games=6) > 0
    for level in list(GAME.bots)[1:]:
        assert check_bot_fair(RellenoState, GAME.make_bot(level), games=2) > 0

"""The shared rules test kit on We Will Wok You: 1000 seeded random games over every
seat count (in four shards for xdist's workers), and bot fairness."""

import pytest

from game.engine.testkit import check_bot_fair, run_playouts
from game.wewillwokyou import GAME
from game.wewillwokyou.rules import WokState

from ..kitshards import seed_shards

# 1000 games in four shards that xdist spreads (they were two halves in a process
# pool of its own, on top of xdist's two workers): each half cut at a whole number
# of the 3 seat counts, so every seed keeps the seat count it had in its half.
SHARDS = seed_shards(500, 3, 2, first_seed=1) + seed_shards(500, 3, 2, first_seed=501)


@pytest.mark.parametrize("first_seed, games", SHARDS)
def test_thousand_random_playouts_over_all_seat_counts(first_seed, games):
    stats = run_playouts(WokState, games, seats=[2, 3, 4], first_seed=first_seed, checkpoint_every=40)
    assert stats.games == games
    assert set(stats.wins) == {0, 1, 2, 3}  # every seat of every count wins sometimes
    assert stats.hidden_resampled > 0


def test_every_bot_level_plays_only_on_what_its_seat_sees():
    for level in GAME.bots:
        bot = GAME.make_bot(level)
        if hasattr(bot, "iterations"):
            bot.iterations, bot.seconds = 12, 1e9  # bounded by iterations: deterministic
        assert check_bot_fair(WokState, bot, games=3) > 0, level

"""The shared rules test kit on We Will Wok You: 1000 seeded random games over every
seat count (run in two processes: this machine has two cores), and bot fairness."""

from concurrent.futures import ProcessPoolExecutor

from game.engine.testkit import check_bot_fair, run_playouts
from game.wewillwokyou import GAME
from game.wewillwokyou.rules import WokState

GAMES = 1000


def _half(first_seed: int):
    stats = run_playouts(WokState, GAMES // 2, seats=[2, 3, 4], first_seed=first_seed, checkpoint_every=40)
    return stats.games, stats.wins, stats.hidden_resampled


def test_thousand_random_playouts_over_all_seat_counts():
    with ProcessPoolExecutor(max_workers=2) as pool:
        halves = list(pool.map(_half, [1, 1 + GAMES // 2]))
    assert sum(g for g, _, _ in halves) == GAMES
    wins = {}
    for _, w, _ in halves:
        for seat, n in w.items():
            wins[seat] = wins.get(seat, 0) + n
    assert set(wins) == {0, 1, 2, 3}  # every seat of every count wins sometimes
    assert all(r > 0 for _, _, r in halves)


def test_every_bot_level_plays_only_on_what_its_seat_sees():
    for level in GAME.bots:
        bot = GAME.make_bot(level)
        if hasattr(bot, "iterations"):
            bot.iterations, bot.seconds = 12, 1e9  # bounded by iterations: deterministic
        assert check_bot_fair(WokState, bot, games=3) > 0, level

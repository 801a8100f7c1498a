"""Yatai's bots beat the random bot and each other in order, and think within a
second. The figures over hundreds of seeds are in assets/yatai/DESIGN.md (measured
with `python -m game simulate`); here a fast version runs, seats alternating."""

import time

from game.engine.rng import Rng
from game.engine.simulate import play
from game.yatai import GAME
from game.yatai.rules import YataiState


def _share(level: str, rival: str, seeds: range) -> float:
    wins = 0.0
    for seed in seeds:
        levels = [level, rival] if seed % 2 else [rival, level]
        state, _ = play(GAME, 2, seed, levels)
        winners = state.winners()
        wins += (levels.index(level) in winners) / len(winners)
    return wins / len(seeds)


def test_greedy_beats_random():
    assert _share("greedy", "random", range(1, 21)) >= 0.9


def test_strong_beats_random():
    assert _share("strong", "random", range(1, 9)) >= 0.85


def test_strong_beats_greedy_most_of_the_time():
    assert _share("strong", "greedy", range(1, 9)) >= 0.6


def test_strong_thinks_under_a_second_at_four_seats():
    state = YataiState(4, None, 3)
    bot, rng = GAME.make_bot("strong"), Rng(1)
    slowest = 0.0
    for _ in range(60):
        seat = state.turn
        start = time.perf_counter()
        action = bot.choose(state, seat, rng)
        slowest = max(slowest, time.perf_counter() - start)
        state.apply(seat, action)
    assert slowest < 1.0


def test_simulate_runs_yatai(capsys):
    from game.__main__ import main

    assert main(["simulate", "--game", "yatai", "--seats", "3", "--games", "1", "--seed", "2", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "game 1 seed 2: scores" in out and "served=" in out and "games_per_second=" in out

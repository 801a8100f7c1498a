"""Yatai's bots beat the random bot and each other in order (their think time is
measured, never asserted). The figures over hundreds of seeds are in
assets/yatai/DESIGN.md (`python -m game simulate`); here a fast version runs,
seats alternating."""

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


def test_strong_plays_legal_moves_at_four_seats():
    """Its think time is measured, not asserted here (DESIGN.md, `python -m game bench`)."""
    state = YataiState(4, None, 3)
    bot, rng = GAME.make_bot("strong"), Rng(1)
    for _ in range(60):
        seat = state.turn
        action = bot.choose(state, seat, rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_simulate_runs_yatai(capsys):
    from game.__main__ import main

    assert main(["simulate", "--game", "yatai", "--seats", "3", "--games", "1", "--seed", "2", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "game 1 seed 2: scores" in out and "served=" in out and "games_per_second=" in out

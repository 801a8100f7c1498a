"""`python -m game simulate --game wokup`: bot-only games on the physics table print
the figures the issue asks for, and replay from their log."""

import io

from game.wokup import GAME
from game.wokup.rules import WokUpState
from game.wokup.simulate import play


def test_simulate_prints_every_figure():
    out = io.StringIO()
    GAME.simulate(4, 2, 11, "normal", None, out)
    text = out.getvalue()
    assert text.count("\ngame ") + text.startswith("game ") == 2
    for name in (
        "throws_per_round",
        "rounds_per_game",
        "game_minutes",
        "in_wok_share",
        "front_up_share",
        "back_up_share",
        "win_share_by_level",
        "games_per_second",
    ):
        assert name + "=" in text


def test_a_physics_game_replays_from_its_log_without_physics():
    state, fig = play(5, 4, ["normal", "sharp"])
    assert state.is_over() and fig["throws"] > 0
    again = WokUpState.replay(5, state.options, state.seed, state.log)
    assert again.to_json() == state.to_json()


def test_same_seed_same_game():
    a, _ = play(3, 9, ["relaxed"])
    b, _ = play(3, 9, ["relaxed"])
    assert a.to_json() == b.to_json()

"""Finished games of each of the five games, played by bots once per test session
(Wok Up's through its real-time driver, its throws settled by its physics), as replays."""

from __future__ import annotations

import pytest

from game.engine import gamedef, simulate
from game.engine.replay import Replay, of_game

GAMES = ["wokup", "wewillwokyou", "relleno", "yatai", "cheaterchefs"]
SEATS = {"wokup": 3, "wewillwokyou": 3, "relleno": 3, "yatai": 2, "cheaterchefs": 4}
NAMES = ["Ana", "Bao", "Chloé", "Diego"]


def finished(game: str, seed: int = 5):
    """A finished state of `game`, played by bots."""
    n = SEATS[game]
    if game == "wokup":
        from game.wokup import bots
        from game.wokup.simulate import play

        state, _figures = play(n, seed, [bots.DEFAULT_LEVEL], {"target": 3})
        return state
    state, _turns = simulate.play(gamedef.find(game), n, seed, ["random"])
    return state


def as_replay(state, ref: str = "") -> Replay:
    seats = [{"name": NAMES[i], "colour": "red", "kind": "human" if i == 0 else "bot"} for i in range(state.num_seats)]
    return of_game(state.game_id, seats, state.options, state.seed, state.log, id=ref)


@pytest.fixture(scope="session")
def finished_games() -> dict:
    return {g: finished(g) for g in GAMES}

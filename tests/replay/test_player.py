"""The replay core: a finished game of each game rebuilt to the identical final
state and scores, and stepping back and forward giving identical states."""

from __future__ import annotations

import json
import time

import pytest

from game.engine import Rng, gamedef
from game.engine.replay import Player, ReplayError, of_game

from .conftest import GAMES, as_replay


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_replays_to_the_identical_end(finished_games, game):
    state = finished_games[game]
    started = time.perf_counter()
    player = Player(gamedef.find(game).state_cls, as_replay(state))
    opened = time.perf_counter() - started
    print(
        f"{game}: {len(state.log)} moves, {len(json.dumps(state.log))} bytes of log, opened in {opened * 1000:.1f} ms"
    )
    assert player.at_end and player.final.is_over()
    assert player.final.to_json() == state.to_json()
    assert list(player.final.scores()) == list(state.scores())
    assert player.final.winners() == state.winners()
    assert len(player.lines) == len(state.log) and all(line["text"] for line in player.lines)


@pytest.mark.parametrize("game", GAMES)
def test_stepping_back_and_forward_gives_identical_states(finished_games, game):
    state = finished_games[game]
    cls = gamedef.find(game).state_cls
    player = Player(cls, as_replay(state), every=8)
    rng = Rng(11)
    truth: dict[int, str] = {}

    def expected(pos: int) -> str:
        if pos not in truth:
            truth[pos] = cls.replay(state.num_seats, state.options, state.seed, state.log[:pos]).to_json()
        return truth[pos]

    for _ in range(40):
        move = rng.randrange(4)
        if move == 0:
            player.forward()
        elif move == 1:
            player.back()
        elif move == 2:
            player.seek(rng.randrange(player.length + 1))
        else:
            for _i in range(rng.randrange(5)):
                player.back()
        assert player.state.to_json() == expected(player.position), f"{game} at move {player.position}"
    player.seek(3)
    player.forward()
    player.back()
    assert player.state.to_json() == expected(3)
    assert player.to_end().to_json() == state.to_json()
    assert not player.forward() and player.at_end
    player.seek(0)
    assert not player.back() and player.last_line() is None


def test_the_end_is_never_moved_by_stepping(finished_games):
    state = finished_games["yatai"]
    player = Player(gamedef.find("yatai").state_cls, as_replay(state), every=4)
    end = player.final.to_json()
    for pos in (player.length - 1, player.length, player.length - 5, player.length):
        player.seek(pos)
        player.forward()
    assert player.final.to_json() == end


def test_a_log_that_does_not_replay_names_the_move_and_the_rule(finished_games):
    state = finished_games["cheaterchefs"]
    log = [dict(e) for e in state.log]
    log[4] = {"seat": log[4]["seat"], "action": {"type": "no-such-move"}}
    bad = of_game("cheaterchefs", as_replay(state).seats, state.options, state.seed, log)
    with pytest.raises(ReplayError, match="move 5 cannot be played"):
        Player(gamedef.find("cheaterchefs").state_cls, bad)
    with pytest.raises(ReplayError, match="cannot be set up"):
        Player(gamedef.find("cheaterchefs").state_cls, of_game("cheaterchefs", [{"name": "A"}], {}, 1, []))

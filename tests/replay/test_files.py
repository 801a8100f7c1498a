"""Replay files: exported, imported and played the same; mutated or hostile
files refused with a message naming the file and the problem, never a crash."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game import replayfile
from game.engine import Rng, gamedef
from game.engine.replay import Player
from game.replayfile import BadReplay
from game.wokup import clips

from .conftest import GAMES, as_replay


def _text(state) -> str:
    return replayfile.dumps(as_replay(state), state.winners(), list(state.scores()))


@pytest.mark.parametrize("game", GAMES)
def test_an_exported_replay_imports_and_plays_the_same(finished_games, game):
    state = finished_games[game]
    text = _text(state)
    player = replayfile.load(text.encode(), "shared.json")
    assert player.final.to_json() == state.to_json()
    mine = Player(gamedef.find(game).state_cls, as_replay(state))
    assert [line["text"] for line in player.lines] == [line["text"] for line in mine.lines]
    for pos in (0, 7, player.length // 2):
        assert player.seek(pos).to_json() == mine.seek(pos).to_json()
    print(f"{game}: replay file {len(text.encode())} bytes")


def _mutations(doc: dict) -> dict[str, object]:
    """20 ways a replay file goes wrong: by accident (cut, edited) or on purpose."""
    text = json.dumps(doc)

    def but(**kw):
        return json.dumps({**doc, **kw})

    log = doc["log"]
    seat0 = {**doc["seats"][0]}
    return {
        "truncated": text[: len(text) // 2],
        "not json": "this is not a replay",
        "empty": "",
        "a list": json.dumps([doc]),
        "not utf-8": b"\xff\xfe" + text.encode()[2:],
        "another kind of file": but(format="wok-arcade-save"),
        "from a newer arcade": but(version=99),
        "an unknown game": but(game="chess"),
        "a module that is no game": but(game="engine"),
        "no seats": but(seats=[]),
        "seven seats": but(seats=[seat0] * 7),
        "a seat of another kind": but(seats=[{**seat0, "kind": "alien"}] + doc["seats"][1:]),
        "a negative seed": but(seed=-1),
        "a seat beyond the table": but(log=[{"seat": 9, "action": log[0]["action"]}] + log[1:]),
        "an action that is not a table": but(log=[{"seat": log[0]["seat"], "action": [1, 2]}] + log[1:]),
        "a move made illegal": but(log=log[:3] + [{"seat": log[3]["seat"], "action": {"type": "win-now"}}] + log[4:]),
        "cut before the end": but(log=log[:-3]),
        "a tampered result": but(scores=[99.0] * len(doc["scores"])),
        "an unknown option": but(options={**doc["options"], "cheat": True}),
        "nested too deep": but(log=[{"seat": 0, "action": {"type": "x"}}])[:-2].replace(
            '"x"}', '"x","deep":' + "[" * 100_000 + "]" * 100_000 + "}"
        )
        + "}]}",
    }


@pytest.mark.parametrize("game", ["cheaterchefs", "wokup"])
def test_twenty_mutated_files_are_refused_with_a_message(finished_games, game):
    doc = json.loads(_text(finished_games[game]))
    mutations = _mutations(doc)
    assert len(mutations) == 20
    for what, data in mutations.items():
        with pytest.raises(BadReplay) as refused:
            replayfile.load(data if isinstance(data, bytes) else data.encode(), "from-a-friend.json")
        message = str(refused.value)
        assert message.startswith("from-a-friend.json") and len(message) > len("from-a-friend.json: "), what
        print(f"{what}: {message[:150]}")


def test_random_byte_changes_are_played_identically_or_refused(finished_games):
    """No mutation makes anything but a refusal or the same game (never another exception)."""
    state = finished_games["yatai"]
    data = bytearray(_text(state).encode())
    rng = Rng(3)
    refused = 0
    for _ in range(60):
        bad = bytearray(data)
        for _i in range(1 + rng.randrange(3)):
            bad[rng.randrange(len(bad))] = rng.randrange(256)
        try:
            player = replayfile.load(bytes(bad), "noisy.json")
        except BadReplay:
            refused += 1
        else:
            assert player.final.scores() == state.scores()
    print(f"{refused} of 60 noisy files refused")
    assert refused > 30


def test_a_file_too_large_is_refused_before_it_is_read():
    with pytest.raises(BadReplay, match="too large"):
        replayfile.load(b" " * (replayfile.MAX_BYTES + 1), "huge.json")


def _with_clip(state) -> tuple[str, dict]:
    """A Wok Up replay file with a clip at its first resolve: a token sliding over 10 frames."""
    at = next(i + 1 for i, e in enumerate(state.log) if e["action"].get("type") == "resolve")
    token = {"id": "chili-1", "y": 0.0, "z": 0.0, "phi": 0.0, "angle": 0.0, "off": False, "airborne": False}
    clip = clips.encode(at, [(1e9 + k * 16_666_667, [{**token, "x": 2.5 * k}]) for k in range(10)])
    replay = dataclasses.replace(as_replay(state), clips=[clip])
    return replayfile.dumps(replay, state.winners(), list(state.scores())), clip


def test_a_wok_up_file_keeps_its_close_claims_clips(finished_games):
    text, clip = _with_clip(finished_games["wokup"])
    assert replayfile.load(text.encode(), "shared.json").replay.clips == [clip]


def test_clips_that_are_not_the_game_s_are_refused_with_a_message(finished_games):
    text, clip = _with_clip(finished_games["wokup"])
    doc = json.loads(text)
    length = len(doc["log"])
    chefs = json.loads(_text(finished_games["cheaterchefs"]))

    def but(**kw):
        return json.dumps({**doc, **kw})

    mutations = {
        "a clip beyond the game's end": but(clips=[{**clip, "at": length + 1}]),
        "a clip naming a token it does not list": but(clips=[{**clip, "tokens": []}]),
        "a clip with a field of its own": but(clips=[{**clip, "sound": "boing"}]),
        "a clip's frame of another shape": but(clips=[{**clip, "frames": [[0, [[0, 1, 2]]]]}]),
        "a clip that is not a table": but(clips=[[1, 2]]),
        "clips that are not a list": but(clips={"at": 1}),
        "too many clips": but(clips=[clip] * 501),
        "clips in a game that keeps none": json.dumps({**chefs, "clips": [clip]}),
    }
    for what, data in mutations.items():
        with pytest.raises(BadReplay) as refused:
            replayfile.load(data.encode(), "from-a-friend.json")
        message = str(refused.value)
        assert message.startswith("from-a-friend.json: "), what
        print(f"{what}: {message[:150]}")


def test_random_byte_changes_in_a_file_with_clips_are_played_identically_or_refused(finished_games):
    state = finished_games["wokup"]
    text, _clip = _with_clip(state)
    data = bytearray(text.encode())
    # Half the files: a digit of the clips changed to another (still JSON, another clip).
    digits = [i for i in range(text.index('"clips"'), len(data)) if chr(data[i]).isdigit()]
    rng = Rng(5)
    refused = played = 0
    for k in range(60):
        bad = bytearray(data)
        for _i in range(1 + rng.randrange(3)):
            if k % 2:
                bad[digits[rng.randrange(len(digits))]] = ord("0") + rng.randrange(10)
            else:
                bad[rng.randrange(len(bad))] = rng.randrange(256)
        try:
            player = replayfile.load(bytes(bad), "noisy.json")
        except BadReplay:
            refused += 1
        else:
            assert player.final.scores() == state.scores()
            for kept in player.replay.clips:
                clips.decode(kept)  # what is let in can be played
            played += 1
    print(f"{refused} of 60 noisy files refused, {played} played")
    assert refused > 25 and played > 0

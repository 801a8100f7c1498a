"""The instant replay: a ring of the last frames of the wok, played back slowly
after a close call, ending by itself and changing nothing the rules see."""

import json
import math
import time

import pygame
import pytest

from game.app import shots
from game.app.app import App
from game.input import PlayerEvent
from game.wokup import clips
from game.wokup.scene import WokUpScene
from game.wokup.scene.replay import SPAN, WINDOW, Replay


def test_the_buffer_keeps_only_the_last_window():
    replay = Replay()
    for k in range(100):  # 100 frames 50 ms apart: 5 s
        replay.record(k * 50e6, [{"id": k}])
    times = [t for t, _tokens in replay.frames]
    assert times[-1] == 99 * 50e6 and times[0] >= times[-1] - WINDOW and len(times) == 31
    assert not Replay(enabled=False).begin(0.0, []) and not Replay(enabled=False).frames


def test_the_playback_is_slow_shows_the_frames_in_order_and_ends_by_itself():
    replay = Replay()
    for k in range(40):
        replay.record(k * 50e6, [{"id": k}])
    assert replay.begin(10.0, [(0, 1.8e9)])
    start = replay.at(10.0)
    assert start == 39 * 50e6 - SPAN and replay.tokens(start) == [{"id": 19}]
    assert replay.tokens(replay.at(11.0)) == [{"id": 24}]  # 1 s watched: 250 ms of the table
    assert replay.at(10.0 + 4.01) is None and not replay.playing


def _claimed(rival_ms, replay=True, seed=3):
    app = App(size=(1280, 720), window=False)
    scene = shots.table(app, "wokup", seed, "start")
    assert isinstance(scene, WokUpScene)
    scene.replay.enabled = replay  # as in a window; the rest of the motion stays off
    scene._claim_moment(right=True, rival_ms=rival_ms)
    return app, scene


def test_a_close_claim_starts_a_replay_and_a_clear_one_does_not():
    app, close = _claimed(12)
    assert close.replay.playing and [seat for seat, _t in close.replay.marks] == [0, 1]
    app.quit()
    app, clear = _claimed(200)
    assert clear.state.last["claims"] and not clear.replay.playing
    app.quit()


def test_tapping_the_claim_banner_replays_it():
    app, scene = _claimed(200)
    scene.draw(pygame.Surface((1280, 720)))
    banner = next(t for t in scene.targets if t.key == "replay0")
    assert banner.choose(0, None)
    assert scene.replay.playing
    app.quit()


def test_confirm_on_the_result_of_a_claim_replays_it():
    app, scene = _claimed(200)
    scene.draw(pygame.Surface((1280, 720)))
    assert scene.table_event(PlayerEvent("keyboard-1", "confirm", True, time.monotonic_ns(), 0))
    assert scene.replay.playing
    app.quit()


def test_the_replay_ends_by_itself_and_never_changes_the_state():
    app, watched = _claimed(12)
    app2, plain = _claimed(12, replay=False)
    assert watched.replay.playing and not plain.replay.playing
    surf = pygame.Surface((1280, 720))
    for _i in range(150):  # 5 s of the table: the replay (4 s) plays out while the game goes on
        watched.update(1 / 30)
        plain.update(1 / 30)
        watched.draw(surf)
        plain.draw(surf)
    assert not watched.replay.playing
    assert watched.state.to_json() == plain.state.to_json()
    app.quit()
    app2.quit()


def _same_drawing(a: list[dict], b: list[dict]) -> bool:
    """Two frames' tokens drawn alike: places to 0.05 mm, turns and flips to half a degree."""

    def turn(x: float, y: float) -> float:
        d = abs(math.degrees(x - y)) % 360
        return min(d, 360 - d)

    by_id = {t["id"]: t for t in b}
    return len(a) == len(b) and all(
        t["id"] in by_id
        and all(abs(t[k] - by_id[t["id"]][k]) <= 0.05 + 1e-9 for k in ("x", "y"))
        and abs(max(0.0, t["z"]) - by_id[t["id"]]["z"]) <= 0.05 + 1e-9
        and turn(t["phi"], by_id[t["id"]]["phi"]) <= 0.5 + 1e-9
        and turn(t["angle"], by_id[t["id"]]["angle"]) <= 0.5 + 1e-9
        and (t["off"], t["airborne"]) == (by_id[t["id"]]["off"], by_id[t["id"]]["airborne"])
        for t in a
    )


def _shown_at(frames: list[tuple[float, list[dict]]], t: float) -> list[dict]:
    return [f for f in frames if f[0] <= t + 1e6][-1][1]  # within the ms the clip keeps times to


def test_a_clip_gives_back_every_frame_of_a_throw_as_drawn():
    """The last second of a throw in the air, recorded at the app's 60 steps a second,
    kept as a clip and read back: every frame drawn as it was (to the quantum)."""
    app = App(size=(1280, 720), window=False)
    scene = shots.table(app, "wokup", 3, "start")
    scene.replay.keep = True  # as in a game that is kept
    scene.run_for(30, lambda k: k.state.phase == "flight" and k.table.time > 1.0, step=1 / 60)
    frames = scene.replay.last_second()
    assert scene.state.phase == "flight" and len(frames) >= 55
    clip = clips.encode(40, frames)
    data = json.dumps(clip, separators=(",", ":"))
    print(f"a second of a throw in the air: {len(frames)} frames drawn, {len(clip['frames'])} kept, {len(data)} bytes")
    back = clips.decode(json.loads(data))
    assert abs(back[0][0] - frames[0][0]) < 1 and abs(back[-1][0] - frames[-1][0]) < 1e6
    assert all(_same_drawing(tokens, _shown_at(back, t)) for t, tokens in frames)
    app.quit()


def test_a_still_wok_is_one_frame_and_a_token_leaving_the_picture_goes():
    lying = [{"id": f"chili-{k}", "x": 10.0 * k, "y": -5.0, "z": 0.0, "phi": 0.0, "angle": 0.0} for k in range(1, 4)]
    lying = [{**t, "off": False, "airborne": False} for t in lying]
    still = [(5e9 + k * 16_666_667, lying) for k in range(60)]
    clip = clips.encode(9, still)
    assert len(clip["frames"]) == 1 and clip["span"] == 983
    back = clips.decode(clip)
    assert [t for t, _tokens in back] == [5e9, 5e9 + 983e6] and _same_drawing(back[-1][1], lying)
    gone = clips.decode(clips.encode(9, [*still[:2], (still[2][0], lying[:2])]))
    assert [t["id"] for t in gone[-1][1]] == ["chili-1", "chili-2"]


def test_a_clip_that_does_not_fit_its_shape_is_refused_with_why():
    good = clips.encode(9, [(0.0, [{"id": "chili-1", "x": 1.0, "y": 2.0, "z": 0.0, "phi": 0.0, "angle": 0.0,
                                    "off": False, "airborne": False}])])  # fmt: skip
    clips.check(good)
    bad = {
        "a token it does not list": {**good, "tokens": []},
        "an unknown field": {**good, "sound": "boing"},
        "a height below the table": {**good, "frames": [[0, [[0, 10, 20, -5, 0, 0, 0]]]]},
        "frames out of order": {**good, "span": 50, "frames": [[40, []], [10, []]]},
        "a frame beyond its span": {**good, "frames": [[good["span"] + 1, []]]},
        "no frame": {**good, "frames": []},
        "not a clip": [1, 2, 3],
    }
    for what, data in bad.items():
        with pytest.raises(ValueError) as refused:
            clips.decode(data)
        print(f"{what}: {refused.value}")

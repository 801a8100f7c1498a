"""The instant replay: a ring of the last frames of the wok, played back slowly
after a close call, ending by itself and changing nothing the rules see."""

import time

import pygame

from game.app import shots
from game.app.app import App
from game.input import PlayerEvent
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

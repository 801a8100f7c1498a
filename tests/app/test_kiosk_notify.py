"""The arcade's own frame loop against a fake NOTIFY_SOCKET: READY once the
first frame is on screen, a heartbeat while frames are drawn, none while a
scene hangs the loop (the process and its threads alive), beats again after."""

import threading
import time

import pytest

from game.app.app import App
from game.app.scene import Scene

from ..kiosk.test_notify import fake_systemd  # noqa: F401 (a fixture)

pytestmark = pytest.mark.realtime  # wall-clock heartbeats: run alone


class HangingScene(Scene):
    """Draws frames, then hangs in its update for `hang` seconds (a deadlock,
    an endless search), then draws again and ends the loop."""

    still = False

    def __init__(self, app, hang: float) -> None:
        super().__init__(app)
        self.hang = hang
        self.steps = 0
        self.hung: tuple[float, float] | None = None

    def update(self, dt: float) -> None:
        self.steps += 1
        if self.steps == 40:
            start = time.monotonic()
            threading.Event().wait(self.hang)
            self.hung = (start, time.monotonic())
        if self.steps == 80:
            self.app.running = False

    def draw(self, surf) -> None:
        self.ui.text(surf, str(self.steps), (960, 500), 80, (255, 255, 255))


def test_a_hanging_scene_stops_the_arcade_heartbeat(fake_systemd, monkeypatch):  # noqa: F811
    sock, path = fake_systemd
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    monkeypatch.setenv("WATCHDOG_USEC", "200000")  # WatchdogSec=0.2: a beat every 0.1 s
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    got: list[tuple[float, str]] = []
    done = threading.Event()

    def listen():
        sock.settimeout(0.05)
        while not done.is_set():
            try:
                data = sock.recv(4096)
                got.append((time.monotonic(), data.decode()))
            except TimeoutError:
                pass

    listener = threading.Thread(target=listen)
    listener.start()
    app = App(kiosk=True)  # a real window (SDL's dummy driver): frames are flipped
    scene = HangingScene(app, 1.2)
    app.reset_to(scene)
    try:
        app.run()
    finally:
        done.set()
        listener.join()
    start, end = scene.hung
    assert got[0][1].startswith("READY=1")
    beats = [t for t, m in got if m == "WATCHDOG=1"]
    assert [t for t in beats if t < start], "beats while frames are drawn"
    # (a beat sent just before the hang may be read a little late by this thread)
    assert not [t for t in beats if start + 0.1 < t < end], "no beat while the loop hangs"
    assert [t for t in beats if t > end], "beats again once frames are drawn"
    assert got[-1][1] == "STOPPING=1"

"""The window comes and goes, the arcade stays: a window minimised, hidden or
resized under X (a fullscreen window's surface is made anew by SDL, and the
stage cut from the old one points at freed pixels: pygame.draw.rect crashed),
a window with no pixels, and Ctrl-C (SIGINT) ending the arcade like
`systemctl stop` (SIGTERM), not counted as a crash at the next start."""

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

from game.kiosk.crashloop import FILE_NAME
from game.userdirs import config_dir, data_dir

from ..kiosk.test_notify import fake_systemd, receive  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[2]


pytestmark = pytest.mark.app(size=(640, 360), opens="title")


def post(kind: int) -> None:
    pygame.event.post(pygame.event.Event(kind, {"window": None}))


def test_minimised_or_hidden_the_loop_draws_nothing_and_draws_again_once_back(app):
    for hide, back in ((pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED), (pygame.WINDOWHIDDEN, pygame.WINDOWSHOWN)):
        assert app.visible
        post(hide)
        app.poll()
        assert not app.visible
        post(pygame.WINDOWSIZECHANGED)  # a fullscreen window minimised reports its size too: still hidden
        app.poll()
        assert not app.visible
        post(back)
        app.poll()
        assert app.visible and app.dirty


def test_the_loop_skips_drawing_while_hidden(app, monkeypatch):
    """App.run with the window minimised: steps go on, nothing is drawn or flipped."""
    drawn, flipped = [], []
    monkeypatch.setattr(app, "draw", lambda: drawn.append(1))
    monkeypatch.setattr(pygame.display, "flip", lambda: flipped.append(1))
    real_step = app.step

    def step(events=()):
        real_step(events)
        if app.steps >= 30:
            app.running = False

    monkeypatch.setattr(app, "step", step)
    monkeypatch.setattr(app, "quit", lambda: None)
    post(pygame.WINDOWMINIMIZED)
    app.run()
    assert app.steps >= 30 and not drawn and not flipped


def test_a_window_surface_without_pixels_is_not_drawn(app):
    app.screen = pygame.Surface((0, 0))
    assert not app.visible


def test_the_stage_is_cut_again_from_the_window_s_new_surface(app, monkeypatch):
    """SDL made the window's surface anew: the app draws on the new one, not the freed one."""
    new = pygame.Surface((800, 600))
    monkeypatch.setattr(pygame.display, "get_surface", lambda: new)
    monkeypatch.setattr(pygame.display, "get_init", lambda: True)
    post(pygame.WINDOWSIZECHANGED)
    app.poll()
    assert app.screen is new and app.stage.get_parent() is new and app.size == (800, 600)


WINDOW_SCRIPT = textwrap.dedent(
    """
    import subprocess, sys, threading, time
    import pygame
    from game.app.app import App
    app = App()  # fullscreen, as the settings say (a kiosk's window)
    app.open("title")
    window = str(pygame.display.get_wm_info()["window"])

    def drive():
        for command in sys.argv[1:]:
            time.sleep(0.5)
            subprocess.run(["xdotool", command, window, *(["300", "200"] if command == "windowsize" else [])])
        time.sleep(0.5)
        app.running = False

    threading.Thread(target=drive, daemon=True).start()
    app.run()
    print("survived")
    """
)


def test_a_real_fullscreen_window_hidden_shown_and_resized_under_x_never_crashes():
    """Xvfb without a window manager: xdotool unmaps, maps and resizes the arcade's
    fullscreen window while its loop runs (before: a segfault in pygame.draw.rect)."""
    if not (shutil.which("Xvfb") and shutil.which("xdotool")):
        pytest.skip("needs Xvfb and xdotool (tools/install-system-deps.sh)")
    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.toml").write_text("fullscreen = true\n")
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24", "-nolisten", "tcp"], pass_fds=(write,)
    )
    os.close(write)
    try:
        with os.fdopen(read) as f:
            display = f.readline().strip()  # Xvfb writes its display number once it is ready
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        env["DISPLAY"] = f":{display}"
        run = subprocess.run(
            [sys.executable, "-c", WINDOW_SCRIPT, "windowunmap", "windowmap", "windowsize", "windowunmap", "windowmap"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        xvfb.terminate()
        xvfb.wait(10)
    print(run.stdout[-2000:], run.stderr[-2000:])
    assert run.returncode == 0 and "survived" in run.stdout, (run.returncode, run.stderr[-2000:])


def test_ctrl_c_ends_the_kiosk_cleanly_and_is_no_crash(fake_systemd):  # noqa: F811
    """SIGINT as SIGTERM: the loop ends, no traceback, exit 0, the clean-shutdown
    mark written (before: a KeyboardInterrupt traceback, counted as a crash)."""
    sock, path = fake_systemd
    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.toml").write_text("window = [640, 360]\n[kiosk]\nenabled = true\n")
    env = dict(os.environ, NOTIFY_SOCKET=path, SDL_VIDEODRIVER="dummy")
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "kiosk"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        got = receive(sock, 60, count=1)  # READY=1 once the first frame is drawn
        assert got and "READY=1" in got[0][1], got
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = err.decode(errors="replace")
    assert proc.returncode == 0 and "Traceback" not in text and "KeyboardInterrupt" not in text, text[-2000:]
    starts = json.loads((data_dir() / FILE_NAME).read_text())
    assert starts["running"] is None and starts["crashes"] == []  # the next start is no crash

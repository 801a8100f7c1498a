"""Crash -> the same game: the real arcade (`python -m game kiosk`, SDL's dummy
video driver) is killed with SIGKILL at random moments of a running Wok Up game
and started again as systemd's unit would, with a fake NOTIFY_SOCKET standing
in for systemd. The arcade's STATUS line names what is on screen (game, action
count, a digest of seed and log), so the test compares the screen before the
kill, the save on disk, and the screen after the restart."""

import json
import os
import random
import signal
import socket
import statistics
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app import catalogue
from game.app.kiosk import log_digest
from game.app.saves import SaveStore
from game.app.session import Session, default_seats
from game.kiosk.crashloop import FILE_NAME
from game.logs import FAULTS_NAME, log_file
from game.userdirs import config_dir, data_dir
from game.wokup import bots
from game.wokup.driver import Driver

from ..kiosk.test_notify import fake_systemd  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[2]
# Ten random moments (twenty until the suite had to fit in six minutes): each kill lands
# 0-1 s after a new action reached the screen, so ten cover that second's spread as well;
# `python -m pytest -s` prints the restart times for the figures.
KILLS = 10
pytestmark = pytest.mark.realtime  # wall-clock time to get back: run alone


def start(path: str) -> subprocess.Popen:
    env = dict(os.environ, NOTIFY_SOCKET=path, WATCHDOG_USEC="2000000", SDL_VIDEODRIVER="dummy")
    env.pop("WATCHDOG_PID", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed arcade has its bytecode compiled (pip does)
    return subprocess.Popen(
        [sys.executable, "-m", "game", "kiosk"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


UCRED = struct.Struct("3i")  # pid, uid, gid: who sent a datagram, as systemd sees it


def listen(sock) -> None:
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)


def receive_from(sock, seconds: float) -> list[tuple[float, int, str]]:
    """(arrival, sender's pid, message) for every message within `seconds`."""
    out = []
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            data, anc, _flags, _addr = sock.recvmsg(4096, socket.CMSG_SPACE(UCRED.size))
        except TimeoutError:
            break
        pid = next((UCRED.unpack(d[: UCRED.size])[0] for lvl, kind, d in anc if kind == socket.SCM_CREDENTIALS), 0)
        out.append((time.monotonic(), pid, data.decode()))
    return out


def statuses(messages, pid: int) -> list[str]:
    return [ln[7:] for _t, p, m in messages if p == pid for ln in m.splitlines() if ln.startswith("STATUS=")]


def wait_for(sock, pid: int, prefix: str, seconds: float, unlike: str = "") -> tuple[float, str, list]:
    """The first STATUS of process `pid` starting with `prefix` (and not
    `unlike`): (arrival, status, everything received)."""
    got: list = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got += receive_from(sock, min(0.2, end - time.monotonic()))
        for t, p, m in got:
            for line in m.splitlines():
                if p == pid and line.startswith("STATUS=" + prefix) and line[7:] != unlike:
                    return t, line[7:], got
    raise AssertionError(f"no {prefix!r} status from {pid} within {seconds} s: {got[-5:]}\n{arcade_log()}")


def arcade_log(lines: int = 30) -> str:
    """The end of what the arcades wrote to their log and fault files (their stderr is not
    kept): why one said nothing."""
    out = []
    for path in (log_file(), log_file().with_name(FAULTS_NAME)):
        text = path.read_text(errors="replace") if path.exists() else "(none)"
        out.append(f"--- {path.name}:\n" + "\n".join(text.splitlines()[-lines:]))
    return "\n".join(out)


def on_disk() -> str:
    (_save_id, doc), *_rest = SaveStore().unfinished()[0]
    return f"playing {doc['game']} · {len(doc['log'])} actions · {log_digest(doc['seed'], doc['log'])}"


def forget_crashes() -> None:
    """The kills come faster than any real crash: move the recorded crashes a
    minute back so this loop is not itself taken for a crash loop (tested below)."""
    path = data_dir() / FILE_NAME
    doc = json.loads(path.read_text())
    doc["crashes"] = [t - 61 for t in doc["crashes"]]
    path.write_text(json.dumps(doc))


@pytest.fixture
def arcade_settings():
    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.toml").write_text(
        "window = [640, 360]\n[kiosk]\nenabled = true\ngame_idle = 3600\nseat_idle = 3600\nattract_after = 3600\n"
    )
    seats = default_seats(4, ["sharp"])  # quick hands: an action every second or so
    for cfg in seats:
        cfg.kind = "bot"
    session = Session(catalogue.find("wokup").gdef, seats, None, 11, SaveStore())
    players = {s: bots.make("sharp") for s in range(4)}
    Driver(lambda: session.state, session.apply, players, 11).run_until(20e9)  # 20 s into the game
    assert len(session.state.log) > 10 and not session.state.is_over()
    session.save()
    assert SaveStore().flush()


def test_killed_at_random_moments_it_comes_back_to_the_same_game(fake_systemd, arcade_settings):  # noqa: F811
    sock, path = fake_systemd
    listen(sock)
    rng = random.Random(16)
    back, exact = [], 0
    for kill in range(KILLS + 1):
        saved = on_disk()
        t0 = time.monotonic()
        proc = start(path)
        try:
            t, first, got = wait_for(sock, proc.pid, "playing", 10)
            back.append(t - t0)
            assert first == saved, f"restart {kill}: on screen {first!r}, saved {saved!r}; {got}"
            if kill == KILLS:
                proc.send_signal(signal.SIGTERM)  # systemctl stop: a clean end
                assert proc.wait(10) == 0
                break
            _t, _moved, got = wait_for(sock, proc.pid, "playing", 10, unlike=first)  # the game runs on
            time.sleep(rng.uniform(0, 1.0))  # a random moment of it
            proc.send_signal(signal.SIGKILL)
            proc.wait(5)
            shown = statuses(got + receive_from(sock, 0.05), proc.pid)
            screen = shown[-1]  # the last frame drawn before the kill
            after = on_disk()
            # The save is written after every action on its own thread, and a frame
            # showing a new action waits for it (up to SAVE_WAIT): what was on screen
            # is on disk. Two exceptions: killed between an action and the frame that
            # shows it (the save is one action newer), or the disk stalled longer
            # than SAVE_WAIT (other work on a shared machine: a few actions older).
            n_screen, n_disk = (int(x.split(" · ")[1].split()[0]) for x in (screen, after))
            assert after == screen or n_screen - 5 <= n_disk <= n_screen + 1, (screen, after)
            exact += after == screen
            forget_crashes()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    back_ms = sorted(1000 * b for b in back)
    print(
        f"\nkiosk restart after SIGKILL, {KILLS} kills: time to the same game on screen "
        f"p50 {statistics.median(back_ms):.0f} ms, max {back_ms[-1]:.0f} ms; the save was what was on screen "
        f"{exact}/{KILLS} times"
    )
    # The budget is 5 s (issue 16): measured and printed here, recorded in
    # docs/figures.md, never asserted (a shared runner's wall clock is not ours).
    assert exact >= KILLS - 2


def test_three_crashes_within_a_minute_fall_back_to_attract_with_the_save_set_aside(fake_systemd, arcade_settings):  # noqa: F811
    sock, path = fake_systemd
    listen(sock)
    for _crash in range(3):
        proc = start(path)
        wait_for(sock, proc.pid, "playing", 10)
        time.sleep(0.5)  # its records reach the database
        proc.kill()
        proc.wait()
    proc = start(path)
    try:
        wait_for(sock, proc.pid, "attract mode", 10)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
    assert SaveStore().unfinished() == ([], [])
    assert list((data_dir() / "saves").glob("*.json.broken"))
    from game.kiosk.stats import Stats

    stats = Stats.open(data_dir=data_dir())
    assert stats.wait_ready(10)
    crashes = [c["text"] for c in stats.crashes()]
    stats.close()
    # Each run lived half a second: the last one's records are all there (it ended
    # cleanly), a killed one's only if they were written before the kill.
    assert crashes and crashes[-1].startswith("crash loop: 3 crashes"), crashes

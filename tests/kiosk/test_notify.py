"""The notify protocol against a fake NOTIFY_SOCKET: a real AF_UNIX datagram
socket standing in for systemd."""

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from game.kiosk.notify import Heartbeat, Notifier, watchdog_interval

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fake_systemd():
    """A bound datagram socket in a short temp dir (AF_UNIX paths are short)."""
    folder = tempfile.mkdtemp(prefix="notify-", dir="/tmp")
    path = os.path.join(folder, "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    yield sock, path
    sock.close()
    shutil.rmtree(folder, ignore_errors=True)


def receive(sock: socket.socket, seconds: float, beats: int = 0, count: int = 0) -> list[tuple[float, str]]:
    """Every message that arrives within `seconds` (or until `count` messages or
    `beats` heartbeats came), with its arrival time."""
    out = []
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        if (beats and sum(m == "WATCHDOG=1" for _t, m in out) >= beats) or (count and len(out) >= count):
            break
        sock.settimeout(left)
        try:
            data = sock.recv(4096)
        except TimeoutError:
            break
        out.append((time.monotonic(), data.decode()))
    return out


def test_messages_reach_a_path_socket(fake_systemd):
    sock, path = fake_systemd
    n = Notifier({"NOTIFY_SOCKET": path})
    assert n.ready("attract mode") and n.status("line\nbreak") and n.stopping()
    got = [m for _t, m in receive(sock, 2, count=3)]
    assert got == ["READY=1\nSTATUS=attract mode", "STATUS=line break", "STOPPING=1"]


def test_abstract_socket():
    name = f"wok-arcade-test-{os.getpid()}-{time.monotonic_ns()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(b"\0" + name.encode())
    try:
        assert Notifier({"NOTIFY_SOCKET": "@" + name}).watchdog()
        assert [m for _t, m in receive(sock, 2, count=1)] == ["WATCHDOG=1"]
    finally:
        sock.close()


def test_no_socket_is_a_no_op_and_a_dead_one_never_raises(tmp_path):
    quiet = Notifier({})
    assert not quiet.enabled and not quiet.ready() and not quiet.watchdog()
    dead = Notifier({"NOTIFY_SOCKET": str(tmp_path / "nobody-listens")})
    assert dead.enabled and not dead.ready()  # ENOENT is swallowed, not raised


def test_watchdog_interval_is_half_of_watchdog_usec():
    assert watchdog_interval({}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "5000000"}) == 2.5
    assert watchdog_interval({"WATCHDOG_USEC": "0"}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "banana"}) is None
    env = {"WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "1234"}
    assert watchdog_interval(env, pid=1234) == 2.0
    assert watchdog_interval(env, pid=99) is None  # another process's watchdog


def test_heartbeat_is_rate_limited(fake_systemd):
    sock, path = fake_systemd
    now = [100.0]
    hb = Heartbeat(Notifier({"NOTIFY_SOCKET": path}), 1.0, clock=lambda: now[0])
    sent = []
    for _frame in range(300):  # five seconds of frames at 60 a second
        sent.append(hb.beat())
        now[0] += 1 / 60
    assert sum(sent) == 5 and sent[0]
    assert len(receive(sock, 0.1)) == 5  # all were sent before: no wait needed
    assert not Heartbeat(Notifier({"NOTIFY_SOCKET": path}), None).beat()  # no watchdog asked


FAKE_LOOP = textwrap.dedent("""
    import os, sys, time
    from game.kiosk.notify import Heartbeat, Notifier
    notifier = Notifier()
    heartbeat = Heartbeat.from_env(notifier)
    freeze = sys.argv[1]
    notifier.ready()
    while True:                      # the frame loop: update, draw, flip ...
        time.sleep(1 / 60)
        if os.path.exists(freeze):   # ... until a scene hangs
            while True:
                time.sleep(1)
        heartbeat.beat()             # ... and one beat per drawn frame
""")


def test_a_frozen_loop_stops_the_heartbeat(fake_systemd, tmp_path):
    """The arcade's contract with systemd, end to end in a real process: READY
    once, heartbeats while frames are drawn, silence when the loop freezes
    although the process is still alive (so systemd's watchdog fires)."""
    sock, path = fake_systemd
    freeze = tmp_path / "freeze"
    env = dict(os.environ, NOTIFY_SOCKET=path, WATCHDOG_USEC="200000", WATCHDOG_PID="")
    proc = subprocess.Popen([sys.executable, "-c", FAKE_LOOP, str(freeze)], cwd=ROOT, env=env)
    try:
        running = receive(sock, 5.0, beats=10)
        assert running and running[0][1] == "READY=1", running[:3]
        beats = [t for t, m in running if m == "WATCHDOG=1"]
        assert len(beats) == 10, len(beats)  # their pace is test_heartbeat_is_rate_limited's (no wall clock here)
        freeze.touch()
        receive(sock, 0.5)  # a beat may be in flight as it freezes (more on a busy machine)
        frozen = receive(sock, 0.6)  # three times WatchdogSec
        assert proc.poll() is None, "the process must be alive, only its loop frozen"
        assert frozen == []
    finally:
        proc.kill()
        proc.wait()

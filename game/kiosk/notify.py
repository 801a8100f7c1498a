"""systemd's notify protocol: READY, the watchdog heartbeat, STATUS, STOPPING.

The protocol (sd_notify(3), NOTES): one datagram of newline-separated
``KEY=VALUE`` lines sent to the ``AF_UNIX`` socket named by ``$NOTIFY_SOCKET``;
a name starting with ``@`` is in Linux's abstract namespace (the ``@`` becomes a
NUL byte). Without the variable every call here does nothing, so the same code
runs on a desktop, in tests and under systemd.

Why these few lines and not a package: systemd's own documentation treats the
protocol, not libsystemd, as the stable interface and gives a reimplementation
of its own in the man page; it is one ``sendto``. The Python packages for it are
either unmaintained (``sdnotify``, last release 2017) or compiled bindings to
libsystemd (``systemd-python``, ``cysystemd``) that a cabinet would have to build
or trust as wheels for one datagram. Nothing here blocks: the socket is
non-blocking and a full or missing receiver only costs a logged debug line.

The watchdog (``WatchdogSec=`` in the unit) must hear ``WATCHDOG=1`` more
often than its timeout; systemd passes the timeout as ``$WATCHDOG_USEC`` and
recommends pinging at half of it (`watchdog_interval`). `Heartbeat.beat` is
called once per *drawn* frame, after the display flip, so the heartbeat means
"frames are being drawn": a loop stuck in a scene's update, a deadlock or an
endless bot search stops the pings and systemd kills and restarts the arcade.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)


def _address(name: str) -> str | bytes:
    if name.startswith("@"):
        return b"\0" + name[1:].encode()
    return name


class Notifier:
    """Sends notify messages to ``$NOTIFY_SOCKET`` (read once, at construction)."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        self.socket_name = env.get("NOTIFY_SOCKET") or None
        self._sock: socket.socket | None = None
        self.sent = 0  # messages handed to the socket (for STATUS screens and tests)

    @property
    def enabled(self) -> bool:
        return self.socket_name is not None

    def send(self, *fields: str) -> bool:
        """Send ``fields`` (e.g. "READY=1", "STATUS=...") as one message; True if it went out."""
        if self.socket_name is None:
            return False
        payload = "\n".join(fields).encode()
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
                self._sock.setblocking(False)
            self._sock.sendto(payload, _address(self.socket_name))
        except OSError as exc:  # no receiver, queue full, wrong path: never the caller's problem
            log.debug("notify %s: %s", self.socket_name, exc)
            return False
        self.sent += 1
        return True

    def ready(self, status: str | None = None) -> bool:
        """Start-up is complete (the first frame is on screen)."""
        return self.send("READY=1", *([f"STATUS={status}"] if status else []))

    def watchdog(self) -> bool:
        return self.send("WATCHDOG=1")

    def status(self, text: str) -> bool:
        """A one-line status shown by ``systemctl status``."""
        return self.send("STATUS=" + text.replace("\n", " "))

    def stopping(self) -> bool:
        """A clean shutdown has begun."""
        return self.send("STOPPING=1")

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def watchdog_interval(environ: Mapping[str, str] | None = None, pid: int | None = None) -> float | None:
    """Seconds between heartbeats (half of ``$WATCHDOG_USEC``), or None when no
    watchdog is asked for. As sd_watchdog_enabled(3): a ``$WATCHDOG_PID`` that
    is set and is not this process means the watchdog is someone else's."""
    env = os.environ if environ is None else environ
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    if usec <= 0:
        return None
    owner = env.get("WATCHDOG_PID")
    if owner:
        try:
            if int(owner) != (os.getpid() if pid is None else pid):
                return None
        except ValueError:
            return None
    return usec / 2 / 1_000_000


class Heartbeat:
    """Call `beat()` once per drawn frame; it sends WATCHDOG=1 at most every
    `interval` seconds. With no interval (no watchdog asked for) it does nothing."""

    def __init__(self, notifier: Notifier, interval: float | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.notifier = notifier
        self.interval = interval
        self.clock = clock
        self.last: float | None = None

    @classmethod
    def from_env(cls, notifier: Notifier | None = None) -> Heartbeat:
        return cls(notifier or Notifier(), watchdog_interval())

    def beat(self) -> bool:
        """True when a heartbeat was sent now."""
        if self.interval is None or not self.notifier.enabled:
            return False
        now = self.clock()
        if self.last is not None and now - self.last < self.interval:
            return False
        self.last = now
        return self.notifier.watchdog()

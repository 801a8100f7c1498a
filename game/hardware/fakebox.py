"""A protocol-exact buzzer box in Python, on a pseudo-terminal: for trying
the whole path where simavr is not installed, and for tests that need exact
control (a clock of known offset and drift, garbage, silence).

Like an Uno it boots when a client opens its port (after `boot_s`, standing
in for the bootloader) and again at the next open after the client closed.
Its clock is a model: ``device_us = start_us + (host_ns - t0) * (1 + ppm/1e6) / 1000``
in 4 us steps, so the true host time of any device time is known. Its
serial line is a model too: a pty moves bytes at once, but a UART at the
protocol's baud does not, and the clock sync counts on that; so a PING
counts as arrived the UART time of its bytes after they were read, and its
PONG leaves no sooner than a UART could have carried it.
"""

from __future__ import annotations

import os
import select
import threading
import time
import tty

from . import protocol as P

LAYOUTS = {
    "uno": (0x3F, 0x3F, 1 << P.WOKUP_BUTTON, 1 << P.WOKUP_BUTTON),
    "mega": (0x3F,) * 6 + (1 << P.WOKUP_BUTTON,) * 2,
}


class FakeBox:
    def __init__(
        self,
        box_id: int = 1,
        ppm: float = 0.0,
        start_us: int = 123_456,
        board: str = "uno",
        boot_s: float = 0.05,
        silent: bool = False,
    ) -> None:
        self.box_id, self.ppm, self.start_us = box_id, ppm, start_us
        self.stations = LAYOUTS[board]
        self.board = P.Board.UNO if board == "uno" else P.Board.MEGA
        self.boot_s, self.silent = boot_s, silent
        self.t0 = time.monotonic_ns()
        self.leds: dict[int, tuple[int, int]] = {}  # station -> (mode, period)
        self.received: list = []  # every host message, in order
        self.last_write_ns = 0  # host time just after the latest frame was written
        self._master, slave = os.openpty()
        tty.setraw(slave)
        self.port = os.ttyname(slave)
        os.close(slave)  # the master reports a hangup until a client opens the port
        self._lock = threading.Lock()
        self._seq = 0
        self._evseq = 0
        self._decoder = P.FrameDecoder()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"fake box {box_id}", daemon=True)
        self._thread.start()

    # ---- the clock ------------------------------------------------------------
    def device_us(self, host_ns: int | None = None) -> int:
        host_ns = time.monotonic_ns() if host_ns is None else host_ns
        exact = self.start_us + (host_ns - self.t0) * (1 + self.ppm * 1e-6) / 1000
        return int(exact) // 4 * 4

    def host_ns(self, device_us: int) -> float:
        """The true host time of a device time (unwrapped)."""
        return self.t0 + (device_us - self.start_us) * 1000 / (1 + self.ppm * 1e-6)

    # ---- what a player does -------------------------------------------------------
    def press(self, station: int, button: int, host_ns: int | None = None, pressed: bool = True) -> int:
        """A press (or release) at host time host_ns (default now); returns its device time."""
        kind = P.EventKind.PRESS if pressed else P.EventKind.RELEASE
        return self.event(station, button, kind, host_ns)

    def event(self, station: int, button: int, kind: P.EventKind, host_ns: int | None = None) -> int:
        t = self.device_us(host_ns)
        with self._lock:
            evseq, self._evseq = self._evseq, (self._evseq + 1) & 0xFFFF
        self._send(P.Event(evseq, station, button, kind, t % P.CLOCK_MODULO))
        return t

    def write_raw(self, data: bytes) -> None:
        """Bytes as they are: garbage, half frames."""
        with self._lock:
            os.write(self._master, data)

    def stop(self) -> None:
        """Unplugs the box: the client's port reports an error."""
        self._stop.set()
        self._thread.join(timeout=2)
        with self._lock:
            if self._master >= 0:
                os.close(self._master)
                self._master = -1

    def __enter__(self) -> FakeBox:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    # ---- the box ----------------------------------------------------------------
    def _send(self, msg) -> None:
        if self.silent:
            return
        with self._lock:
            wire = P.encode(type(msg)(**{**msg.__dict__, "seq": self._seq}))
            self._seq = (self._seq + 1) & 0xFF
            try:
                os.write(self._master, wire)
            except OSError:
                return  # no client: the bytes are lost, as on a real cable
            self.last_write_ns = time.monotonic_ns()

    def _hello(self) -> None:
        self._send(
            P.Hello(
                P.PROTOCOL_VERSION,
                (2, 0, 0),
                self.box_id,
                self.board,
                15,
                60,
                500,
                self.device_us() % P.CLOCK_MODULO,
                self.stations,
            )
        )

    def _client_present(self) -> bool:
        poller = select.poll()
        poller.register(self._master, 0)
        return not any(ev & select.POLLHUP for _fd, ev in poller.poll(0))

    def _run(self) -> None:
        booted, next_beat = False, 0.0
        while not self._stop.is_set():
            if not self._client_present():
                booted = False  # the next open resets the box, as DTR does
                time.sleep(0.005)
                continue
            if not booted:
                time.sleep(self.boot_s)
                self.write_raw(b"\0")
                self._hello()
                booted, next_beat = True, time.monotonic() + 0.5
            ready, _w, _x = select.select([self._master], [], [], 0.01)
            if ready:
                try:
                    data = os.read(self._master, 512)
                except OSError:
                    continue  # the client closed between poll and read
                arrived = time.monotonic_ns() + P.wire_ns(len(data))
                for msg in self._decoder.feed(data):
                    self.received.append(msg)
                    self._answer(msg, arrived)
            if time.monotonic() >= next_beat:
                next_beat += 0.5
                self._send(P.Heartbeat(self.device_us() % P.CLOCK_MODULO, self._evseq, 0, 0, 0, 40))

    def _answer(self, msg, arrived_ns: int) -> None:
        if isinstance(msg, P.Ping):
            pong = P.Pong(msg.token, self.device_us(arrived_ns) % P.CLOCK_MODULO)
            # No sooner than the UART could have carried it; a late PONG only widens the interval.
            time.sleep(max(0, arrived_ns + P.wire_ns(len(P.encode(pong))) - time.monotonic_ns()) / 1e9)
            self._send(pong)
        elif isinstance(msg, P.HelloRequest):
            self._hello()
        elif isinstance(msg, P.Led):
            for s in range(len(self.stations)):
                if msg.station in (s, P.LED_ALL):
                    self.leds[s] = (int(msg.mode), msg.period_ms)
        elif isinstance(msg, P.SetId):
            self.box_id = msg.box_id
            self._hello()

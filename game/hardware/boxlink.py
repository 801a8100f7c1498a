"""One buzzer box on one serial port: open it, wait for its HELLO, then read
it on a thread of its own until it goes away.

The reader decodes frames (COBS, CRC; garbage is skipped to the next
delimiter), counts what went wrong, keeps the box's clock in step with
regular PINGs, watches the heartbeats, and hands every button EVENT, with
the host time its bytes were read, to ``on_event``. Status changes
(ready, silent, lost) go to ``on_status``. Nothing here blocks the caller.

Nothing a frame says is trusted beyond what the box announced: an EVENT for
a station or button its HELLO did not list is dropped (and counted), and a
HELLO that names another protocol, box id or layout in the middle of a link
resets the link as an unplug and replug would: the stations leave, a HELLO
is asked for, and only an answer the handshake accepts brings them back.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

import serial

from ..input.clocksync import ClockSync, Sample
from . import protocol as P

log = logging.getLogger(__name__)
READ_TIMEOUT_S = 0.02  # the reader wakes at least this often for its timers
BOOT_WAIT_S = 2.5  # an Uno resets when its port opens: bootloader, then HELLO
HELLO_RETRY_S = 1.0  # then ask for it, in case this board did not reset
HELLO_GIVE_UP_S = 5.0
PING_FAST_S = 0.02  # the first exchanges come quickly, so presses count soon
PING_FAST_COUNT = 40
PING_SLOW_S = 0.1  # then a steady resync (a PONG is 0.3 ms of the UART)
PING_LOST_S = 0.5  # a PING unanswered this long is forgotten
UNKNOWN_CLOCK_NS = 100_000_000  # a press read before any PONG: "some time lately"
SILENT_BEATS = 3  # heartbeats missed before the box counts as gone
REFUSED_LOGGED = {1, 2, 3, 10, 100, 1000, 10_000}
# The least time a PING and a PONG spend on the wire (COBS and delimiter
# included), from the frames themselves: protocol 2's CRC made them 2 bytes longer.
PING_WIRE = P.wire_ns(len(P.encode(P.Ping(token=0))))
PONG_WIRE = P.wire_ns(len(P.encode(P.Pong(token=0, time_us=0))))


class LinkState(StrEnum):
    OPENING = "opening"  # port open, waiting for the box's HELLO
    READY = "ready"  # presses are read and timed
    SILENT = "silent"  # heartbeats stopped: asked again, not yet given up
    LOST = "lost"  # the port went away (unplugged) or was stopped
    REJECTED = "rejected"  # not one of our boxes, or a protocol we do not speak


@dataclass
class LinkStats:
    frames: int = 0
    decode_errors: dict = field(default_factory=dict)  # FrameDecoder counters
    frame_gaps: int = 0  # box frames lost (seq jumps)
    event_gaps: int = 0  # button events lost (evseq jumps)
    box_dropped: int = 0  # events the box could not queue (HEARTBEAT)
    box_crc_errors: int = 0  # our frames the box found corrupt
    box_bad_frames: int = 0
    box_errors: int = 0  # ERROR frames received
    scan_max_us: int = 0
    heartbeats: int = 0
    stuck: set = field(default_factory=set)  # (station, button) out of play
    refused_events: int = 0  # EVENTs outside the announced layout, or before any HELLO
    relinks: int = 0  # HELLOs mid-link that changed the box: handshakes started again


class BoxLink:
    def __init__(
        self,
        port: str,
        on_event: Callable[[BoxLink, P.Event, int], None],
        on_status: Callable[[BoxLink], None],
        clock: Callable[[], int] = time.monotonic_ns,
    ):
        self.port_name = port
        self.on_event, self.on_status, self.now = on_event, on_status, clock
        self.hello: P.Hello | None = None
        self.state = LinkState.OPENING
        self.reason = ""  # why the state is lost or rejected
        self.low_latency = "not tried"
        self.opened = False  # a port that opened but said no HELLO is not retried at once
        self.sync = ClockSync(PING_WIRE, PONG_WIRE)
        self.stats = LinkStats()
        self._unwrap = P.ClockUnwrapper()
        self._decoder = P.FrameDecoder(wait_for_delimiter=True)
        self._serial: serial.Serial | None = None
        self._write_lock = threading.Lock()
        self._tx_seq = 0
        self._stop = threading.Event()
        self._last_frame_s = 0.0
        self._last_seq: int | None = None
        self._running_without_hello = False
        self._last_device: int | None = None  # the latest device time seen, 32-bit
        self._next_evseq: int | None = None
        self._ping: tuple[int, int] | None = None  # (token, sent ns) awaiting its PONG
        self._pings = 0
        self._next_ping_s = 0.0
        self._leds: dict[int, tuple[P.LedMode, int]] = {}  # station -> mode, resent on return
        self._new_id: int | None = None  # asked for by set_id
        self._thread = threading.Thread(target=self._run, name=f"buzzer {port}", daemon=True)

    # ---- public -----------------------------------------------------------
    @property
    def box_id(self) -> int | None:
        return self.hello.box_id if self.hello else None

    @property
    def stations(self) -> tuple[int, ...]:
        return self.hello.stations if self.hello else ()

    def start(self) -> BoxLink:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout=2)
        if not self._thread.is_alive():  # else the reader closes the port on its way out
            self._close()

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    def host_time(self, device_us: int, fallback_ns: int) -> tuple[int, int]:
        """A device time as (host monotonic ns, uncertainty ns). Before the
        first PONG, the time its frame was read, with a bound that says so."""
        full = self._seen_time(device_us)
        if self.sync.samples == 0:
            return fallback_ns, UNKNOWN_CLOCK_NS
        return self.sync.to_host(full)

    def set_led(self, station: int, mode: P.LedMode, period_ms: int = 500) -> None:
        """Remembered, and sent again whenever the box comes back."""
        self._leds[station] = (mode, period_ms)
        self.send(P.Led(station=station, mode=mode, period_ms=period_ms))

    def set_id(self, box_id: int) -> None:
        self._new_id = box_id  # the HELLO answering it is the same box under its new id
        self.send(P.SetId(box_id=box_id))

    def send(self, msg) -> bool:
        port = self._serial
        if port is None or self.state not in (LinkState.READY, LinkState.SILENT):
            return False
        with self._write_lock:
            wire = P.encode(type(msg)(**{**msg.__dict__, "seq": self._tx_seq}))
            self._tx_seq = (self._tx_seq + 1) & 0xFF
            try:
                port.write(wire)
            except (OSError, serial.SerialException):
                return False  # the reader sees the port go and says so
        return True

    def describe(self) -> str:
        if self.hello is None:
            return f"{self.port_name}: {self.state} {self.reason}".strip()
        h = self.hello
        version = ".".join(map(str, h.firmware))
        boards: dict[int, str] = {P.Board.UNO: "Uno/Nano", P.Board.MEGA: "Mega"}
        board = boards.get(h.board, f"board {h.board}")
        kinds = " ".join("6" if m == 0x3F else "1" if m == 1 << P.WOKUP_BUTTON else f"{m:#x}" for m in h.stations)
        return (
            f"{self.port_name}: box {h.box_id:04x}, {board}, firmware {version}, "
            f"{len(h.stations)} stations (buttons: {kinds}), low latency: {self.low_latency}, {self.state}"
        )

    # ---- the reader thread ---------------------------------------------------
    def _run(self) -> None:
        try:
            self._open()
            booted = False
            while not self._stop.is_set():
                try:
                    self._await_hello(booting=not booted)
                    booted = True
                    while not self._stop.is_set():
                        self._read_once()
                        self._timers()
                except _Relink as exc:
                    self._relink(str(exc))
        except (OSError, serial.SerialException) as exc:
            self._set_state(LinkState.LOST if self.hello else LinkState.REJECTED, f"port error: {exc}")
        except _Rejected as exc:
            self._set_state(LinkState.REJECTED, str(exc))
        finally:
            self._close()
            if self._stop.is_set() and self.state in (LinkState.READY, LinkState.SILENT, LinkState.OPENING):
                self._set_state(LinkState.LOST, "stopped")

    def _open(self) -> None:
        self._serial = serial.Serial(self.port_name, P.BAUD, timeout=READ_TIMEOUT_S, exclusive=True)
        self.opened = True
        try:
            self._serial.set_low_latency_mode(True)
            self.low_latency = "on"
        except (AttributeError, OSError, ValueError, NotImplementedError) as exc:
            # A pty or a driver without ASYNC_LOW_LATENCY: slower, still fine.
            self.low_latency = f"refused ({exc.__class__.__name__}: {exc})"

    def _await_hello(self, booting: bool) -> None:
        """Until a HELLO we accept; a box that is already running (not
        booting) is asked at once."""
        start = time.monotonic()
        asked = start + (BOOT_WAIT_S if booting else 0)
        asked_old = False
        # Only what this handshake hears counts (a corrupt frame of the link
        # before a relink may have passed protocol 1's CRC by chance).
        self._decoder.old_hello = None
        old_before = self._decoder.old_protocol
        while self.hello is None:
            now = time.monotonic()
            if self._stop.is_set():
                raise _Rejected("stopped before HELLO")
            old = self._decoder.old_hello
            if old is not None:
                raise _Rejected(self._reflash(old.protocol, old.firmware))
            old_frames = self._decoder.old_protocol - old_before
            if now - start > HELLO_GIVE_UP_S:
                if old_frames:
                    raise _Rejected(self._reflash(1, None))
                raise _Rejected(f"no HELLO within {HELLO_GIVE_UP_S:.0f} s: not a buzzer box, or a box without firmware")
            if old_frames and not asked_old:
                # Frames of protocol 1: ask in its words, so that it names its firmware.
                asked_old = True
                with self._write_lock:
                    self._port().write(P.HELLO_REQ_V1)
            if now >= asked or self._running_without_hello:
                # A box that sends frames but no HELLO did not reset: ask at once.
                self._running_without_hello = False
                self._write_raw(P.HelloRequest(seq=0xFF))
                asked = now + HELLO_RETRY_S
            self._read_once()
        if self.hello.protocol < P.PROTOCOL_VERSION:
            raise _Rejected(self._reflash(self.hello.protocol, self.hello.firmware))
        if self.hello.protocol != P.PROTOCOL_VERSION:
            raise _Rejected(
                f"protocol {self.hello.protocol}, this arcade speaks {P.PROTOCOL_VERSION}: update the arcade"
            )
        self._set_state(LinkState.READY)
        for station, (mode, period) in self._leds.items():
            self.send(P.Led(station=station, mode=mode, period_ms=period))

    def _reflash(self, protocol: int, firmware: tuple[int, int, int] | None) -> str:
        version = f"firmware {'.'.join(map(str, firmware))}" if firmware else "old firmware"
        return (
            f"{version} speaks protocol {protocol}, this arcade speaks {P.PROTOCOL_VERSION}: reflash the box "
            f"(make -C firmware upload PORT={self.port_name}; see docs/buzzers.md)"
        )

    def _relink(self, reason: str) -> None:
        """As if the box had been unplugged and plugged back in: its stations
        leave (the manager sees the old box go), everything learnt about it
        is forgotten, and the handshake starts again on the open port."""
        log.warning("buzzer box %04x on %s: %s", self.box_id, self.port_name, reason)
        self.stats.relinks += 1
        self._set_state(LinkState.OPENING, reason)
        self.hello = None
        self.sync = ClockSync(PING_WIRE, PONG_WIRE)
        self._unwrap = P.ClockUnwrapper()
        self._pings, self._next_evseq, self._ping = 0, None, None
        self._last_seq = self._last_device = None
        self.stats.stuck.clear()

    def _write_raw(self, msg) -> None:
        with self._write_lock:
            self._port().write(P.encode(msg))

    def _port(self) -> serial.Serial:
        """The open port: the reader's own, from its open to its close."""
        if self._serial is None:
            raise serial.SerialException("the port is closed")  # (the reader treats it as a lost port)
        return self._serial

    def _read_once(self) -> None:
        port = self._port()
        data = port.read(port.in_waiting or 1)
        t_rx = self.now()  # the read returns once the last byte is in
        if not data:
            return
        for msg in self._decoder.feed(data):
            self._handle(msg, t_rx)
        self.stats.decode_errors = {k: v for k, v in self._decoder.counters().items() if k != "frames" and v}

    def _handle(self, msg, t_rx: int) -> None:
        self.stats.frames += 1
        if self.hello is None and not isinstance(msg, P.Hello):
            self._running_without_hello = True
        self._last_frame_s = time.monotonic()
        if self._last_seq is not None and not isinstance(msg, P.Hello):
            self.stats.frame_gaps += (msg.seq - self._last_seq - 1) & 0xFF
        self._last_seq = msg.seq
        if self.state == LinkState.SILENT:
            self._set_state(LinkState.READY)
        if isinstance(msg, P.Hello):
            self._on_hello(msg)
        elif isinstance(msg, P.Event):
            self._on_event(msg, t_rx)
        elif isinstance(msg, P.Pong):
            self._on_pong(msg, t_rx)
        elif isinstance(msg, P.Heartbeat):
            self._on_heartbeat(msg)
        elif isinstance(msg, P.Error):
            self.stats.box_errors += 1

    def _on_hello(self, msg: P.Hello) -> None:
        previous = self.hello
        if previous is not None:
            changed = [
                f"{name} {old} -> {new}"
                for name, old, new in (
                    ("protocol", previous.protocol, msg.protocol),
                    ("board", previous.board, msg.board),
                    ("stations", previous.stations, msg.stations),
                )
                if old != new
            ]
            if msg.box_id not in (previous.box_id, self._new_id):  # an id we did not give it
                changed.append(f"box id {previous.box_id:04x} -> {msg.box_id:04x}")
            if changed:
                raise _Relink(f"a HELLO mid-link changed {', '.join(changed)}: asking the box again")
        self.hello = msg
        went_back = self._last_device is not None and P.wrap_delta(msg.time_us, self._last_device) < 0
        if previous is not None and previous.box_id != msg.box_id:
            self.on_status(self)  # our own SET_ID: the manager sees the box under its new id
        if previous is not None and went_back:
            # A reboot (its clock went back): its clock starts afresh.
            self.sync = ClockSync(PING_WIRE, PONG_WIRE)
            self._unwrap = P.ClockUnwrapper()
            self._pings, self._next_evseq, self._ping = 0, None, None
            self.on_status(self)
        self._seen_time(msg.time_us)

    def _seen_time(self, time_us: int) -> int:
        self._last_device = time_us
        return self._unwrap.unwrap(time_us)

    def _in_layout(self, msg: P.Event) -> bool:
        stations = self.stations
        return msg.station < len(stations) and bool(stations[msg.station] >> msg.button & 1)

    def _on_event(self, msg: P.Event, t_rx: int) -> None:
        if not self._in_layout(msg):
            # A corrupt frame that passed the CRC, or a box that lies: no game sees it.
            self.stats.refused_events += 1
            if self.stats.refused_events in REFUSED_LOGGED:  # a flood is counted, not logged line by line
                log.warning(
                    "buzzer box on %s: EVENT for station %d button %d, which its HELLO did not announce: "
                    "dropped (%d so far)",
                    self.port_name,
                    msg.station,
                    msg.button,
                    self.stats.refused_events,
                )
            return
        if self._next_evseq is not None:
            self.stats.event_gaps += (msg.evseq - self._next_evseq) & 0xFFFF
        self._next_evseq = (msg.evseq + 1) & 0xFFFF
        if msg.kind == P.EventKind.STUCK:
            self.stats.stuck.add((msg.station, msg.button))
        elif msg.kind == P.EventKind.UNSTUCK:
            self.stats.stuck.discard((msg.station, msg.button))
        self.on_event(self, msg, t_rx)

    def _on_pong(self, msg: P.Pong, t_rx: int) -> None:
        if self._ping is None or msg.token != self._ping[0]:
            return  # an answer to a PING we gave up on
        _token, sent = self._ping
        self._ping = None
        self.sync.add(Sample(sent, t_rx, self._seen_time(msg.time_us)))

    def _on_heartbeat(self, msg: P.Heartbeat) -> None:
        s = self.stats
        s.heartbeats += 1
        self._seen_time(msg.time_us)
        if self._next_evseq is not None:
            s.event_gaps += (msg.next_evseq - self._next_evseq) & 0xFFFF
        self._next_evseq = msg.next_evseq
        s.box_dropped, s.box_crc_errors, s.box_bad_frames = msg.dropped, msg.crc_errors, msg.bad_frames
        s.scan_max_us = msg.scan_max_us

    def _timers(self) -> None:
        now_s = time.monotonic()
        beat_s = (self.hello.heartbeat_ms if self.hello else 500) / 1000
        if self.state == LinkState.READY and now_s - self._last_frame_s > SILENT_BEATS * beat_s:
            self._set_state(LinkState.SILENT, f"no heartbeat for {now_s - self._last_frame_s:.1f} s")
        if self._ping is not None and self.now() - self._ping[1] > PING_LOST_S * 1e9:
            self._ping = None
        if self._ping is None and now_s >= self._next_ping_s:
            token = self._pings & 0xFFFFFFFF
            self._pings += 1
            sent = self.now()
            self._ping = (token, sent)
            self.send(P.Ping(token=token))
            fast = self._pings < PING_FAST_COUNT
            self._next_ping_s = now_s + (PING_FAST_S if fast else PING_SLOW_S)
        if self.state == LinkState.SILENT and now_s >= self._next_ping_s - PING_SLOW_S / 2:
            self.send(P.HelloRequest())

    def _set_state(self, state: LinkState, reason: str = "") -> None:
        if (state, reason) != (self.state, self.reason):
            log.info(
                "buzzer box %s on %s: %s -> %s%s",
                self.box_id if self.box_id is None else f"{self.box_id:04x}",
                self.port_name,
                self.state,
                state,
                f" ({reason})" if reason else "",
            )
            self.state, self.reason = state, reason
            self.on_status(self)

    def _close(self) -> None:
        port, self._serial = self._serial, None
        if port is not None:
            with contextlib.suppress(OSError, serial.SerialException):
                port.close()


class _Rejected(Exception):
    pass


class _Relink(Exception):
    """The box is no longer the one the handshake accepted."""

"""One buzzer box on one serial port: open it, wait for its HELLO, then read
it until it goes away.

Two threads touch a link, each with its own part. The port's reader is
pyserial's `serial.threaded.ReaderThread` with a `_Reader` protocol (a
`FrameDecoder`, pyserial's `Packetizer` on the COBS 0x00): it opens the port,
notes the host time each read returned, decodes frames (COBS, CRC; garbage is
skipped to the next delimiter) and puts ``(link, message, t_rx)`` on its
owner's inbox, nothing else. The owner (the `BuzzerManager`'s thread) takes
them in order and is the only thread that changes the link: `receive`
handles a message, `tick` runs the timers (the HELLO handshake, PINGs that
keep the box's clock in step, the heartbeat watch) on the injected clock,
so a test drives them with a fake clock and no sleeping.
Button EVENTs go to ``on_event`` with the host time their bytes were read;
status changes (ready, silent, lost) go to ``on_status``, on the owner.

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
from typing import Any

import serial
from serial.threaded import ReaderThread

from ..input.clocksync import ClockSync, Sample
from . import protocol as P

log = logging.getLogger(__name__)
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


@dataclass(frozen=True)
class Opened:
    """The reader opened the port; `transport` writes to it (under pyserial's lock)."""

    transport: Any
    low_latency: str


@dataclass(frozen=True)
class Closed:
    """The reader ended: the port failed (an error), or it was stopped (None)."""

    error: BaseException | None


@dataclass(frozen=True)
class OldFrame:
    """A frame of protocol 1 (CRC-16): an old box, with its HELLO if it was one."""

    hello: P.Hello | None


Inbox = Callable[[Any, Any, int], None]  # (link, message or signal, t_rx): the owner's queue


class _Port(serial.Serial):
    """pyserial's port, whose `in_waiting` reports a vanished device as its
    `read` does: `ReaderThread` ends on a SerialException (and says so in
    `connection_lost`), but an OSError from the ioctl would end it silently."""

    @property
    def in_waiting(self) -> int:
        try:
            return super().in_waiting
        except OSError as exc:
            raise serial.SerialException(f"in_waiting failed: {exc}") from exc


class _Reader(P.FrameDecoder):
    """The reader thread's protocol: opens the port, stamps each read,
    decodes, and hands everything to the owner's inbox."""

    def __init__(self, link: BoxLink, post: Inbox, clock: Callable[[], int]) -> None:
        super().__init__(wait_for_delimiter=True)
        self.link, self.post, self.clock = link, post, clock
        self.t_rx = 0

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        port = transport.serial
        port.open()  # here, so that a port slow to open holds up no other box
        try:
            port.set_low_latency_mode(True)
            low_latency = "on"
        except (AttributeError, OSError, ValueError, NotImplementedError) as exc:
            # A pty or a driver without ASYNC_LOW_LATENCY: slower, still fine.
            low_latency = f"refused ({exc.__class__.__name__}: {exc})"
        self.post(self.link, Opened(transport, low_latency), self.clock())

    def data_received(self, data: bytes) -> None:
        self.t_rx = self.clock()  # the read returns once the last byte is in
        super().data_received(data)

    def handle_message(self, msg: P.Message) -> None:
        self.post(self.link, msg, self.t_rx)

    def handle_error(self, exc: P.FrameError) -> None:
        if exc.counter == "old_protocol":
            self.post(self.link, OldFrame(exc.hello), self.t_rx)

    def connection_lost(self, exc: BaseException | None) -> None:
        self.transport = None
        self.post(self.link, Closed(exc), self.clock())


class BoxLink:
    def __init__(
        self,
        port: str,
        on_event: Callable[[BoxLink, P.Event, int], None],
        on_status: Callable[[BoxLink], None],
        post: Inbox,
        clock: Callable[[], int] = time.monotonic_ns,
    ):
        self.port_name = port
        self.on_event, self.on_status, self.post, self.now = on_event, on_status, post, clock
        self.hello: P.Hello | None = None
        self.state = LinkState.OPENING
        self.reason = ""  # why the state is lost or rejected
        self.low_latency = "not tried"
        self.opened = False  # a port that opened but said no HELLO is not retried at once
        self.sync = ClockSync(PING_WIRE, PONG_WIRE)
        self.stats = LinkStats()
        self._unwrap = P.ClockUnwrapper()
        self._reader: ReaderThread | None = None
        self._decoder: P.FrameDecoder | None = None  # the reader's, for its counters
        self._transport: Any = None  # set once the port is open; None once it is closed
        self._tx_seq = 0
        self._stopping = False
        self._last_frame_ns = 0
        self._last_seq: int | None = None
        self._running_without_hello = False
        self._last_device: int | None = None  # the latest device time seen, 32-bit
        self._next_evseq: int | None = None
        self._ping: tuple[int, int] | None = None  # (token, sent ns) awaiting its PONG
        self._pings = 0
        self._next_ping_ns = 0
        self._leds: dict[int, tuple[P.LedMode, int]] = {}  # station -> mode, resent on return
        self._new_id: int | None = None  # asked for by set_id
        # The handshake: when it began, when to ask for a HELLO, what protocol 1 said meanwhile.
        self._hs_start_ns = 0
        self._ask_ns = 0
        self._asked_old = False
        self._old_frames = 0
        self._old_hello: P.Hello | None = None

    # ---- public (on the owner's thread) ----------------------------------------
    @property
    def box_id(self) -> int | None:
        return self.hello.box_id if self.hello else None

    @property
    def stations(self) -> tuple[int, ...]:
        return self.hello.stations if self.hello else ()

    def start(self) -> BoxLink:
        """Starts the reader, which opens the port and reports `Opened`."""
        port = _Port(None, P.BAUD, timeout=None, exclusive=True)  # a read waits for bytes or cancel_read
        port.port = self.port_name
        self._reader = ReaderThread(port, self._make_reader)
        self._reader.name = f"buzzer {self.port_name}"
        self._reader.start()
        return self

    def _make_reader(self) -> _Reader:
        self._decoder = _Reader(self, self.post, self.now)
        return self._decoder

    def stop(self) -> None:
        """Closes the port; a live link is lost ("stopped"). Call it on the
        owner, or once the owner has stopped."""
        self._stopping = True
        self._close()
        if self.state in (LinkState.READY, LinkState.SILENT, LinkState.OPENING):
            self._set_state(LinkState.LOST, "stopped")

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
        if self._transport is None or self.state not in (LinkState.READY, LinkState.SILENT):
            return False
        wire = P.encode(type(msg)(**{**msg.__dict__, "seq": self._tx_seq}))
        self._tx_seq = (self._tx_seq + 1) & 0xFF
        return self._write(wire)

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

    # ---- what the reader posted, on the owner ------------------------------------
    def receive(self, what, t_rx: int) -> None:
        """One item of the reader's, in the order it was read."""
        if self.state in (LinkState.LOST, LinkState.REJECTED):
            return  # what was still on its way when the link ended
        try:
            if isinstance(what, Opened):
                self._transport, self.low_latency, self.opened = what.transport, what.low_latency, True
                self._handshake(booting=True)
            elif isinstance(what, Closed):
                self._close()  # the reader has ended; the port is still open
                if self._stopping or what.error is None:
                    self._set_state(LinkState.LOST, "stopped")
                else:
                    self._set_state(LinkState.LOST if self.hello else LinkState.REJECTED, f"port error: {what.error}")
            elif isinstance(what, OldFrame):
                self._old_frames += 1
                self._old_hello = what.hello or self._old_hello
            else:
                self._handle(what, t_rx)
        except _Relink as exc:
            self._relink(str(exc))
        except _Rejected as exc:
            self._reject(str(exc))

    def tick(self) -> None:
        """The timers, on the injected clock: the owner calls it often (and
        after every batch of items)."""
        if self._transport is None or self.state in (LinkState.LOST, LinkState.REJECTED):
            return
        if self._decoder is not None:
            counters = self._decoder.counters()  # plain counts, written by the reader alone
            self.stats.decode_errors = {k: v for k, v in counters.items() if k != "frames" and v}
        try:
            if self.hello is None:
                self._handshake_timers()
            elif self.state in (LinkState.READY, LinkState.SILENT):
                self._timers()
        except _Rejected as exc:
            self._reject(str(exc))

    # ---- the handshake -------------------------------------------------------------
    def _handshake(self, booting: bool) -> None:
        """Until a HELLO we accept; a box that is already running (not
        booting) is asked at once."""
        now = self.now()
        self._hs_start_ns = now
        self._ask_ns = now + (_ns(BOOT_WAIT_S) if booting else 0)
        # Only what this handshake hears counts (a corrupt frame of the link
        # before a relink may have passed protocol 1's CRC by chance).
        self._asked_old, self._old_frames, self._old_hello = False, 0, None

    def _handshake_timers(self) -> None:
        now = self.now()
        if self._old_hello is not None:
            raise _Rejected(self._reflash(self._old_hello.protocol, self._old_hello.firmware))
        if now - self._hs_start_ns > _ns(HELLO_GIVE_UP_S):
            if self._old_frames:
                raise _Rejected(self._reflash(1, None))
            raise _Rejected(f"no HELLO within {HELLO_GIVE_UP_S:.0f} s: not a buzzer box, or a box without firmware")
        if self._old_frames and not self._asked_old:
            # Frames of protocol 1: ask in its words, so that it names its firmware.
            self._asked_old = True
            self._write(P.HELLO_REQ_V1)
        if now >= self._ask_ns or self._running_without_hello:
            # A box that sends frames but no HELLO did not reset: ask at once.
            self._running_without_hello = False
            self._write(P.encode(P.HelloRequest(seq=0xFF)))
            self._ask_ns = now + _ns(HELLO_RETRY_S)

    def _accept(self) -> None:
        """The HELLO that ends a handshake: our protocol, or refused."""
        assert self.hello is not None
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

    def _reject(self, reason: str) -> None:
        self._set_state(LinkState.REJECTED, reason)
        self._close()

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
        self._handshake(booting=False)

    def _write(self, wire: bytes) -> bool:
        transport = self._transport
        if transport is None:
            return False
        try:
            transport.write(wire)
        except (OSError, serial.SerialException):
            return False  # the reader sees the port go and says so
        return True

    # ---- frames ------------------------------------------------------------------
    def _handle(self, msg, t_rx: int) -> None:
        self.stats.frames += 1
        opening = self.hello is None
        if opening and not isinstance(msg, P.Hello):
            self._running_without_hello = True
        self._last_frame_ns = self.now()
        if self._last_seq is not None and not isinstance(msg, P.Hello):
            self.stats.frame_gaps += (msg.seq - self._last_seq - 1) & 0xFF
        self._last_seq = msg.seq
        if self.state == LinkState.SILENT:
            self._set_state(LinkState.READY)
        if isinstance(msg, P.Hello):
            self._on_hello(msg)
            if opening:
                self._accept()
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
        now = self.now()
        beat_ns = _ns((self.hello.heartbeat_ms if self.hello else 500) / 1000)
        if self.state == LinkState.READY and now - self._last_frame_ns > SILENT_BEATS * beat_ns:
            self._set_state(LinkState.SILENT, f"no heartbeat for {(now - self._last_frame_ns) / 1e9:.1f} s")
        if self._ping is not None and now - self._ping[1] > _ns(PING_LOST_S):
            self._ping = None
        if self._ping is None and now >= self._next_ping_ns:
            token = self._pings & 0xFFFFFFFF
            self._pings += 1
            self._ping = (token, self.now())  # sent: as close to the write as can be
            self.send(P.Ping(token=token))
            fast = self._pings < PING_FAST_COUNT
            self._next_ping_ns = now + _ns(PING_FAST_S if fast else PING_SLOW_S)
        if self.state == LinkState.SILENT and now >= self._next_ping_ns - _ns(PING_SLOW_S / 2):
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
        """Stops the reader (pyserial's close waits for it) and closes the port."""
        reader, self._reader = self._reader, None
        self._transport = None
        if reader is not None and reader is not threading.current_thread():
            with contextlib.suppress(OSError, serial.SerialException):
                reader.close()


def _ns(seconds: float) -> int:
    return int(seconds * 1_000_000_000)


class _Rejected(Exception):
    pass


class _Relink(Exception):
    """The box is no longer the one the handshake accepted."""

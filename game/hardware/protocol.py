"""The buzzer box wire protocol (firmware/PROTOCOL.md), in pure Python.

A frame is ``type, seq, payload..., crc32`` (little-endian CRC-32/ISO-HDLC,
zlib's, over type, seq and payload), COBS-encoded and ended by a 0 byte.

    >>> wire = encode(Ping(token=0x12345678))
    >>> FrameDecoder().feed(wire)
    [Ping(token=305419896, seq=0)]

The same codec serves both directions, so that a host can talk to a box
and an emulated box can understand a host.
"""

from __future__ import annotations

import contextlib
import struct
import zlib
from dataclasses import dataclass, fields
from enum import IntEnum
from typing import ClassVar

from serial.threaded import Packetizer

PROTOCOL_VERSION = 2  # 2: CRC-32 check word; 1 had CRC-16 (still recognised, to say "reflash")
BAUD = 500_000
MAX_FRAME = 48  # unencoded: type + seq + payload + crc
CRC_LEN = 4
MIN_FRAME = 2 + CRC_LEN
CLOCK_BITS = 32
CLOCK_MODULO = 1 << CLOCK_BITS  # the device clock wraps every ~71.6 minutes
BYTE_NS = 10 * 1_000_000_000 // BAUD  # start + 8 data + stop bits


def wire_ns(frame_bytes: int) -> int:
    """Time a frame of that many bytes (delimiter included) spends on the UART."""
    return frame_bytes * BYTE_NS


class MsgType(IntEnum):
    HELLO = 0x01
    EVENT = 0x02
    HEARTBEAT = 0x03
    PONG = 0x04
    ERROR = 0x05
    PING = 0x81
    HELLO_REQ = 0x82
    LED = 0x83
    SET_ID = 0x84


class EventKind(IntEnum):
    RELEASE = 0
    PRESS = 1
    STUCK = 2  # held at boot or too long: out of play until released
    UNSTUCK = 3  # a stuck button reads released again (no RELEASE follows)


class ErrorCode(IntEnum):
    CRC = 1
    FRAME = 2
    UNKNOWN_TYPE = 3
    BAD_ARG = 4


class LedMode(IntEnum):
    OFF = 0
    ON = 1
    BLINK = 2


class Board(IntEnum):
    UNO = 1
    MEGA = 2


WOKUP_BUTTON = 5  # buttons 0-4 are the deck pentagon, clockwise from the top
BUTTONS = 6  # no station has more: a mask or an event naming another button is corrupt
ALL_BUTTONS = (1 << BUTTONS) - 1
LED_ALL = 0xFF
UNSET_BOX_ID = 0xFFFF


# Each message knows its type and its payload layout (struct format,
# little-endian, fields in order); ``seq``, the frame sequence number, is
# always the last field.
@dataclass(frozen=True)
class Hello:
    protocol: int
    firmware: tuple[int, int, int]
    box_id: int
    board: int
    lockout_ms: int
    stuck_s: int
    heartbeat_ms: int
    time_us: int
    stations: tuple[int, ...]  # per station, a mask of its buttons (bit n = button n)
    seq: int = 0
    TYPE: ClassVar[MsgType] = MsgType.HELLO
    FORMAT: ClassVar[str] = "<BBBBHBBBHIB"  # then one mask byte per station

    def pack(self) -> bytes:
        return struct.pack(
            self.FORMAT,
            self.protocol,
            *self.firmware,
            self.box_id,
            self.board,
            self.lockout_ms,
            self.stuck_s,
            self.heartbeat_ms,
            self.time_us,
            len(self.stations),
        ) + bytes(self.stations)

    @classmethod
    def unpack(cls, payload: bytes, seq: int) -> Hello:
        fixed = struct.calcsize(cls.FORMAT)
        (proto, major, minor, patch, box_id, board, lockout_ms, stuck_s, heartbeat_ms, time_us, n) = struct.unpack_from(
            cls.FORMAT, payload
        )
        if len(payload) != fixed + n:
            raise struct.error("HELLO station count does not match its length")
        if any(mask & ~ALL_BUTTONS for mask in payload[fixed:]):
            raise struct.error(f"HELLO names a button beyond {BUTTONS - 1}")
        return cls(
            proto,
            (major, minor, patch),
            box_id,
            board,
            lockout_ms,
            stuck_s,
            heartbeat_ms,
            time_us,
            tuple(payload[fixed:]),
            seq,
        )


@dataclass(frozen=True)
class Event:
    evseq: int  # 16-bit, one per event detected (a gap means events were lost)
    station: int
    button: int
    kind: EventKind
    time_us: int
    seq: int = 0
    TYPE: ClassVar[MsgType] = MsgType.EVENT
    FORMAT: ClassVar[str] = "<HBBBI"


@dataclass(frozen=True)
class Heartbeat:
    time_us: int
    next_evseq: int
    dropped: int  # events lost to a full queue since boot (16-bit, wraps)
    crc_errors: int  # host frames with a bad CRC since boot
    bad_frames: int  # other bad host frames since boot
    scan_max_us: int  # longest scan period since the last heartbeat
    seq: int = 0
    TYPE: ClassVar[MsgType] = MsgType.HEARTBEAT
    FORMAT: ClassVar[str] = "<IHHHHH"


@dataclass(frozen=True)
class Pong:
    token: int
    time_us: int  # when the PING's last byte was taken in
    seq: int = 0
    TYPE: ClassVar[MsgType] = MsgType.PONG
    FORMAT: ClassVar[str] = "<II"


@dataclass(frozen=True)
class Error:
    code: int
    ref_type: int  # type and seq of the offending frame, as received
    ref_seq: int
    seq: int = 0
    TYPE: ClassVar[MsgType] = MsgType.ERROR
    FORMAT: ClassVar[str] = "<BBB"


@dataclass(frozen=True)
class Ping:
    token: int
    seq: int = 0
    TYPE: ClassVar[MsgType] = MsgType.PING
    FORMAT: ClassVar[str] = "<I"


@dataclass(frozen=True)
class HelloRequest:
    seq: int = 0
    TYPE: ClassVar[MsgType] = MsgType.HELLO_REQ
    FORMAT: ClassVar[str] = "<"


@dataclass(frozen=True)
class Led:
    station: int  # or LED_ALL
    mode: LedMode
    period_ms: int = 500  # full blink period
    seq: int = 0
    TYPE: ClassVar[MsgType] = MsgType.LED
    FORMAT: ClassVar[str] = "<BBH"


@dataclass(frozen=True)
class SetId:
    box_id: int
    seq: int = 0
    TYPE: ClassVar[MsgType] = MsgType.SET_ID
    FORMAT: ClassVar[str] = "<H"


Message = Hello | Event | Heartbeat | Pong | Error | Ping | HelloRequest | Led | SetId
MESSAGES: dict[int, type[Message]] = {
    cls.TYPE: cls for cls in (Hello, Event, Heartbeat, Pong, Error, Ping, HelloRequest, Led, SetId)
}
_ENUM_FIELDS: dict[type[Message], dict[str, type[IntEnum]]] = {Event: {"kind": EventKind}, Led: {"mode": LedMode}}


def crc32(data: bytes) -> int:
    """CRC-32/ISO-HDLC, the check word since protocol 2 (firmware/PROTOCOL.md)."""
    return zlib.crc32(data)


def _crc16_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_CRC16 = _crc16_table()


def crc16_v1(data: bytes) -> int:
    """CRC-16/MCRF4XX, protocol 1's check word: only to recognise an old box."""
    crc = 0xFFFF
    for byte in data:
        crc = (crc >> 8) ^ _CRC16[(crc ^ byte) & 0xFF]
    return crc


# Protocol 1's HELLO_REQ (seq 0xFF), sent only to a box whose frames checked
# with protocol 1's CRC: its answer names the firmware to replace.
HELLO_REQ_V1 = b"\x05\x82\xff" + struct.pack("<H", crc16_v1(b"\x82\xff")) + b"\0"


def cobs_encode(data: bytes) -> bytes:
    """COBS without the trailing 0 delimiter."""
    out = bytearray()
    for block in data.split(b"\0"):
        # A block longer than 254 bytes is cut into 0xFF-coded pieces.
        while len(block) >= 0xFE:
            out += b"\xff" + block[:0xFE]
            block = block[0xFE:]
        out += bytes((len(block) + 1,)) + block
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    """Inverse of cobs_encode; ValueError if data is not valid COBS."""
    out = bytearray()
    i = 0
    while i < len(data):
        code = data[i]
        if code == 0 or i + code > len(data):
            raise ValueError("bad COBS block")
        out += data[i + 1 : i + code]
        i += code
        if code != 0xFF and i < len(data):
            out.append(0)
    return bytes(out)


def _payload(msg: Message) -> bytes:
    if isinstance(msg, Hello):
        return msg.pack()
    return struct.pack(msg.FORMAT, *(int(getattr(msg, f.name)) for f in fields(msg)[:-1]))


def encode(msg: Message) -> bytes:
    """The complete wire frame for msg, delimiter included."""
    raw = bytes((msg.TYPE, msg.seq & 0xFF)) + _payload(msg)
    if len(raw) + CRC_LEN > MAX_FRAME:
        raise ValueError(f"{type(msg).__name__} frame longer than {MAX_FRAME} bytes")
    return cobs_encode(raw + struct.pack("<I", crc32(raw))) + b"\0"


class FrameError(ValueError):
    """A frame that arrived whole but cannot be used; .counter names why;
    .hello is an old box's HELLO (counter "old_protocol")."""

    def __init__(self, counter: str, detail: str, hello: Hello | None = None):
        super().__init__(detail)
        self.counter = counter
        self.hello = hello


def _old_protocol(raw: bytes) -> FrameError | None:
    """A frame that fails the CRC-32 but checks with protocol 1's CRC-16:
    an old box (with its HELLO if this is one), else None."""
    if len(raw) < 4 or crc16_v1(raw[:-2]) != struct.unpack_from("<H", raw, len(raw) - 2)[0]:
        return None
    hello = None
    if raw[0] == MsgType.HELLO:
        with contextlib.suppress(struct.error):  # else still a protocol-1 frame, naming no firmware
            hello = Hello.unpack(raw[2:-2], raw[1])
    return FrameError("old_protocol", "a frame of protocol 1 (CRC-16)", hello)


def decode_frame(block: bytes) -> Message:
    """One COBS block (without its 0 delimiter) to a message."""
    try:
        raw = cobs_decode(block)
    except ValueError as exc:
        raise FrameError("framing_errors", str(exc)) from None
    if len(raw) < MIN_FRAME:
        raise _old_protocol(raw) or FrameError("framing_errors", f"frame shorter than {MIN_FRAME} bytes")
    if crc32(raw[:-CRC_LEN]) != struct.unpack_from("<I", raw, len(raw) - CRC_LEN)[0]:
        raise _old_protocol(raw) or FrameError("crc_errors", "CRC mismatch")
    msg_type, seq, payload = raw[0], raw[1], raw[2:-CRC_LEN]
    cls = MESSAGES.get(msg_type)
    if cls is None:
        raise FrameError("unknown_types", f"unknown frame type 0x{msg_type:02x}")
    try:
        if cls is Hello:
            return Hello.unpack(payload, seq)
        values = dict(zip((f.name for f in fields(cls)), struct.unpack(cls.FORMAT, payload)))
    except struct.error as exc:
        raise FrameError("length_errors", f"{cls.__name__}: {exc}") from None
    for name, enum in _ENUM_FIELDS.get(cls, {}).items():
        try:
            values[name] = enum(values[name])
        except ValueError:
            raise FrameError("length_errors", f"{cls.__name__}: bad {name}") from None
    if cls is Event and values["button"] >= BUTTONS:
        raise FrameError("length_errors", f"Event: no button {values['button']}")
    return cls(**values, seq=seq)


class FrameDecoder(Packetizer):
    """Turns a byte stream, in chunks of any size, into messages.

    pyserial's `Packetizer` cuts the stream at each 0 delimiter (so this is
    also the protocol a `serial.threaded.ReaderThread` reads with); bad
    frames are dropped and counted, and decoding resumes after the next
    delimiter. A box sends a 0 first thing at boot; a host that opens a port
    in mid-stream can pass ``wait_for_delimiter=True`` so that the partial
    frame before the first delimiter is skipped without counting an error.
    Subclasses take each message in `handle_message` (`feed` returns them).
    """

    TERMINATOR = b"\0"
    COUNTERS = ("crc_errors", "framing_errors", "length_errors", "unknown_types", "overflows", "old_protocol")

    def __init__(self, wait_for_delimiter: bool = False):
        super().__init__()
        self._skipping = wait_for_delimiter
        self._overflow = False
        self._fed: list[Message] = []
        self.frames = 0
        self.crc_errors = 0  # CRC mismatch
        self.framing_errors = 0  # bad COBS or shorter than a frame
        self.length_errors = 0  # payload size or value wrong for its type
        self.unknown_types = 0
        self.overflows = 0  # more than a frame's worth of bytes without a delimiter
        self.old_protocol = 0  # frames checked by protocol 1's CRC-16: a box to reflash
        self.old_hello: Hello | None = None  # the latest HELLO of such a box

    @property
    def errors(self) -> int:
        return sum(getattr(self, name) for name in self.COUNTERS)

    def counters(self) -> dict[str, int]:
        return {"frames": self.frames, **{name: getattr(self, name) for name in self.COUNTERS}}

    def feed(self, data: bytes) -> list[Message]:
        self.data_received(data)
        messages, self._fed = self._fed, []
        return messages

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        # COBS adds one byte to a frame: a longer run cannot be one, and is not kept.
        if len(self.buffer) > MAX_FRAME + 1:
            self.buffer.clear()
            self._overflow = not self._skipping  # the skipped partial frame is no error

    def handle_packet(self, packet: bytearray) -> None:
        if self._skipping:
            self._skipping = False
        elif self._overflow or len(packet) > MAX_FRAME + 1:
            self._overflow = False
            self.overflows += 1
        elif packet:  # empty frames are sync bytes
            try:
                msg = decode_frame(bytes(packet))
            except FrameError as exc:
                setattr(self, exc.counter, getattr(self, exc.counter) + 1)
                self.old_hello = exc.hello or self.old_hello
                self.handle_error(exc)
            else:
                self.frames += 1
                self.handle_message(msg)

    def handle_message(self, msg: Message) -> None:
        self._fed.append(msg)

    def handle_error(self, exc: FrameError) -> None:
        """Called after the error is counted; for a reader that reports it."""


def wrap_delta(later: int, earlier: int) -> int:
    """later - earlier for two 32-bit device times, as a signed difference.

    Correct across the wrap as long as the true difference is within
    +/- 35.8 minutes.
    """
    return (later - earlier + (CLOCK_MODULO >> 1)) % CLOCK_MODULO - (CLOCK_MODULO >> 1)


class ClockUnwrapper:
    """Extends 32-bit device times to a monotonic 64-bit microsecond count.

    Feed every device time in arrival order (heartbeats every 500 ms keep
    it far from the 35.8-minute ambiguity); times a little older than the
    newest one seen (an event stamped before a later PONG) come out right.
    """

    def __init__(self) -> None:
        self._last: int | None = None

    def unwrap(self, time_us: int) -> int:
        if self._last is None:
            self._last = time_us
            return time_us
        full = self._last + wrap_delta(time_us, self._last % CLOCK_MODULO)
        self._last = max(self._last, full)
        return full

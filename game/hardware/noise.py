"""A noisy serial line, for the fuzz tests and the bench: frames damaged the
way a bad cable or a ground loop damages them, and what the decoder and the
link make of them.

    >>> import random
    >>> from game.hardware.protocol import Event, EventKind, encode
    >>> wire = encode(Event(0, 0, 5, EventKind.PRESS, 1000))
    >>> corrupt(random.Random(1), wire) != wire
    True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .protocol import (
    Board,
    Error,
    ErrorCode,
    Event,
    EventKind,
    FrameDecoder,
    Heartbeat,
    Hello,
    Message,
    Pong,
    cobs_decode,
    cobs_encode,
    crc16_v1,
    encode,
)

UNO = (0x3F, 0x3F, 0x20, 0x20)


def corrupt(rng: random.Random, wire: bytes) -> bytes:
    """Damage a wire frame (its delimiter kept): a few flipped bits, a burst
    of them, or bytes replaced. Can come back unchanged (a burst that flipped
    nothing); callers skip those."""
    body = bytearray(wire[:-1])
    kind = rng.random()
    if kind < 0.5:
        for _ in range(rng.randint(1, 8)):
            body[rng.randrange(len(body))] ^= 1 << rng.randrange(8)
    elif kind < 0.8:
        start = rng.randrange(len(body) * 8)
        for bit in range(start, min(start + rng.randint(2, 40), len(body) * 8)):
            if rng.random() < 0.5:
                body[bit // 8] ^= 1 << (bit % 8)
    else:
        for _ in range(rng.randint(1, 4)):
            body[rng.randrange(len(body))] = rng.randrange(256)
    return bytes(body) + b"\0"


def box_traffic(rng: random.Random, count: int = 200) -> list[Message]:
    """What an Uno box sends, with varied fields: HELLOs, EVENTs of its
    buttons, HEARTBEATs, PONGs, ERRORs."""
    buttons = [(s, b) for s, mask in enumerate(UNO) for b in range(6) if mask >> b & 1]
    out: list[Message] = []
    for seq in range(count):
        roll, t = rng.random(), rng.getrandbits(32)
        if roll < 0.6:
            station, button = rng.choice(buttons)
            out.append(Event(rng.getrandbits(16), station, button, EventKind(rng.randrange(4)), t, seq=seq % 256))
        elif roll < 0.8:
            out.append(Heartbeat(t, rng.getrandbits(16), 0, rng.randrange(3), 0, rng.randrange(400), seq=seq % 256))
        elif roll < 0.9:
            out.append(Pong(rng.getrandbits(32), t, seq=seq % 256))
        elif roll < 0.95:
            out.append(Error(rng.choice(list(ErrorCode)), 0x81, rng.randrange(256), seq=seq % 256))
        else:
            out.append(Hello(2, (2, 0, 0), rng.getrandbits(16), Board.UNO, 15, 60, 500, t, UNO, seq=seq % 256))
    return out


def in_layout(event: Event, stations: tuple[int, ...] = UNO) -> bool:
    return event.station < len(stations) and bool(stations[event.station] >> event.button & 1)


@dataclass
class NoiseFigures:
    corrupted: int = 0  # frames damaged (unchanged ones are not counted)
    false_frames: int = 0  # damaged frames the decoder still accepted
    false_events: int = 0  # of those, EVENTs a game would get (inside the layout)
    impossible_events: int = 0  # of those, EVENTs the link drops (outside the layout)
    v1_corrupted: int = 0  # the same noise on protocol 1's frames (CRC-16) ...
    v1_passed_crc: int = 0  # ... that its CRC-16 let through


def measure(frames: int, seed: int = 22, v1_frames: int | None = None) -> NoiseFigures:
    """Corrupts box frames at random until `frames` of them differ from the
    frame sent, and feeds each to a decoder;
    the same noise on protocol 1's CRC-16 frames (v1_frames of them, a tenth
    by default) gives the figure to compare with."""
    rng = random.Random(seed)
    traffic = box_traffic(rng)
    wires = [encode(m) for m in traffic]
    fig = NoiseFigures()
    decoder = FrameDecoder()
    while fig.corrupted < frames:
        i = rng.randrange(len(wires))
        bad = corrupt(rng, wires[i])
        if bad == wires[i]:
            continue
        fig.corrupted += 1
        for msg in decoder.feed(bad):
            fig.false_frames += 1
            if isinstance(msg, Event):
                fig.impossible_events += not in_layout(msg)
                fig.false_events += in_layout(msg)
    v1_wires = []
    for wire in wires:
        raw = cobs_decode(wire[:-1])[:-4]
        v1_wires.append(cobs_encode(raw + crc16_v1(raw).to_bytes(2, "little")) + b"\0")
    v1 = FrameDecoder()
    while fig.v1_corrupted < (frames // 10 if v1_frames is None else v1_frames):
        i = rng.randrange(len(v1_wires))
        bad = corrupt(rng, v1_wires[i])
        if bad != v1_wires[i]:
            fig.v1_corrupted += 1
            v1.feed(bad)
    fig.v1_passed_crc = v1.old_protocol
    return fig

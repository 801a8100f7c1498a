"""Round trips and fuzzing of the Python codec in game/hardware/protocol.py."""
import random
import struct

import pytest

from game.hardware import noise
from game.hardware import protocol as P

SAMPLES = [
    P.Hello(1, (1, 0, 0), 7, P.Board.UNO, 15, 60, 500, 1000, (0x3F, 0x3F, 0x20, 0x20), seq=0),
    P.Hello(1, (2, 3, 4), 0xFFFF, P.Board.MEGA, 15, 60, 500, 2**32 - 1, (0x3F,) * 6 + (0x20,) * 2,
            seq=255),
    P.Event(0, 0, 5, P.EventKind.PRESS, 2_000_000, seq=1),
    P.Event(65535, 3, 0, P.EventKind.UNSTUCK, 0, seq=2),
    P.Heartbeat(123, 4, 5, 6, 7, 24, seq=3),
    P.Pong(0xDEADBEEF, 0, seq=4),
    P.Error(P.ErrorCode.CRC, 0x81, 9, seq=5),
    P.Ping(0, seq=6),
    P.HelloRequest(seq=7),
    P.Led(P.LED_ALL, P.LedMode.BLINK, 250, seq=8),
    P.SetId(0x1234, seq=9),
]


def test_crc_is_crc32_iso_hdlc():
    assert P.crc32(b"123456789") == 0xCBF43926
    assert P.crc16_v1(b"123456789") == 0x6F91  # protocol 1's, kept to recognise old boxes


def _flip(raw: bytes, bits) -> bytes:
    out = bytearray(raw)
    for bit in bits:
        out[bit // 8] ^= 1 << (bit % 8)
    return bytes(out)


@pytest.mark.parametrize("msg", SAMPLES, ids=lambda m: type(m).__name__)
def test_corruptions_that_crc16_let_through_are_refused(msg):
    """Protocol 1's CRC-16/MCRF4XX misses every error shaped like its
    polynomial x^16 + x^12 + x^5 + 1: four flipped bits, 4, 11 and 16 bits
    apart on the wire (bits go least significant first). The CRC-32 catches
    them all (any 5 bit errors in frames this short)."""
    raw = P.cobs_decode(P.encode(msg)[:-1])
    accepted = []
    for p in range(len(raw) * 8 - 16):
        bad = _flip(raw, (p, p + 4, p + 11, p + 16))
        decoder = P.FrameDecoder()
        got = decoder.feed(P.cobs_encode(bad) + b"\0")
        accepted += [(p, m) for m in got]
        assert decoder.errors == 1, p
    assert accepted == []


def test_randomly_corrupted_frames_are_never_accepted():
    rng = random.Random(2222)
    frames = [P.encode(m) for m in SAMPLES]
    decoder = P.FrameDecoder()
    trials = 100_000
    damaged = false_frames = 0
    for _ in range(trials):
        wire = rng.choice(frames)
        bad = noise.corrupt(rng, wire)
        if bad == wire:
            continue
        damaged += 1
        false_frames += len(decoder.feed(bad))
    print(f"\n{damaged} corrupted frames: {false_frames} accepted (python -m game bench --scene buzzers runs 10^7)")
    assert damaged > 0.99 * trials and false_frames == 0


def test_an_event_for_a_button_no_station_has_is_refused():
    decoder = P.FrameDecoder()
    payload = struct.pack("<HBBBI", 0, 0, 9, 1, 1000)  # button 9: CRC-valid, impossible
    assert decoder.feed(P.cobs_encode(_with_crc(b"\x02\x00" + payload)) + b"\0") == []
    assert decoder.length_errors == 1


def test_a_hello_announcing_a_button_beyond_5_is_refused():
    hello = P.encode(P.Hello(2, (2, 0, 0), 7, P.Board.UNO, 15, 60, 500, 0, (0x3F, 0x7F)))
    decoder = P.FrameDecoder()
    assert decoder.feed(hello) == [] and decoder.length_errors == 1


def test_a_protocol_1_box_is_recognised_by_its_old_crc():
    """Firmware 1.x frames carry CRC-16/MCRF4XX: refused, counted apart, its
    HELLO kept so that the arcade can say which firmware to replace."""
    # PROTOCOL.md's protocol-1 HELLO and EVENT examples (firmware 1.1.0, box 7).
    hello = bytes.fromhex("02 01 04 01 01 01 02 07 08 01 0f 3c f4 01 e8 03 01 08 04 3f 3f 20 20 5b 7b 00")
    event = bytes.fromhex("03 02 01 01 01 06 05 01 80 84 1e 03 8f 25 00")
    decoder = P.FrameDecoder()
    assert decoder.feed(event + hello) == []
    assert decoder.old_protocol == 2 and decoder.crc_errors == 0
    assert decoder.old_hello is not None
    assert (decoder.old_hello.protocol, decoder.old_hello.firmware, decoder.old_hello.box_id) == (1, (1, 1, 0), 7)


@pytest.mark.parametrize("data", [b"", b"\0", b"\0\0", b"\x11\x22\0\x33", bytes(range(1, 255)),
                                  bytes(range(1, 256)) * 2, bytes(300)])
def test_cobs_round_trip(data):
    encoded = P.cobs_encode(data)
    assert b"\0" not in encoded
    assert P.cobs_decode(encoded) == data


def test_cobs_known_vector():
    assert P.cobs_encode(b"\x11\x22\0\x33") == b"\x03\x11\x22\x02\x33"


@pytest.mark.parametrize("msg", SAMPLES, ids=lambda m: type(m).__name__)
def test_round_trip(msg):
    wire = P.encode(msg)
    assert wire.endswith(b"\0") and b"\0" not in wire[:-1]
    decoder = P.FrameDecoder()
    assert decoder.feed(wire) == [msg]
    assert decoder.frames == 1 and decoder.errors == 0


def test_byte_by_byte_and_back_to_back():
    stream = b"".join(P.encode(m) for m in SAMPLES)
    decoder = P.FrameDecoder()
    got = []
    for i in range(len(stream)):
        got += decoder.feed(stream[i:i + 1])
    assert got == SAMPLES
    assert P.FrameDecoder().feed(stream) == SAMPLES


def test_oversized_message_is_refused():
    with pytest.raises(ValueError):
        P.encode(P.Hello(1, (1, 0, 0), 1, 1, 15, 60, 500, 0, (0x3F,) * 40))


def test_wait_for_delimiter_skips_a_partial_frame_silently():
    wire = P.encode(SAMPLES[2])
    decoder = P.FrameDecoder(wait_for_delimiter=True)
    assert decoder.feed(wire[5:] + wire) == [SAMPLES[2]]
    assert decoder.errors == 0


def test_each_kind_of_damage_is_counted():
    good = P.encode(SAMPLES[4])
    raw = P.cobs_decode(good[:-1])
    cases = {
        "crc_errors": good[:3] + bytes([good[3] ^ 0x10]) + good[4:],
        "framing_errors": b"\x05\x01\x02\0",  # COBS block runs past the frame
        "unknown_types": P.cobs_encode(_with_crc(b"\x7f\x00")) + b"\0",
        "length_errors": P.cobs_encode(_with_crc(raw[: -P.CRC_LEN - 1])) + b"\0",  # payload one byte short
        "overflows": b"\x55" * (P.MAX_FRAME + 10) + b"\0",
    }
    for counter, bad in cases.items():
        decoder = P.FrameDecoder()
        assert decoder.feed(bad + good) == [SAMPLES[4]], counter
        assert getattr(decoder, counter) == 1 and decoder.errors == 1, counter


def test_bad_enum_value_is_a_length_error():
    payload = bytes([0x02, 0]) + bytes(4) + bytes([9]) + bytes(4)  # kind 9
    decoder = P.FrameDecoder()
    assert decoder.feed(P.cobs_encode(_with_crc(payload)) + b"\0") == []
    assert decoder.length_errors == 1


def _with_crc(raw: bytes) -> bytes:
    return raw + P.crc32(raw).to_bytes(P.CRC_LEN, "little")


def _chunks(rng: random.Random, data: bytes):
    i = 0
    while i < len(data):
        n = rng.randint(1, 40)
        yield data[i:i + n]
        i += n


def test_fuzz_random_bytes_never_crash():
    rng = random.Random(1234)
    for _ in range(3000):
        decoder = P.FrameDecoder()
        noise = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 200)))
        for chunk in _chunks(rng, noise):
            for msg in decoder.feed(chunk):
                assert type(msg) in P.MESSAGES.values()
        # Whatever came before, the stream resyncs at the next delimiter.
        assert decoder.feed(b"\0" + P.encode(SAMPLES[2])) == [SAMPLES[2]]


def test_fuzz_damaged_streams_resync_and_count():
    rng = random.Random(99)
    for _ in range(3000):
        msgs = [rng.choice(SAMPLES) for _ in range(rng.randint(2, 6))]
        frames = [bytearray(P.encode(m)) for m in msgs]
        victim = rng.randrange(len(frames))
        frame = frames[victim]
        damage = rng.choice(("flip", "truncate", "junk"))
        if damage == "flip":  # one bit of a non-delimiter byte, keeping it non-zero
            i = rng.randrange(len(frame) - 1)
            bit = 1 << rng.randrange(8)
            frame[i] = frame[i] ^ bit or bit
        elif damage == "truncate":  # the frame loses its tail, delimiter kept
            del frame[rng.randrange(1, len(frame) - 1):-1]
        else:  # junk without delimiter glued before the frame
            frame[:0] = bytes(rng.randint(1, 255) for _ in range(rng.randint(1, 60)))
        stream = b"".join(frames)
        decoder = P.FrameDecoder()
        got = []
        for chunk in _chunks(rng, stream):
            got += decoder.feed(chunk)
        if got == msgs:  # a "flip" that left the byte as it was
            assert decoder.errors == 0
        else:  # only the victim is lost, and it is counted
            assert got == msgs[:victim] + msgs[victim + 1:]
            assert decoder.errors == 1


def test_wrap_delta_and_unwrapper():
    assert P.wrap_delta(5, 2**32 - 5) == 10
    assert P.wrap_delta(2**32 - 5, 5) == -10
    clock = P.ClockUnwrapper()
    t = 2**32 - 1_000_000
    assert clock.unwrap(t) == t
    assert clock.unwrap(t + 500_000) == t + 500_000
    assert clock.unwrap((t + 1_500_000) % 2**32) == t + 1_500_000  # past the wrap
    assert clock.unwrap((t + 1_400_000) % 2**32) == t + 1_400_000  # a little older
    for _ in range(20):  # many wraps, 30 minutes at a time
        t += 30 * 60 * 10**6
        assert clock.unwrap(t % 2**32) == t

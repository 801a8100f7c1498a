"""The clock sync on synthetic exchanges whose truth is known exactly."""

import random

import pytest

from game.input.clocksync import MIN_SAMPLES, UNSYNCED_NS, ClockSync, Sample

PPM = 2_500.0
OFFSET_US = 7_000_000


def device_at(host_ns: float) -> int:
    return int(OFFSET_US + host_ns * (1 + PPM * 1e-6) / 1000) // 4 * 4


def exchange(sync: ClockSync, t: int, rng: random.Random, up_ns: int, down_ns: int) -> bool:
    """A PING sent at t reaching the box up_ns later; its PONG read down_ns after that."""
    return sync.add(Sample(t, t + up_ns + down_ns, device_at(t + up_ns)))


def synced(rng, count=60, jitter_ns=400_000) -> ClockSync:
    sync = ClockSync()
    for i in range(count):
        exchange(
            sync,
            1_000_000_000 + i * 100_000_000,
            rng,
            100_000 + rng.randrange(jitter_ns),
            100_000 + rng.randrange(jitter_ns),
        )
    return sync


@pytest.mark.parametrize("seed", range(5))
def test_converted_times_are_within_their_bound_and_drift_is_measured(seed):
    rng = random.Random(seed)
    sync = synced(rng)
    assert sync.drift_ppm == pytest.approx(PPM, abs=30)
    for k in range(50):
        host = 7_000_000_000 + rng.randrange(1_000_000_000)
        estimate, bound = sync.to_host(device_at(host))
        assert abs(estimate - host) <= bound, (k, estimate - host, bound)
        assert bound < 600_000  # a half round trip of at most 0.5 ms, plus the fit


def test_the_bound_is_huge_until_enough_exchanges():
    sync = ClockSync()
    rng = random.Random(1)
    for i in range(MIN_SAMPLES - 1):
        exchange(sync, i * 100_000_000, rng, 100_000, 100_000)
    assert not sync.ready and sync.bound_ns() > UNSYNCED_NS
    exchange(sync, MIN_SAMPLES * 100_000_000, rng, 100_000, 100_000)
    assert sync.ready and sync.bound_ns() < 1_000_000


def test_slow_exchanges_are_left_out():
    rng = random.Random(2)
    sync = synced(rng, 20)
    before, wide = sync.samples, sync.rejected_wide
    assert not exchange(sync, 3_100_000_000, rng, 20_000_000, 100_000)  # a 20 ms stall on the way
    assert (sync.samples, sync.rejected_wide) == (before, wide + 1)


def test_a_stalled_clock_reading_is_an_outlier_not_the_new_truth():
    rng = random.Random(3)
    sync = synced(rng, 40)
    t = 5_100_000_000
    # A fast exchange whose device time is 30 ms behind (a box that stalled).
    sync.add(Sample(t, t + 200_000, device_at(t + 100_000) - 30_000))
    assert sync.rejected_outliers >= 1
    estimate, bound = sync.to_host(device_at(t))
    assert abs(estimate - t) <= bound


def test_no_conversion_before_the_first_pong():
    with pytest.raises(ValueError, match="no PONG"):
        ClockSync().to_host(5)


@pytest.mark.parametrize("seed", range(5))
def test_lopsided_delays_are_pinned_by_the_intervals_common_part(seed):
    """Quick on the way out, slow and jittery on the way back: the middles
    sit 0.2 ms late on average, but the quickest returns pin the offset."""
    rng = random.Random(seed)
    sync = ClockSync()
    halves = []
    for i in range(60):
        up, down = 50_000 + rng.randrange(20_000), 100_000 + rng.randrange(600_000)
        exchange(sync, 1_000_000_000 + i * 100_000_000, rng, up, down)
        halves.append((up + down) / 2)
    for k in range(20):
        host = 7_000_000_000 + rng.randrange(200_000_000)
        estimate, bound = sync.to_host(device_at(host))
        assert abs(estimate - host) <= bound, (k, estimate - host, bound)
        # The middles' bound would start from the mean half-width, 0.23 ms.
        assert bound < 0.75 * sum(halves) / len(halves), (k, bound)
    assert sync.disjoint == 0


def test_intervals_without_a_common_part_fall_back_to_the_middles():
    """A box whose stamps wobble 0.1 ms either way over 10 us round trips:
    no point is in every interval, so the bound is the regression's."""
    sync = ClockSync()
    for i in range(40):
        t = 1_000_000_000 + i * 100_000_000
        wobble = 100 if i % 2 else -100
        sync.add(Sample(t, t + 10_000, device_at(t + 5_000) + wobble))
    assert sync.disjoint > 0
    estimate, bound = sync.to_host(device_at(5_000_000_000))
    assert abs(estimate - 5_000_000_000) <= bound
    assert bound >= 100_000  # the wobble is in the bound, not hidden


def test_round_trips_quicker_than_the_wire_are_left_out():
    sync = ClockSync(ping_wire_ns=200_000, pong_wire_ns=280_000)
    t = 1_000_000_000
    assert not sync.add(Sample(t, t + 300_000, device_at(t + 150_000)))
    assert (sync.samples, sync.rejected_fast) == (0, 1)


def test_the_wire_times_are_those_of_the_frames_sent():
    """The exchange's interval starts a PING's wire time after sending and
    ends a PONG's before reading: with protocol 2's CRC-32 both frames are 2
    bytes longer than the constants once said (10 and 14 bytes), which
    widened every interval by 80 us for nothing."""
    from game.hardware import boxlink
    from game.hardware import protocol as P

    ping = P.encode(P.Ping(token=0x01020304, seq=200))
    pong = P.encode(P.Pong(token=0x01020304, time_us=0x05060708, seq=9))
    assert (len(ping), len(pong)) == (12, 16)
    on_the_wire = (P.wire_ns(len(ping)), P.wire_ns(len(pong)))
    assert on_the_wire == (boxlink.PING_WIRE, boxlink.PONG_WIRE)

"""The clock sync on synthetic exchanges whose truth is known exactly."""
import random

import pytest

from game.hardware.clocksync import MIN_SAMPLES, UNSYNCED_NS, ClockSync, Sample

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
        exchange(sync, 1_000_000_000 + i * 100_000_000, rng, 100_000 + rng.randrange(jitter_ns),
                 100_000 + rng.randrange(jitter_ns))
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

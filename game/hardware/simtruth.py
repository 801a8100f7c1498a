"""The true clock of a simulated box, for measuring the clock sync.

The simavr harness paces the simulated resonator to the host's monotonic
clock at 16 MHz * (1 + ppm/1e6); while the host is busy the simulation lags
behind and catches up, so the ideal pacing, not the lagging simulation, is
the box's true clock. The harness reports neither its start nor its pacing
directly, but ``now`` (simulated device time) and ``stats`` (how far the
simulation lags the pacing) answered in one breath give the ideal device
time at the moment of the answer; the exchange with the smallest pipe round
trip pins that moment within a few tens of microseconds.
"""

from __future__ import annotations

import time

from .simbox import SimBox

PROBES = 12


def ideal_clock(box: SimBox, ppm: float, probes: int = PROBES) -> tuple[int, float, float]:
    """(round trip, host ns, ideal device us) of one moment, from the probe
    with the shortest round trip (the rate is known)."""
    best: tuple[int, float, float] | None = None
    for _i in range(probes):
        sent = time.monotonic_ns()
        ideal = box.ideal_us()  # "now" and "stats" answered at one simulated instant
        received = time.monotonic_ns()
        if best is None or received - sent < best[0]:
            best = (received - sent, (sent + received) / 2, ideal)
    if best is None:
        raise ValueError("ideal_clock needs at least one probe")
    return best


class TrueClock:
    """Host ns <-> ideal device us of one simulated box, itself known within
    ``uncertainty_ns`` (half the quickest probe's round trip)."""

    def __init__(self, box: SimBox, ppm: float) -> None:
        self.rate = (1 + ppm * 1e-6) / 1000  # device us per host ns
        rtt, self.host0, self.device0 = ideal_clock(box, ppm)
        self.uncertainty_ns = rtt / 2

    def device_us(self, host_ns: float) -> float:
        return self.device0 + (host_ns - self.host0) * self.rate

    def host_ns(self, device_us: float) -> float:
        return self.host0 + (device_us - self.device0) / self.rate

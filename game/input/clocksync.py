"""One clock for every box and phone: device microseconds to host monotonic
nanoseconds, so a press carries its own moment on the PlayerEvent clock. Here,
below both users (game/hardware/boxlink.py, game/web/clock.py).

Modelled on Klipper's ``klippy/clocksync.py``: the host PINGs a box
regularly; each PONG carries the device time at which the PING's last byte
arrived. That moment lies between the host's send and receive times, less
the bytes still on the wire at each end, so every exchange gives an
interval of host time for one device time. Exchanges much wider than the
narrowest lately seen (a busy bus, a busy host) are left out.

Drift: a decayed (exponentially weighted) linear regression of device time
on host time over the latest exchanges, through each interval's middle;
exchanges far off the fit (median absolute deviation) are rejected as
outliers and the fit is made again without them. A weak prior holds the
drift near nominal until the exchanges span enough time to measure it.

Offset: where the middles fall in their intervals depends on how the delays
split between the two ways, which the regression cannot know, so the line
is placed in the intersection of the intervals instead (NTP's reasoning:
every interval holds the truth, so their common part does). Each interval is
widened by how far the drift may be off over its age, so old exchanges
count for less; a few quick exchanges each way pin the offset far tighter
than any one round trip. Should the intervals have nothing in common (a
wire slower than the model, a clock that jumped), the line goes through
the middles and its bound is the mean half-width plus twice the offset's
standard error.

The bound given with every converted time is that half-width, plus the
drift's doubt over the distance from the latest exchange, plus the device
clock's 4 us step.

The numbers that describe a kind of device (its clock's step, how far its
drift may be off, how much jitter its link has) are a `ClockModel`: `BOX`
for the buzzer boxes (the defaults), and the phones' browsers have their
own (`game/web/clock.py`: a coarser clock, Wi-Fi's round trips).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

WINDOW = 64  # exchanges kept: about 6 s at the steady PING rate
DECAY = 1 / 64  # each older exchange weighs this much less than the next
MIN_SAMPLES = 8  # exchanges before the estimate is trusted
WIDE = 1.5  # exchanges wider than this times the narrowest (aged) are left out
WIDE_SLACK_NS = 150_000  # ... plus this, so that one lucky narrow exchange cannot starve us
AGE_NS_PER_S = 50_000  # the narrowest half-width "ages" upward: old luck fades
OUTLIER_MADS = 4.0
OUTLIER_FLOOR_US = 150.0  # residuals under this are never outliers
PRIOR_SPREAD_NS = 100e6  # the drift prior weighs like exchanges 0.1 s either side
MAX_DRIFT = 0.02  # 20,000 ppm: no resonator is that far off
RESONATOR_DRIFT = 0.005  # an Uno's ceramic resonator is within 0.5 %: what the prior may hide
DEVICE_STEP_NS = 4_000  # micros() counts in 4 us steps
DRIFT_SES = 3  # the drift may be off by this many standard errors
UNSYNCED_NS = 50_000_000  # added to the bound before MIN_SAMPLES exchanges
NOMINAL_US_PER_NS = 1e-3


@dataclass(frozen=True)
class ClockModel:
    """What the sync assumes of one kind of device and its link."""

    step_ns: int = DEVICE_STEP_NS  # a device reading is off by less than this either way
    resonator_drift: float = RESONATOR_DRIFT  # how far the drift may be from nominal, relative
    wide: float = WIDE
    wide_slack_ns: int = WIDE_SLACK_NS
    age_ns_per_s: int = AGE_NS_PER_S
    outlier_floor_us: float = OUTLIER_FLOOR_US
    unsynced_ns: int = UNSYNCED_NS


BOX = ClockModel()  # an Arduino's micros() on a USB serial link


@dataclass(frozen=True)
class Sample:
    sent_ns: int  # host time the PING was written
    received_ns: int  # host time the PONG was read
    device_us: int  # the PONG's device time, unwrapped


@dataclass(frozen=True)
class Fit:
    t_avg: float  # host ns since the origin at which the device read d_avg
    d_avg: float  # device us
    freq: float  # device us per host ns
    half_ns: float  # at t_ref, the offset is known within this either way
    t_ref: float  # host ns since the origin: the latest exchange
    drift_doubt: float  # how far freq may be off, relative: the bound grows this much per ns


class ClockSync:
    """Offset and drift of one box's clock; owned by one reader thread."""

    def __init__(self, ping_wire_ns: int = 0, pong_wire_ns: int = 0, model: ClockModel = BOX) -> None:
        self.model = model
        self.ping_wire_ns = ping_wire_ns  # the PING is stamped after its last byte
        self.pong_wire_ns = pong_wire_ns  # and the PONG still had to cross the wire
        self.samples = 0  # accepted since the start
        self.rejected_wide = 0
        self.rejected_fast = 0  # round trips shorter than the wire allows
        self.rejected_outliers = 0  # in the latest fit
        self.disjoint = 0  # fits whose intervals had nothing in common
        self.last_rtt_ns = 0
        self._min_half = math.inf
        self._min_half_at = 0.0
        self._origin: int | None = None  # host ns; times are kept relative to it
        self._window: deque[tuple[float, int, float]] = deque(maxlen=WINDOW)  # (t, device, half)
        self._fit: Fit | None = None

    # ---- feeding ----------------------------------------------------------
    def add(self, sample: Sample) -> bool:
        """One PING/PONG exchange; True if it went into the estimate."""
        self.last_rtt_ns = sample.received_ns - sample.sent_ns
        lo = sample.sent_ns + self.ping_wire_ns
        hi = sample.received_ns - self.pong_wire_ns
        if hi < lo:  # quicker than the wire: not a box at the protocol's baud
            self.rejected_fast += 1
            return False
        mid, half = (lo + hi) / 2, (hi - lo) / 2
        model = self.model
        aged = self._min_half + model.age_ns_per_s * (mid - self._min_half_at) / 1e9
        if half <= aged:
            self._min_half, self._min_half_at = half, mid
        elif half > model.wide * aged + model.wide_slack_ns:
            self.rejected_wide += 1
            return False
        if self._origin is None:
            self._origin = int(mid)
        self._window.append((mid - self._origin, sample.device_us, half))
        self.samples += 1
        self._fit = self._refit()
        return True

    def _refit(self) -> Fit:
        n = len(self._window)
        weights = [(1 - DECAY) ** (n - 1 - i) for i in range(n)]
        rows = [(w, *sample) for w, sample in zip(weights, self._window)]
        line = self._regress(rows)
        if n >= MIN_SAMPLES:
            residuals = [abs(d - self._at(line, t)) for _w, t, d, _h in rows]
            mad = sorted(residuals)[n // 2]
            limit = max(OUTLIER_MADS * 1.4826 * mad, self.model.outlier_floor_us)
            self.rejected_outliers = sum(r > limit for r in residuals)
            rows = [row for row, r in zip(rows, residuals) if r <= limit]
            line = self._regress(rows)
        common = self._intersect(line, rows)
        if common is None:
            self.disjoint += 1
            return line
        return common

    def _regress(self, rows: list[tuple[float, float, int, float]]) -> Fit:
        """The weighted line through the middles of (weight, t, device, half) rows."""
        wsum = sum(w for w, *_ in rows)
        t_avg = sum(w * t for w, t, _d, _h in rows) / wsum
        d_avg = sum(w * d for w, _t, d, _h in rows) / wsum
        sxx = sum(w * (t - t_avg) ** 2 for w, t, _d, _h in rows)
        sxy = sum(w * (t - t_avg) * (d - d_avg) for w, t, d, _h in rows)
        prior = wsum * PRIOR_SPREAD_NS**2
        freq = (sxy + prior * NOMINAL_US_PER_NS) / (sxx + prior)
        freq = min(max(freq, NOMINAL_US_PER_NS * (1 - MAX_DRIFT)), NOMINAL_US_PER_NS * (1 + MAX_DRIFT))
        half = sum(w * h for w, _t, _d, h in rows) / wsum
        resid = sum(w * (d - d_avg - freq * (t - t_avg)) ** 2 for w, t, d, _h in rows) / wsum
        effective = wsum**2 / sum(w * w for w, *_ in rows)
        # While the drift is partly the prior's guess, the real one may differ by that share.
        doubt = DRIFT_SES * math.sqrt(resid / (sxx + prior)) / freq + prior / (sxx + prior) * self.model.resonator_drift
        offset_se_ns = math.sqrt(resid / effective) / freq
        return Fit(t_avg, d_avg, freq, half + 2 * offset_se_ns, t_avg, doubt)

    def _intersect(self, line: Fit, rows: list[tuple[float, float, int, float]]) -> Fit | None:
        """The line with line's drift placed in every interval, each widened
        by the drift's doubt over its age; None if they have no common part."""
        t_ref = max(t for _w, t, _d, _h in rows)
        lo, hi = -math.inf, math.inf
        for _w, t, d, h in rows:
            slack = h + (t_ref - t) * line.drift_doubt + self.model.step_ns
            at = t - (d - line.d_avg) / line.freq  # where the line would cross d_avg
            lo, hi = max(lo, at - slack), min(hi, at + slack)
        if lo > hi:
            return None
        return Fit((lo + hi) / 2, line.d_avg, line.freq, (hi - lo) / 2, t_ref, line.drift_doubt)

    @staticmethod
    def _at(fit: Fit, t: float) -> float:
        return fit.d_avg + (t - fit.t_avg) * fit.freq

    # ---- reading ----------------------------------------------------------
    @property
    def ready(self) -> bool:
        return self.samples >= MIN_SAMPLES

    def _need_fit(self) -> tuple[Fit, int]:
        """The fit and the host time (ns) its times are relative to."""
        if self._fit is None or self._origin is None:
            raise ValueError("no PONG yet: the box's clock is unknown")
        return self._fit, self._origin

    def to_host(self, device_us: float) -> tuple[int, int]:
        """(host monotonic ns, uncertainty bound in ns) of a device time."""
        fit, origin = self._need_fit()
        t = fit.t_avg + (device_us - fit.d_avg) / fit.freq
        return round(origin + t), self._bound(fit, t)

    def to_device(self, host_ns: int) -> float:
        """The device time (us, unwrapped) expected at a host time."""
        fit, origin = self._need_fit()
        return self._at(fit, host_ns - origin)

    def bound_ns(self, host_ns: int | None = None) -> int:
        """The bound of a time converted now (or at host_ns)."""
        fit, origin = self._need_fit()
        t = fit.t_ref if host_ns is None else host_ns - origin
        return self._bound(fit, t)

    def _bound(self, fit: Fit, t: float) -> int:
        bound = fit.half_ns + abs(t - fit.t_ref) * fit.drift_doubt + self.model.step_ns
        return int(bound if self.ready else bound + self.model.unsynced_ns)

    @property
    def drift_ppm(self) -> float:
        return (self._need_fit()[0].freq / NOMINAL_US_PER_NS - 1) * 1e6

    def offset_us(self, host_ns: int) -> float:
        """Device time minus host time (both in us) at host_ns: what diagnostics show."""
        return self.to_device(host_ns) - host_ns / 1000

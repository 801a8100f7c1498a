"""Figures of the host's serial path, for `python -m game bench`.

Latency: a Python box on a pty writes an EVENT frame and notes the time its
last byte went in; the manager's reader decodes it and puts the PlayerEvent
in the queue, noted there. The difference is this host's share of a press's
delay (the USB bridge's is not in it). Clock sync: the Python box's clock
model is exact, so the mapped time of every press is compared with the
truth; where simavr is built, the same for a box running the real firmware
(its truth is the harness's pacing, `simtruth`). Line noise: 10^7 randomly
corrupted frames through the decoder and the layout check (`noise`).
"""

from __future__ import annotations

import statistics
import time

from ..input.events import EventQueue, PlayerEvent
from . import noise
from .fakebox import FakeBox
from .manager import BuzzerManager

PRESSES = 400
NOISE_FRAMES = 10_000_000  # corrupted frames through the decoder (about 2 minutes)


class _StampedQueue(EventQueue):
    """Notes when each event went in."""

    def __init__(self) -> None:
        super().__init__()
        self.stamps: list[tuple[PlayerEvent, int]] = []

    def put(self, event: PlayerEvent) -> None:
        super().put(event)
        self.stamps.append((event, time.monotonic_ns()))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ready(manager: BuzzerManager, count: int, settle_s: float) -> None:
    deadline = time.monotonic() + 20
    while len(manager.ready_links()) < count and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(settle_s)  # let the drift be measured


def serial_path(presses: int = PRESSES) -> dict:
    box = FakeBox(box_id=0xBE, ppm=2000)
    events = _StampedQueue()
    manager = BuzzerManager(events, find=lambda: [(box.port, "bench")], scan_every=0.1).start()
    try:
        _ready(manager, 1, 4.0)
        latency, error, outside = [], [], 0
        bounds: list[float] = []
        for i in range(presses):
            events.stamps.clear()
            truth = time.monotonic_ns()
            box.press(0, i % 6, truth)
            written = box.last_write_ns
            deadline = time.monotonic() + 1
            while not events.stamps and time.monotonic() < deadline:
                time.sleep(0.0002)
            if events.stamps:
                ev, put = events.stamps[0]
                latency.append((put - written) / 1e6)
                error.append(abs(ev.t_ns - truth) / 1e3)
                bounds.append(ev.uncertainty_ns / 1e3)
                outside += abs(ev.t_ns - truth) > ev.uncertainty_ns
            time.sleep(0.003)
    finally:
        manager.stop()
        box.stop()
    return {
        "latency_p50_ms": statistics.median(latency),
        "latency_p99_ms": _pct(latency, 0.99),
        "sync_error_p50_us": statistics.median(error),
        "sync_error_max_us": max(error),
        "sync_bound_p50_us": statistics.median(bounds),
        "outside_bound": outside,
        "presses": len(latency),
    }


def simavr_sync(presses: int = 60) -> dict | None:
    """Clock-sync error on a box running the real firmware, or None without
    simavr: the mapped clock against the truth every 20 ms (outside: beyond
    the bound plus the truth's own uncertainty), and presses, whose error also
    holds the firmware's scan (a press waits for the next port read)."""
    from .emulate import simavr_available

    if not simavr_available():
        return None
    from .simbox import SimBox
    from .simtruth import TrueClock

    ppm = 2500.0
    box = SimBox(box_id=0xBF, ppm=ppm)
    events = EventQueue()
    manager = BuzzerManager(events, find=lambda: [(box.port, "bench")], scan_every=0.1).start()
    try:
        _ready(manager, 1, 4.0)
        truth = TrueClock(box, ppm)
        sync = manager.ready_links()[0].sync
        pressed: list[PlayerEvent] = []
        start = time.monotonic_ns() + 100_000_000
        for i in range(presses):  # 30 ms apart by the true clock
            d = round(truth.device_us(start + i * 30_000_000))
            box.press(0, i % 5, d)
            box.release(0, i % 5, d + 15_000)
        clock_error, clock_bound, outside = [], [], 0
        deadline = time.monotonic() + presses * 0.03 + 3
        while len(pressed) < presses and time.monotonic() < deadline:
            pressed += [ev for ev in events.drain() if ev.pressed]
            now = time.monotonic_ns()
            mapped, bound = sync.to_host(truth.device_us(now))
            clock_error.append(abs(mapped - now) / 1e3)
            clock_bound.append(bound / 1e3)
            outside += abs(mapped - now) > bound + truth.uncertainty_ns
            time.sleep(0.02)
        got = sorted(pressed, key=lambda ev: ev.t_ns)
        diffs = [abs(ev.t_ns - (start + k * 30_000_000)) / 1e3 for k, ev in enumerate(got)]
        lag = box.stats()["max_lag_us"]
    finally:
        manager.stop()
        box.stop()
    return {
        "clock_error_p50_us": statistics.median(clock_error),
        "clock_error_max_us": max(clock_error),
        "bound_p50_us": statistics.median(clock_bound),
        "outside_bound": outside,
        "checks": len(clock_error),
        "truth_us": truth.uncertainty_ns / 1e3,
        "press_error_p50_us": statistics.median(diffs),
        "press_error_max_us": max(diffs),
        "presses": len(got),
        "sim_max_lag_us": lag,
    }


def line_noise(out, frames: int = NOISE_FRAMES) -> noise.NoiseFigures:
    fig = noise.measure(frames)
    print(
        f"buzzer line noise: {fig.corrupted:,} randomly corrupted frames (bit flips, bursts, bytes replaced) -> "
        f"{fig.false_frames} false frames accepted: {fig.false_events} false events inside the box's layout, "
        f"{fig.impossible_events} impossible ones (the link drops those); protocol 1's CRC-16 let "
        f"{fig.v1_passed_crc} of {fig.v1_corrupted:,} through",
        file=out,
        flush=True,
    )
    return fig


def report(out) -> dict:
    """Print the buzzer path's figures; returns them ({"serial", "simavr", "noise"})."""
    noisy = line_noise(out)
    fig = serial_path()
    print(
        f"buzzer serial path (pty, Python box): last byte in -> event in the game queue "
        f"p50 {fig['latency_p50_ms']:.3f} ms, p99 {fig['latency_p99_ms']:.3f} ms over {fig['presses']} presses",
        file=out,
    )
    print(
        f"buzzer clock sync vs exact truth (2,000 ppm box): error p50 {fig['sync_error_p50_us']:.0f} us, "
        f"max {fig['sync_error_max_us']:.0f} us, bound p50 {fig['sync_bound_p50_us']:.0f} us, "
        f"{fig['outside_bound']} outside their bound",
        file=out,
    )
    sim = simavr_sync()
    if sim is None:
        print("buzzer clock sync on simavr: not measured (make -C firmware all sim)", file=out)
    else:
        print(
            f"buzzer clock sync vs simulated truth (real firmware on simavr, 2,500 ppm): clock error "
            f"p50 {sim['clock_error_p50_us']:.0f} us, max {sim['clock_error_max_us']:.0f} us, bound p50 "
            f"{sim['bound_p50_us']:.0f} us, {sim['outside_bound']} of {sim['checks']} outside their bound "
            f"(truth known within {sim['truth_us']:.0f} us); presses error p50 "
            f"{sim['press_error_p50_us']:.0f} us, max {sim['press_error_max_us']:.0f} us over "
            f"{sim['presses']} (scan included; simulator's worst lag {sim['sim_max_lag_us'] / 1000:.1f} ms)",
            file=out,
            flush=True,
        )
    return {"serial": fig, "simavr": sim, "noise": noisy}

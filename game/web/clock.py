"""A phone's clock on the arcade's: the buzzer boxes' sync, with a browser's numbers.

The server pings each phone over its WebSocket; the page answers at once
with `performance.now()`. That reading was taken between the host's send and
receive times, so each exchange is an interval of host time for one phone
time: exactly the buzzer boxes' model (`game.input.clocksync`), which keeps
the narrowest exchanges, fits the drift, places the offset in the common part
of the intervals and gives every converted time an honest bound. What
differs is a `ClockModel`:

* the step: browsers coarsen `performance.now()` (Chrome to 100 us with a
  random rounding edge, so a reading is off by less than one step either way;
  Safari and Firefox to as much as 1 ms). The page measures its own step and
  says it in its hello; it is clamped to [MIN_STEP_NS, MAX_STEP_NS], and a
  page that says nothing gets the coarse end;
* Wi-Fi: round trips of a few ms that jump by tens of ms when the radio
  dozes, so more slack before an exchange counts as wide, and old narrow luck
  fades in seconds, not minutes;
* the drift doubt the prior may hide: a phone's clock is a crystal, but an
  operating system may slew its monotonic clock by up to 500 ppm (NTP), so
  0.1 %.

A phone's clock is known only for one connection: a page that reconnects
(asleep, Wi-Fi lost, reloaded) may have a clock that stood still, so each
connection gets a fresh `PhoneClock`.
"""

from __future__ import annotations

import dataclasses

from ..input.clocksync import BOX, ClockSync, Sample

MIN_STEP_NS = 5_000  # cross-origin-isolated Chrome: 5 us
MAX_STEP_NS = 2_000_000
DEFAULT_STEP_NS = 1_000_000
PHONE = dataclasses.replace(
    BOX,
    step_ns=DEFAULT_STEP_NS,
    resonator_drift=0.001,
    wide=1.5,
    wide_slack_ns=1_000_000,
    age_ns_per_s=1_000_000,
    outlier_floor_us=1_500.0,
)
BURST = 12  # quick pings right after a page joins ...
BURST_EVERY_S = 0.04
EVERY_S = 0.25  # ... then four a second: a few hundred bytes a second per phone
NO_SYNC_BOUND_NS = 500_000_000  # a press before any exchange: when it arrived, give or take this


def step_of(res_ms: float | None) -> int:
    """The model's step for a page that measured `res_ms` (None: unknown)."""
    if res_ms is None or res_ms <= 0:
        return DEFAULT_STEP_NS
    return int(min(max(res_ms * 1e6, MIN_STEP_NS), MAX_STEP_NS))


class PhoneClock:
    """One connection's clock: pings out, pongs in, presses mapped to host ns."""

    def __init__(self, res_ms: float | None = None) -> None:
        self.sync = ClockSync(model=dataclasses.replace(PHONE, step_ns=step_of(res_ms)))
        self.sent: dict[int, int] = {}  # ping id -> host ns it was sent
        self.next_id = 0
        self.pongs = 0

    def ping(self, now_ns: int) -> int:
        """A new ping's id, noted as sent at `now_ns`."""
        self.next_id += 1
        self.sent[self.next_id] = now_ns
        if len(self.sent) > 64:  # unanswered pings are forgotten
            for old in sorted(self.sent)[:-64]:
                del self.sent[old]
        return self.next_id

    def pong(self, ping_id: int, page_ms: float, now_ns: int) -> bool:
        """A pong read at `now_ns`; True if it went into the estimate."""
        sent = self.sent.pop(ping_id, None)
        if sent is None:
            return False  # not ours, or answered twice
        self.pongs += 1
        return self.sync.add(Sample(sent, now_ns, round(page_ms * 1000)))

    def press(self, page_ms: float, arrived_ns: int, max_age_ns: int) -> tuple[int, int]:
        """(host ns, bound ns) of a press stamped `page_ms`, read at `arrived_ns`.

        A press cannot have happened after it arrived, and a page's stamp is
        untrusted: it is kept within [arrived - max_age, arrived], so a doctored
        page gains no more than a slow Wi-Fi would give it."""
        if self.sync.samples == 0:
            return arrived_ns, NO_SYNC_BOUND_NS
        t, bound = self.sync.to_host(page_ms * 1000)
        return min(max(t, arrived_ns - max_age_ns), arrived_ns), bound

    def bound_ns(self) -> int | None:
        return self.sync.bound_ns() if self.sync.samples else None

    @property
    def ready(self) -> bool:
        return self.sync.ready

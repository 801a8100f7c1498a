"""End to end: the real firmware ELF on the simulated box, over its pty."""
import time

import pytest
import serial

from game.hardware import protocol as P
from game.hardware.simbox import SimBox

# Timing-sensitive: run alone, after the parallel tests (see Makefile and pyproject.toml).
pytestmark = pytest.mark.realtime

# A scan reads the clock, then the ports: micros() counts in 4 us steps and
# the port reads come a few cycles later, so a time can be up to ~6 us early.
EARLY_US = 8
BOUNCE = (300, 200, 500, 400, 1000, 700)  # 3.1 ms of chatter, inside the lockout
WALL_NET = 30  # a wait on simulated time gives up after this many times as long on the wall clock


class Link:
    """The host's end of one simulated box."""

    def __init__(self, box: SimBox):
        self.box = box
        self.port = serial.Serial(box.port, P.BAUD, timeout=0.02)
        self.decoder = P.FrameDecoder()
        self.pending: list = []
        self.scan_max_us = 0

    def _read(self) -> None:
        for msg in self.decoder.feed(self.port.read(self.port.in_waiting or 1)):  # whatever has come
            if isinstance(msg, P.Heartbeat):
                self.scan_max_us = max(self.scan_max_us, msg.scan_max_us)
            self.pending.append(msg)

    def after_boot(self) -> None:
        """Waits for the first heartbeat: its scan period includes the boot."""
        self.expect(P.Hello)
        self.expect(P.Heartbeat)
        self.scan_max_us = 0

    def expect(self, kind, timeout: float = 10.0, **fields):
        """The next message of that type (and fields); others are dropped.
        The timeout is simulated time (a busy host slows the simulation and
        the wait with it), with a far longer wall-clock net should the
        simulation stop altogether."""
        expired = self.box.sim_deadline(timeout)
        net = time.monotonic() + WALL_NET * timeout
        while not expired() and time.monotonic() < net:
            while self.pending:
                msg = self.pending.pop(0)
                if isinstance(msg, kind) and all(getattr(msg, k) == v for k, v in fields.items()):
                    return msg
            self._read()
        pytest.fail(f"no {kind.__name__} {fields} within {timeout} s of simulated time")

    def events_until(self, device_time_us: int) -> list[P.Event]:
        """Every event, until a heartbeat stamped after device_time_us."""
        events = []
        while True:
            msg = self.expect((P.Event, P.Heartbeat))
            if isinstance(msg, P.Event):
                events.append(msg)
            elif P.wrap_delta(msg.time_us, device_time_us % P.CLOCK_MODULO) > 0:
                return events

    def send(self, msg) -> None:
        self.port.write(P.encode(msg))


@pytest.fixture
def link(sim_build):
    with SimBox(box_id=0x0B0C) as box:
        link = Link(box)
        yield link
        link.port.close()


def test_hello_at_boot(link):
    hello = link.expect(P.Hello)
    assert hello.protocol == P.PROTOCOL_VERSION
    assert hello.box_id == 0x0B0C
    assert hello.board == P.Board.UNO
    assert hello.stations == (0x3F, 0x3F, 1 << P.WOKUP_BUTTON, 1 << P.WOKUP_BUTTON)
    assert link.decoder.errors == 0


def test_bouncy_presses_give_one_press_and_one_release_each(link):
    link.after_boot()
    buttons = [(0, b) for b in range(6)] + [(1, b) for b in range(6)] + [(2, 5), (3, 5)]
    edges = []
    for i, (station, button) in enumerate(buttons):  # all scheduled at one simulated instant
        pressed = 30_000 + i * 7_919
        edges += [("press", station, button, pressed, BOUNCE), ("release", station, button, pressed + 60_000 + i * 113, BOUNCE)]
    times = link.box.together(edges)
    expected = {key: (times[2 * i], times[2 * i + 1]) for i, key in enumerate(buttons)}

    events = link.events_until(max(times) + 200_000)
    assert 0 < link.scan_max_us < 500
    by_button = {}
    for ev in events:
        by_button.setdefault((ev.station, ev.button), []).append(ev)
    assert set(by_button) == set(expected)
    errors = []
    for key, (pressed, released) in expected.items():
        kinds = [ev.kind for ev in by_button[key]]
        assert kinds == [P.EventKind.PRESS, P.EventKind.RELEASE], key
        for ev, true_time in zip(by_button[key], (pressed, released)):
            error = P.wrap_delta(ev.time_us, true_time % P.CLOCK_MODULO)
            errors.append(error)
            assert -EARLY_US <= error <= link.scan_max_us, (key, ev, true_time)
    assert [ev.evseq for ev in events] == list(range(len(events)))
    print(f"timestamp error vs press time: min {min(errors)} us, max {max(errors)} us, "
          f"mean {sum(errors) / len(errors):.1f} us; longest scan {link.scan_max_us} us")


def test_simultaneous_presses_get_the_same_time(link):
    """Buttons on four ports pressed in the same cycle share one timestamp:
    the clock is read once, then every port. Only a press landing inside the
    few cycles between the port reads can fall to the next scan, one scan
    later, so nearly every trial is exact and none is off by more than a scan."""
    link.expect(P.Hello)
    buttons = ((0, 0), (0, 5), (1, 3), (3, 5))
    exact = 0
    for _trial in range(6):
        # One write, times from one simulated instant: however late the host
        # is, the simulation cannot run on between two of the presses.
        edges = [("press", s, b, 20_000) for s, b in buttons] + [("release", s, b, 50_000) for s, b in buttons]
        at = link.box.together(edges)[0]
        events = [ev for ev in link.events_until(at + 60_000) if ev.kind == P.EventKind.PRESS]
        assert len(events) == 4
        times = sorted(ev.time_us for ev in events)
        assert P.wrap_delta(times[-1], times[0]) <= max(link.scan_max_us, 100)
        exact += len(set(times)) == 1
    assert exact >= 5, f"only {exact} of 6 trials gave one timestamp"


def test_ping_led_and_set_id(link):
    link.expect(P.Hello)
    before = link.box.ideal_us()  # the PING is taken in no sooner than this
    link.send(P.Ping(token=0xC0FFEE, seq=1))
    pong = link.expect(P.Pong, token=0xC0FFEE)
    after = link.box.now_us()  # and answered before the simulation got here
    assert 0 <= P.wrap_delta(pong.time_us, before % P.CLOCK_MODULO) <= after - before

    link.send(P.Led(station=1, mode=P.LedMode.ON, seq=2))
    link.send(P.Led(station=3, mode=P.LedMode.BLINK, period_ms=100, seq=3))
    link.send(P.Ping(token=1, seq=4))
    link.expect(P.Pong, token=1)  # the LED frames went before it
    seen = set()
    expired = link.box.sim_deadline(1.0)  # ten blink periods of simulated time
    while not expired() and len(seen) < 2:
        leds = link.box.leds()
        assert leds[:3] == [0, 1, 0]
        seen.add(leds[3])
        time.sleep(0.01)
    assert seen == {0, 1}  # station 3 blinks

    link.send(P.SetId(box_id=42, seq=5))
    link.expect(P.Hello, box_id=42)


def test_bad_frames_are_answered_and_counted(link):
    link.expect(P.Hello)
    wire = bytearray(P.encode(P.Ping(token=5, seq=7)))
    wire[2] ^= 0x01
    link.port.write(bytes(wire) + b"\x03\x99\x07\0")  # bad CRC, then a short frame
    assert link.expect(P.Error).code == P.ErrorCode.CRC
    assert link.expect(P.Error).code == P.ErrorCode.FRAME
    heartbeat = link.expect(P.Heartbeat)
    assert (heartbeat.crc_errors, heartbeat.bad_frames) == (1, 1)
    assert link.decoder.errors == 0


def test_button_held_at_boot_is_a_fault_not_a_press(sim_build):
    with SimBox(held=[(1, 5)]) as box:
        link = Link(box)
        link.expect(P.Hello)
        stuck = link.expect(P.Event)
        assert (stuck.station, stuck.button, stuck.kind) == (1, 5, P.EventKind.STUCK)
        released = box.release(1, 5, box.now_us() + 10_000, BOUNCE)
        events = link.events_until(released + 50_000)
        assert [(ev.station, ev.button, ev.kind) for ev in events] == [(1, 5, P.EventKind.UNSTUCK)]
        link.port.close()


def quickest_exchange(link: Link, token: int, probes: int = 8) -> tuple[float, int, int]:
    """(host ns, device us, round trip ns) of the quickest of a few
    PING/PONG exchanges: the PONG's time was taken between the PING's
    sending and the PONG's reading (PROTOCOL.md), so within half the round
    trip of their middle."""
    best = None
    for k in range(probes):
        sent = time.monotonic_ns()
        link.send(P.Ping(token=token + k))
        pong = link.expect(P.Pong, token=token + k)
        received = time.monotonic_ns()
        if best is None or received - sent < best[2]:
            best = ((sent + received) / 2, pong.time_us, received - sent)
    return best


def device_rates(links: list[Link], precision: float = 5e-4) -> list[tuple[float, float]]:
    """(device us per host us, how far off that can be) for each box, from
    its quickest exchanges at the start and later on, sampled until every
    rate is known within `precision` (the round trips over the span): a busy
    host only makes the wait longer."""
    first = [quickest_exchange(link, 1000 * i) for i, link in enumerate(links)]
    net = time.monotonic() + 120
    while True:
        time.sleep(0.5)
        last = [quickest_exchange(link, 1000 * i + 500) for i, link in enumerate(links)]
        rates = [((d1 - d0) * 1e3 / (w1 - w0), ((r0 + r1) / 2 + 8_000) / (w1 - w0))
                 for (w0, d0, r0), (w1, d1, r1) in zip(first, last)]
        if all(err < precision for _rate, err in rates) or time.monotonic() > net:
            return rates


def test_several_boxes_run_at_once_with_their_own_clock_error(sim_build):
    ppms = (0, 3_000, -3_000)  # an Uno's resonator can be this far off
    boxes = [SimBox(box_id=i, ppm=ppm) for i, ppm in enumerate(ppms)]
    try:
        links = [Link(box) for box in boxes]
        assert [link.expect(P.Hello).box_id for link in links] == [0, 1, 2]
        results = device_rates(links)
        print(f"device clock rates and how far off they can be: {results}")
        for (rate, err), ppm in zip(results, ppms):
            assert err < 5e-4  # well under the 3,000 ppm between the boxes
            assert rate == pytest.approx(1 + ppm * 1e-6, abs=err)
    finally:
        for box in boxes:
            box.stop()

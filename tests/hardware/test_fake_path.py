"""The whole host path on protocol-exact Python boxes (pty), whose clocks are
known exactly: seats, controls, ordering across clocks, ties, garbage,
silence, unplugging, lights."""

import time

import pytest

from game.hardware import protocol as P
from game.hardware.fakebox import FakeBox

from .helpers import Table, wait_for

# Timing-sensitive: run alone, after the parallel tests (see Makefile and pyproject.toml).
pytestmark = pytest.mark.realtime

MS = 1_000_000


@pytest.fixture
def two_boxes():
    # Clocks 3,000 ppm apart, started at different times.
    boxes = [FakeBox(box_id=0xA1, ppm=1500, start_us=5_000), FakeBox(box_id=0xB2, ppm=-1500, start_us=40_000_000)]
    table = Table([b.port for b in boxes], {"00a1:0": 0, "00a1:2": 2, "00b2:1": 1})
    table.ready(2)
    yield boxes, table
    table.close()
    for b in boxes:
        b.stop()


def test_presses_reach_the_queue_with_the_seat_and_control(two_boxes):
    (a, b), table = two_boxes
    a.press(0, 3)
    a.press(2, 5)  # a one-button station: its only button shouts
    b.press(1, 0)
    b.press(3, 5)  # unassigned station
    got = {(ev.device, ev.control, ev.seat) for ev in table.presses(4)}
    assert got == {
        ("buzzer-00a1-0", "deck3", 0),
        ("buzzer-00a1-2", "wokup", 2),
        ("buzzer-00b2-1", "deck0", 1),
        ("buzzer-00b2-3", "wokup", None),
    }
    assert sorted(table.manager.devices()) == [f"buzzer-{box}-{s}" for box in ("00a1", "00b2") for s in range(4)]


def test_presses_1ms_apart_on_clocks_3000ppm_apart_are_ordered_every_time(two_boxes):
    (a, b), table = two_boxes
    table.converged(200_000, ahead_ns=100 * MS)  # presses land 20 ms ahead
    ordered = 0
    for trial in range(40):
        first, second = (a, b) if trial % 2 else (b, a)
        t = time.monotonic_ns() + 20 * MS
        first.press(0, 1, t)
        second.press(1, 1, t + MS)
        e1, e2 = sorted(table.presses(2), key=lambda ev: ev.device != f"buzzer-{first.box_id:04x}-0")
        assert e2.t_ns - e1.t_ns > e1.uncertainty_ns + e2.uncertainty_ns, (trial, e1, e2)
        for ev, truth in ((e1, t), (e2, t + MS)):
            assert abs(ev.t_ns - truth) <= ev.uncertainty_ns + 4_000, (trial, ev.t_ns - truth, ev.uncertainty_ns)
        ordered += 1
    assert ordered == 40


def test_presses_closer_than_the_bound_are_ties(two_boxes):
    (a, b), table = two_boxes
    for trial in range(20):
        t = time.monotonic_ns() + 20 * MS
        a.press(0, 2, t)
        b.press(1, 2, t + 20_000)  # 20 us apart
        e1, e2 = table.presses(2)
        assert abs(e1.t_ns - e2.t_ns) <= e1.uncertainty_ns + e2.uncertainty_ns, trial


def test_garbage_half_frames_and_bad_crc_cost_nothing_of_the_healthy_box(two_boxes):
    (a, b), table = two_boxes
    good = P.encode(P.Event(999, 0, 4, P.EventKind.PRESS, 1))
    bad_crc = bytearray(good)
    bad_crc[3] ^= 0x40
    a.write_raw(b"\x17\x99garbage\xff" * 20 + b"\0")  # junk, then a delimiter
    a.write_raw(good[:5])  # half a frame ...
    a.write_raw(b"\0" + bytes(bad_crc) + b"\x05\x01\x02\0")  # ... cut off; a bad CRC; a runt
    for i in range(10):
        a.press(0, i % 5)
        b.press(1, i % 5)
    got = table.presses(20)
    assert sum(ev.device == "buzzer-00a1-0" for ev in got) == 10
    assert sum(ev.device == "buzzer-00b2-1" for ev in got) == 10
    errors = table.link(0xA1).stats.decode_errors
    assert errors.get("crc_errors", 0) >= 1 and errors.get("overflows", 0) + errors.get("framing_errors", 0) >= 1
    assert table.link(0xB2).stats.decode_errors == {}
    assert table.link(0xA1).state == "ready"


def test_a_port_that_says_nothing_is_rejected_with_a_reason(two_boxes):
    (a, _b), table = two_boxes
    mute = FakeBox(box_id=0xC3, silent=True)
    try:
        table.ports.append(mute.port)
        link = wait_for(lambda: table.manager.links.get(mute.port), what="a link on the mute port")
        a.press(0, 0)  # the others keep working meanwhile
        assert table.presses(1)[0].device == "buzzer-00a1-0"
        wait_for(lambda: link.state == "rejected", what="the mute port rejected")
        assert "no HELLO" in link.reason
        assert "00c3" not in " ".join(table.manager.devices())
    finally:
        mute.stop()


def test_unplug_then_replug_the_same_box_id(two_boxes):
    (a, _b), table = two_boxes
    table.manager.set_seat_led(0, "on")
    wait_for(lambda: a.leds.get(0) == (P.LedMode.ON, 500), what="the LED on")
    a.stop()
    wait_for(lambda: "buzzer-00a1-0" not in table.manager.devices(), what="the box gone")
    assert table.notices() == ["Buzzer box 00a1 unplugged: plug it back in"]
    back = FakeBox(box_id=0xA1, ppm=1500)
    try:
        table.ports[0] = back.port
        wait_for(lambda: "buzzer-00a1-0" in table.manager.devices(), what="the box back")
        assert table.notices() == ["Buzzer box 00a1 is back"]
        wait_for(lambda: back.leds.get(0) == (P.LedMode.ON, 500), what="the LED restored")
        back.press(0, 1)
        ev = table.presses(1)[0]
        assert (ev.device, ev.seat) == ("buzzer-00a1-0", 0)
    finally:
        back.stop()


def test_out_of_the_round_blinks_and_off_puts_out(two_boxes):
    (a, b), table = two_boxes
    table.manager.set_seat_led(1, "blink")
    wait_for(lambda: b.leds.get(1) == (P.LedMode.BLINK, 500), what="seat 1 blinking")
    assert 1 not in a.leds
    table.manager.set_seat_led(1, "off")
    wait_for(lambda: b.leds.get(1) == (P.LedMode.OFF, 500), what="seat 1 off")


def test_a_stuck_button_is_released_for_the_game_and_reported(two_boxes):
    (a, _b), table = two_boxes
    a.event(0, 2, P.EventKind.STUCK)
    ev = wait_for(lambda: table.queue.drain(), what="an event")[0]
    assert (ev.device, ev.control, ev.pressed) == ("buzzer-00a1-0", "deck2", False)
    wait_for(lambda: (0, 2) in table.link(0xA1).stats.stuck, what="stuck recorded")
    assert "stuck" in table.notices()[0]


def test_lost_frames_and_events_are_counted(two_boxes):
    (a, _b), table = two_boxes
    a.press(0, 0)
    table.presses(1)
    a._evseq += 3  # three events the box never sent
    a.press(0, 0)
    table.presses(1)
    assert table.link(0xA1).stats.event_gaps == 3

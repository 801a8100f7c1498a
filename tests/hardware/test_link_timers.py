"""BoxLink's timers on its injected clock: the HELLO handshake (boot wait,
asking, giving up), the PING schedule, the heartbeat watch and the relink's
ask, driven by a fake clock with no port, no thread and no sleeping. The
link is fed what its reader would post (`receive`) and its owner's `tick`;
the manager's retry of a mute port on its clock too."""

from __future__ import annotations

import itertools

import pytest

from game.hardware import boxlink as B
from game.hardware import protocol as P
from game.hardware.fakebox import FakeBox
from game.hardware.manager import RETRY_REJECTED_S, BuzzerManager
from game.input.events import EventQueue

from .helpers import wait_for

MS = 1_000_000
S = 1_000_000_000
UNO = (0x3F, 0x3F, 1 << P.WOKUP_BUTTON, 1 << P.WOKUP_BUTTON)


class Clock:
    def __init__(self) -> None:
        self.ns = 1_000 * S

    def __call__(self) -> int:
        return self.ns


class Wire:
    """The port as the link writes to it: every frame it sent, decoded."""

    def __init__(self) -> None:
        self.decoder = P.FrameDecoder()
        self.sent: list = []
        self.raw: list[bytes] = []

    def write(self, data: bytes) -> int:
        self.raw.append(data)
        self.sent += self.decoder.feed(data)
        return len(data)

    def take(self) -> list:
        sent, self.sent = self.sent, []
        return sent


class Rig:
    def __init__(self) -> None:
        self.clock = Clock()
        self.wire = Wire()
        self.statuses: list[str] = []
        self.events: list[tuple[P.Event, int]] = []
        self.link = B.BoxLink(
            "/dev/fake",
            lambda link, msg, t_rx: self.events.append((msg, t_rx)),
            lambda link: self.statuses.append(link.state),
            post=lambda *item: None,  # nothing reads: the test feeds the link itself
            clock=self.clock,
        )
        self.seq = 0

    def at(self, seconds: float) -> None:
        """Moves the clock on and runs the timers, as the owner does."""
        self.clock.ns += round(seconds * S)
        self.link.tick()

    def box(self, msg) -> None:
        self.link.receive(type(msg)(**{**msg.__dict__, "seq": self.seq & 0xFF}), self.clock.ns)
        self.seq += 1

    def hello(self, box_id: int = 0xA1, heartbeat_ms: int = 500, protocol: int = P.PROTOCOL_VERSION) -> None:
        self.box(P.Hello(protocol, (2, 0, 0), box_id, P.Board.UNO, 15, 60, heartbeat_ms, 1000, UNO))

    def opened(self) -> None:
        self.link.receive(B.Opened(self.wire, "test"), self.clock.ns)

    def ready(self) -> None:
        self.opened()
        self.hello()
        assert self.link.state == B.LinkState.READY


def kinds(sent: list) -> list[str]:
    return [type(m).__name__ for m in sent]


def test_the_handshake_waits_for_the_boot_then_asks_every_second_then_gives_up():
    rig = Rig()
    rig.opened()
    rig.at(B.BOOT_WAIT_S - 0.01)
    assert rig.wire.take() == [], "an Uno that resets on open is given its boot time"
    rig.at(0.01)
    assert kinds(rig.wire.take()) == ["HelloRequest"]
    rig.at(B.HELLO_RETRY_S / 2)
    assert rig.wire.take() == []
    rig.at(B.HELLO_RETRY_S / 2)
    assert kinds(rig.wire.take()) == ["HelloRequest"]
    assert rig.link.state == B.LinkState.OPENING
    rig.at(B.HELLO_GIVE_UP_S - B.BOOT_WAIT_S - B.HELLO_RETRY_S + 0.01)
    assert rig.link.state == B.LinkState.REJECTED
    assert "no HELLO within 5 s" in rig.link.reason and rig.statuses == ["rejected"]


def test_a_box_that_talks_without_a_hello_is_asked_at_once():
    rig = Rig()
    rig.opened()
    rig.box(P.Heartbeat(5000, 0, 0, 0, 0, 40))
    rig.at(0.001)
    assert kinds(rig.wire.take()) == ["HelloRequest"]


def test_frames_of_protocol_1_are_asked_in_its_words_and_refused_with_how_to_reflash():
    rig = Rig()
    rig.opened()
    rig.link.receive(B.OldFrame(None), rig.clock.ns)
    rig.at(0.001)
    assert rig.wire.raw[0] == P.HELLO_REQ_V1
    rig.at(B.HELLO_GIVE_UP_S)
    assert rig.link.state == B.LinkState.REJECTED and "old firmware speaks protocol 1" in rig.link.reason


def test_pings_come_every_20_ms_for_the_first_40_then_every_100_ms():
    rig = Rig()
    rig.ready()
    sent_at = []
    for _ in range(int(60 * B.PING_SLOW_S / 0.005)):
        rig.at(0.005)
        for msg in rig.wire.take():
            assert isinstance(msg, P.Ping)
            sent_at.append(rig.clock.ns)
            rig.box(P.Pong(msg.token, 2000))  # answered at once
    gaps = [round((b - a) / MS) for a, b in itertools.pairwise(sent_at)]
    print(f"\n{len(sent_at)} PINGs; gaps (ms): first {gaps[:3]}, around 40th {gaps[37:42]}, last {gaps[-3:]}")
    assert gaps[: B.PING_FAST_COUNT - 1] == [round(B.PING_FAST_S * 1000)] * (B.PING_FAST_COUNT - 1)
    assert set(gaps[B.PING_FAST_COUNT :]) == {round(B.PING_SLOW_S * 1000)}


def test_an_unanswered_ping_is_forgotten_after_half_a_second_and_another_sent():
    rig = Rig()
    rig.ready()
    rig.at(0)
    first = rig.wire.take()
    assert kinds(first) == ["Ping"]
    rig.at(B.PING_LOST_S)
    assert rig.wire.take() == [], "still waiting for its PONG"
    rig.box(P.Heartbeat(5000, 0, 0, 0, 0, 40))  # the box is there, the PONG is lost
    rig.at(0.01)
    again = rig.wire.take()
    assert kinds(again) == ["Ping"] and again[0].token == first[0].token + 1
    rig.box(P.Pong(first[0].token, 2000))  # the late answer to the forgotten PING
    assert rig.link.sync.samples == 0


@pytest.mark.parametrize("heartbeat_ms", [500, 200])
def test_three_missed_heartbeats_make_the_box_silent_and_it_is_asked_then_a_frame_brings_it_back(heartbeat_ms):
    rig = Rig()
    rig.opened()
    rig.hello(heartbeat_ms=heartbeat_ms)
    silent_after = B.SILENT_BEATS * heartbeat_ms / 1000
    rig.at(silent_after - 0.001)
    assert rig.link.state == B.LinkState.READY
    rig.wire.take()
    rig.at(0.002)
    assert rig.link.state == B.LinkState.SILENT
    rig.at(B.PING_SLOW_S)
    assert "HelloRequest" in kinds(rig.wire.take())
    rig.box(P.Heartbeat(5000, 0, 0, 0, 0, 40))
    assert rig.link.state == B.LinkState.READY
    assert rig.statuses == ["ready", "silent", "ready"]


def test_a_stray_hello_relinks_and_the_box_is_asked_at_once():
    rig = Rig()
    rig.ready()
    rig.at(0.001)
    rig.wire.take()
    rig.hello(box_id=0x0BAD)
    assert rig.link.state == B.LinkState.OPENING and rig.link.stats.relinks == 1 and rig.link.hello is None
    rig.at(0.001)
    assert kinds(rig.wire.take()) == ["HelloRequest"], "no boot wait: the box is running"
    rig.hello()
    assert rig.link.state == B.LinkState.READY and rig.link.box_id == 0xA1
    assert rig.statuses == ["ready", "opening", "ready"]


def test_a_press_before_any_pong_is_timed_by_its_read_with_the_wide_bound():
    rig = Rig()
    rig.ready()
    rig.box(P.Event(0, 1, 2, P.EventKind.PRESS, 3000))
    ((msg, t_rx),) = rig.events
    assert (msg.station, msg.button, t_rx) == (1, 2, rig.clock.ns)
    assert rig.link.host_time(msg.time_us, t_rx) == (rig.clock.ns, B.UNKNOWN_CLOCK_NS)


def test_a_relinked_box_that_never_answers_is_asked_every_second_then_given_up():
    rig = Rig()
    rig.ready()
    rig.hello(box_id=0x0BAD)
    asked_at = []
    for _ in range(int(B.HELLO_GIVE_UP_S / 0.1) + 1):
        rig.at(0.1)
        asked_at += [rig.clock.ns for m in rig.wire.take() if isinstance(m, P.HelloRequest)]
    gaps = [round((b - a) / MS) for a, b in itertools.pairwise(asked_at)]
    assert gaps == [round(B.HELLO_RETRY_S * 1000)] * (len(asked_at) - 1) and len(asked_at) == 5
    assert rig.link.state == B.LinkState.REJECTED and "no HELLO within 5 s" in rig.link.reason


def test_a_port_that_opened_and_said_nothing_is_tried_again_only_after_10_s():
    """The manager's scan and the link's give-up on the manager's injected
    clock; the test's thread is the manager's (no start()), the reader is real."""
    clock = Clock()
    mute = FakeBox(box_id=0xC3, silent=True)
    manager = BuzzerManager(EventQueue(), find=lambda: [(mute.port, "test")], clock=clock)
    try:
        manager.scan()
        first = manager.links[mute.port]

        def opened() -> bool:
            manager.pump(0.01)  # what the reader posted, taken on this thread
            return first.opened

        wait_for(opened, what="the port open")
        clock.ns += round((B.HELLO_GIVE_UP_S + 0.01) * S)
        manager.pump()
        assert first.state == B.LinkState.REJECTED
        clock.ns += round((RETRY_REJECTED_S - 0.1) * S)
        manager.scan()
        assert manager.links[mute.port] is first
        clock.ns += round(0.2 * S)
        manager.scan()
        assert manager.links[mute.port] is not first
    finally:
        manager.stop()
        mute.stop()

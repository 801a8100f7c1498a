"""One thread changes the buzzer state: every status change, every event
handed on, every light sent happens on the manager's thread, whichever
thread read the bytes or asked for the light. Before, `_on_status` ran on
each port's reader thread and changed `_gone` and `_rejected_at` while the
scan thread read them, and the game's thread changed `_leds` meanwhile."""

from __future__ import annotations

import sys
import threading

import pytest

from game.hardware import protocol as P
from game.hardware.boxlink import BoxLink, Closed, LinkState, Opened
from game.hardware.fakebox import FakeBox
from game.hardware.manager import BuzzerManager
from game.input.events import EventQueue

from .helpers import Table, wait_for

UNO = (0x3F, 0x3F, 1 << P.WOKUP_BUTTON, 1 << P.WOKUP_BUTTON)


@pytest.fixture
def threads_seen(monkeypatch):
    """name of each changing method -> the threads it ran on."""
    seen: dict[str, set[threading.Thread]] = {}

    def spy(cls, name):
        real = getattr(cls, name)

        def recorded(self, *args, **kwargs):
            seen.setdefault(name, set()).add(threading.current_thread())
            return real(self, *args, **kwargs)

        monkeypatch.setattr(cls, name, recorded)

    for name in ("_set_state", "set_led", "_relink", "_on_hello"):
        spy(BoxLink, name)
    for name in ("_on_status", "_on_event", "_on_ready"):
        spy(BuzzerManager, name)
    return seen


def test_every_change_happens_on_the_managers_thread(threads_seen):
    box = FakeBox(box_id=0xA1)
    table = Table([box.port], {"00a1:0": 0})
    try:
        table.ready(1, synced=False)
        link = table.link(0xA1)
        table.manager.set_seat_led(0, "on")  # asked on this (the game's) thread
        wait_for(lambda: box.leds.get(0) == (P.LedMode.ON, 500), what="the light on")
        box.press(0, 3)
        table.presses(1)
        box.write_raw(P.encode(P.Hello(P.PROTOCOL_VERSION, (2, 0, 0), 0x0BAD, P.Board.UNO, 15, 60, 500, 7, UNO)))
        wait_for(lambda: link.stats.relinks == 1 and link.state == "ready", what="the link made again")
        box.stop()  # unplugged: the reader thread sees the port go
        wait_for(lambda: link.state == LinkState.LOST, what="the box lost")
        owner = table.manager._thread
        print("\n" + "\n".join(f"{name}: {sorted(t.name for t in ts)}" for name, ts in sorted(threads_seen.items())))
        assert set(threads_seen) == {
            "_set_state",
            "set_led",
            "_relink",
            "_on_hello",
            "_on_status",
            "_on_event",
            "_on_ready",
        }, "the scenario went through every changing method"
        assert {name: ts for name, ts in threads_seen.items() if ts != {owner}} == {}
    finally:
        table.close()
        box.stop()


def test_a_box_moving_ports_while_readers_race_is_never_left_unplugged():
    """Its old port's reader says "lost" while its new port's says "ready",
    on two threads at once, 300 times: the box always ends ready and not
    counted as gone, and "unplugged" is always followed by "is back". When
    the readers changed the state themselves, "lost" could check for a twin
    before "ready" was set, and "ready" look for the box among the gone
    before "lost" put it there: unplugged for good, though it plays."""
    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads swap as often as they can
    manager = BuzzerManager(EventQueue(), find=list, scan_every=3600).start()
    seen: list[list[str]] = []
    callbacks = (manager._on_event, manager._on_status, manager._post)
    try:
        for trial in range(300):
            box = 0x100 + trial  # a box of its own each time
            hello = P.Hello(P.PROTOCOL_VERSION, (2, 0, 0), box, P.Board.UNO, 15, 60, 500, 7, UNO)
            twins = f"have the id {box:04x}: give one another id (python -m game buzzers set-id)"
            old, new = (BoxLink(f"/dev/fake{trial}{s}", *callbacks) for s in "ab")
            manager.call(lambda old=old, new=new: manager.links.update({old.port_name: old, new.port_name: new}))
            for what in (Opened(_Sink(), "test"), hello):
                manager._post(old, what, 0)
            start = threading.Barrier(2)

            def unplug(old=old, start=start) -> None:
                start.wait()
                manager._post(old, Closed(OSError("unplugged")), 0)

            def plug(new=new, start=start, hello=hello) -> None:
                start.wait()
                manager._post(new, Opened(_Sink(), "test"), 0)
                manager._post(new, hello, 0)

            racers = [threading.Thread(target=unplug), threading.Thread(target=plug)]
            for t in racers:
                t.start()
            for t in racers:
                t.join()
            done = threading.Event()
            manager.call(done.set)
            assert done.wait(60), "the manager's thread took everything"
            notices = [n.split(" ", 3)[-1] for n in _drain(manager.notices)]
            seen.append(notices)
            assert (old.state, new.state) == (LinkState.LOST, LinkState.READY), trial
            assert manager._gone == set(), (trial, notices)
            # lost first: a gap, then back; ready first: for a moment the box is on two ports
            assert notices in (["unplugged: plug it back in", "is back"], [twins]), (trial, notices)
        print(f"\n{sum(len(n) == 1 for n in seen)} of {len(seen)} moves seen ready on the new port first")
    finally:
        sys.setswitchinterval(old_interval)
        manager.stop()


class _Sink:
    def write(self, data: bytes) -> int:
        return len(data)


def _drain(q) -> list[str]:
    out = []
    while not q.empty():
        out.append(q.get())
    return out


def test_a_listener_that_raises_costs_no_event_and_stops_no_box():
    """One thread serves every box now: a fault in what it calls is logged
    and the next item is taken."""
    events = EventQueue()
    manager = BuzzerManager(events, find=list, scan_every=3600).start()
    try:
        link = BoxLink("/dev/fake", manager._on_event, manager._on_status, manager._post)
        manager.call(lambda: manager.links.update({link.port_name: link}))

        def broken(link, msg, ev) -> None:
            raise RuntimeError("a broken listener")

        manager.add_listener(broken)
        manager._post(link, Opened(_Sink(), "test"), 0)
        manager._post(link, P.Hello(P.PROTOCOL_VERSION, (2, 0, 0), 0xA1, P.Board.UNO, 15, 60, 500, 7, UNO), 0)
        for evseq, button in enumerate((1, 2)):
            manager._post(link, P.Event(evseq, 0, button, P.EventKind.PRESS, 100, seq=1 + evseq), 0)
        got: list[str] = []

        def both() -> bool:
            got.extend(ev.control for ev in events.drain())
            return len(got) >= 2

        wait_for(both, what="both presses")
        assert got == ["deck1", "deck2"] and link.state == LinkState.READY
    finally:
        manager.stop()

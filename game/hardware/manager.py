"""All the buzzer boxes of the table: found, read, mapped to seats.

The manager scans for ports, gives each candidate a `BoxLink`, and turns
the boxes' button events into the same `PlayerEvent`s every controller
makes, in host monotonic time with the clock-sync bound, into the app's
thread-safe queue.

One thread, the manager's own, changes every link and everything here:
the ports' reader threads only put what they decoded on its inbox (as
Klipper's serialhdl hands frames to one consumer), and the game's calls
(the lights, a listener) are put there too and run in turn. The game reads
the links (`ready_links`, `known_links`, `devices`) under the lock that the
manager's thread holds to change the list.

A box that goes away leaves a notice; when the same box id comes back (on
any port) its stations are back under the same device names, so seats and
the game carry on.

The game's hook for the station lights is `set_seat_led(seat, mode)`:
"on" when the seat wins a card, "blink" when it is out of the round, "off".
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from ..i18n import _
from ..input.events import DeviceId, EventQueue, PlayerEvent
from . import ports as portlist
from . import protocol as P
from .boxlink import BoxLink, LinkState

log = logging.getLogger(__name__)

SCAN_EVERY_S = 1.0
TICK_S = 0.02  # the links' timers run at least this often
BATCH = 256  # items taken from the inbox before the timers run again
RETRY_REJECTED_S = 10.0  # a port that said nothing useful is tried again after this
LED_MODES = {"off": P.LedMode.OFF, "on": P.LedMode.ON, "blink": P.LedMode.BLINK}
LIVE = (LinkState.OPENING, LinkState.READY, LinkState.SILENT)


def device_name(box_id: int, station: int) -> str:
    return str(DeviceId.buzzer(box_id, station))


def settings_key(box_id: int, station: int) -> str:
    return f"{box_id:04x}:{station}"


def control_of(button: int) -> str | None:
    """Buttons 0-4 cover decks 0-4; button 5, the only one of a one-button
    station, shouts "Wok'up!" (firmware/PROTOCOL.md); no other button has a
    control."""
    if button == P.WOKUP_BUTTON:
        return "wokup"
    return f"deck{button}" if 0 <= button < P.WOKUP_BUTTON else None


class BuzzerManager:
    def __init__(
        self,
        events: EventQueue,
        assignment: dict[str, int] | None = None,
        seat_of: Callable[[], dict[str, int]] = dict,
        find: Callable[[], list[tuple[str, str]]] = portlist.candidates,
        scan_every: float = SCAN_EVERY_S,
        clock: Callable[[], int] = time.monotonic_ns,
    ) -> None:
        self.events = events
        self.assignment = assignment if assignment is not None else {}  # settings.buzzers, shared
        self.seat_of = seat_of  # the running table's device -> seat
        self.find = find
        self.scan_every = scan_every
        self.clock = clock
        self.notices: queue.SimpleQueue[str] = queue.SimpleQueue()  # for the screen
        # (box id, station or None, kind) of each fault, for the kiosk's statistics
        self.faults: queue.SimpleQueue[tuple[str, int | None, str]] = queue.SimpleQueue()
        self.links: dict[str, BoxLink] = {}  # port -> its link (live, lost or rejected); changed under _lock
        # Owned by the manager's thread alone:
        self._rejected_at: dict[str, int] = {}  # port -> clock ns
        self._leds: dict[str, str] = {}  # device -> mode, kept across unplugging
        self._gone: set[int] = set()  # box ids unplugged and not back yet
        self._listeners: tuple[Callable[[BoxLink, P.Event, PlayerEvent | None], None], ...] = ()
        # (link, message or signal, t_rx) from the readers; (None, function, 0) from the game
        self._inbox: queue.SimpleQueue[tuple[BoxLink | None, Any, int]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="buzzers", daemon=True)

    # ---- life -----------------------------------------------------------------
    def start(self) -> BuzzerManager:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=2)
        with self._lock:
            links = list(self.links.values())
        for link in links:  # the manager's thread has ended: this one owns them now
            link.stop()

    def call(self, fn: Callable[[], None]) -> None:
        """Runs fn on the manager's thread, after what is already waiting."""
        self._inbox.put((None, fn, 0))

    def add_listener(self, fn: Callable[[BoxLink, P.Event, PlayerEvent | None], None]) -> None:
        """fn(link, event, player event or None) for every EVENT, on the manager's thread."""
        self.call(lambda: setattr(self, "_listeners", (*self._listeners, fn)))

    def _post(self, link: BoxLink, what: Any, t_rx: int) -> None:
        self._inbox.put((link, what, t_rx))  # from a reader thread

    def _run(self) -> None:
        next_scan = self.clock()
        while not self._stop.is_set():
            now = self.clock()
            if now >= next_scan:
                try:
                    self.scan()
                except Exception:  # listing ports failed this time: the next scan tries again
                    log.exception("buzzers: scanning the ports failed")
                next_scan = now + int(self.scan_every * 1e9)
            self.pump(min(TICK_S, (next_scan - now) / 1e9))

    def pump(self, wait_s: float = 0.0) -> int:
        """Takes what waits in the inbox (waiting up to wait_s for the first),
        then runs every link's timers; returns how many items it took. The
        manager's thread calls it; a test without that thread may."""
        taken = 0
        try:
            item = self._inbox.get(timeout=wait_s) if wait_s > 0 else self._inbox.get_nowait()
            while True:
                self._dispatch(*item)
                taken += 1
                if taken >= BATCH:
                    break
                item = self._inbox.get_nowait()
        except queue.Empty:
            pass
        for link in self.all_links():
            try:
                link.tick()
            except Exception:  # one box's fault must not stop the others
                log.exception("buzzer link %s: timers failed", link.port_name)
        return taken

    def _dispatch(self, link: BoxLink | None, what: Any, t_rx: int) -> None:
        try:
            if link is None:
                what()
            else:
                link.receive(what, t_rx)
        except Exception:  # a listener's or a box's fault must not stop every box
            log.exception("buzzers: %r failed", what)

    def scan(self) -> None:
        """One pass: a link for each candidate port that has none alive."""
        now = self.clock()
        for device, _what in self.find():
            link = self.links.get(device)
            if link is not None and (
                link.state in LIVE or now - self._rejected_at.get(device, 0) < RETRY_REJECTED_S * 1e9
            ):
                continue
            new = BoxLink(device, self._on_event, self._on_status, self._post, self.clock)
            with self._lock:
                self.links[device] = new
            new.start()

    # ---- what the game sees -----------------------------------------------------
    def all_links(self) -> list[BoxLink]:
        """Every link, live, lost or rejected, one per port."""
        with self._lock:
            return list(self.links.values())

    def ready_links(self) -> list[BoxLink]:
        with self._lock:
            return [link for link in self.links.values() if link.state == "ready"]

    def known_links(self) -> list[BoxLink]:
        """One link per box that said HELLO (its live one if any), by box id."""
        with self._lock:
            links = [lk for lk in self.links.values() if lk.hello]
        best: dict[int, BoxLink] = {}
        for link in sorted(links, key=lambda lk: lk.state == LinkState.READY):
            if link.box_id is not None:  # (all of them: they said HELLO)
                best[link.box_id] = link  # a live link replaces a lost one of the same box
        return [best[box] for box in sorted(best)]

    def devices(self) -> list[str]:
        """Connected stations, as device ids (`Devices.sources`)."""
        return [
            device_name(link.box_id, s)
            for link in self.ready_links()
            if link.box_id is not None  # (all: a ready link said HELLO)
            for s in range(len(link.stations))
        ]

    def seat_for(self, box_id: int, station: int) -> int | None:
        table = self.seat_of()
        device = device_name(box_id, station)
        if device in table:
            return table[device]
        return self.assignment.get(settings_key(box_id, station))

    def set_seat_led(self, seat: int, mode: str) -> None:
        """Light ("on"), blink ("blink") or put out ("off") the stations of a
        seat; remembered, so a box that comes back shows it again."""
        self.call(lambda: self._set_seat_led(seat, mode))

    def set_station_led(self, box_id: int, station: int, mode: str) -> None:
        self.call(lambda: self._set_station_led(box_id, station, mode))

    def leds_off(self) -> None:
        self.call(self._leds_off)

    # ---- on the manager's thread ------------------------------------------------------
    def _set_seat_led(self, seat: int, mode: str) -> None:
        known = {(link.box_id, len(link.stations)) for link in self.links.values() if link.box_id is not None}
        for box_id, count in known:
            for station in range(count):
                if self.seat_for(box_id, station) == seat:
                    self._set_station_led(box_id, station, mode)

    def _set_station_led(self, box_id: int, station: int, mode: str) -> None:
        self._leds[device_name(box_id, station)] = mode
        for link in self.ready_links():
            if link.box_id == box_id:
                link.set_led(station, LED_MODES[mode])

    def _leds_off(self) -> None:
        self._leds.clear()
        for link in self.ready_links():
            link.set_led(P.LED_ALL, P.LedMode.OFF)

    def _on_event(self, link: BoxLink, msg: P.Event, t_rx: int) -> None:
        ev = None
        control = control_of(msg.button)
        box = link.box_id
        if box is None:  # (never: a link refuses the events of a box that has not said HELLO)
            return
        if control is not None and msg.kind in (P.EventKind.PRESS, P.EventKind.RELEASE, P.EventKind.STUCK):
            t_ns, bound = link.host_time(msg.time_us, t_rx)
            # A stuck button is out of play: the game sees it released.
            ev = PlayerEvent(
                device_name(box, msg.station),
                control,
                msg.kind == P.EventKind.PRESS,
                t_ns,
                self.seat_for(box, msg.station),
                None,
                bound,
            )
            self.events.put(ev)
        if msg.kind == P.EventKind.STUCK:
            log.warning("buzzer box %04x station %d button %d is stuck", link.box_id, msg.station, msg.button)
            self.faults.put((f"{link.box_id:04x}", msg.station, "stuck button"))
            self.notices.put(
                _("Buzzer box {box}, station {station}: a button is stuck; it is ignored until released").format(
                    box=f"{link.box_id:04x}", station=msg.station + 1
                )
            )
        for listener in self._listeners:
            listener(link, msg, ev)

    def _on_status(self, link: BoxLink) -> None:
        box = f"{link.box_id:04x}" if link.box_id is not None else "?"
        if link.state == LinkState.READY:
            self._on_ready(link)
        elif (
            # OPENING with a box id: a HELLO changed the box mid-link, which counts as unplugging it
            link.state in (LinkState.LOST, LinkState.SILENT, LinkState.OPENING)
            and link.box_id is not None
            and link.box_id not in self._gone
        ):
            if not any(o.box_id == link.box_id for o in self.ready_links() if o is not link):
                self._gone.add(link.box_id)
                self.notices.put(_("Buzzer box {box} unplugged: plug it back in").format(box=box))
                self.faults.put((box, None, "unplugged"))
        elif link.state == LinkState.REJECTED and link.opened:
            self._rejected_at[link.port_name] = self.clock()

    def _on_ready(self, link: BoxLink) -> None:
        box = link.box_id
        if box is None:  # (never: a link is ready once its box said HELLO)
            return
        if box in self._gone:
            self._gone.discard(box)
            self.notices.put(_("Buzzer box {box} is back").format(box=f"{box:04x}"))
        twins = [o for o in self.ready_links() if o is not link and o.box_id == box]
        if twins:
            log.warning("two buzzer boxes have the id %04x (%s, %s)", box, link.port_name, twins[0].port_name)
            self.faults.put((f"{box:04x}", None, "two boxes with one id"))
            self.notices.put(
                _("Two buzzer boxes have the id {box}: give one another id (python -m game buzzers set-id)").format(
                    box=f"{box:04x}"
                )
            )
        for station in range(len(link.stations)):
            mode = self._leds.get(device_name(box, station))
            if mode:
                link.set_led(station, LED_MODES[mode])

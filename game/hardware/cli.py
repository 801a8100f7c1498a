"""`python -m game buzzers list|monitor|emulate|set-id`: the boxes seen from a terminal."""

from __future__ import annotations

import sys
import time

from ..input.events import EventQueue
from . import ports as portlist
from .boxlink import BoxLink, LinkState
from .manager import BuzzerManager

SETTLE_S = 6.0  # long enough for an Uno's reset, bootloader and HELLO


def _manager(extra: list[str]) -> BuzzerManager:
    return BuzzerManager(EventQueue(), find=lambda: portlist.candidates(extra), scan_every=0.5)


def _wait_for_boxes(manager: BuzzerManager, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    manager.start()
    while time.monotonic() < deadline:
        links = manager.all_links()
        if (
            links
            and all(link.state not in (LinkState.OPENING,) for link in links)
            and all(link.sync.ready for link in links if link.state == LinkState.READY)
        ):
            return
        time.sleep(0.05)


def cmd_list(extra: list[str], out=sys.stdout) -> int:
    print("Serial ports:", file=out)
    for device, what in portlist.all_ports() or [("(none)", "")]:
        print(f"  {device}  {what}", file=out)
    candidates = portlist.candidates(extra)
    print("Candidates for a buzzer box:", file=out)
    for device, what in candidates or [("(none)", "plug a box in, or run `python -m game buzzers emulate`")]:
        print(f"  {device}  {what}", file=out)
    manager = _manager(extra)
    _wait_for_boxes(manager, SETTLE_S)
    print("Boxes:", file=out)
    for link in manager.all_links():
        print("  " + link.describe(), file=out)
        if link.state == LinkState.READY:
            print("    " + clock_line(link), file=out)
    found = manager.ready_links()  # before stopping, which loses every link
    manager.stop()
    return 0 if found or not candidates else 1


def clock_line(link: BoxLink) -> str:
    sync = link.sync
    if not sync.samples:
        return "clock: no PONG yet"
    now = time.monotonic_ns()
    return (
        f"clock: offset {sync.offset_us(now) / 1e6:+.6f} s, drift {sync.drift_ppm:+.0f} ppm, "
        f"bound {sync.bound_ns(now) / 1e3:.0f} us, last round trip {sync.last_rtt_ns / 1e3:.0f} us, "
        f"{sync.samples} exchanges ({sync.rejected_wide} too slow, {sync.rejected_fast} quicker than "
        f"the wire, {sync.rejected_outliers} outliers, {sync.disjoint} fits without a common interval)"
    )


def error_line(link: BoxLink) -> str:
    s = link.stats
    parts = [
        f"frames {s.frames}",
        f"lost frames {s.frame_gaps}",
        f"lost events {s.event_gaps}",
        f"box dropped {s.box_dropped}",
        f"our frames refused {s.box_crc_errors + s.box_bad_frames}",
        f"longest scan {s.scan_max_us} us",
        f"events outside its layout {s.refused_events}",
        f"handshakes again after a changed HELLO {s.relinks}",
    ]
    parts += [f"{k} {v}" for k, v in s.decode_errors.items()]
    if s.stuck:
        parts.append("stuck " + " ".join(f"{st + 1}/{b}" for st, b in sorted(s.stuck)))
    return ", ".join(parts)


def cmd_monitor(extra: list[str], seconds: float | None, out=sys.stdout) -> int:
    manager = _manager(extra)

    def show(link, msg, ev) -> None:
        host = f"{ev.t_ns / 1e9:.6f} s ±{ev.uncertainty_ns / 1e3:.0f} us" if ev else "-"
        print(
            f"box {link.box_id:04x} station {msg.station + 1} button {msg.button} "
            f"{msg.kind.name:7s} device {msg.time_us} us  host {host}  seat {ev.seat if ev else '-'}",
            file=out,
            flush=True,
        )

    manager.add_listener(show)
    manager.start()
    print("Press buttons; Ctrl-C stops.", file=out, flush=True)
    start, next_status = time.monotonic(), time.monotonic() + 2
    try:
        while seconds is None or time.monotonic() - start < seconds:
            while not manager.notices.empty():
                print("! " + manager.notices.get(), file=out, flush=True)
            if time.monotonic() >= next_status:
                next_status += 5
                for link in manager.all_links():
                    print(link.describe(), file=out)
                    if link.state in (LinkState.READY, LinkState.SILENT):
                        print("    " + clock_line(link) + "\n    " + error_line(link), file=out, flush=True)
            time.sleep(0.05)
    except KeyboardInterrupt:
        pass
    manager.stop()
    return 0


def cmd_emulate(count: int, python_fake: bool, ppms: list[float], seconds: float | None, out=sys.stdout) -> int:
    from .emulate import start_boxes

    boxes = start_boxes(count, ppms=ppms, python_fake=python_fake)
    try:
        for b in boxes:
            print(f"box {b.box_id:04x}: {b.kind} on {b.box.port} (announced as {b.link})", file=out)
        print(
            "The arcade finds these boxes by itself. Type `p BOX STATION BUTTON` "
            "(e.g. `p 1 1 5`) to press, `q` to stop.",
            file=out,
            flush=True,
        )
        start = time.monotonic()
        while seconds is None or time.monotonic() - start < seconds:
            line = sys.stdin.readline() if seconds is None else ""
            if seconds is not None:
                time.sleep(0.1)
                continue
            if not line or line.strip() == "q":
                break
            words = line.split()
            if len(words) == 4 and words[0] == "p" and all(w.isdigit() for w in words[1:]):
                box, station, button = (int(w) for w in words[1:])
                match = [b for b in boxes if b.box_id == box]
                if match and 1 <= station <= 8 and 0 <= button <= 5:
                    match[0].press(station - 1, button)
                    continue
            print("?  p BOX STATION BUTTON (stations from 1, buttons 0-4 decks, 5 Wok'up!), q", file=out)
    except KeyboardInterrupt:
        pass
    finally:
        for b in boxes:
            b.stop()
    return 0


def cmd_set_id(port: str, box_id: int, out=sys.stdout) -> int:
    manager = BuzzerManager(EventQueue(), find=lambda: [(port, "named")], scan_every=SETTLE_S).start()
    deadline = time.monotonic() + SETTLE_S
    while time.monotonic() < deadline:
        link = manager.links.get(port)
        if link is not None and link.state != LinkState.OPENING:
            break
        time.sleep(0.05)
    if link is None or link.state != LinkState.READY:
        print(f"{port}: {link.state} {link.reason}" if link else f"{port}: not opened", file=out)
        manager.stop()
        return 1
    manager.call(lambda: link.set_id(box_id))  # on the manager's thread, which owns the link
    while link.box_id != box_id and time.monotonic() < deadline + 2:
        time.sleep(0.05)
    print(link.describe(), file=out)
    manager.stop()
    return 0 if link.box_id == box_id else 1


def add_parser(sub) -> None:
    b = sub.add_parser("buzzers", help="buzzer boxes: list, monitor, emulate, set-id")
    bs = b.add_subparsers(dest="buzzers_command", required=True)
    for name, text in (
        ("list", "ports, boxes, ids, firmware, stations, latency mode"),
        ("monitor", "live events with device and host times, clock, errors"),
    ):
        p = bs.add_parser(name, help=text)
        p.add_argument("--port", action="append", default=[], help="also try this port")
        if name == "monitor":
            p.add_argument("--seconds", type=float, help="stop after this long")
    e = bs.add_parser("emulate", help="simulated boxes the arcade finds (simavr, else a Python fake)")
    e.add_argument("--boxes", type=int, default=2)
    e.add_argument("--python", action="store_true", help="the Python fake even if simavr is built")
    e.add_argument("--ppm", type=float, action="append", help="clock error per box (repeatable)")
    e.add_argument("--seconds", type=float, help="run this long without reading commands")
    s = bs.add_parser("set-id", help="give the box on PORT a new id (stored in its EEPROM)")
    s.add_argument("port")
    s.add_argument("box_id", type=lambda v: int(v, 0))


def run(args) -> int:
    if args.buzzers_command == "list":
        return cmd_list(args.port)
    if args.buzzers_command == "monitor":
        return cmd_monitor(args.port, args.seconds)
    if args.buzzers_command == "emulate":
        return cmd_emulate(args.boxes, args.python, args.ppm or [0.0], args.seconds)
    return cmd_set_id(args.port, args.box_id)

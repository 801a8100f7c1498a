"""Shared by the hardware tests: a manager over given ports, and waiting."""

from __future__ import annotations

import time

from game.hardware.manager import BuzzerManager
from game.input.events import EventQueue

from ..waiting import NET_S, wait_for


class Table:
    """A manager watching a mutable list of ports, and its event queue."""

    def __init__(self, ports: list[str], assignment: dict[str, int] | None = None) -> None:
        self.ports = list(ports)
        self.queue = EventQueue()
        self.manager = BuzzerManager(
            self.queue, assignment or {}, find=lambda: [(p, "test") for p in self.ports], scan_every=0.1
        )
        self.manager.start()

    def ready(self, count: int, synced: bool = True, timeout: float = NET_S) -> None:
        def done():
            links = self.manager.ready_links()
            return len(links) >= count and (not synced or all(lk.sync.ready for lk in links))

        wait_for(done, timeout, f"{count} synced boxes")

    def converged(self, bound_ns: int, ahead_ns: int = 1_000_000_000, timeout: float = 2 * NET_S) -> None:
        """Waits until every box's clock bound, for a time ahead_ns from now
        (when the test's presses will land), is under bound_ns: offset pinned
        and drift measured. A slow machine loses more exchanges as too wide,
        so the wait is generous; the test's claims come after it."""

        def done():
            later = time.monotonic_ns() + ahead_ns
            return all(lk.sync.ready and lk.sync.bound_ns(later) < bound_ns for lk in self.manager.ready_links())

        wait_for(done, timeout, f"clock bounds under {bound_ns / 1e3:.0f} us")

    def link(self, box_id: int):
        return next(lk for lk in self.manager.ready_links() if lk.box_id == box_id)

    def presses(self, count: int, timeout: float = NET_S) -> list:
        got: list = []

        def enough():
            got.extend(ev for ev in self.queue.drain() if ev.pressed)
            return len(got) >= count

        try:
            wait_for(enough, timeout, f"{count} presses")
        except AssertionError as exc:
            raise AssertionError(f"{exc}; got {sorted((ev.device, ev.control) for ev in got)}") from None
        return got

    def notices(self) -> list[str]:
        out = []
        while not self.manager.notices.empty():
            out.append(self.manager.notices.get())
        return out

    def close(self) -> None:
        self.manager.stop()

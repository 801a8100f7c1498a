"""A minimal table without pygame: owns a game state, applies the phones'
choices and the bots' moves, publishes the views. The tests and the bench
play whole games with it; in the arcade `TableScene` does the same through
`PhoneTable` (game/web/README.md), with the save, the curtain and the screen.
"""

from __future__ import annotations

import threading
import time

from ..engine import SYSTEM, GameState, IllegalAction, Rng
from ..engine.bots import Bot
from ..input.events import EventQueue, PlayerEvent
from .bridge import PhoneTable


class MiniTable:
    def __init__(
        self,
        state: GameState,
        names: list[str],
        server,
        events: EventQueue,
        bots: dict[int, Bot] | None = None,
        phone_seats: list[int] | None = None,
        tick_s: float = 0.002,
        seed: int = 0,
    ) -> None:
        self.state = state
        self.names = names
        self.server = server
        self.events = events
        self.bots = dict(bots or {})
        seats = phone_seats if phone_seats is not None else [s for s in range(state.num_seats) if s not in self.bots]
        self.phones = PhoneTable(server, names, seats, self._note)
        self.tick_s = tick_s
        self.rng = Rng(seed)
        self.applied: list[tuple[int, dict, int]] = []  # (seat, action, host ns applied)
        self.refused: list[tuple[int, dict, str]] = []
        self.other: list[PlayerEvent] = []  # presses and anything not a choice
        self.published: dict[int, list[dict]] = {s: [] for s in seats}  # what each seat was sent, in order
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.failure: BaseException | None = None

    def _note(self, seat: int, view: dict) -> None:
        self.published.setdefault(seat, []).append(view)

    def submit(self, seat: int, action) -> str | None:
        """Apply `action`: its refusal (the rule), or None when applied."""
        try:
            self.state.apply(seat, action)
        except IllegalAction as exc:
            self.refused.append((seat, action, exc.rule))
            return exc.rule
        self.applied.append((seat, action, time.monotonic_ns()))
        return None

    def step(self) -> None:
        """One tick: the queue, then one bot move, then the views."""
        with self._lock:
            for ev in self.events.drain():
                if not self.phones.take(ev, self.submit):
                    self.other.append(ev)
            state = self.state
            for seat in state.actors():
                if seat in self.bots and not state.is_over():
                    self.submit(seat, self.bots[seat].choose(state.clone(), seat, Rng(self.rng.next64())))
                    break
            self.phones.refresh(self.state)

    def start(self) -> MiniTable:
        self.step()

        def run() -> None:
            try:
                while not self._stop.is_set():
                    self.step()
                    time.sleep(self.tick_s)
            except BaseException as exc:
                self.failure = exc

        self._thread = threading.Thread(target=run, name="mini table", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        if self.failure is not None:
            raise self.failure

    def actors(self) -> list[int]:
        with self._lock:
            return [s for s in self.state.actors() if s != SYSTEM]

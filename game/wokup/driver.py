"""A Wok Up table running in game time: the one loop the scene and the simulator share.

Wok Up's rules wait for the world: a throw's outcome comes from the pymunk
table, a look ends when its time is up, a winner who does not pick is picked
for after a timeout, and bots claim when their reflexes let them. The driver
is that world, and nothing else (no pygame): `run_until(t)` plays every event
due by game time `t` (ns) in order, stepping the physics through a flight
and applying each outcome through the `apply` callback the owner gives it.

* The scene calls `advance(dt)` once per fixed step, so throws fly in real
  time; human presses reach the rules from the scene, stamped with their time.
* The simulator calls `run_until(math.inf)`: the same events, as fast as the
  machine allows; bots' claims arrive after a random delivery delay (as from
  buzzer boxes), and the rules order them by their time, not by arrival.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.engine import SYSTEM
from game.engine.rng import Rng

from .bots import ReflexBot
from .rules import MS, Phase, WokUpState, _timing
from .table import Table, throw_rng

RESOLVE_LATE_MS = 40  # wait this long after a window closes for late deliveries (buzzer latency)


class Driver:
    def __init__(
        self,
        state: Callable[[], WokUpState],
        apply: Callable[[int, dict], object],
        players: dict[int, ReflexBot],
        seed: int,
        delivery: Callable[[Rng], int] | None = None,
    ) -> None:
        self.state = state  # the current state (the owner may replace it: resume, undo)
        self.apply = apply  # (seat, action): the owner applies, saves, animates
        self.players = players  # seat -> bot, for the seats bots play
        self.rng = Rng(seed ^ 0x5CE7E)
        self.delivery = delivery  # ns a bot's claim takes to reach the table; None: at once
        self.table = Table()
        self.now = float(state().now)  # game time, ns
        self.throwing: int | None = None  # the log length of the throw the physics runs
        self.signal_ns = 0
        self._plan_key: tuple | None = None
        self._pending: list[tuple[float, int, int, dict]] = []  # (arrival, t, seat, action)

    # ---- for the owner -----------------------------------------------------------
    def flying(self) -> bool:
        """The physics is running the throw now in the air (draw its tokens from `table`)."""
        s = self.state()
        return s.phase == Phase.FLIGHT and self.throwing == len(s.log)

    def hold_bots(self) -> None:
        """The bots stop claiming (a screenshot moment that belongs to a human)."""
        self.players = {}
        self._pending = []

    def set_player(self, seat: int, bot: ReflexBot | None) -> None:
        """A bot takes a seat (from the next look), or None gives it back at once."""
        if bot is not None:
            self.players[seat] = bot
            return
        self.players.pop(seat, None)
        self._pending = [p for p in self._pending if p[2] != seat]

    def advance(self, dt_ns: float) -> None:
        self.run_until(self.now + dt_ns)

    def run_until(self, t: float) -> None:
        """Play every event due by game time `t` (math.inf: to the end)."""
        while True:
            s = self.state()
            if s.is_over() or s.paused:
                if math.isfinite(t) and not s.paused:
                    self.now = max(self.now, t)
                return
            if s.phase == Phase.FLIGHT:
                if not self._fly(s, t):
                    return
                continue
            due, event = self._next_event(s)
            if due > t:
                self.now = max(self.now, t)
                return
            self.now = max(self.now, due)
            progress = (len(s.log), len(self._pending))
            event()
            if (len(self.state().log), len(self._pending)) == progress:
                return  # the owner refused it (a bug elsewhere): wait for the next step rather than spin

    # ---- the flight --------------------------------------------------------------
    def _fly(self, s: WokUpState, t: float) -> bool:
        """Step the physics up to `t`; True once the throw settled (and was applied)."""
        if self.throwing != len(s.log):
            self.throwing = len(s.log)
            self.table.load(s.table)
            self.table.throw([tuple(f) for f in s.flight], s.num_seats, throw_rng(s.seed, len(s.log)))
            self.signal_ns = s.now
        table = self.table
        while not table.settled() and self.signal_ns + (table.time + table.dt) * 1e9 <= t:
            table.step()
        if not table.settled():
            self.now = max(self.now, t)
            return False
        self.now = max(self.now, self.signal_ns + table.time * 1e9)
        self._system({"type": "settle", "tokens": table.outcome()})
        return True

    # ---- looks and picks ------------------------------------------------------------
    def _next_event(self, s: WokUpState) -> tuple[float, Callable[[], None]]:
        if s.phase == Phase.PICK:
            return self._pick_event(s)
        self._plan(s)
        events = []
        if self._pending:
            events.append((self._pending[0][0], self._deliver))
        if s.claims:
            events.append((s.window_end() + RESOLVE_LATE_MS * MS, lambda: self._system({"type": "resolve"})))
        else:
            nxt = s.legal_actions(SYSTEM)[0]  # the signal, or a dead round's clear
            events.append((nxt["t"], lambda: self._system(dict(nxt))))
        return min(events, key=lambda e: e[0])

    def _plan(self, s: WokUpState) -> None:
        """At each new look, every bot plans its claims from what its seat sees."""
        key = (s.round, s.look_start)
        if key == self._plan_key:
            return
        self._plan_key = key
        plans = [
            (a["t"], seat, a) for seat, bot in self.players.items() for a in bot.plan(s.observation(seat), self.rng)
        ]
        self._pending = sorted(
            ((t + (self.delivery(self.rng) if self.delivery else 0), t, seat, a) for t, seat, a in plans),
            key=lambda p: (p[0], p[1], p[2]),
        )

    def _deliver(self) -> None:
        _arrival, t, seat, action = self._pending.pop(0)
        s = self.state()
        late = s.claims and t >= s.window_end()
        if seat in s.actors() and not late:
            self.apply(seat, action)

    def _pick_event(self, s: WokUpState) -> tuple[float, Callable[[], None]]:
        seat = s.picks[0]["seat"]
        if seat in self.players:
            bot = self.players[seat]

            def pick() -> None:
                action = dict(bot.choose(s, seat, self.rng))
                action["t"] = max(int(self.now), s.now)
                self.apply(seat, action)

            return s.pick_start + bot.think_delay * 1e9, pick
        timeout = s.pick_start + _timing("pick_timeout_ms")
        return timeout, lambda: self._system(dict(self.rng.choice(s.legal_actions(SYSTEM)[:-1])))  # not the pause

    def _system(self, action: dict) -> None:
        s = self.state()
        action["t"] = max(int(self.now), s.now, action.get("t", 0))
        self.apply(SYSTEM, action)

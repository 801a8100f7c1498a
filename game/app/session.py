"""A game being played: its state, its seats, its bots and its save.

Everything a player does goes through `Session.apply`, which applies the
action to the rules, records who did what (for "what the last player did"),
and saves the game at once. Bots think on a worker thread so the screen
never stalls; their move shows after the configured "thinking" delay.
"""
from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass

from ..engine import SYSTEM, GameState, IllegalAction, Rng
from ..engine.gamedef import GameDef
from .saves import SaveStore

CHEF_NAMES = ["Ana", "Bao", "Chloé", "Diego", "Emma", "Farid", "Gus", "Hana", "Inès", "Jun"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]


@dataclass
class SeatConfig:
    name: str
    colour: str
    kind: str = "human"  # "human" or "bot"
    level: str = "random"  # bot level, from the game's GameDef.bots
    controller: str | None = None  # device id ("keyboard-1", "gamepad-3", "touch", ...)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


def default_seats(n: int, levels: list[str]) -> list[SeatConfig]:
    strongest = levels[-1] if levels else "random"
    zones = ["keyboard-1", "keyboard-2", "keyboard-3"]
    return [
        SeatConfig(CHEF_NAMES[i], COLOURS[i], "human" if i == 0 else "bot", strongest,
                   zones[i] if i < len(zones) else "touch")
        for i in range(n)
    ]


class BotRunner:
    """One worker thread; a bot's choice is applied only if the game has not moved on."""

    def __init__(self, session: "Session") -> None:
        self.session = session
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self.job: tuple[int, int, Future, float] | None = None  # seat, log length, future, due
        self.bots = {s: session.gdef.make_bot(cfg.level)
                     for s, cfg in enumerate(session.seats) if cfg.is_bot}
        self.rng = Rng(session.seed ^ 0xB07)

    def update(self, now: float, delay: float) -> None:
        state = self.session.state
        if state.is_over():
            return
        if self.job is not None:
            seat, length, fut, due = self.job
            if len(state.log) != length:
                self.job = None  # the game moved on (another seat acted): think again
            elif fut.done() and now >= due:
                self.job = None
                action = fut.result()
                self.session.apply(seat, action)
            return
        for seat in state.actors():
            if seat in self.bots:
                snapshot = state.clone()
                bot, rng = self.bots[seat], Rng(self.rng.next64())
                fut = self.pool.submit(bot.choose, snapshot, seat, rng)
                self.job = (seat, len(state.log), fut, now + delay)
                return

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


class Session:
    def __init__(self, gdef: GameDef, seats: list[SeatConfig], options: dict | None, seed: int,
                 saves: SaveStore | None, state: GameState | None = None) -> None:
        self.gdef = gdef
        self.seats = seats
        self.options = dict(options or {})
        self.seed = seed
        self.saves = saves
        self.state = state or gdef.state_cls(len(seats), self.options, seed)
        self.last: tuple[int, object] | None = None  # the last (seat, action)
        self.bots = BotRunner(self)
        self.error = ""  # the last refused action's rule, for the screen

    @classmethod
    def resume(cls, doc: dict, saves: SaveStore, entry_gdef: GameDef) -> "Session":
        seats = [SeatConfig(**s) for s in doc["seats"]]
        state = entry_gdef.state_cls.replay(len(seats), doc["options"], doc["seed"], doc["log"])
        session = cls(entry_gdef, seats, doc["options"], doc["seed"], saves, state)
        if state.log:
            session.last = (state.log[-1]["seat"], state.log[-1]["action"])
        return session

    def humans(self) -> list[int]:
        return [s for s, cfg in enumerate(self.seats) if not cfg.is_bot]

    def apply(self, seat: int, action) -> bool:
        """Apply and save; an illegal action is refused with its rule shown, never fatal."""
        try:
            self.state.apply(seat, action)
        except IllegalAction as exc:
            self.error = exc.rule if not exc.detail else f"{exc.rule}: {exc.detail}"
            return False
        self.error = ""
        if seat != SYSTEM:
            self.last = (seat, action)
        self.save()
        return True

    def undo(self, seat: int) -> bool:
        if not self.state.can_undo(seat):
            return False
        self.state = self.state.undone()
        self.bots.job = None
        self.save()
        return True

    def save(self) -> None:
        if self.saves is None:
            return
        if self.state.is_over():
            self.saves.clear()
            return
        self.saves.write({
            "game": self.gdef.id,
            "seats": [asdict(s) for s in self.seats],
            "options": self.options,
            "seed": self.seed,
            "log": self.state.log,
            "saved_at": time.time(),
        })

    def close(self) -> None:
        self.bots.close()

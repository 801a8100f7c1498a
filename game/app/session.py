"""A game being played: its state, its seats, its bots and its save.

Everything a player does goes through `Session.apply`, which applies the
action to the rules, records who did what (for "what the last player did"),
and saves the game at once. Bots think in a worker process
(game/engine/botpool.py) so the screen never stalls; their move shows after
the configured "thinking" delay.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future
from dataclasses import asdict, dataclass

from .. import i18n
from ..engine import SYSTEM, GameState, IllegalAction, Rng, botpool
from ..engine.bots import Bot
from ..engine.gamedef import GameDef
from ..engine.history import History
from ..media.cues import Moment, moment
from .per_version import PerVersion
from .saves import SaveStore, new_id

log = logging.getLogger(__name__)
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


def default_seats(n: int, levels: list[str], level: str = "") -> list[SeatConfig]:
    """Seat 0 a human on keyboard 1, the others bots of `level` (the strongest if "")."""
    level = level or (levels[-1] if levels else "random")
    zones = ["keyboard-1", "keyboard-2", "keyboard-3"]
    return [
        SeatConfig(
            CHEF_NAMES[i], COLOURS[i], "human" if i == 0 else "bot", level, zones[i] if i < len(zones) else "touch"
        )
        for i in range(n)
    ]


class BotRunner:
    """Plays the bot seats of a turn-based game. Each choice is thought out away
    from the frame loop, in the bot worker process (game/engine/botpool.py; at
    once, inline, for a game without a package: a test's toy), and applied
    after the "thinking" delay, only if the game has not moved on meanwhile.
    A bot that fails (a bug, a dead worker) is logged and a random legal move
    is played instead: the table goes on."""

    def __init__(self, session: Session, executor: Executor | None = None) -> None:
        self.session = session
        self.levels = {s: cfg.level for s, cfg in enumerate(session.seats) if cfg.is_bot}
        self.executor = executor or (None if session.gdef.module else botpool.Inline())
        self.job: tuple[int, int, Future, float] | None = None  # seat, log length, future, due
        self.rng = Rng(session.seed ^ 0xB07)
        self.token = botpool.token()  # this game's, for the worker

    def _think(self, state: GameState, seat: int, rng_state: int) -> Future:
        gdef, level = self.session.gdef, self.levels[seat]
        if self.executor is None:
            return botpool.submit(gdef.module, level, seat, rng_state, self.token, state)
        return self.executor.submit(gdef.make_bot(level).choose, state.clone(), seat, Rng(rng_state))

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
                action = self._result(fut, state, seat)
                if action is not None:
                    self.session.apply(seat, action)
            return
        for seat in state.actors():
            if seat in self.levels:
                self.job = (seat, len(state.log), self._think(state, seat, self.rng.next64()), now + delay)
                return

    def _result(self, fut: Future, state: GameState, seat: int):
        """The bot's action; None: think again (the worker refused the job; it gets the whole log next)."""
        try:
            return fut.result()
        except botpool.Stale as exc:
            log.warning("%s; it is sent the whole log", exc)
            botpool.forget()
            return None
        except BrokenExecutor:
            log.error("the bot worker died; starting a new one")
            botpool.restart()
        except Exception:
            log.exception("bot %s for seat %d failed; it plays a random move", self.levels[seat], seat)
        return state.sample_action(seat, Rng(self.rng.next64()))

    def stand_in(self, seat: int, level: str | None) -> None:
        """A bot of `level` plays `seat` (a human walked away, kiosk mode); None gives it back."""
        if level is not None:
            self.levels[seat] = level
        elif self.levels.pop(seat, None) is not None and self.job is not None and self.job[0] == seat:
            self.close()  # the player is back: the bot's pending move is not played

    def bot_for(self, seat: int) -> Bot | None:
        return self.session.gdef.make_bot(self.levels[seat]) if seat in self.levels else None

    def close(self) -> None:
        if self.job is not None and self.job[2].cancel():  # not started: the worker need not think of it
            botpool.forget()  # nor did it get the entries sent with it
        self.job = None


class Session:
    def __init__(
        self,
        gdef: GameDef,
        seats: list[SeatConfig],
        options: dict | None,
        seed: int,
        saves: SaveStore | None,
        state: GameState | None = None,
        save_id: str | None = None,
    ) -> None:
        self.gdef = gdef
        self.seats = seats
        self.options = dict(options or {})
        self.seed = seed
        self.saves = saves
        # This game's own save file, and its identity wherever a game is told from another
        # (kept when it resumes; never id(session): Python gives that to a later game).
        self.save_id = save_id or new_id()
        self.state = state or gdef.state_cls(len(seats), self.options, seed)
        self.last: tuple[int, object] | None = None  # the last (seat, action)
        # Turn-based games' bots; a real-time game's scene drives its own (Wok Up's driver).
        self.bots = None if gdef.realtime else BotRunner(self)
        self._held_bots = self.bots  # the bots while hold_bots keeps them back
        # Told of every applied action, the bots' too, but a secret step (`secret_step`:
        # the table hears nothing of it): (seat, action, the state before as a cue
        # Moment). The table scene listens (sounds, motion); nothing is computed
        # without a listener.
        self.listener: Callable[[int, object, Moment], None] | None = None
        self.demo = False  # an attract-mode demo: never saved, never counted
        self.stats_ref: str | None = None  # its record in the kiosk's statistics, kept in the save
        # What the scene keeps of its moments beyond the log, for the replay (GameDef.clip).
        self.clips: list[dict] = []
        self._history = History()  # the log in words (game/engine/history.py)
        self._told = 0  # the log entries told in it
        self._lines_language = i18n.language()
        self._moment = PerVersion()  # the public moment of the state's version (`moment`)

    @classmethod
    def resume(cls, doc: dict, saves: SaveStore | None, entry_gdef: GameDef, save_id: str | None = None) -> Session:
        seats = [SeatConfig(**s) for s in doc["seats"]]
        state = entry_gdef.state_cls.replay(len(seats), doc["options"], doc["seed"], doc["log"])
        session = cls(entry_gdef, seats, doc["options"], doc["seed"], saves, state, save_id)
        session.stats_ref = doc.get("stats_ref")
        session.clips = list(doc.get("clips") or [])
        if state.log:
            session.last = (state.log[-1]["seat"], state.log[-1]["action"])
        return session

    def humans(self) -> list[int]:
        return [s for s, cfg in enumerate(self.seats) if not cfg.is_bot]

    def names(self) -> list[str]:
        return [cfg.name for cfg in self.seats]

    def history(self) -> list[dict]:
        """Every action of the game in words (the rules' `describe`), oldest first,
        as {"seat", "text"}; SYSTEM entries are the table's own events."""
        if self._lines_language != i18n.language() or self._told != len(self.state.log):
            self._retell()
        return self._history.lines

    def _retell(self) -> None:
        """Tell the whole log again (after a language change, an undo, a resume)."""
        state = self.gdef.state_cls(len(self.seats), self.options, self.seed)
        names, self._history, self._told = self.names(), History(), 0
        for entry in self.state.log:
            state.apply(entry["seat"], entry["action"], scratch=True)
            self._tell(state, entry["seat"], entry["action"], names)
        self._lines_language = i18n.language()

    def _tell(self, state: GameState, seat: int, action, names: list[str]) -> None:
        """The history's line of `action`, just applied to `state` (one line per
        choice, none for a secret step: game/engine/history.py)."""
        self._told += 1
        self._history.tell(state, seat, action, names)

    def moment(self) -> Moment:
        """The state's public moment (game/media/cues.py), computed once per state version:
        a move's moment after is the next move's moment before (game/app/per_version.py)."""
        return self._moment.get(self.state, lambda: moment(self.state))

    def apply(self, seat: int, action) -> str | None:
        """Apply and save. An illegal action is refused, never fatal: the refusal (its
        rule, for the screen) is returned; None when the action was applied."""
        before = self.moment() if self.listener is not None else None
        try:
            self.state.apply(seat, action)
        except IllegalAction as exc:
            return exc.rule if not exc.detail else f"{exc.rule}: {exc.detail}"
        if seat != SYSTEM:
            self.last = (seat, action)
        if self._told == len(self.state.log) - 1 and self._lines_language == i18n.language():
            self._tell(self.state, seat, action, self.names())
        self.save()
        if self.listener is not None and before is not None and not self.state.secret_step(seat, action):
            self.listener(seat, action, before)
        return None

    def undo(self, seat: int) -> bool:
        if not self.state.can_undo(seat):
            return False
        self.state = self.state.undone()
        if self.bots is not None:
            self.bots.job = None
        self.save()
        return True

    def end_kept(self) -> bool:
        """Over, and its save's removal on disk (or it has no save). Only then is the
        end told (the results, the statistics, the hall of fame): killed before, the
        arcade comes back to the game unfinished and unrecorded, never to a finished one."""
        return self.state.is_over() and (self.saves is None or self.saves.settled(self.save_id))

    def save(self) -> None:
        """The game's save, after every action; a finished game's is removed instead
        (a finished state is never written as a resumable save)."""
        if self.saves is None or self.demo:
            return
        if self.state.is_over():
            self.saves.delete(self.save_id)
            return
        self.saves.write(
            self.save_id,
            {
                "game": self.gdef.id,
                "seats": [asdict(s) for s in self.seats],
                "options": self.options,
                "seed": self.seed,
                "log": self.state.log,
                "saved_at": time.time(),
                "stats_ref": self.stats_ref,
                "clips": self.clips,
            },
        )

    def hold_bots(self, held: bool) -> None:
        """Keep every bot from playing (a guided game's steps are the player's), or let them play again."""
        if held:
            self._held_bots, self.bots = self.bots, None
        else:
            self.bots = self._held_bots

    def bot_for(self, seat: int) -> Bot | None:
        """The bot playing `seat`, or None for a human seat (or a real-time game)."""
        return self.bots.bot_for(seat) if self.bots is not None else None

    def close(self) -> None:
        if self.bots is not None:
            self.bots.close()

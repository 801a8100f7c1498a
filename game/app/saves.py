"""Unfinished games, saved after every action so nothing is ever lost.

A save is a game's seed, options, seats and action log (the log is the save,
as in boardgame.io); resuming replays it. Every unfinished game keeps its own
file, `saves/<id>.json` in the user's data folder, so starting a new game
never replaces another.

Writing leaves the frame thread: `write` hands the text to one writer thread
and returns. The writer keeps only the newest text of each file, writes it to
a temporary file, fsyncs it, renames it over the old one and fsyncs the folder:
killed at any moment (kill -9, a power cut) a save is the previous action's or
this one's, never half of one.

Reading checks every field against `Save` (msgspec, game/schema.py) once: a
file that does not fit (a wrong type, truncated, nested too deep) is kept aside
as `<name>.json.broken`, logged and reported, never deleted, and the other
saves are offered as usual.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import threading
import time
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from .. import schema
from ..userdirs import atomic_write, data_dir

log = logging.getLogger(__name__)


YEAR_3000 = 32_503_680_000  # 1 January 3000: time.localtime shows it on every platform (Windows: to 3001)


class SavedSeat(msgspec.Struct):
    """A seat as `session.SeatConfig` keeps it."""

    name: str
    colour: str
    kind: Literal["human", "bot"] = "human"
    level: str = "random"
    controller: str | None = None


class LogEntry(msgspec.Struct):
    seat: int
    action: Any  # each game's own; its rules refuse what they cannot replay


class Save(msgspec.Struct):
    """A saved game as `Session.save` writes it. Unknown keys are ignored: a
    save of a newer version still resumes."""

    game: str
    seats: list[SavedSeat]
    options: dict[str, Any]
    seed: int
    log: list[LogEntry]
    saved_at: Annotated[float, msgspec.Meta(ge=0, le=YEAR_3000)] = 0.0  # time.time() of the last action
    stats_ref: str | None = None  # its record in the kiosk's statistics
    # What its scene kept of its moments (GameDef.clip), for its replay: checked where played.
    clips: Annotated[list[dict[str, Any]], msgspec.Meta(max_length=500)] = []


class Writer:
    """One thread writing files for the whole arcade; the newest text of a file wins."""

    def __init__(self) -> None:
        self._pending: dict[Path, str | None] = {}  # None: delete the file
        self._cond = threading.Condition()
        self._busy = 0
        self._writing: Path | None = None  # the file being written or removed now
        self.problem = ""  # the last write that failed, for the screen
        threading.Thread(target=self._run, name="save-writer", daemon=True).start()

    def put(self, path: Path, text: str | None) -> None:
        with self._cond:
            self._pending[path] = text
            self._cond.notify_all()

    def settled(self, path: Path) -> bool:
        """Whether everything handed over for `path` is on disk (nothing waits, nothing in hand)."""
        with self._cond:
            return path not in self._pending and path != self._writing

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything handed over is on disk (quitting, tests)."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._pending or self._busy:
                if not self._cond.wait(max(0.0, end - time.monotonic())):
                    return False
        return True

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending:
                    self._cond.wait()
                path, text = next(iter(self._pending.items()))
                del self._pending[path]
                self._busy += 1
                self._writing = path
            try:
                if text is None:
                    path.unlink(missing_ok=True)
                else:
                    atomic_write(path, text)
            except OSError as exc:
                self.problem = f"{path}: {exc.strerror or exc}"
                log.error("could not write %s: %s", path, exc)
            finally:
                with self._cond:
                    self._busy -= 1
                    self._writing = None
                    self._cond.notify_all()


_WRITER: Writer | None = None
_WRITER_LOCK = threading.Lock()


def writer() -> Writer:
    global _WRITER
    with _WRITER_LOCK:
        if _WRITER is None:
            _WRITER = Writer()
        return _WRITER


def new_id() -> str:
    """A save's name: when it started, and a few random letters."""
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)


class SaveStore:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir() / "saves"

    def path(self, save_id: str) -> Path:
        return self.folder / f"{save_id}.json"

    def write(self, save_id: str, doc: dict) -> None:
        writer().put(self.path(save_id), json.dumps(doc))

    def delete(self, save_id: str) -> None:
        writer().put(self.path(save_id), None)

    def flush(self, timeout: float = 10.0) -> bool:
        return writer().flush(timeout)

    def settled(self, save_id: str) -> bool:
        """Whether this save's last write or removal is on disk."""
        return writer().settled(self.path(save_id))

    @property
    def problem(self) -> str:
        return writer().problem

    def read(self, save_id: str) -> dict:
        """One saved game, every field checked; raises SchemaError naming the
        file, the field and the problem if it does not fit `Save`."""
        return msgspec.to_builtins(schema.read_json(self.path(save_id), Save))

    def unfinished(self) -> tuple[list[tuple[str, dict]], list[str]]:
        """Every readable save, newest first, and a message for each damaged one
        (which is set aside as `<name>.json.broken`)."""
        self.flush()
        old = self.folder.parent / "current-game.json"  # the one save slot of earlier versions
        if old.exists():
            self.folder.mkdir(parents=True, exist_ok=True)
            os.replace(old, self.path("earlier-" + new_id()))
        games, problems = [], []
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []:
            try:
                games.append((path.stem, self.read(path.stem)))
            except schema.SchemaError as exc:
                aside = self.set_aside(path.stem, str(exc))
                kept = f"it was kept as {aside.name}" if aside != path else "it could not be moved aside (see the log)"
                problems.append(f"{exc}. This saved game is damaged: {kept}.")
        games.sort(key=lambda g: g[1]["saved_at"], reverse=True)
        return games, problems

    @staticmethod
    def report(app, problems: list[str]) -> None:
        """One notice for the saves set aside: the problem, or how many and the last
        (each one is in the log)."""
        if len(problems) > 1:
            app.say(
                f"{len(problems)} saved games could not be used and were kept as .broken (see the log). {problems[-1]}",
                12,
            )
        elif problems:
            app.say(problems[0], 10)

    def set_aside(self, save_id: str, problem: str = "") -> Path:
        """Keep a damaged save for inspection instead of deleting it (logged)."""
        return schema.set_aside(self.path(save_id), problem)

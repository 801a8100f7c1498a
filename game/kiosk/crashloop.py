"""Crash-loop bookkeeping: did the last run end cleanly, and are we looping?

A kiosk restarted by systemd resumes the game that was running (the save is
written after every action). That is right after one crash and wrong after a
crash *caused by* that game: resuming it would crash again, forever. So each
start is written down in a small JSON file in the data folder:

* `Starts.record_start()` is called once at start-up. If the previous run never
  wrote its clean-shutdown mark, the previous run **crashed** — whatever the
  cause: an uncaught exception, ``kill -9``, the watchdog killing a frozen loop,
  a power cut. (A scene's exception caught by ``App.recover()`` is not a crash
  here: the process goes on, the title screen comes back.) Its `StartCheck`
  says whether the previous run crashed and whether this start must **fall
  back**: `limit` crashes (3) within `window` seconds (60) → start in attract
  mode with the save set aside, not resumed. Falling back clears the count: the
  cause has been removed, a later crash counts afresh.
* `Starts.mark_clean_shutdown()` is called when the arcade ends on purpose
  (quit, SIGTERM from ``systemctl stop``, SIGINT from Ctrl-C: both end the
  frame loop like quit, game/app/app.py): the next start is not a crash.

The clock is injectable (wall-clock seconds: the times must mean the same
across processes). A damaged or unreadable file never stops the arcade: it
counts as no history, with a logged warning.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import msgspec

from .. import schema
from ..userdirs import atomic_write

log = logging.getLogger(__name__)

FILE_NAME = "kiosk-starts.json"


class Running(msgspec.Struct):
    since: float  # time.time() of the start
    pid: int = 0


class StartsFile(msgspec.Struct):
    """The file's schema (game/schema.py)."""

    running: Running | None = None  # the run in progress; still there at the next start: it crashed
    crashes: list[float] = msgspec.field(default_factory=list)


@dataclass(frozen=True)
class StartCheck:
    crashed: bool  # the previous run ended without its clean-shutdown mark
    recent_crashes: int  # crashes within the window, this one included
    fall_back: bool  # a crash loop: do not resume, set the save aside, attract mode
    previous_start: float | None = None  # when the crashed run had started (wall clock)

    def describe(self, window: float = 60.0) -> str:
        """A line for the statistics and the log."""
        if self.fall_back:
            return (
                f"crash loop: {self.recent_crashes} crashes within {window:g} s; "
                "the saved game was set aside, starting in attract mode"
            )
        if self.crashed:
            return "the previous run ended without a clean shutdown (crash, kill or watchdog)"
        return "clean start"


class Starts:
    def __init__(
        self, path: Path, clock: Callable[[], float] = time.time, window: float = 60.0, limit: int = 3
    ) -> None:
        self.path = Path(path)
        self.clock = clock
        self.window = window
        self.limit = limit

    @classmethod
    def in_dir(cls, data_dir: Path, **kw) -> Starts:
        return cls(Path(data_dir) / FILE_NAME, **kw)

    def _load(self) -> dict:
        if not self.path.exists():
            return {"running": None, "crashes": []}
        try:
            return msgspec.to_builtins(schema.read_json(self.path, StartsFile))
        except schema.SchemaError as exc:
            log.warning("%s; counting no earlier crashes", exc)
            return {"running": None, "crashes": []}

    def _save(self, doc: dict) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, json.dumps(doc))
        except OSError as exc:  # a full or read-only disk must not stop the arcade
            log.warning("cannot write %s: %s", self.path, exc)

    def record_start(self) -> StartCheck:
        """Call once at start-up, before deciding whether to resume the save."""
        now = self.clock()
        doc = self._load()
        running = doc["running"]
        crashed = running is not None
        crashes = [t for t in doc["crashes"] if now - t < self.window]
        if crashed:
            crashes.append(now)
        fall_back = len(crashes) >= self.limit
        check = StartCheck(
            crashed, len(crashes), fall_back, running.get("since") if isinstance(running, dict) else None
        )
        self._save({"running": {"since": now, "pid": os.getpid()}, "crashes": [] if fall_back else crashes})
        return check

    def mark_clean_shutdown(self) -> None:
        """Call when the arcade ends on purpose; the next start is then no crash."""
        doc = self._load()
        doc["running"] = None
        self._save(doc)

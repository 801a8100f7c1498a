"""The game in progress, saved after every action so nothing is ever lost.

The save is the game's seed, options, seats and action log (the log is the
save, as in boardgame.io); resuming replays it. It is written atomically, so
a crash mid-write leaves the previous save intact.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from ..settings import atomic_write, data_dir


class SaveStore:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "current-game.json"

    def write(self, doc: dict) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(self.path, json.dumps(doc))

    def read(self) -> dict | None:
        """The saved game, or None; raises ValueError naming the file if it is damaged."""
        if not self.path.exists():
            return None
        try:
            doc = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ValueError(f"{self.path}: the saved game is damaged ({exc})") from exc
        for key in ("game", "seats", "options", "seed", "log"):
            if not isinstance(doc, dict) or key not in doc:
                raise ValueError(f"{self.path}: the saved game has no '{key}'")
        return doc

    def set_aside(self) -> Path:
        """Keep a damaged save for inspection instead of deleting it."""
        aside = self.path.with_name(self.path.name + ".broken")
        os.replace(self.path, aside)
        return aside

    def clear(self) -> None:
        if self.path.exists():
            self.path.unlink()

"""The five games of the chooser, read from `assets/games.toml`."""
from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass

from ..engine.data import ASSETS, DataError, Field, load_entries
from ..engine.gamedef import GameDef

SCHEMA = {
    "id": Field(str),
    "title": Field(str),
    "players": Field(list, check=lambda v: len(v) == 2 and all(isinstance(x, int) for x in v) and 1 <= v[0] <= v[1] <= 6, rule="[min, max] seats from 1 to 6"),
    "minutes": Field(str),
    "pitch": Field(str),
    "module": Field(str, required=False),
}


@dataclass
class Entry:
    id: str
    title: str
    players: list[int]
    minutes: str
    pitch: str
    module: str | None
    problem: str = ""  # why a game with a module cannot be played

    _gdef: GameDef | None = None

    @property
    def gdef(self) -> GameDef | None:
        """The game's definition, or None if it is not built (or fails to load)."""
        if self.module and self._gdef is None and not self.problem:
            try:
                self._gdef = importlib.import_module(self.module).GAME
            except ModuleNotFoundError as exc:
                self.problem = "coming soon"
                if exc.name != self.module:
                    self.problem = f"{self.module}: {exc}"
                    print(f"wok-arcade: {self.title} cannot load: {exc}", file=sys.stderr)
            except Exception as exc:  # a broken game must not take the arcade down
                self.problem = f"{self.module}: {exc}"
                print(f"wok-arcade: {self.title} cannot load: {exc!r}", file=sys.stderr)
        return self._gdef

    @property
    def playable(self) -> bool:
        return self.gdef is not None


def load() -> list[Entry]:
    path = ASSETS / "games.toml"
    return [Entry(**e) for e in load_entries(path, "game", SCHEMA)]


def find(game_id: str) -> Entry:
    for e in load():
        if e.id == game_id:
            return e
    raise DataError(f"no game {game_id!r} in {ASSETS / 'games.toml'}")

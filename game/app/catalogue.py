"""The five games of the chooser, read from `assets/games.toml`."""

from __future__ import annotations

import importlib
import importlib.util
import logging
from dataclasses import dataclass

from ..engine.data import ASSETS, DataError, Field, load_entries
from ..engine.gamedef import GameDef

log = logging.getLogger(__name__)
SCHEMA = {
    "id": Field(str),
    "title": Field(str),
    "minutes": Field(str),
    "pitch": Field(str),
    "module": Field(str, required=False),
}


@dataclass
class Entry:
    id: str
    title: str
    minutes: str
    pitch: str
    module: str | None
    problem: str = ""  # why a game with a module cannot be played

    @property
    def gdef(self) -> GameDef | None:
        """The game's definition, or None if it is not built (or fails to load)."""
        if not self.module:
            return None
        if self.module not in _LOADED:
            _LOADED[self.module] = _import(self.module, self.title)
        gdef, self.problem = _LOADED[self.module]
        return gdef

    @property
    def players(self) -> tuple[int, int]:
        """The seat range: the rules' own (min_seats, max_seats), the one place it lives."""
        gdef = self.gdef
        if gdef is None:
            raise ValueError(f"{self.id} has no rules yet")
        return gdef.state_cls.min_seats, gdef.state_cls.max_seats

    @property
    def playable(self) -> bool:
        """Rules and scene both there: a game still being built is "coming soon"."""
        gdef = self.gdef
        if gdef is None:
            return False
        try:
            return importlib.util.find_spec(gdef.scene.partition(":")[0]) is not None
        except ModuleNotFoundError:
            return False


_LOADED: dict[str, tuple[GameDef | None, str]] = {}  # module -> (GameDef, problem)


def _import(module: str, title: str) -> tuple[GameDef | None, str]:
    try:
        return importlib.import_module(module).GAME, ""
    except ModuleNotFoundError as exc:
        if exc.name == module:
            return None, "coming soon"
        problem = f"{module}: {exc}"
    except Exception as exc:  # a broken game must not take the arcade down
        problem = f"{module}: {exc!r}"
    log.error("%s cannot load: %s", title, problem)
    return None, problem


def rules_only(entry: Entry) -> GameDef | None:
    """The GameDef of `game.<id>` for a game still "coming soon" in the chooser
    (rules and bots built, scene not yet): what the simulator may run."""
    if entry.module:
        return None
    gdef, _problem = _import(f"game.{entry.id}", entry.title)
    return gdef


def load() -> list[Entry]:
    path = ASSETS / "games.toml"
    return [Entry(**e) for e in load_entries(path, "game", SCHEMA)]


def find(game_id: str) -> Entry:
    for e in load():
        if e.id == game_id:
            return e
    raise DataError(f"no game {game_id!r} in {ASSETS / 'games.toml'}")


def title(game_id: str) -> str:
    """A game's title for the screen (its id if the catalogue does not know it)."""
    return next((e.title for e in load() if e.id == game_id), game_id)

"""The five games of the chooser, read from `assets/games.toml`.

Each `[[game]]` entry is checked on its own against `GameEntry` (msgspec,
game/schema.py): a broken entry makes that one game unavailable, with the file,
the entry and the problem shown in the chooser and logged; the others play.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from dataclasses import dataclass
from typing import Annotated, Any

import msgspec

from .. import schema
from ..engine.data import ASSETS, DataError
from ..engine.gamedef import GameDef

log = logging.getLogger(__name__)


class GameEntry(msgspec.Struct, forbid_unknown_fields=True):
    id: Annotated[str, msgspec.Meta(min_length=1)]
    title: str
    minutes: Annotated[str, msgspec.Meta(description='minutes in quotes, "15" or "30-45"')]
    pitch: str
    module: str | None = None  # the game's package; none yet: "coming soon"


class GamesFile(msgspec.Struct, forbid_unknown_fields=True):
    """The file around the entries, each entry checked apart (a broken one
    costs that game only)."""

    game: Annotated[list[Any], msgspec.Meta(min_length=1, description="a list of [[game]] entries")]
    translate: list[str] = msgspec.field(default_factory=list)  # keys extracted for translation (game/i18n.py)


@dataclass
class Entry:
    id: str
    title: str
    minutes: str
    pitch: str
    module: str | None
    problem: str = ""  # why a game with a module cannot be played, or what is wrong with its entry

    @property
    def gdef(self) -> GameDef | None:
        """The game's definition, or None if it is not built (or fails to load)."""
        if not self.module:
            return None
        if self.module not in _LOADED:
            _LOADED[self.module] = _import(self.module, self.title)
        gdef, self.problem = _LOADED[self.module]
        return gdef

    def require_gdef(self) -> GameDef:
        """The game's definition, where one must be there (a playable entry's)."""
        gdef = self.gdef
        if gdef is None:
            raise ValueError(f"{self.id} has no rules yet")
        return gdef

    @property
    def players(self) -> tuple[int, int]:
        """The seat range: the rules' own (min_seats, max_seats), the one place it lives."""
        gdef = self.require_gdef()
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
    """Every entry of games.toml in order; one that does not fit its schema (or
    repeats an id) is unavailable, its problem naming file and entry."""
    path = ASSETS / "games.toml"
    try:
        text = _read(path)
        games = schema.convert(schema.parse_toml(text, path.name), GamesFile, path.name, text).game
    except (OSError, UnicodeDecodeError, schema.SchemaError) as exc:  # no entry can be trusted
        _log_once(f"{path}: {exc}")
        return [_unavailable("", path.name, str(exc))]
    entries, seen = [], set()
    for i, raw in enumerate(games):
        label = raw.get("id") if isinstance(raw, dict) else None
        where = f"{path.name}: [[game]] #{i + 1}" + (f" ({label})" if isinstance(label, str) else "")
        try:
            entry = schema.convert(raw, GameEntry, where)
            if entry.id in seen:
                raise schema.SchemaError(f"{where}: 'id': {entry.id!r} is already the id of an earlier game")
        except schema.SchemaError as exc:
            _log_once(f"{path}: {exc}")
            title = raw.get("title") if isinstance(raw, dict) else None
            name = next((v for v in (title, label) if isinstance(v, str) and v), f"[[game]] #{i + 1}")
            entries.append(_unavailable(label if isinstance(label, str) else "", name, str(exc)))
            continue
        seen.add(entry.id)
        entries.append(Entry(**msgspec.structs.asdict(entry)))
    return entries


_TEXTS: dict[str, str] = {}  # games.toml as last read, kept


def _read(path) -> str:
    """games.toml's text. The chooser and every title read the catalogue: a process
    that cannot open a file just then (out of file descriptors under a flood of phone
    connections, issue 23) shows the games it read last instead of none."""
    try:
        _TEXTS[str(path)] = path.read_text(encoding="utf-8")
    except OSError:
        if str(path) not in _TEXTS:
            raise
        log.warning("%s cannot be read now; the games as read before", path)
    return _TEXTS[str(path)]


_LOGGED: set[str] = set()  # the catalogue is read often (the chooser, each title): each problem logged once


def _log_once(problem: str) -> None:
    if problem not in _LOGGED:
        _LOGGED.add(problem)
        log.error("%s", problem)


def _unavailable(game_id: str, title: str, problem: str) -> Entry:
    """A chooser row that cannot be played: no module, the problem as its words."""
    return Entry(game_id, title, "", "", None, problem)


def find(game_id: str) -> Entry:
    for e in load():
        if e.id == game_id:
            return e
    raise DataError(f"no game {game_id!r} in {ASSETS / 'games.toml'}")


def title(game_id: str) -> str:
    """A game's title for the screen (its id if the catalogue does not know it)."""
    return next((e.title for e in load() if e.id == game_id), game_id)

"""What the hall of fame keeps per game, without the database (the screens
need it before the statistics database is open; see halloffame.py). Each game
declares its kinds on its GameDef (`record_kinds`); a plain score by default."""

from __future__ import annotations

from ..engine.gamedef import SCORE, GameDef, RecordKind, find


def kinds(game: str | GameDef) -> dict[str, RecordKind]:
    """The kinds of result kept for `game` (a GameDef, or a game's id), by name."""
    gdef = find(game) if isinstance(game, str) else game
    return {k.name: k for k in (gdef.record_kinds if gdef is not None else (SCORE,))}

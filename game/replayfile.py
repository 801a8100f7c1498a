"""A replay as a small file another arcade imports and plays (JSON, versioned).

Written by `dumps`, read by `load`, which trusts nothing in it: the shape is
checked with msgspec (game/schema.py, like a save: every field's type and range,
no unknown keys, a size bound before parsing), the game must be one this arcade
has, the seats and options must set it up, every move must be legal when played
again, the game must end, and the result the file claims must be the one its
moves give; a clip (a game's scene's frames of a moment: Wok Up's instant
replay, version 2 on) must fit the game's own shape (`GameDef.clip`) and lead
to a move of the game. Anything else is refused with a `BadReplay` naming the file and
the problem, like a broken save; nothing of it is kept. The moments worth
showing are never read from a file: the importing arcade finds them again.
"""

from __future__ import annotations

import json
import tomllib
from typing import Annotated, Any, Literal

import msgspec

from . import schema
from .engine import gamedef
from .engine.data import ASSETS
from .engine.replay import FORMAT, Player, Replay, ReplayError

KIND = "wok-arcade-replay"
MAX_BYTES = 4_000_000  # a long game is ~20 kB; far beyond that is not a replay


class BadReplay(ValueError):
    """A replay file that cannot be played; str() names the file and the problem."""


class FileSeat(msgspec.Struct, forbid_unknown_fields=True):
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=40, description="a name of 1 to 40 characters")]
    colour: Annotated[str, msgspec.Meta(max_length=20, description="a colour's name")] = ""
    kind: Literal["human", "bot"] = "human"
    level: Annotated[str, msgspec.Meta(max_length=40)] | None = None


class FileMove(msgspec.Struct, forbid_unknown_fields=True):
    seat: Annotated[int, msgspec.Meta(ge=-1, le=5, description="a seat from 0 to 5, or -1 for the table")]
    action: dict[str, Any]  # the game's own; its rules refuse what they cannot play


class ReplayFile(msgspec.Struct, forbid_unknown_fields=True):
    format: Literal["wok-arcade-replay"]
    version: Annotated[int, msgspec.Meta(ge=1, description="a whole number from 1")]
    game: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    seats: Annotated[list[FileSeat], msgspec.Meta(min_length=1, max_length=6, description="1 to 6 seats")]
    options: dict[str, Any]
    seed: Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1, description="a whole number from 0 to 2^63-1")]
    log: Annotated[list[FileMove], msgspec.Meta(max_length=100_000)]
    winners: list[Annotated[int, msgspec.Meta(ge=0, le=5)]]
    scores: list[float]
    ended_at: Annotated[str, msgspec.Meta(max_length=40)] = ""
    # Each checked by the game's GameDef.clip once the game is known; none in a version 1.
    clips: Annotated[list[dict[str, Any]], msgspec.Meta(max_length=500, description="a list of 500 clips at most")] = []


def dumps(replay: Replay, winners: list[int], scores: list[float]) -> str:
    """The file's text for a replay and its result."""
    doc = {
        "format": KIND,
        "version": FORMAT,
        "game": replay.game,
        "seats": [{k: v for k, v in s.items() if v is not None} for s in replay.seats],
        "options": replay.options,
        "seed": replay.seed,
        "log": replay.log,
        "winners": [int(w) for w in winners],
        "scores": [float(v) for v in scores],
        "ended_at": replay.ended_at,
        "clips": replay.clips,
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def listed_game(game_id: str) -> gamedef.GameDef | None:
    """The game `game_id` if the catalogue (assets/games.toml) lists it with its
    package: a name from a file never makes the arcade import anything else."""
    try:
        listed = tomllib.loads((ASSETS / "games.toml").read_text(encoding="utf-8"))["game"]
    except (OSError, tomllib.TOMLDecodeError, KeyError):
        return None
    if not any(isinstance(e, dict) and e.get("id") == game_id and e.get("module") == f"game.{game_id}" for e in listed):
        return None
    return gamedef.find(game_id)


def load(data: bytes | str, source: str) -> Player:
    """The replay in `data` (a file's bytes), rebuilt and checked to its end;
    `source` names it in the message of a `BadReplay`."""
    if len(data) > MAX_BYTES:
        raise BadReplay(f"{source}: too large for a replay ({len(data)} bytes; at most {MAX_BYTES})")
    try:
        doc = schema.decode_json(data, ReplayFile, source)
    except schema.SchemaError as exc:
        raise BadReplay(str(exc)) from exc
    if doc.version > FORMAT:
        raise BadReplay(f"{source}: made by a newer arcade (replay version {doc.version}; this one reads {FORMAT})")
    gdef = listed_game(doc.game)
    if gdef is None:
        raise BadReplay(f"{source}: 'game': no game {doc.game!r} in this arcade")
    replay = Replay(
        doc.game,
        [msgspec.structs.asdict(s) for s in doc.seats],
        doc.options,
        doc.seed,
        [{"seat": m.seat, "action": m.action} for m in doc.log],
        ended_at=doc.ended_at,
        clips=_clips(doc, gdef, source),
    )
    try:
        player = Player(gdef.state_cls, replay)
    except ReplayError as exc:
        raise BadReplay(f"{source}: {exc}") from exc
    beyond = [c["at"] for c in replay.clips if c["at"] > player.length]
    if beyond:
        raise BadReplay(f"{source}: 'clips': a clip leads to move {beyond[0]}, beyond the game's {player.length}")
    end = player.final
    if not end.is_over():
        raise BadReplay(f"{source}: the game does not end: its moves stop before the end")
    if doc.winners != end.winners() or doc.scores != [float(v) for v in end.scores()]:
        raise BadReplay(f"{source}: the result it claims is not the one its moves give")
    return player


def _clips(doc: ReplayFile, gdef: gamedef.GameDef, source: str) -> list[dict]:
    """The file's clips, each checked by its game (BadReplay: one is not the game's)."""
    check = gdef.clip
    if not doc.clips:
        return []
    if check is None:
        raise BadReplay(f"{source}: 'clips': {doc.game} keeps no clips")
    for i, clip in enumerate(doc.clips):
        try:
            check(clip)
        except ValueError as exc:
            raise BadReplay(f"{source}: 'clips[{i}]': {exc}") from exc
    return list(doc.clips)

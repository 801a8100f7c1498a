"""Watching a finished game again: its states rebuilt from seed, options, seats and log.

A state replays from (seats, options, seed, log) (game/engine/state.py), and every
chance outcome the rules cannot draw themselves is in the log already (Wok Up's
throws settle through SYSTEM "settle" actions carrying where each token lay), so
a replay never re-runs physics or asks a bot. `Player` steps through one: forward
applies the next entry; back starts again from the nearest snapshot (a clone kept
every `every` moves while the replay was first built) and applies up to the move
wanted, so any move is at most `every` applies away.

Pure: no pygame, no database. A replay that does not rebuild (an edited file, a
log of another version) raises `ReplayError` naming the move and the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import history
from .state import GameState, IllegalAction

# The replay's format: stored with it, refused when newer than this code's.
# 2: clips (a game's scene's frames of a moment, GameDef.clip), absent from a 1.
FORMAT = 2


SEAT_FIELDS = {"name": "", "colour": "", "kind": "human", "level": None}


class ReplayError(ValueError):
    """A replay that cannot be rebuilt; str() says which move and why."""


@dataclass(frozen=True)
class Replay:
    """A finished game as kept: enough to rebuild every state of it."""

    game: str
    seats: list[dict]  # {"name", "colour", "kind", "level"}, as the seats screen made them
    options: dict
    seed: int
    log: list[dict]  # {"seat", "action"}
    id: str = ""
    ended_at: str = ""  # ISO 8601, local time of the cabinet
    highlights: list[dict] = field(default_factory=list)  # game/engine/highlights.py, as data
    clips: list[dict] = field(default_factory=list)  # the game's own, each with "at" (GameDef.clip)

    @property
    def names(self) -> list[str]:
        return [str(s.get("name", "")) for s in self.seats]


class Player:
    """The states of a replay, one move at a time. `position` is the number of
    log entries applied: 0 is the deal, `length` the end."""

    def __init__(self, state_cls: type[GameState], replay: Replay, every: int = 32) -> None:
        self.replay = replay
        self.every = max(1, every)
        try:
            state = state_cls(len(replay.seats), replay.options, replay.seed)
        except ValueError as exc:
            raise ReplayError(f"the game cannot be set up: {exc}") from exc
        except Exception as exc:  # an option of the wrong type tripped the deal
            raise ReplayError(f"the game cannot be set up: {type(exc).__name__}") from exc
        self.snapshots: list[GameState] = [state.clone()]
        names = replay.names
        # The moves in words, one per move (game/engine/history.py: "" for a secret
        # step); `history.told` of the first ones is what the table had been told.
        self.lines: list[dict] = []
        for i, entry in enumerate(replay.log):
            seat, action = entry["seat"], entry["action"]
            try:
                state.apply(seat, action)
            except IllegalAction as exc:
                raise ReplayError(f"move {i + 1} cannot be played: {exc}") from exc
            except Exception as exc:  # a rule tripped over a hostile action: refused the same
                raise ReplayError(f"move {i + 1} cannot be played: {type(exc).__name__}") from exc
            self.lines.append(history.line(state, seat, action, names))
            if (i + 1) % self.every == 0:
                self.snapshots.append(state.clone())
        self.final = state
        self.position = len(replay.log)
        self.state = state

    @property
    def length(self) -> int:
        return len(self.replay.log)

    @property
    def at_end(self) -> bool:
        return self.position == self.length

    def forward(self) -> bool:
        """One move on; False at the end."""
        if self.at_end:
            return False
        entry = self.replay.log[self.position]
        self.state.apply(entry["seat"], entry["action"])
        self.position += 1
        return True

    def back(self) -> bool:
        """One move back; False at the deal."""
        if self.position == 0:
            return False
        self.seek(self.position - 1)
        return True

    def seek(self, position: int) -> GameState:
        """The state after `position` moves (clamped to the replay)."""
        position = max(0, min(self.length, position))
        if position == self.length:
            self.state, self.position = self.final, position
            return self.state
        if position < self.position or position - self.position > self.every or self.state is self.final:
            snap = position // self.every
            self.state = self.snapshots[snap].clone()
            self.position = snap * self.every
        while self.position < position:
            self.forward()
        return self.state

    def to_end(self) -> GameState:
        return self.seek(self.length)

    def last_line(self) -> dict | None:
        """The move that led to the state shown, in words (None at the deal)."""
        return self.lines[self.position - 1] if self.position else None


def of_game(game: str, seats: list[Any], options: dict, seed: int, log: list[dict], **kw: Any) -> Replay:
    """A replay from a game's parts (seats as dicts or objects with name/colour/kind/level)."""
    rows = []
    for s in seats:
        get = s.get if isinstance(s, dict) else lambda k, d=None, s=s: getattr(s, k, d)
        rows.append(
            {"name": get("name", ""), "colour": get("colour", ""), "kind": get("kind", "human"), "level": get("level")}
        )
    return Replay(game, rows, dict(options), int(seed), [dict(e) for e in log], **kw)

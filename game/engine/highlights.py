"""The moments of a finished game worth showing again: each game declares them.

A game's `GameDef(highlights=fn)` is `fn(finished_state) -> list[Highlight]`,
found by replaying the state's log (`moves`) after the game, never during it:
Wok Up's claims won by a hair, We Will Wok You's biggest wok, and so on. A
highlight tells only what the table saw: it is shown to passers-by (attract
mode) and seeks the replay theatre to its move. `score` ranks moments across
games (0-100: how much a passer-by would want to see it); attract mode shows
the day's best. Its words are a template marked N_ in the game's own module,
`{p0}`, `{p1}`... the names of `seats` in order, other fields from `words`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..i18n import _
from .state import GameState

log = logging.getLogger(__name__)
S = TypeVar("S", bound=GameState)


@dataclass(frozen=True)
class Highlight:
    kind: str  # the game's own name for the kind of moment ("close-claim")
    at: int  # moves applied when the moment shows (the theatre seeks there)
    score: float  # 0-100: how worth showing
    text: str  # a template marked N_: "{p0} beat {p1} by {ms} ms"
    seats: tuple[int, ...] = ()
    words: dict[str, Any] = field(default_factory=dict)

    def as_data(self) -> dict:
        return {
            "kind": self.kind,
            "at": self.at,
            "score": self.score,
            "text": self.text,
            "seats": list(self.seats),
            "words": dict(self.words),
        }

    @classmethod
    def of(cls, data: dict) -> Highlight:
        return cls(
            str(data["kind"]),
            int(data["at"]),
            float(data["score"]),
            str(data["text"]),
            tuple(int(s) for s in data.get("seats", ())),
            dict(data.get("words", {})),
        )

    def told(self, names: list[str]) -> str:
        """In words, translated, with these names for the seats."""
        who = {f"p{i}": names[s] if 0 <= s < len(names) else "?" for i, s in enumerate(self.seats)}
        try:
            return _(self.text).format(**who, **self.words)
        except (KeyError, IndexError, ValueError):  # a translation that lost a field: the English
            return self.text.format(**who, **self.words)


def read(data: Any) -> list[Highlight]:
    """The highlights of stored data (a database row's) that can be read; a damaged
    entry is left out, never an error on the screen showing them."""
    found = []
    for item in data if isinstance(data, list) else []:
        try:
            found.append(Highlight.of(item))
        except (KeyError, TypeError, ValueError, AttributeError):
            log.warning("a stored highlight cannot be read: %.200r", item)
    return found


def moves(state: S, peek: Callable[[S, dict], Any] = lambda s, e: None) -> Iterator[tuple[int, dict, Any, S]]:
    """Each move of a game replayed from its log: (moves applied, the log entry,
    `peek(state, entry)` just before the move, the state just after it). The
    state yielded is the replay's own, live: read it, never keep it."""
    replay = type(state)(state.num_seats, state.options, state.seed)
    for i, entry in enumerate(state.log):
        before = peek(replay, entry)
        replay.apply(entry["seat"], entry["action"])
        yield i + 1, entry, before, replay


def find(scan: Callable[[Any], list[Highlight]] | None, state: GameState) -> list[Highlight]:
    """A finished game's highlights, best first; none where the game declares
    none, or where its scan fails (logged: a bug there never costs the replay)."""
    if scan is None:
        return []
    try:
        found = list(scan(state))
    except Exception:
        log.exception("finding the highlights of %s failed", state.game_id)
        return []
    return sorted(found, key=lambda h: (-h.score, h.at))

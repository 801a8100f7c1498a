"""The hall of fame: per game, the best results of the day and of all time,
with arcade-style three-letter initials; shown in attract mode.

What counts, per game (`kinds`), is the game's own declaration
(`GameDef.record_kinds`): Wok Up keeps its fastest correct slap in milliseconds
(lower is better) and the most cards won in one game; a game that declares
nothing keeps its highest score. Entries live in the statistics database (table
``hall_of_fame``, Alembic migration 0002) and go through the same `Stats`
worker: `record` never blocks or fails for the database, the queries wait at
most their timeout and answer empty when it cannot answer.

After a win the app asks `qualifies(...)` for each of the winner's results; if
any is true it shows the initials screen (three letters A–Z, picked with any
controller), then calls `record(...)`. Attract mode shows `board(game)`: every
kind's best of the day and of all time in one query. With several cabinets on
one PostgreSQL server the boards are the venue's (pass ``cabinet=`` for one).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa

from ..engine.gamedef import RecordKind
from .kinds import kinds
from .schema import hall_of_fame as hof
from .stats import Stats, _local_day, _utc

INITIALS = re.compile(r"[A-Z]{3}")


def valid_initials(text: Any) -> bool:
    """Exactly three capital letters A to Z."""
    return isinstance(text, str) and INITIALS.fullmatch(text) is not None


@dataclass(frozen=True)
class Entry:
    initials: str
    value: float
    day: date
    at: datetime  # UTC
    cabinet: str


# {kind: {"today": [...], "all_time": [...]}}, best first
Board = dict[str, dict[str, list[Entry]]]


class HallOfFame:
    def __init__(self, stats: Stats) -> None:
        self.stats = stats

    def _kind(self, game: str, kind: str) -> RecordKind:
        found = kinds(game).get(kind)
        if found is None:
            raise ValueError(f"{game} keeps no {kind!r} results (it keeps {', '.join(kinds(game))})")
        return found

    def record(
        self,
        game: str,
        kind: str,
        value: float,
        initials: str,
        when: datetime | None = None,
        *,
        game_ref: str | None = None,
    ) -> None:
        """Queue an entry. Wrong arguments (unknown kind, initials that are not
        three letters A–Z, a value that is not a finite number) raise ValueError:
        those are the caller's mistakes, not the database's."""
        self._kind(game, kind)
        if not valid_initials(initials):
            raise ValueError(f"initials are exactly three letters A-Z, not {initials!r}")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
            raise ValueError(f"a result is a finite number of zero or more, not {value!r}")
        when = when or self.stats.clock()
        row = {
            "game": game,
            "kind": kind,
            "value": float(value),
            "initials": initials,
            "at": _utc(when),
            "day": _local_day(when),
            "cabinet": self.stats.cabinet,
            "game_ref": game_ref,
        }
        self.stats.write(lambda conn: conn.execute(hof.insert().values(row)), f"hall of fame {game} {kind}")

    def best(
        self, game: str, kind: str, day: date | None = None, limit: int = 5, *, cabinet: str | None = None, **kw
    ) -> list[Entry]:
        """The best `limit` entries, best first (ties: the earlier stays ahead);
        of one local `day`, or of all time when day is None."""
        k = self._kind(game, kind)
        return self.stats.query(lambda conn: _best(conn, game, k, day, limit, cabinet), [], **kw)

    def board(self, game: str, day: date | None = None, limit: int = 5, *, cabinet: str | None = None, **kw) -> Board:
        """For attract mode, in one query: {kind: {"today": [...], "all_time": [...]}}
        (`day` defaults to the cabinet's today)."""
        day = day or self.stats.clock().date()
        ks = list(kinds(game).values())

        def run(conn: sa.Connection) -> Board:
            return {
                k.name: {
                    "today": _best(conn, game, k, day, limit, cabinet),
                    "all_time": _best(conn, game, k, None, limit, cabinet),
                }
                for k in ks
            }

        empty: Board = {k.name: {"today": [], "all_time": []} for k in ks}
        return self.stats.query(run, empty, **kw)

    def qualifies(
        self,
        game: str,
        kind: str,
        value: float,
        day: date | None = None,
        limit: int = 5,
        *,
        cabinet: str | None = None,
        **kw,
    ) -> bool:
        """Would `value` enter the top `limit` of the day (`day`, default today)
        or of all time? If the database cannot answer, True: better to ask for
        initials for nothing than to miss a record."""
        k = self._kind(game, kind)
        day = day or self.stats.clock().date()

        def run(conn: sa.Connection) -> bool:
            return any(_enters(_best(conn, game, k, d, limit, cabinet), k, value, limit) for d in (day, None))

        return self.stats.query(run, True, **kw)


def _enters(entries: list[Entry], k: RecordKind, value: float, limit: int) -> bool:
    if len(entries) < limit:
        return True
    last = entries[-1].value
    return value < last if k.lower_is_better else value > last


def _best(
    conn: sa.Connection, game: str, k: RecordKind, day: date | None, limit: int, cabinet: str | None
) -> list[Entry]:
    q = sa.select(hof.c.initials, hof.c.value, hof.c.day, hof.c.at, hof.c.cabinet).where(
        hof.c.game == game, hof.c.kind == k.name
    )
    if day is not None:
        q = q.where(hof.c.day == day)
    if cabinet:
        q = q.where(hof.c.cabinet == cabinet)
    order = hof.c.value.asc() if k.lower_is_better else hof.c.value.desc()
    q = q.order_by(order, hof.c.at.asc(), hof.c.id.asc()).limit(limit)
    return [
        Entry(i, float(v), date.fromisoformat(d) if isinstance(d, str) else d, at, c)
        for i, v, d, at, c in conn.execute(q)
    ]

"""Statistics: every game started, finished or abandoned, crashes, buzzer faults.

One database, through **SQLAlchemy 2 (Core)**: SQLite in the data folder by
default (`default_url`), or a venue's **PostgreSQL** server shared by several
cabinets (``postgresql+psycopg://user:password@host/dbname``, psycopg 3). The
schema (`game.kiosk.schema`) is created and upgraded by **Alembic** migrations
shipped in ``game/kiosk/migrations``, run when a `Stats` opens.

The caller never waits for the database and never sees it fail. `Stats.open`
returns at once; one worker thread opens the database, migrates it, then
writes. Every record (`game_started`, `game_finished`, ...) is queued and
returns in microseconds. While the database is down, locked or unreachable the
queue is kept (up to `max_pending` records, the oldest dropped beyond that, with
a warning) and retried with a growing back-off (0.5 s to 30 s); a record the
database refuses for good (a constraint, a bug) is dropped with a warning so it
cannot block the rest. Records are lost only if the process ends while the
database is unreachable (`close` says how many). `status()` tells the operator
screen how things stand.

Queries (`games_per_day`, `games_per_game`, `games`, `export_csv`) run on the
same worker, after the writes queued before them (a query sees what was just
recorded). They wait at most `timeout` seconds and return an empty result when
the database cannot answer (`status().error` says why); while the database is
known to be down they answer at once. Call them when a screen opens, not every
frame, or pass ``wait=False`` to get a `concurrent.futures.Future` of the same
result.

Demos (attract mode's bot games) are never recorded: ``game_started(...,
demo=True)`` records nothing and returns None, and every later call given None
as the game does nothing.
"""

from __future__ import annotations

import csv
import logging
import queue
import socket
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, NamedTuple, TextIO

import sqlalchemy as sa
from sqlalchemy import exc as sa_exc

from . import schema
from .schema import buzzer_faults, crashes, game_seats, games, replays

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
HEAD = "0004"  # the newest migration (a test checks it is Alembic's head)
PG_LOCK_ID = 0x576F6B41  # "WokA": one cabinet migrates a shared server at a time


def default_url(data_dir: Path) -> str:
    """SQLite in the user's data folder (the caller passes `game.settings.data_dir()`)."""
    return f"sqlite:///{Path(data_dir) / 'stats.sqlite3'}"


# ---- records and results ----------------------------------------------------


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"  # "human" or "bot"
    level: str | None = None  # the bot's level

    @classmethod
    def of(cls, seat: Any) -> Seat:
        """From a Seat, a dict or anything with name/kind/level (the app's SeatConfig)."""
        if isinstance(seat, Seat):
            return seat
        get = seat.get if isinstance(seat, dict) else lambda k, d=None: getattr(seat, k, d)
        kind = get("kind", "human")
        if kind not in ("human", "bot"):
            raise ValueError(f"a seat is 'human' or 'bot', not {kind!r}")
        return cls(str(get("name")), kind, get("level") if kind == "bot" else None)


class DayCount(NamedTuple):
    day: date
    started: int
    finished: int
    abandoned: int


class GameCount(NamedTuple):
    game: str
    started: int
    finished: int
    abandoned: int
    mean_seconds: float | None  # of the finished games


@dataclass(frozen=True)
class Status:
    ready: bool  # opened and migrated
    pending: int  # records waiting for the database
    dropped: int  # records lost (queue full, or refused by the database)
    error: str  # the last problem, "" when all is well

    @property
    def ok(self) -> bool:
        return self.ready and not self.error


class _Job:
    """A write, run in a transaction in the order it was queued."""

    __slots__ = ("fn", "queued", "what")

    def __init__(self, fn: Callable[[sa.Connection], Any], what: str) -> None:
        self.fn, self.what = fn, what
        self.queued = time.perf_counter()


class _Query(_Job):
    """A read: its answer (or `default`) goes to `future`."""

    __slots__ = ("default", "future")

    def __init__(self, fn: Callable[[sa.Connection], Any], future: Future, default: Any) -> None:
        super().__init__(fn, "query")
        self.future, self.default = future, default


_STOP = object()
TRANSIENT = (sa_exc.OperationalError, sa_exc.InterfaceError, sa_exc.DisconnectionError, sa_exc.TimeoutError)


def _utc(when: datetime) -> datetime:
    """UTC without a zone, as stored; a naive `when` is taken as local time."""
    return when.astimezone(UTC).replace(tzinfo=None)


def _local_day(when: datetime) -> date:
    """The cabinet's day: `when` is local time (aware in the cabinet's zone, or naive)."""
    return when.date()


def make_engine(url: str, connect_timeout: float = 3.0) -> sa.Engine:
    """An engine that fails fast instead of hanging when the database is away."""
    u = sa.make_url(url)
    if u.get_backend_name() == "sqlite":
        engine = sa.create_engine(u, connect_args={"timeout": connect_timeout})

        @sa.event.listens_for(engine, "connect")
        def _connect(dbapi_conn, _record):
            # pysqlite's own transaction handling leaves DDL outside transactions, so a
            # migration that fails halfway would leave half a schema: take over BEGIN.
            dbapi_conn.isolation_level = None
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")  # the operator's CSV export never blocks a write
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        @sa.event.listens_for(engine, "begin")
        def _begin(conn):  # writers take the write lock at once (no deadlock on upgrade)
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("writer") else "BEGIN")

        return engine
    if u.get_backend_name() == "postgresql":
        timeout_ms = int(connect_timeout * 1000)
        # The URL's own ?options= (e.g. -csearch_path=arcade, for a schema of its own on a
        # shared server) are kept, with the timeouts added after them.
        given = u.query.get("options", "")
        given = " ".join(given) if isinstance(given, tuple) else given
        u = u.difference_update_query(["options"])
        return sa.create_engine(
            u,
            pool_size=2,
            max_overflow=0,
            pool_pre_ping=True,
            pool_recycle=600,
            connect_args={
                "connect_timeout": max(1, round(connect_timeout)),
                # A cable pulled mid-query must not hang the worker for minutes.
                "tcp_user_timeout": timeout_ms,
                "keepalives": 1,
                "keepalives_idle": 10,
                "keepalives_interval": 3,
                "keepalives_count": 3,
                "options": f"{given} -c statement_timeout={4 * timeout_ms} -c lock_timeout={4 * timeout_ms}".strip(),
            },
        )
    return sa.create_engine(u)


_MIGRATING = threading.Lock()  # Alembic's context is global to the process


def migrate(connection: sa.Connection, revision: str = "head") -> None:
    """Bring the database to `revision` with the shipped Alembic migrations,
    inside the connection's transaction (all or nothing, on SQLite too)."""
    from alembic import command
    from alembic.config import Config

    if connection.dialect.name == "postgresql":  # several cabinets may start together
        connection.execute(sa.text("SELECT pg_advisory_xact_lock(:id)"), {"id": PG_LOCK_ID})
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    with _MIGRATING:
        command.upgrade(cfg, revision)


def current_revision(connection: sa.Connection) -> str | None:
    """The database's migration (None for an empty database)."""
    from alembic.migration import MigrationContext

    ctx = MigrationContext.configure(connection, opts={"version_table": schema.VERSION_TABLE})
    return ctx.get_current_revision()


# ---- the store ----------------------------------------------------------------


class Stats:
    """See the module's docstring. Made with `Stats.open`."""

    def __init__(
        self,
        url: str,
        cabinet: str | None = None,
        *,
        clock: Callable[[], datetime] | None = None,
        connect_timeout: float = 3.0,
        max_pending: int = 10_000,
    ) -> None:
        self.url = url
        self.cabinet = (cabinet or socket.gethostname() or "cabinet")[:64]
        self.clock = clock or (lambda: datetime.now().astimezone())
        self.connect_timeout = connect_timeout
        self.max_pending = max_pending
        self._q: queue.SimpleQueue = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._idle = threading.Event()
        self._pending = 0
        self._dropped = 0
        self._error = ""
        self._down_until = 0.0  # monotonic time before which the database is taken as down
        self.latencies: deque[float] = deque(maxlen=2000)  # seconds from a record's call to its commit
        self._thread = threading.Thread(target=self._work, name="stats", daemon=True)
        self._engine: sa.Engine | None = None
        self._writer: sa.Engine | None = None  # the same engine, its transactions take the write lock

    @classmethod
    def open(cls, url: str | None = None, *, data_dir: Path | None = None, cabinet: str | None = None, **kw) -> Stats:
        """Start the store (returns at once; the worker connects and migrates).
        `url` empty or None means SQLite in `data_dir`."""
        if not url:
            if data_dir is None:
                raise ValueError("Stats.open needs a database URL or the data folder")
            Path(data_dir).mkdir(parents=True, exist_ok=True)
            url = default_url(data_dir)
        stats = cls(url, cabinet, **kw)
        stats._thread.start()
        return stats

    # ---- records (never block, never raise for the database) -----------------
    def game_started(
        self,
        game: str,
        seats: Iterable[Any],
        options: dict | None = None,
        *,
        demo: bool = False,
        when: datetime | None = None,
        ref: str | None = None,
    ) -> str | None:
        """Record a game's start; returns its id (keep it in the save, so a game
        resumed after a crash goes on under the same id), or None for a demo.
        `ref`: an id made earlier (a start recorded before the database was opened)."""
        if demo:
            return None
        ref = ref or uuid.uuid4().hex
        when = when or self.clock()
        seat_rows = [{"game_ref": ref, "seat": i, **vars(Seat.of(s))} for i, s in enumerate(seats)]
        row = {
            "id": ref,
            "game": game,
            "cabinet": self.cabinet,
            "options": dict(options or {}),
            "started_at": _utc(when),
            "day": _local_day(when),
            "status": "running",
        }

        def write(conn: sa.Connection) -> None:
            conn.execute(games.insert().values(row))
            if seat_rows:
                conn.execute(game_seats.insert(), seat_rows)

        self._submit(_Job(write, f"start of {game} {ref}"))
        return ref

    def game_finished(
        self,
        ref: str | None,
        winners: Iterable[int],
        scores: Iterable[float],
        *,
        actions: int | None = None,
        seconds: float | None = None,
        when: datetime | None = None,
    ) -> None:
        """The game ended with a result. `seconds` defaults to the time since its start."""
        self._end(
            ref,
            "finished",
            when,
            actions,
            seconds,
            winners=[int(w) for w in winners],
            scores=[float(s) for s in scores],
        )

    def game_abandoned(
        self,
        ref: str | None,
        reason: str = "",
        *,
        actions: int | None = None,
        seconds: float | None = None,
        when: datetime | None = None,
    ) -> None:
        """The game was left unfinished (quit to the menu, set aside by a crash loop, ...)."""
        self._end(ref, "abandoned", when, actions, seconds, reason=reason[:2000])

    def _end(
        self,
        ref: str | None,
        status: str,
        when: datetime | None,
        actions: int | None,
        seconds: float | None,
        **values: Any,
    ) -> None:
        if ref is None:
            return
        ended = _utc(when or self.clock())

        def write(conn: sa.Connection) -> None:
            secs = seconds
            if secs is None:
                started = conn.execute(sa.select(games.c.started_at).where(games.c.id == ref)).scalar()
                secs = (ended - started).total_seconds() if started else None
            done = conn.execute(
                games.update()
                .where(games.c.id == ref)
                .values(status=status, ended_at=ended, seconds=secs, actions=actions, **values)
            )
            if done.rowcount == 0:
                log.warning("statistics: no game %s to mark %s (its start was not recorded)", ref, status)

        self._submit(_Job(write, f"{status} {ref}"))

    def crash(self, text: str, *, game_ref: str | None = None, when: datetime | None = None) -> None:
        when = when or self.clock()
        row = {
            "at": _utc(when),
            "day": _local_day(when),
            "cabinet": self.cabinet,
            "game_ref": game_ref,
            "text": text[:4000],
        }
        self._submit(_Job(lambda conn: conn.execute(crashes.insert().values(row)), "crash"))

    def buzzer_fault(
        self, box: str, station: int | None, kind: str, *, game_ref: str | None = None, when: datetime | None = None
    ) -> None:
        when = when or self.clock()
        row = {
            "at": _utc(when),
            "day": _local_day(when),
            "cabinet": self.cabinet,
            "game_ref": game_ref,
            "box": str(box)[:64],
            "station": station,
            "kind": str(kind)[:40],
        }
        self._submit(_Job(lambda conn: conn.execute(buzzer_faults.insert().values(row)), "buzzer fault"))

    def keep_replay(
        self,
        replay: Any,
        winners: Iterable[int],
        scores: Iterable[float],
        *,
        keep_days: int | None = None,
        when: datetime | None = None,
    ) -> None:
        """Keep a finished game to be watched again (a `game.engine.replay.Replay`;
        its id is the game's record, or any id of 32 characters at most). With
        `keep_days`, replays of days more than that many days before this one go."""
        from ..engine.replay import FORMAT

        when = when or self.clock()
        day = _local_day(when)
        row = {
            "id": replay.id or uuid.uuid4().hex,
            "game": replay.game,
            "cabinet": self.cabinet,
            "ended_at": _utc(when),
            "day": day,
            "version": FORMAT,
            "seats": replay.seats,
            "options": replay.options,
            "seed": replay.seed,
            "log": replay.log,
            "winners": [int(w) for w in winners],
            "scores": [float(v) for v in scores],
            "highlights": replay.highlights,
            "clips": replay.clips,
        }

        def write(conn: sa.Connection) -> None:
            conn.execute(replays.delete().where(replays.c.id == row["id"]))  # kept again: the newer wins
            conn.execute(replays.insert().values(row))
            if keep_days is not None:
                conn.execute(replays.delete().where(replays.c.day < day - timedelta(days=keep_days)))

        self._submit(_Job(write, f"replay of {replay.game} {row['id']}"))

    def forget_replays(self, before: date) -> None:
        """Remove the replays of the days before `before` (the operator's retention)."""
        self._submit(_Job(lambda conn: conn.execute(replays.delete().where(replays.c.day < before)), "retention"))

    def write(self, fn: Callable[[sa.Connection], Any], what: str) -> None:
        """Queue a write of a sibling module (hall of fame): `fn(connection)` in a transaction."""
        self._submit(_Job(fn, what))

    # ---- queries -----------------------------------------------------------
    def query(
        self, fn: Callable[[sa.Connection], Any], default: Any, *, timeout: float = 3.0, wait: bool = True
    ) -> Any:
        """Run `fn(connection)` on the worker after the queued writes; `default`
        if the database cannot answer within `timeout`. With wait=False, a Future."""
        job = _Query(fn, Future(), default)
        if self._down_until > time.monotonic() or not self._thread.is_alive():
            job.future.set_result(default)
        else:
            self._q.put(job)
        if not wait:
            return job.future
        try:
            return job.future.result(timeout)
        except TimeoutError:
            self._note_error(f"the statistics database did not answer within {timeout:g} s")
            return default

    def games_per_day(
        self,
        since: date | None = None,
        until: date | None = None,
        *,
        game: str | None = None,
        cabinet: str | None = None,
        **kw,
    ) -> list[DayCount]:
        """Games started, finished, abandoned per local day (days without games left out)."""

        def run(conn: sa.Connection) -> list[DayCount]:
            q = sa.select(
                games.c.day,
                sa.func.count(),
                sa.func.count().filter(games.c.status == "finished"),
                sa.func.count().filter(games.c.status == "abandoned"),
            )
            q = _between(q, since, until, game, cabinet).group_by(games.c.day).order_by(games.c.day)
            return [DayCount(_as_date(d), s, f, a) for d, s, f, a in conn.execute(q)]

        return self.query(run, [], **kw)

    def games_per_game(
        self, since: date | None = None, until: date | None = None, *, cabinet: str | None = None, **kw
    ) -> list[GameCount]:
        def run(conn: sa.Connection) -> list[GameCount]:
            finished = games.c.status == "finished"
            q = sa.select(
                games.c.game,
                sa.func.count(),
                sa.func.count().filter(finished),
                sa.func.count().filter(games.c.status == "abandoned"),
                sa.func.avg(games.c.seconds).filter(finished),
            )
            q = _between(q, since, until, None, cabinet).group_by(games.c.game).order_by(games.c.game)
            return [GameCount(g, s, f, a, float(m) if m is not None else None) for g, s, f, a, m in conn.execute(q)]

        return self.query(run, [], **kw)

    def games(
        self,
        since: date | None = None,
        until: date | None = None,
        *,
        game: str | None = None,
        cabinet: str | None = None,
        **kw,
    ) -> list[dict]:
        """Every game with its seats, oldest first (what the CSV export writes)."""
        return self.query(_games_query(since, until, game, cabinet), [], **kw)

    def replays(self, since: date | None = None, *, game: str | None = None, **kw) -> list[dict]:
        """The replays kept since `since`, newest first, without their logs and clips (the
        theatre's list, attract mode's highlights): id, game, cabinet, ended_at
        (UTC), day, seats, winners, scores, highlights."""

        def run(conn: sa.Connection) -> list[dict]:
            cols = [c for c in replays.c if c.name not in ("log", "clips")]
            q = sa.select(*cols)
            if since:
                q = q.where(replays.c.day >= since)
            if game:
                q = q.where(replays.c.game == game)
            return [_replay_row(r._mapping) for r in conn.execute(q.order_by(replays.c.ended_at.desc(), replays.c.id))]

        return self.query(run, [], **kw)

    def replay(self, ref: str, **kw) -> dict | None:
        """One replay with its log (None: not kept, or the database cannot answer)."""

        def run(conn: sa.Connection) -> dict | None:
            row = conn.execute(sa.select(replays).where(replays.c.id == ref)).first()
            return _replay_row(row._mapping) if row is not None else None

        return self.query(run, None, **kw)

    def crashes(self, since: date | None = None, until: date | None = None, **kw) -> list[dict]:
        """The crashes recorded, oldest first."""
        return self.query(_events_query(crashes, since, until), [], **kw)

    def buzzer_faults(self, since: date | None = None, until: date | None = None, **kw) -> list[dict]:
        """The buzzer faults recorded, oldest first."""
        return self.query(_events_query(buzzer_faults, since, until), [], **kw)

    def export_csv(
        self,
        out: Path | TextIO,
        since: date | None = None,
        until: date | None = None,
        *,
        game: str | None = None,
        cabinet: str | None = None,
        timeout: float = 10.0,
    ) -> int | None:
        """Write the games as CSV (one row a game, seats in one column) to a path
        or an open text file; returns the rows written, or None if the database
        could not be read (nothing is written then)."""
        rows = self.query(_games_query(since, until, game, cabinet), None, timeout=timeout)
        if rows is None:
            return None
        if isinstance(out, (str, Path)):
            with open(out, "w", encoding="utf-8", newline="") as f:
                return write_csv(rows, f)
        return write_csv(rows, out)

    # ---- life ------------------------------------------------------------
    def status(self) -> Status:
        with self._lock:
            return Status(self._ready.is_set(), self._pending, self._dropped, self._error)

    def wait_ready(self, timeout: float = 10.0) -> bool:
        """Block until the database is open and migrated (tests, command line)."""
        return self._ready.wait(timeout)

    def flush(self, timeout: float = 10.0) -> bool:
        """Block until every queued record is written (True) or `timeout` passes."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                if self._pending == 0:
                    return True
            self._idle.wait(0.02)
        return self.status().pending == 0

    def close(self, timeout: float = 3.0) -> int:
        """Write what is queued (for at most `timeout` s) and stop; returns the
        records left unwritten (logged)."""
        if self._thread.is_alive():
            self.flush(timeout)
            self._q.put(_STOP)
            self._thread.join(max(0.1, timeout))
        left = self.status().pending
        if left:
            log.warning(
                "statistics: %d records could not be written to %s and are lost (%s)",
                left,
                sa.make_url(self.url).render_as_string(hide_password=True),
                self._error,
            )
        if self._engine is not None and not self._thread.is_alive():
            self._engine.dispose()
        return left

    # ---- the worker ------------------------------------------------------
    def _submit(self, job: _Job) -> None:
        with self._lock:
            self._pending += 1
            self._idle.clear()
        self._q.put(job)

    def _note_error(self, text: str) -> None:
        with self._lock:
            if text != self._error:
                log.warning("statistics: %s", text)
            self._error = text

    def _work(self) -> None:
        writes: deque[_Job] = deque()
        backoff, retry_at = 0.5, 0.0
        stopping = False
        while True:
            wait = None if not writes and self._ready.is_set() else max(0.0, retry_at - time.monotonic())
            try:
                item = self._q.get(timeout=wait) if not stopping else self._q.get_nowait()
            except queue.Empty:
                item = None
            reads: list[_Query] = []
            while item is not None:
                if item is _STOP:
                    stopping = True
                elif not isinstance(item, _Query):
                    writes.append(item)
                    if len(writes) > self.max_pending:
                        writes.popleft()
                        self._count_done(dropped=1)
                        self._note_error(f"more than {self.max_pending} records waiting; dropping the oldest")
                else:
                    reads.append(item)
                try:
                    item = self._q.get_nowait()
                except queue.Empty:
                    item = None
            if time.monotonic() >= retry_at:
                if self._try(writes):
                    backoff = 0.5
                    self._down_until = 0.0
                else:
                    retry_at = time.monotonic() + backoff
                    self._down_until = retry_at
                    backoff = min(backoff * 2, 30.0)
            for job in reads:
                self._answer(job)
            if not writes:
                self._idle.set()
            if stopping:
                break

    def _try(self, writes: deque[_Job]) -> bool:
        """Open and migrate if needed, then write in order; False on a transient failure."""
        try:
            if self._engine is None or self._writer is None:
                self._engine = make_engine(self.url, self.connect_timeout)
                self._writer = self._engine.execution_options(writer=True)
            writer = self._writer
            if not self._ready.is_set():
                with writer.begin() as conn:
                    migrate(conn)
                self._ready.set()
            while writes:
                job = writes[0]
                try:
                    with writer.begin() as conn:
                        job.fn(conn)
                except TRANSIENT:
                    raise
                except Exception as exc:  # refused for good: drop it, keep the rest flowing
                    log.warning("statistics: dropped the %s record: %s", job.what, exc)
                    writes.popleft()
                    self._count_done(dropped=1)
                    continue
                writes.popleft()
                self.latencies.append(time.perf_counter() - job.queued)
                self._count_done()
            with self._lock:
                if self._error:
                    log.info("statistics: the database answers again")
                self._error = ""
            return True
        except Exception as exc:  # the database is down, locked or unreachable: retry later
            self._note_error(_short(exc))
            if self._engine is not None:
                self._engine.dispose()  # a fresh connection next time
            return False

    def _answer(self, job: _Query) -> None:
        if self._engine is None or not self._ready.is_set() or self._down_until > time.monotonic():
            job.future.set_result(job.default)
            return
        try:
            with self._engine.connect() as conn:
                job.future.set_result(job.fn(conn))
        except Exception as exc:
            self._note_error(_short(exc))
            job.future.set_result(job.default)

    def _count_done(self, dropped: int = 0) -> None:
        with self._lock:
            self._pending -= 1
            self._dropped += dropped


def _short(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"[:300]


def _replay_row(mapping: Any) -> dict:
    row = dict(mapping)
    row["day"] = _as_date(row["day"])
    return row


def _as_date(value: Any) -> date:
    return date.fromisoformat(value) if isinstance(value, str) else value


def _games_query(
    since: date | None, until: date | None, game: str | None, cabinet: str | None
) -> Callable[[sa.Connection], list[dict]]:
    def run(conn: sa.Connection) -> list[dict]:
        q = _between(sa.select(games), since, until, game, cabinet).order_by(games.c.started_at, games.c.id)
        rows = [dict(r._mapping) for r in conn.execute(q)]
        seats: dict[str, list[dict]] = {r["id"]: [] for r in rows}
        if rows:
            sq = sa.select(game_seats).where(
                game_seats.c.game_ref.in_(
                    _between(sa.select(games.c.id), since, until, game, cabinet).scalar_subquery()
                )
            )
            for s in conn.execute(sq.order_by(game_seats.c.game_ref, game_seats.c.seat)):
                if s.game_ref in seats:
                    seats[s.game_ref].append({"name": s.name, "kind": s.kind, "level": s.level})
        for r in rows:
            r["day"] = _as_date(r["day"])
            r["seats"] = seats[r["id"]]
        return rows

    return run


def _events_query(table: sa.Table, since: date | None, until: date | None) -> Callable[[sa.Connection], list[dict]]:
    def run(conn: sa.Connection) -> list[dict]:
        q = sa.select(table)
        if since:
            q = q.where(table.c.day >= since)
        if until:
            q = q.where(table.c.day <= until)
        return [dict(r._mapping) for r in conn.execute(q.order_by(table.c.at, table.c.id))]

    return run


def _between(q, since: date | None, until: date | None, game: str | None, cabinet: str | None):
    if since:
        q = q.where(games.c.day >= since)
    if until:
        q = q.where(games.c.day <= until)
    if game:
        q = q.where(games.c.game == game)
    if cabinet:
        q = q.where(games.c.cabinet == cabinet)
    return q


CSV_COLUMNS = [
    "id",
    "game",
    "cabinet",
    "day",
    "started_at",
    "ended_at",
    "status",
    "seconds",
    "actions",
    "seats",
    "winners",
    "scores",
    "options",
    "reason",
]


def write_csv(rows: list[dict], f: TextIO) -> int:
    """The games as CSV with the `csv` module: seats as "name (human)" or
    "name (bot: level)" joined by "; ", winners by name, times in ISO 8601 UTC."""
    import json

    w = csv.writer(f)
    w.writerow(CSV_COLUMNS)
    for r in rows:
        names = [s["name"] for s in r["seats"]]
        w.writerow(
            [
                r["id"],
                r["game"],
                r["cabinet"],
                r["day"].isoformat(),
                _iso(r["started_at"]),
                _iso(r["ended_at"]),
                r["status"],
                "" if r["seconds"] is None else f"{r['seconds']:.1f}",
                "" if r["actions"] is None else r["actions"],
                "; ".join(
                    f"{s['name']} (bot: {s['level']})" if s["kind"] == "bot" else f"{s['name']} (human)"
                    for s in r["seats"]
                ),
                "; ".join(names[w] if 0 <= w < len(names) else str(w) for w in r["winners"] or []),
                "; ".join(f"{v:g}" for v in r["scores"] or []),
                json.dumps(r["options"], sort_keys=True),
                r["reason"] or "",
            ]
        )
    return len(rows)


def _iso(t: datetime | None) -> str:
    return "" if t is None else t.replace(tzinfo=UTC).isoformat(timespec="seconds")

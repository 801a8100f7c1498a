"""The statistics store: the same tests on SQLite and on a real PostgreSQL."""

from __future__ import annotations

import csv
import io
import logging
import sqlite3
import time
from datetime import date, datetime, timedelta

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory

from game.kiosk import schema
from game.kiosk.halloffame import HallOfFame
from game.kiosk.stats import HEAD, MIGRATIONS, Seat, Stats, current_revision, make_engine, migrate, write_csv

from ..waiting import wait_for
from .conftest import PARIS

SEATS = [Seat("Ana"), Seat("Bao", "bot", "hard"), {"name": "Chloé", "kind": "bot", "level": "easy"}]


def engine_for(url: str) -> sa.Engine:
    return make_engine(url)


# ---- schema and migrations --------------------------------------------------


def test_open_migrates_an_empty_database_to_head(stats, db_url):
    head = ScriptDirectory.from_config(_alembic_config()).get_current_head()
    assert head == HEAD
    engine = engine_for(db_url)
    with engine.connect() as conn:
        assert current_revision(conn) == head
        names = set(sa.inspect(conn).get_table_names())
    engine.dispose()
    assert {"games", "game_seats", "crashes", "buzzer_faults", "hall_of_fame", schema.VERSION_TABLE} <= names


def test_a_database_at_revision_1_is_upgraded_with_its_data(db_url, clock):
    """A cabinet that ran the first release: its database is brought to the
    newest schema when the new release opens it, nothing lost."""
    engine = engine_for(db_url)
    with engine.execution_options(writer=True).begin() as conn:
        migrate(conn, "0001")
        conn.execute(
            sa.text(
                "INSERT INTO games (id, game, cabinet, options, started_at, day, status) "
                "VALUES ('old1', 'wokup', 'cafe-1', '{}', '2025-12-31 20:00:00', '2025-12-31', "
                "'running')"
            )
        )
    with engine.connect() as conn:
        assert current_revision(conn) == "0001"
        assert "hall_of_fame" not in sa.inspect(conn).get_table_names()
    engine.dispose()
    s = Stats.open(db_url, cabinet="cafe-1", clock=clock)
    assert s.wait_ready(20), s.status()
    assert [(g["id"], g["day"]) for g in s.games()] == [("old1", date(2025, 12, 31))]
    HallOfFame(s).record("wokup", "most_cards", 5, "OLD")
    assert [e.initials for e in HallOfFame(s).best("wokup", "most_cards")] == ["OLD"]
    assert s.close() == 0
    engine = engine_for(db_url)
    with engine.connect() as conn:
        assert current_revision(conn) == HEAD
    engine.dispose()


def test_migrations_build_exactly_the_schema_the_code_queries(stats, db_url):
    engine = engine_for(db_url)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), schema.metadata)
    engine.dispose()
    diff = [d for d in diff if not (d[0] == "remove_table" and d[1].name == schema.VERSION_TABLE)]
    assert diff == []


def test_reopening_keeps_the_records(db_url, clock):
    first = Stats.open(db_url, cabinet="cafe-1", clock=clock)
    ref = first.game_started("wokup", SEATS[:2])
    assert first.close() == 0
    again = Stats.open(db_url, cabinet="cafe-1", clock=clock)
    assert [g["id"] for g in again.games()] == [ref]
    again.close()


def _alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


# ---- records ----------------------------------------------------------------


def test_a_game_from_start_to_finish(stats, clock):
    ref = stats.game_started("wokup", SEATS, {"target": 5})
    clock.advance(minutes=7, seconds=30)
    stats.game_finished(ref, winners=[1], scores=[3, 5, 2], actions=412)
    (g,) = stats.games()
    assert g["id"] == ref and g["game"] == "wokup" and g["cabinet"] == "cafe-1"
    assert g["status"] == "finished" and g["winners"] == [1] and g["scores"] == [3, 5, 2]
    assert g["options"] == {"target": 5} and g["actions"] == 412 and g["seconds"] == 450.0
    assert g["started_at"] == datetime(2026, 3, 14, 17, 0) and g["day"] == date(2026, 3, 14)  # UTC; local day
    assert g["seats"] == [
        {"name": "Ana", "kind": "human", "level": None},
        {"name": "Bao", "kind": "bot", "level": "hard"},
        {"name": "Chloé", "kind": "bot", "level": "easy"},
    ]


def test_abandoned_and_explicit_length(stats, clock):
    ref = stats.game_started("cheaterchefs", SEATS[:2])
    stats.game_abandoned(ref, "quit to the menu", actions=12, seconds=95.5)
    (g,) = stats.games()
    assert (g["status"], g["reason"], g["actions"], g["seconds"]) == ("abandoned", "quit to the menu", 12, 95.5)
    assert g["winners"] is None and g["ended_at"] is not None


def test_demos_are_never_recorded(stats):
    ref = stats.game_started("wokup", SEATS, demo=True)
    assert ref is None
    stats.game_finished(ref, [0], [1, 0, 0])
    stats.game_abandoned(ref, "attract mode over")
    assert stats.games() == [] and stats.status().pending == 0


def test_human_seats_carry_no_level_and_kinds_are_checked():
    assert Seat.of({"name": "Ana", "kind": "human", "level": "hard"}).level is None
    with pytest.raises(ValueError):
        Seat.of({"name": "Zed", "kind": "alien"})


def test_crashes_and_buzzer_faults(stats, clock):
    ref = stats.game_started("wokup", SEATS[:2])
    stats.crash("the previous run ended without a clean shutdown", game_ref=ref)
    clock.advance(seconds=3)
    stats.buzzer_fault("box-A1", 4, "stuck", game_ref=ref)
    stats.buzzer_fault("box-B2", None, "unplugged")
    (c,) = stats.crashes()
    assert c["game_ref"] == ref and c["cabinet"] == "cafe-1" and "clean shutdown" in c["text"]
    faults = stats.buzzer_faults()
    assert [(f["box"], f["station"], f["kind"], f["game_ref"]) for f in faults] == [
        ("box-A1", 4, "stuck", ref),
        ("box-B2", None, "unplugged", None),
    ]


def test_games_per_day_and_per_game(stats, clock):
    plan = {  # day offset: games played that day (game, finished?)
        0: [("wokup", True), ("wokup", True), ("cheaterchefs", False)],
        1: [("wewillwokyou", True)],
        3: [("wokup", True), ("wokup", None)],  # None: still running
    }
    start = clock.now
    for offset, played in plan.items():
        clock.now = start + timedelta(days=offset)
        for game, finished in played:
            ref = stats.game_started(game, SEATS[:2])
            clock.advance(minutes=10)
            if finished:
                stats.game_finished(ref, [0], [2, 1])
            elif finished is False:
                stats.game_abandoned(ref, "quit")
    d0 = start.date()
    assert [tuple(d) for d in stats.games_per_day()] == [
        (d0, 3, 2, 1),
        (d0 + timedelta(days=1), 1, 1, 0),
        (d0 + timedelta(days=3), 2, 1, 0),
    ]
    assert [tuple(d) for d in stats.games_per_day(since=d0 + timedelta(days=1), game="wokup")] == [
        (d0 + timedelta(days=3), 2, 1, 0)
    ]
    per_game = {g.game: g for g in stats.games_per_game()}
    assert (per_game["wokup"].started, per_game["wokup"].finished, per_game["wokup"].mean_seconds) == (4, 3, 600.0)
    assert (per_game["cheaterchefs"].abandoned, per_game["cheaterchefs"].mean_seconds) == (1, None)
    assert [g.game for g in stats.games_per_game(until=d0)] == ["cheaterchefs", "wokup"]


def test_local_day_is_the_cabinets(stats, clock):
    clock.now = datetime(2026, 3, 14, 0, 30, tzinfo=PARIS)  # 23:30 UTC the day before
    stats.game_started("wokup", SEATS[:2])
    assert [d.day for d in stats.games_per_day()] == [date(2026, 3, 14)]


def test_csv_export(stats, clock, tmp_path):
    a = stats.game_started("wokup", SEATS, {"target": 3})
    clock.advance(seconds=200)
    stats.game_finished(a, [0, 2], [5, 1, 5], actions=99)
    b = stats.game_started("cheaterchefs", SEATS[:2], {"mode": "turbo"})
    stats.game_abandoned(b, 'quit, "early"')
    out = tmp_path / "games.csv"
    assert stats.export_csv(out) == 2
    rows = list(csv.DictReader(out.open(encoding="utf-8", newline="")))
    assert [r["id"] for r in rows] == [a, b]
    assert rows[0]["seats"] == "Ana (human); Bao (bot: hard); Chloé (bot: easy)"
    assert rows[0]["winners"] == "Ana; Chloé" and rows[0]["scores"] == "5; 1; 5"
    assert rows[0]["seconds"] == "200.0" and rows[0]["started_at"] == "2026-03-14T17:00:00+00:00"
    assert rows[0]["options"] == '{"target": 3}' and rows[0]["day"] == "2026-03-14"
    assert rows[1]["status"] == "abandoned" and rows[1]["reason"] == 'quit, "early"'
    buf = io.StringIO()
    assert stats.export_csv(buf, game="cheaterchefs") == 1
    assert buf.getvalue().splitlines()[0].startswith("id,game,cabinet,day")


def test_two_cabinets_share_one_database(db_url, clock):
    """A venue points several cabinets at one server: both migrate at once
    safely, their games add up, and each can be told apart."""
    one = Stats.open(db_url, cabinet="bar", clock=clock)
    two = Stats.open(db_url, cabinet="terrace", clock=clock)
    assert one.wait_ready(20) and two.wait_ready(20), (one.status(), two.status())
    for s in (one, two, two):
        s.game_started("wokup", SEATS[:2])
    assert one.flush() and two.flush()
    assert [d.started for d in one.games_per_day()] == [3]
    assert [d.started for d in one.games_per_day(cabinet="terrace")] == [2]
    assert one.close() == 0 and two.close() == 0


def test_a_refused_record_is_dropped_and_the_rest_flow(stats, caplog):
    with caplog.at_level(logging.WARNING, logger="game.kiosk.stats"):
        bad = stats.game_started("wokup", SEATS[:2], {"not json": object()})
        good = stats.game_started("wokup", SEATS[:2])
        assert stats.flush()
    assert [g["id"] for g in stats.games()] == [good]
    assert stats.status().dropped == 1 and bad != good
    assert "dropped the start of wokup" in caplog.text


def test_a_hundred_records_land_each_with_its_latency(stats):
    """(That a record never waits for the database: the locked SQLite test below.)"""
    t = time.perf_counter()
    for _ in range(50):
        ref = stats.game_started("wokup", SEATS)
        stats.game_finished(ref, [0], [1, 0, 0])
    per_call = (time.perf_counter() - t) / 100
    print(f"\n{per_call * 1e6:.0f} us a record (a figure: `python -m game bench --scene stats`)")
    assert stats.flush(30)
    assert len(stats.latencies) >= 100


# ---- a database that is down, locked or unreachable -------------------------


def test_an_unreachable_server_never_troubles_the_caller(caplog, closed_port):
    """A PostgreSQL URL to a closed port: records are queued (the writer's thread
    meets the error, not the caller), queries answer empty, the status says why,
    close reports what is lost. (How quickly the calls return: `python -m game
    bench --scene stats`, a figure, not an assertion.)"""
    url = f"postgresql+psycopg://wok@127.0.0.1:{closed_port}/stats"
    with caplog.at_level(logging.WARNING, logger="game.kiosk.stats"):
        s = Stats.open(url, cabinet="cafe-1", connect_timeout=1)
        ref = s.game_started("wokup", SEATS)
        s.game_finished(ref, [0], [1, 0, 0])
        s.crash("boom")
        st = wait_for(lambda: s.status() if s.status().error else None, what="the connection error")
        assert not st.ready and st.pending == 3 and "OperationalError" in st.error
        assert s.games_per_day() == [] and s.export_csv(io.StringIO()) is None
        assert s.close(timeout=0.5) == 3
    assert "3 records could not be written" in caplog.text


def test_a_locked_sqlite_database_queues_then_catches_up(tmp_path, clock):
    path = tmp_path / "stats.sqlite3"
    s = Stats.open(f"sqlite:///{path}", cabinet="cafe-1", clock=clock, connect_timeout=0.2)
    assert s.wait_ready(20)
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")  # the operator's tool, a backup ...
    try:
        # the calls return while the database stays locked by this very thread:
        # had one waited for its write, it would never have come back
        refs = [s.game_started("wokup", SEATS) for _ in range(5)]
        st = wait_for(lambda: s.status() if "locked" in s.status().error else None, what="the lock met")
        assert st.pending == 5
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    assert s.flush(10), s.status()  # retried with back-off, then everything landed
    assert sorted(g["id"] for g in s.games()) == sorted(refs) and s.status().error == ""
    assert s.close() == 0


def test_an_unwritable_sqlite_path_is_only_a_warning(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    s = Stats.open(f"sqlite:///{tmp_path / 'file' / 'stats.sqlite3'}", connect_timeout=0.2)
    s.game_started("wokup", SEATS)
    wait_for(lambda: s.status().error, what="the write error")
    assert "OperationalError" in s.status().error and s.games() == []
    assert s.close(timeout=0.2) == 1


def test_postgres_going_away_and_back(postgres_server, clock):
    """The venue's server restarts during service: records wait, then land."""
    url = postgres_server.new_database()
    s = Stats.open(url, cabinet="cafe-1", clock=clock, connect_timeout=1)
    assert s.wait_ready(20)
    first = s.game_started("wokup", SEATS)
    assert s.flush()
    postgres_server.stop("fast")
    try:
        second = s.game_started("wokup", SEATS)
        s.game_finished(first, [0], [1, 0, 0])
        wait_for(lambda: s.status().error, what="the server gone")
        assert s.status().pending == 2 and s.status().error
    finally:
        postgres_server.restart()
    assert s.flush(40), s.status()
    assert {g["id"]: g["status"] for g in s.games()} == {first: "finished", second: "running"}
    assert s.close() == 0


def test_write_csv_alone():
    buf = io.StringIO()
    assert write_csv([], buf) == 0 and buf.getvalue().startswith("id,game,")


def test_queries_without_waiting(stats):
    ref = stats.game_started("wokup", SEATS)
    future = stats.games_per_game(wait=False)  # for a screen that must not wait
    assert [g.game for g in future.result(10)] == ["wokup"]
    assert stats.games(wait=False).result(10)[0]["id"] == ref


def test_records_survive_kill_9_of_the_arcade(tmp_path):
    """What was committed before a kill -9 is in the database after it, and
    the database opens cleanly (SQLite's WAL is recovered)."""
    import subprocess
    import sys
    from pathlib import Path

    url = f"sqlite:///{tmp_path / 'stats.sqlite3'}"
    code = (
        "import sys, time; from game.kiosk.stats import Stats\n"
        "s = Stats.open(sys.argv[1], cabinet='cafe-1')\n"
        "for i in range(20): s.game_started('wokup', [{'name': 'Ana'}])\n"
        "assert s.flush(20); print('flushed', flush=True)\n"
        "while True: s.game_started('wokup', [{'name': 'Ana'}]); time.sleep(0.001)\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, url], stdout=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[2]
    )
    assert proc.stdout.readline().strip() == "flushed"
    time.sleep(0.2)  # killed in the middle of writing
    proc.kill()
    proc.wait()
    s = Stats.open(url)
    assert s.wait_ready(10)
    assert len(s.games()) >= 20 and s.status().error == ""
    assert s.close() == 0

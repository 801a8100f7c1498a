"""`python -m game bench --scene stats`: how long the game waits on the statistics.

The store writes on its own thread, so a record call should cost the game
nothing even when the database is unreachable or locked; a query against a
server known to be down should answer empty without waiting for a timeout.
The tests check what happens (queued, nothing lost, the status says why);
these are the figures, printed, not asserted: a busy machine slows them.
"""

from __future__ import annotations

import io
import socket
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import TextIO

from .stats import Stats

SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Bao", "kind": "bot"}]


def _ms(since: float) -> float:
    return round((time.perf_counter() - since) * 1000, 3)


def unreachable() -> dict:
    """Three records, then two queries, against a PostgreSQL port where nothing listens."""
    with socket.socket() as closed:  # bound, never listening: refused, and no one else takes it
        closed.bind(("127.0.0.1", 0))
        s = Stats.open(f"postgresql+psycopg://wok@127.0.0.1:{closed.getsockname()[1]}/x", connect_timeout=1)
        t = time.perf_counter()
        ref = s.game_started("bench-game", SEATS)
        s.game_finished(ref, [0], [1, 0])
        s.crash("bench")
        records = _ms(t)
        deadline = time.monotonic() + 30
        while not s.status().error and time.monotonic() < deadline:
            time.sleep(0.01)
        t = time.perf_counter()
        s.games_per_day()
        s.export_csv(io.StringIO())
        queries = _ms(t)
        s.close(timeout=0.5)
    return {"records_ms": records, "queries_when_down_ms": queries}


def locked() -> dict:
    """Five records while another connection holds the SQLite file locked."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stats.sqlite3"
        s = Stats.open(f"sqlite:///{path}", connect_timeout=0.2)
        s.wait_ready(20)
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")
        t = time.perf_counter()
        for _ in range(5):
            s.game_started("bench-game", SEATS)
        records = _ms(t)
        locker.execute("ROLLBACK")
        locker.close()
        s.flush(10)
        s.close()
    return {"records_locked_ms": records}


def report(out: TextIO) -> dict:
    figures = {**unreachable(), **locked()}
    print(
        f"stats: 3 records to an unreachable server {figures['records_ms']:.2f} ms, "
        f"queries once known down {figures['queries_when_down_ms']:.2f} ms, "
        f"5 records to a locked SQLite file {figures['records_locked_ms']:.2f} ms",
        file=out,
        flush=True,
    )
    return figures

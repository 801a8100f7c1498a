"""Databases for the statistics tests: a SQLite file, and a real PostgreSQL
server that the tests start themselves (initdb and pg_ctl in a temp folder,
reached through a unix socket there and no TCP port, so no port is ever taken
from another process or found taken; as the `postgres` user when running as
root), one fresh database per test. Every test that takes `db_url`
runs against both.

PostgreSQL is skipped only where it is not installed and not in CI
(`tools/install-system-deps.sh test` installs it, so CI never skips)."""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest


def pg_bin() -> Path | None:
    """Debian keeps the server binaries in /usr/lib/postgresql/<version>/bin."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    which = shutil.which("pg_ctl")
    return Path(which).resolve().parent if which else None


@pytest.fixture
def closed_port():
    """A loopback port where nothing listens, for as long as the test runs: the
    socket is bound (no other process can take the port) but never listens, so
    a connection is refused at once."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        yield s.getsockname()[1]


class PgServer:
    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="wok-pg-", dir="/tmp"))  # short: unix socket paths are short
        self.data = self.root / "data"
        self.port = 5432  # names the socket file in `root`, a folder of its own: no clash
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        self.names = itertools.count(1)

    def run(self, *cmd: str, timeout: float = 60) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        subprocess.run(prefix + list(cmd), check=True, capture_output=True, timeout=timeout)

    def start(self) -> PgServer:
        self.run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
            "--no-instructions",
        )
        self.restart()
        return self

    def stop(self, mode: str = "fast") -> None:
        self.run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self) -> None:
        """Starts the server on its socket (again, after `stop`: the URLs stay right)."""
        opts = (
            f"-k {self.root} -p {self.port} -c listen_addresses='' -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off"
        )
        self.run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.root / "log"),
            "-o",
            opts,
            "-w",
            "-t",
            "30",
            "start",
        )

    def url(self, dbname: str) -> str:
        return f"postgresql+psycopg://postgres@/{dbname}?host={self.root}&port={self.port}"

    def new_database(self) -> str:
        """A fresh database of its own (for tests that restart the server)."""
        return self.url(self._create_database())

    def _create_database(self) -> str:
        import psycopg

        name = f"wok_test_{next(self.names)}"
        with psycopg.connect(
            host=str(self.root), port=self.port, user="postgres", dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return name

    def new_schema(self) -> str:
        """An empty schema in one shared database, reached through the URL's
        search_path (as a venue could give the arcade a schema of its own): as
        isolated as a database for these tables, and much faster to make."""
        import psycopg

        if not hasattr(self, "shared"):
            self.shared = self._create_database()
        name = f"wok_schema_{next(self.names)}"
        with psycopg.connect(
            host=str(self.root), port=self.port, user="postgres", dbname=self.shared, autocommit=True
        ) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return self.url(self.shared) + f"&options=-csearch_path%3D{name}"


@pytest.fixture(scope="session")
def postgres_server():
    bindir = pg_bin()
    if bindir is None or (os.geteuid() == 0 and shutil.which("runuser") is None):
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed: run tools/install-system-deps.sh test")
        pytest.skip("PostgreSQL is not installed (tools/install-system-deps.sh test installs it)")
    server = PgServer(bindir)
    started = time.perf_counter()
    try:
        server.start()
    except subprocess.CalledProcessError as exc:
        log = (server.root / "log").read_text(errors="replace") if (server.root / "log").exists() else ""
        shutil.rmtree(server.root, ignore_errors=True)
        pytest.fail(f"PostgreSQL did not start: {exc.stderr.decode(errors='replace')[-1500:]}\n{log[-1500:]}")
    server.startup_seconds = time.perf_counter() - started
    yield server
    with contextlib.suppress(subprocess.CalledProcessError):
        server.stop("immediate")
    shutil.rmtree(server.root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'stats.sqlite3'}"
    return request.getfixturevalue("postgres_server").new_schema()


PARIS = timezone(timedelta(hours=1))


class Clock:
    """The cabinet's local time, moved by the test."""

    def __init__(self, start: datetime = datetime(2026, 3, 14, 18, 0, tzinfo=PARIS)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kw) -> None:
        self.now += timedelta(**kw)


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def stats(db_url, clock):
    """A store on each database, opened and migrated; closed with nothing left unwritten."""
    from game.kiosk.stats import Stats

    s = Stats.open(db_url, cabinet="cafe-1", clock=clock)
    assert s.wait_ready(20), s.status()
    yield s
    assert s.close() == 0

"""``python -m game.kiosk``: the operator's tools from a shell.

    python -m game.kiosk set-pin                 # asks twice; stores the hash in settings.toml
    python -m game.kiosk export-csv games.csv [--since 2026-03-01] [--until 2026-03-31]
    python -m game.kiosk summary                 # games per day and per game, as text
    python -m game.kiosk bench [--url URL] [--records 200]   # write latency p50/p99

They use the same settings as the arcade (run them as the kiosk's user, with its
XDG_CONFIG_HOME / XDG_DATA_HOME: see the README's "Kiosk mode").
"""

from __future__ import annotations

import argparse
import getpass
import statistics
import sys
import tempfile
import time
import uuid
from datetime import date
from pathlib import Path


def _store():
    from ..settings import SettingsStore

    store = SettingsStore()
    settings = store.load()
    return store, settings


def _with_stats(url: str | None, run) -> int:
    """Open the settings' statistics database (or `url`), run `run(stats)`, close it."""
    from ..userdirs import data_dir
    from .stats import Stats

    settings = _store()[1]
    stats = Stats.open(
        url if url is not None else settings.kiosk.stats_url,
        data_dir=data_dir(),
        cabinet=settings.kiosk.cabinet or None,
    )
    try:
        if not stats.wait_ready(20):
            print(f"the statistics database is unreachable: {stats.status().error}", file=sys.stderr)
            return 1
        return run(stats)
    finally:
        stats.close(timeout=3)


def cmd_set_pin(args) -> int:
    from .pin import MAX_DIGITS, MIN_DIGITS, hash_pin, valid_pin

    store, settings = _store()
    if store.problem:
        print(f"fix the settings file first: {store.problem}", file=sys.stderr)
        return 1
    if args.stdin:
        pin = again = sys.stdin.readline().strip()
    else:
        pin = getpass.getpass(f"New operator PIN ({MIN_DIGITS}-{MAX_DIGITS} digits): ")
        again = getpass.getpass("Once more: ")
    if pin != again:
        print("the two PINs differ; nothing changed", file=sys.stderr)
        return 1
    if not valid_pin(pin):
        print(f"a PIN is {MIN_DIGITS} to {MAX_DIGITS} digits; nothing changed", file=sys.stderr)
        return 1
    settings.kiosk.operator_pin = hash_pin(pin)
    note = store.save()
    if note:
        print(note)
    print(f"operator PIN set in {store.path}")
    return 0


def cmd_export_csv(args) -> int:
    def run(stats) -> int:
        n = stats.export_csv(Path(args.out), args.since, args.until)
        if n is None:
            print(f"could not read the games: {stats.status().error}", file=sys.stderr)
            return 1
        print(f"wrote {n} games to {args.out}")
        return 0

    return _with_stats(args.url, run)


def cmd_summary(args) -> int:
    def run(stats) -> int:
        print("day         started finished abandoned")
        for d in stats.games_per_day(args.since, args.until):
            print(f"{d.day}  {d.started:7} {d.finished:8} {d.abandoned:9}")
        print("\ngame            started finished abandoned  mean length")
        for g in stats.games_per_game(args.since, args.until):
            mean = f"{g.mean_seconds / 60:.1f} min" if g.mean_seconds is not None else "-"
            print(f"{g.game:14}  {g.started:7} {g.finished:8} {g.abandoned:9}  {mean:>11}")
        return 0

    return _with_stats(args.url, run)


def bench(url: str, records: int, pace: float = 0.02) -> dict:
    """Write `records` records one every `pace` seconds (as games do, only much
    faster) and measure: the caller's cost per record, and the time from the
    call to the commit (p50/p99). Its rows are deleted afterwards."""
    import sqlalchemy as sa

    from .schema import game_seats, games
    from .stats import Seat, Stats

    cabinet = f"bench-{uuid.uuid4().hex[:8]}"
    stats = Stats.open(url, cabinet=cabinet)
    if not stats.wait_ready(20):
        raise RuntimeError(f"database unreachable: {stats.status().error}")
    calls = []
    seats = [Seat("Ana"), Seat("Bao", "bot", "hard")]
    for i in range(records):
        t = time.perf_counter()
        if i % 2 == 0:
            ref = stats.game_started("bench", seats)
        else:
            stats.game_finished(ref, [0], [1, 0], actions=10)
        calls.append(time.perf_counter() - t)
        time.sleep(pace)
    stats.flush(30)
    lat = sorted(stats.latencies)

    def cleanup(conn):
        refs = sa.select(games.c.id).where(games.c.cabinet == cabinet).scalar_subquery()
        conn.execute(game_seats.delete().where(game_seats.c.game_ref.in_(refs)))
        conn.execute(games.delete().where(games.c.cabinet == cabinet))

    stats.write(cleanup, "bench clean-up")
    stats.close()

    def pct(xs, p):
        return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] * 1000

    calls.sort()
    return {
        "backend": sa.make_url(url).get_backend_name(),
        "records": len(lat),
        "call_p50_ms": pct(calls, 50),
        "call_p99_ms": pct(calls, 99),
        "commit_p50_ms": pct(lat, 50),
        "commit_p99_ms": pct(lat, 99),
        "commit_mean_ms": statistics.fmean(lat) * 1000,
    }


def cmd_bench(args) -> int:
    if args.url:
        url = args.url
    else:
        url = f"sqlite:///{Path(tempfile.mkdtemp(prefix='wok-bench-')) / 'stats.sqlite3'}"
    r = bench(url, args.records)
    print(
        f"{r['backend']}: {r['records']} records; caller's cost p50 {r['call_p50_ms']:.3f} ms, "
        f"p99 {r['call_p99_ms']:.3f} ms; call to commit p50 {r['commit_p50_ms']:.2f} ms, "
        f"p99 {r['commit_p99_ms']:.2f} ms"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.kiosk", description="Wok Arcade kiosk tools")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("set-pin", help="set the operator PIN (stored hashed in settings.toml)")
    s.add_argument("--stdin", action="store_true", help="read the PIN from one line of standard input")
    for name, helptext in (("export-csv", "write the games as CSV"), ("summary", "games per day and per game")):
        e = sub.add_parser(name, help=helptext)
        if name == "export-csv":
            e.add_argument("out")
        e.add_argument("--since", type=date.fromisoformat)
        e.add_argument("--until", type=date.fromisoformat)
        e.add_argument("--url", help="a database URL instead of the settings' one")
    b = sub.add_parser("bench", help="statistics write latency (a temporary SQLite by default)")
    b.add_argument("--url")
    b.add_argument("--records", type=int, default=200)
    args = p.parse_args(argv)
    return {"set-pin": cmd_set_pin, "export-csv": cmd_export_csv, "summary": cmd_summary, "bench": cmd_bench}[
        args.command
    ](args)

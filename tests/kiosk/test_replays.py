"""Replays in the statistics database (SQLite and a real PostgreSQL): kept at a
game's end, listed by day and game without their logs, read back whole, and
forgotten after the operator's retention."""

from __future__ import annotations

import json
from datetime import date

import sqlalchemy as sa

from game.engine import gamedef, simulate
from game.engine.replay import FORMAT, Player, of_game
from game.kiosk.stats import make_engine

SEATS = [{"name": "Ana", "colour": "red"}, {"name": "Bao", "colour": "blue", "kind": "bot", "level": "greedy"}]


def _finished(seed: int):
    state, _turns = simulate.play(gamedef.find("yatai"), 2, seed, ["random"])
    return state


def test_a_finished_game_is_kept_and_replays_from_the_database(stats, clock, db_url):
    state = _finished(3)
    highlights = [{"kind": "serve", "at": 7, "score": 12.0, "seats": [0], "text": "x", "words": {}}]
    kept = of_game("yatai", SEATS, state.options, state.seed, state.log, id="g1", highlights=highlights)
    stats.keep_replay(kept, state.winners(), state.scores())
    (row,) = stats.replays(date(2026, 3, 1))
    assert "log" not in row
    assert (row["id"], row["game"], row["cabinet"], row["day"]) == ("g1", "yatai", "cafe-1", date(2026, 3, 14))
    assert row["seats"][1] == {"name": "Bao", "colour": "blue", "kind": "bot", "level": "greedy"}
    assert row["winners"] == state.winners() and row["scores"] == [float(s) for s in state.scores()]
    assert row["highlights"] == highlights and row["version"] == FORMAT
    whole = stats.replay("g1")
    assert whole["log"] == state.log and whole["seed"] == state.seed
    back = of_game(whole["game"], whole["seats"], whole["options"], whole["seed"], whole["log"])
    assert Player(gamedef.find("yatai").state_cls, back).final.to_json() == state.to_json()
    assert stats.replay("nope") is None
    engine = make_engine(db_url)
    with engine.connect() as conn:
        stored = conn.execute(sa.text("SELECT log FROM replays")).scalar()
    engine.dispose()
    size = len(stored if isinstance(stored, str) else json.dumps(stored))
    print(f"bytes per stored game (yatai, {len(state.log)} moves): log {size}, row ~{size + 400}")


def test_replays_are_listed_newest_first_by_game_and_kept_for_the_retention(stats, clock):
    state = _finished(4)
    for i, game_day in enumerate(range(10, 15)):
        clock.now = clock.now.replace(day=game_day)
        r = of_game("yatai", SEATS, state.options, state.seed, state.log, id=f"d{game_day}")
        stats.keep_replay(r, [0], [1, 0], keep_days=30 if i < 4 else 2)
    assert [r["id"] for r in stats.replays()] == ["d14", "d13", "d12"]  # days 10 and 11 are older than 2 days
    assert stats.replays(game="wokup") == [] and [r["id"] for r in stats.replays(date(2026, 3, 13))] == ["d14", "d13"]
    stats.forget_replays(date(2026, 3, 14))
    assert [r["id"] for r in stats.replays()] == ["d14"]


def test_keeping_the_same_game_twice_keeps_one(stats):
    state = _finished(5)
    r = of_game("yatai", SEATS, state.options, state.seed, state.log, id="same")
    stats.keep_replay(r, [0], [1, 0])
    stats.keep_replay(r, [1], [0, 1])
    (row,) = stats.replays()
    assert row["winners"] == [1]

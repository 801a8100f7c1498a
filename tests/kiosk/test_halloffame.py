"""The hall of fame, on SQLite and on a real PostgreSQL (the `stats` fixture)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from game.kiosk.halloffame import HallOfFame, kinds, valid_initials
from game.kiosk.stats import Stats


@pytest.fixture
def hof(stats):
    return HallOfFame(stats)


def test_kinds_per_game():
    assert {k: v.lower_is_better for k, v in kinds("wokup").items()} == {"fastest_slap_ms": True, "most_cards": False}
    assert list(kinds("cheaterchefs")) == ["score"] and not kinds("wewillwokyou")["score"].lower_is_better


@pytest.mark.parametrize(
    "text,ok",
    [
        ("ABC", True),
        ("ZZZ", True),
        ("AB", False),
        ("ABCD", False),
        ("abc", False),
        ("A1C", False),
        ("ÉTÉ", False),
        ("A C", False),
        (None, False),
        (123, False),
    ],
)
def test_initials_are_three_letters(text, ok):
    assert valid_initials(text) is ok


def test_wrong_arguments_are_the_callers_mistake(hof):
    with pytest.raises(ValueError):
        hof.record("wokup", "score", 10, "ABC")  # Wok Up keeps no plain score
    with pytest.raises(ValueError):
        hof.record("wokup", "most_cards", 5, "ab")
    for bad in (float("nan"), float("inf"), -1, True, "5"):
        with pytest.raises(ValueError):
            hof.record("cheaterchefs", "score", bad, "ABC")
    assert hof.stats.status().pending == 0


def test_fastest_slap_lower_is_better_ties_keep_the_earlier(hof, clock):
    for initials, ms in [("AAA", 412), ("BBB", 388), ("CCC", 512), ("DDD", 388), ("EEE", 250)]:
        hof.record("wokup", "fastest_slap_ms", ms, initials)
        clock.advance(minutes=1)
    best = hof.best("wokup", "fastest_slap_ms", limit=3)
    assert [(e.initials, e.value) for e in best] == [("EEE", 250), ("BBB", 388), ("DDD", 388)]
    assert best[0].cabinet == "cafe-1" and best[0].day == clock.now.date()


def test_best_of_the_day_and_of_all_time(hof, clock):
    today = clock.now.date()
    hof.record("cheaterchefs", "score", 90, "OLD", clock.now - timedelta(days=2))
    hof.record("cheaterchefs", "score", 40, "YES", clock.now - timedelta(days=1))
    hof.record("cheaterchefs", "score", 55, "NOW")
    hof.record("cheaterchefs", "score", 30, "LOW")
    hof.record("wewillwokyou", "score", 999, "WWY")  # another game's board
    assert [e.initials for e in hof.best("cheaterchefs", "score", day=today)] == ["NOW", "LOW"]
    assert [e.initials for e in hof.best("cheaterchefs", "score")] == ["OLD", "NOW", "YES", "LOW"]
    assert [e.initials for e in hof.best("cheaterchefs", "score", day=today - timedelta(days=1))] == ["YES"]
    board = hof.board("wokup")
    assert board == {"fastest_slap_ms": {"today": [], "all_time": []}, "most_cards": {"today": [], "all_time": []}}
    board = hof.board("cheaterchefs", limit=2)
    assert [e.initials for e in board["score"]["today"]] == ["NOW", "LOW"]
    assert [e.initials for e in board["score"]["all_time"]] == ["OLD", "NOW"]


def test_qualifies_for_the_day_or_all_time(hof, clock):
    for i, cards in enumerate([5, 4, 4]):
        hof.record("wokup", "most_cards", cards, "ABC"[i] * 3, clock.now - timedelta(days=1))
    assert hof.qualifies("wokup", "most_cards", 1, limit=3)  # today's board is empty
    for cards in [3, 3, 3]:
        hof.record("wokup", "most_cards", cards, "XYZ")
    assert not hof.qualifies("wokup", "most_cards", 3, limit=3)  # ties do not push anyone out
    assert hof.qualifies("wokup", "most_cards", 4, limit=3)  # the day's best, not all time's
    assert hof.qualifies("wokup", "fastest_slap_ms", 900, limit=3)
    for ms in (300, 310, 320):
        hof.record("wokup", "fastest_slap_ms", ms, "FST")
    assert not hof.qualifies("wokup", "fastest_slap_ms", 320, limit=3)
    assert hof.qualifies("wokup", "fastest_slap_ms", 319.5, limit=3)


def test_per_cabinet_boards(stats, clock, db_url):
    other = Stats.open(db_url, cabinet="terrace", clock=clock)
    assert other.wait_ready(20)
    HallOfFame(stats).record("cheaterchefs", "score", 10, "BAR")
    HallOfFame(other).record("cheaterchefs", "score", 20, "TER")
    assert other.flush()
    hof = HallOfFame(stats)
    assert [e.initials for e in hof.best("cheaterchefs", "score")] == ["TER", "BAR"]  # the venue's
    assert [e.initials for e in hof.best("cheaterchefs", "score", cabinet="cafe-1")] == ["BAR"]
    assert other.close() == 0


def test_database_down_answers_empty_and_asks_for_initials(closed_port):
    s = Stats.open(f"postgresql+psycopg://wok@127.0.0.1:{closed_port}/x", connect_timeout=1)
    hof = HallOfFame(s)
    hof.record("wokup", "most_cards", 5, "ABC")  # queued, no error
    assert hof.best("wokup", "most_cards", timeout=0.2) == []
    assert hof.qualifies("wokup", "most_cards", 5, timeout=0.2) is True
    assert hof.board("wokup", timeout=0.2)["most_cards"] == {"today": [], "all_time": []}
    s.close(timeout=0.2)

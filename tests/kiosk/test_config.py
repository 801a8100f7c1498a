"""The [kiosk] settings table and the operator's command line."""

import io
import sys

import pytest

from game.kiosk import cli
from game.kiosk.pin import check_pin
from game.kiosk_settings import KioskSettings, level_for
from game.settings import Settings, SettingsStore
from game.userdirs import config_dir


@pytest.fixture
def path():
    p = config_dir() / "settings.toml"
    p.parent.mkdir(parents=True, exist_ok=True)
    return p


def test_kiosk_table_round_trip(path):
    store = SettingsStore(path)
    s = store.load()
    assert s.kiosk == KioskSettings()
    s.kiosk = KioskSettings(True, "bar-left", "postgresql+psycopg://a:b@db/arcade", "scrypt$1$8$1$AA==$BB==", 3, 60)
    store.save()
    again = SettingsStore(path)
    assert again.load() == s and again.problem is None


@pytest.mark.parametrize(
    "table, key, line",
    [
        ('enabled = "yes"', "enabled", 3),
        ('stats_url = "mysql://x"', "stats_url", 3),
        ('operator_pin = "1234"', "operator_pin", 3),
        ("pin_tries = 0", "pin_tries", 3),
        ("pin_lock_seconds = true", "pin_lock_seconds", 3),
        ('colour = "red"', "colour", 3),
        ('games = "wokup"', "games", 3),
        ("max_seats = { wokup = 9 }", "max_seats", 3),
        ('bot_strength = "godlike"', "bot_strength", 3),
        ("attract_after = 2", "attract_after", 3),
        ("still_playing = 1.5", "still_playing", 3),
    ],
)
def test_mistakes_name_the_line_and_start_on_defaults(path, table, key, line):
    path.write_text(f'language = "en"\n[kiosk]\n{table}\n')
    store = SettingsStore(path)
    assert store.load() == Settings()
    assert f"line {line}" in store.problem and key in store.problem


def test_operator_choices_round_trip(path):
    store = SettingsStore(path)
    s = store.load()
    s.kiosk.games, s.kiosk.max_seats, s.kiosk.languages = ["wokup", "cheaterchefs"], {"wokup": 3}, ["fr"]
    s.kiosk.bot_strength, s.kiosk.attract_after, s.kiosk.black_after = "hard", 30, 600
    store.save()
    assert SettingsStore(path).load() == s


def test_bot_strength_picks_a_level_of_each_game():
    wokup = ["random", "relaxed", "normal", "sharp"]
    assert [level_for(wokup, k) for k in ("easy", "medium", "hard")] == ["relaxed", "normal", "sharp"]
    assert [level_for(["random", "easy", "hard"], k) for k in ("easy", "medium", "hard")] == ["easy", "easy", "hard"]
    assert level_for(["random"], "hard") == "random"


def test_set_pin_from_stdin(path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("424242\n"))
    assert cli.main(["set-pin", "--stdin"]) == 0
    stored = SettingsStore(path).load().kiosk.operator_pin
    assert stored.startswith("scrypt$131072$8$1$")  # today's cost (one hash, one check: about a second)
    assert check_pin("424242", stored) and "424242" not in path.read_text()
    assert path.stat().st_mode & 0o077 == 0  # only its owner reads it
    monkeypatch.setattr(sys, "stdin", io.StringIO("4242\n"))
    assert cli.main(["set-pin", "--stdin"]) == 1  # too short now: nothing changed
    assert SettingsStore(path).load().kiosk.operator_pin == stored


def test_set_pin_refuses_to_overwrite_a_broken_file(path, monkeypatch):
    path.write_text("language = = \n")
    monkeypatch.setattr(sys, "stdin", io.StringIO("4242\n"))
    assert cli.main(["set-pin", "--stdin"]) == 1
    assert path.read_text() == "language = = \n"


def test_export_and_summary_from_the_settings_database(tmp_path, capsys):
    from game.kiosk.stats import Stats
    from game.userdirs import data_dir

    s = Stats.open(data_dir=data_dir(), cabinet="cafe-1")
    ref = s.game_started("wokup", [{"name": "Ana"}, {"name": "Bao", "kind": "bot", "level": "hard"}])
    s.game_finished(ref, [1], [2, 5])
    assert s.close() == 0
    out = tmp_path / "games.csv"
    assert cli.main(["export-csv", str(out)]) == 0
    assert out.read_text().count("\n") == 2
    assert cli.main(["summary"]) == 0
    assert "wokup" in capsys.readouterr().out

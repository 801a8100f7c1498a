"""The README's words follow the arcade: its table of games says "coming soon"
only of a game the chooser cannot start, and it counts the languages offered."""

from pathlib import Path

from game import i18n
from game.app import catalogue

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_the_status_table_says_which_games_are_playable():
    rows = {line.split("|")[1].strip(): line for line in README.splitlines() if line.startswith("| ")}
    for entry in catalogue.load():
        row = next((line for name, line in rows.items() if name.startswith(entry.title + " ")), None)
        assert row is not None, f"{entry.title} is missing from the README's table"
        assert ("coming soon" in row) == (not entry.playable), row


def test_the_languages_are_counted_right():
    words = {5: "five", 6: "six"}
    assert f"{words[len(i18n.TRANSLATED)]} languages beside English" in README
    assert f"({words[len(i18n.LANGUAGES)]} in all)" in README

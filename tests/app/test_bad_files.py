"""Broken or hostile files never stop the arcade: a bad save, settings file or
games.toml entry is set aside or marked, named with its file, and the rest plays."""

import json
import logging

from game.app.app import App
from game.app.menus import TitleScene
from game.app.resume import ResumeScene
from game.settings import Settings, SettingsStore
from game.userdirs import config_dir

from .drive import press

DEEP = 100_000


def _save(game="wewillwokyou", **changes):
    doc = {
        "game": game,
        "seats": [
            {"name": "Ana", "colour": "red", "kind": "human", "level": "random", "controller": "keyboard-1"},
            {"name": "Bao", "colour": "blue", "kind": "bot", "level": "random", "controller": None},
        ],
        "options": {},
        "seed": 7,
        "log": [],
        "saved_at": 1_700_000_000.0,
        "stats_ref": None,
    }
    doc.update(changes)
    return doc


def _write(app, save_id, doc_or_text):
    app.saves.folder.mkdir(parents=True, exist_ok=True)
    text = doc_or_text if isinstance(doc_or_text, str) else json.dumps(doc_or_text)
    app.saves.path(save_id).write_text(text)


def _title(app):
    app.open("title")
    app.step()
    app.draw()
    return app.top


def test_a_save_whose_saved_at_is_a_string_or_null_is_set_aside_and_the_title_opens(caplog):
    app = App(size=(1280, 720), window=False)
    _write(app, "good", _save())
    _write(app, "text", _save(saved_at="yesterday"))
    _write(app, "null", _save(saved_at=None))
    with caplog.at_level(logging.WARNING, logger="game"):
        title = _title(app)
    assert isinstance(title, TitleScene) and title.menu.items[0].value == "1 game"
    for bad in ("text", "null"):
        assert app.saves.folder.joinpath(f"{bad}.json.broken").exists()
        assert any(f"{bad}.json" in r.getMessage() and "saved_at" in r.getMessage() for r in caplog.records)
    assert "saved_at" in app.notice
    app.quit()


def test_a_save_whose_game_is_a_list_is_set_aside_once_and_resume_works():
    app = App(size=(1280, 720), window=False)
    _write(app, "good", _save())
    _write(app, "listed", _save(game=["wewillwokyou"]))
    _title(app)
    assert app.saves.folder.joinpath("listed.json.broken").exists()
    assert "listed.json" in app.notice and "game" in app.notice
    press(app, "confirm")  # Resume
    assert isinstance(app.top, ResumeScene) and [g.save_id for g in app.top.games] == ["good"]
    app.quit()


def test_a_save_nested_a_hundred_thousand_deep_is_set_aside():
    app = App(size=(1280, 720), window=False)
    _write(app, "good", _save())
    _write(app, "deep", '{"game": "wokup", "options": ' + "[" * DEEP + "]" * DEEP + "}")
    _write(app, "deeper", "[" * DEEP + "]" * DEEP)
    title = _title(app)
    assert title.menu.items[0].value == "1 game"
    assert app.saves.folder.joinpath("deep.json.broken").exists()
    assert app.saves.folder.joinpath("deeper.json.broken").exists()
    app.quit()


def test_a_settings_file_nested_a_hundred_thousand_deep_starts_on_defaults():
    path = config_dir() / "settings.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = 'language = "fr"\nwindow = ' + "[" * DEEP + "]" * DEEP + "\n"
    path.write_text(text)
    store = SettingsStore(path)
    assert store.load() == Settings()
    assert str(path) in store.problem and "nested too deep" in store.problem
    app = App(size=(1280, 720), window=False)
    assert isinstance(_title(app), TitleScene) and str(path) in app.notice
    app.quit()
    assert path.read_text() == text, "loading never rewrites the user's file"

"""Broken or hostile files never stop the arcade: a bad save, settings file or
games.toml entry is set aside or marked, named with its file, and the rest plays."""

import json
import logging

from game.app import catalogue
from game.app.app import App
from game.app.menus import ChooserScene, TitleScene
from game.app.resume import ResumeScene
from game.app.session import Session
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
    assert app.notice.startswith("2 saved games could not be used") and "saved_at" in app.notice
    app.quit()


def test_a_save_saved_out_of_any_calendar_is_set_aside_and_resume_draws():
    app = App(size=(1280, 720), window=False)
    _write(app, "good", _save())
    _write(app, "far", _save(saved_at=1e300))
    _write(app, "before", _save(saved_at=-1e20))
    _title(app)
    press(app, "confirm")  # Resume
    app.draw()
    assert [g.save_id for g in app.top.games] == ["good"]
    assert all(app.saves.folder.joinpath(f"{bad}.json.broken").exists() for bad in ("far", "before"))
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


def test_a_broken_games_toml_entry_marks_that_game_only(tmp_path, monkeypatch, caplog):
    broken = tmp_path / "games.toml"
    text = (catalogue.ASSETS / "games.toml").read_text()
    broken.write_text(text.replace('minutes = "30-45"', "minutes = 45", 1))
    monkeypatch.setattr(catalogue, "ASSETS", tmp_path)
    app = App(size=(1280, 720), window=False)
    _title(app)
    press(app, "confirm")  # Play
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    app.draw()
    items = {item.label: item for item in chooser.menu.items}
    assert not items["We Will Wok You"].enabled
    note = items["We Will Wok You"].note
    assert note.startswith("games.toml: [[game]] #2 (wewillwokyou): 'minutes'") and items["We Will Wok You"].value
    assert any(str(broken) in r.getMessage() and "minutes" in r.getMessage() for r in caplog.records)
    assert all(items[t].enabled for t in ("Wok Up", "Relleno", "Yatai", "Cheater Chefs"))
    press(app, "confirm")  # Wok Up: the others still play
    assert app.top is not chooser
    app.quit()


def test_a_games_toml_entry_repeating_an_id_or_with_an_unknown_key_is_unavailable(tmp_path, monkeypatch):
    text = (catalogue.ASSETS / "games.toml").read_text()
    text = text.replace('id = "relleno"', 'id = "wokup"', 1) + "\nplayers = 3\n"  # in the last [[game]]
    (tmp_path / "games.toml").write_text(text)
    monkeypatch.setattr(catalogue, "ASSETS", tmp_path)
    entries = catalogue.load()
    assert [e.title for e in entries if e.playable] == ["Wok Up", "We Will Wok You", "Yatai"]
    relleno, chefs = (next(e for e in entries if e.title == t) for t in ("Relleno", "Cheater Chefs"))
    assert "#3 (wokup)" in relleno.problem and "already" in relleno.problem
    assert "#5 (cheaterchefs)" in chefs.problem and "players" in chefs.problem
    (tmp_path / "games.toml").write_text(text.replace("\nplayers = 3\n", "\n[extra]\n"))
    (whole,) = catalogue.load()  # the file itself is wrong: one row saying so, nothing to play
    assert not whole.playable and whole.problem.startswith("games.toml") and "extra" in whole.problem


def test_the_arcades_other_files_nested_deep_or_mistyped_start_afresh(tmp_path):
    """The remembered tables, the kiosk's start record and the PIN lockout: read
    through the same schemas, a hostile one is logged and forgotten, never fatal."""
    from game.app import seats
    from game.kiosk.crashloop import FILE_NAME, Starts
    from game.kiosk.pin import PinGate, Verdict, hash_pin

    deep = "[" * DEEP + "]" * DEEP
    tables = seats.tables_file()
    tables.parent.mkdir(parents=True, exist_ok=True)
    for text in (deep, '{"wokup": ' + deep + "}"):
        tables.write_text(text)
        assert seats.recall_all() in ({}, {"wokup": []})
    tables.write_text(deep)
    app = App(size=(1280, 720), window=False)
    app.open("seats", catalogue.find("wokup"))  # opens on the default table
    app.draw()
    app.quit()
    for text in (deep, '{"running": {"since": ' + deep + "}}", '{"running": null, "crashes": ["x"]}'):
        (tmp_path / FILE_NAME).write_text(text)
        check = Starts.in_dir(tmp_path).record_start()
        assert not check.crashed and not check.fall_back, text[:40]
    state = tmp_path / "operator-pin.json"
    stored = hash_pin("135790", n=2**10, r=8, p=1)
    for text in (deep, '{"wrong": "many", "locked_until": 1e300}', '{"wrong": 1, "locked_until": ' + deep + "}"):
        state.write_text(text)
        assert PinGate(stored, tries=2, state_path=state).attempt("135790").verdict is Verdict.OPEN, text[:40]


def test_the_save_schema_knows_every_field_a_session_writes():
    """saves.Save checks what Session.save writes: a field added to either must be added to both."""
    from dataclasses import fields

    import msgspec

    from game.app.saves import Save, SavedSeat
    from game.app.session import SeatConfig

    assert [f.name for f in fields(SeatConfig)] == list(SavedSeat.__struct_fields__)
    app = App(size=(1280, 720), window=False)
    _write(app, "x", _save())
    session = Session.resume(app.saves.read("x"), app.saves, catalogue.find("wewillwokyou").gdef, "y")
    session.save()
    app.saves.flush()
    written = json.loads(app.saves.path("y").read_text())
    assert set(written) == set(Save.__struct_fields__)
    assert msgspec.to_builtins(msgspec.convert(written, Save)) == written
    app.quit()


def test_the_catalogue_needs_no_file_once_read(monkeypatch):
    """A process out of file descriptors (issue 23: a flood of phone connections) still
    lists every game: the catalogue as last read is kept."""
    import errno
    from pathlib import Path

    first = [e.id for e in catalogue.load()]
    real = Path.read_text

    def exhausted(self, *args, **kwargs):
        if self.name == "games.toml":
            raise OSError(errno.EMFILE, "Too many open files")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", exhausted)
    assert [e.id for e in catalogue.load()] == first and all(first)
    assert catalogue.find("wokup").playable


def test_the_guided_games_memory_nested_deep_or_mistyped_counts_as_none():
    """tutorials-offered.json goes through the same schemas: deep nesting raised
    RecursionError each time a game with a guided game was chosen."""
    from game.app import tutorial

    path = tutorial.seen_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for text in ("[" * DEEP + "]" * DEEP, '["wokup", 3]', '{"wokup": true}'):
        path.write_text(text)
        assert not tutorial.offered("wokup"), text[:20]
        tutorial.remember_offered("wokup")
        assert tutorial.offered("wokup") and not tutorial.offered("yatai")

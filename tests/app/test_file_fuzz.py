"""Fuzz of the files the arcade reads at start: saves of every game and
settings.toml, mutated field by field (every other JSON/TOML kind in place of
each value, nulls), truncated at every 64th byte, nested 100,000 deep, and
saves carrying another game's log. The arcade is started on them headless and
must reach the title with each bad file set aside (or, settings, left on disk
with the defaults and a message naming its line) and every good save offered."""

import copy
import json
import re
import tomllib

import pytest
import tomlkit

from game.app import catalogue
from game.app.app import App
from game.app.menus import TitleScene
from game.app.resume import ResumeScene
from game.app.saves import SaveStore
from game.app.session import Session, default_seats
from game.engine import Rng
from game.settings import Settings, SettingsStore, to_toml
from game.userdirs import config_dir

from .drive import press

DEEP = 100_000
KINDS = {"null": None, "bool": True, "number": 7.5, "string": "x", "array": [1], "object": {"k": 1}}
ALLOWED = {"controller": {"string", "null"}, "stats_ref": {"string", "null"}}  # the save's optional fields


def _kind(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return {str: "string", list: "array", dict: "object"}[type(value)]


def _real_saves(tmp_path):
    """One save per playable game, a dozen random moves in, as the arcade writes it."""
    store = SaveStore(tmp_path / "made")
    docs = {}
    for entry in catalogue.load():
        gdef = entry.gdef
        session = Session(gdef, default_seats(gdef.state_cls.min_seats + 1, list(gdef.bots)), None, 3, store)
        rng = Rng(3)
        for _i in range(12):
            actors = session.state.actors()
            if not actors or session.state.is_over():
                break
            seat = rng.choice(actors)
            session.apply(seat, session.state.sample_action(seat, rng))
        store.flush()
        docs[entry.id] = store.path(session.save_id).read_bytes()
    return docs


def _paths(doc):
    """Where to mutate: every key of the save, of its first seat and first log entry."""
    yield from ([k] for k in doc)
    yield from (["seats", 0, k] for k in doc["seats"][0])
    yield ["seats", 0]
    yield from (["log", 0, k] for k in doc["log"][0])
    yield ["log", 0]


def _mutated(doc, path, value):
    doc = copy.deepcopy(doc)
    at = doc
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = value
    return doc


def _cases(games):
    """(name, bytes, must go at the title) for every bad save of every game."""
    deep = "[" * DEEP + "]" * DEEP
    for game, data in games.items():
        doc = json.loads(data)
        for path in _paths(doc):
            allowed = ALLOWED.get(path[-1], {_kind(_get(doc, path))})
            typed = path[0] != "options" and path[-1] != "action"  # a game's own: its rules judge it
            for kind, value in KINDS.items():
                if kind != _kind(_get(doc, path)):
                    name = f"{game}-{'.'.join(map(str, path))}-{kind}"
                    yield name, json.dumps(_mutated(doc, path, value)), typed and kind not in allowed
        for cut in range(64, len(data), 64):
            yield f"{game}-cut{cut}", data[:cut], True
        for where in (["options"], ["log", 0, "action"], ["seats", 0, "name"]):
            text = json.dumps(_mutated(doc, where, "DEEP")).replace('"DEEP"', deep)
            yield f"{game}-deep-{where[-1]}", text, True
        yield f"{game}-deep", deep, True
        for other, other_data in games.items():
            if other != game:  # another game's log under this game's name: it does not replay
                yield f"{game}-log-of-{other}", json.dumps({**json.loads(other_data), "game": game}), False


def _get(doc, path):
    for key in path:
        doc = doc[key]
    return doc


def test_every_bad_save_of_every_game_is_set_aside_and_the_good_ones_resume(tmp_path):
    games = _real_saves(tmp_path)
    cases = list(_cases(games))
    app = App(size=(1280, 720), window=False)
    folder = app.saves.folder
    folder.mkdir(parents=True)
    for name, data, _at_title in cases:
        (folder / f"{name}.json").write_bytes(data if isinstance(data, bytes) else data.encode())
    for game, data in games.items():
        (folder / f"{game}-good.json").write_bytes(data)
    app.open("title")
    app.step()
    app.draw()
    assert isinstance(app.top, TitleScene) and app.top.menu.items[0].label == "Resume"
    left = {p.stem for p in folder.glob("*.json")}
    must_go = [name for name, _data, at_title in cases if at_title]
    print(f"{len(cases)} bad saves, {len(must_go)} to be found at load; {len(left) - 5} left for Resume to replay")
    assert not [name for name in must_go if name in left], "bad saves offered at the title"
    assert all(folder.joinpath(f"{name}.json.broken").exists() for name in must_go)
    press(app, "confirm")  # Resume: what does not replay goes aside too
    assert isinstance(app.top, ResumeScene)
    app.draw()
    listed = {g.save_id for g in app.top.games}
    assert {f"{game}-good" for game in games} <= listed
    for name in left - listed:  # not replayed: set aside, or a game this version does not know (kept)
        kept = folder / f"{name}.json"
        assert folder.joinpath(f"{name}.json.broken").exists() or json.loads(kept.read_bytes())["game"] == "x", name
    assert not [n for n in listed if "-log-of-" in n], "another game's log was offered"
    for game in listed:  # what is offered resumes
        doc = app.saves.read(game)
        Session.resume(doc, None, catalogue.find(doc["game"]).gdef, game)
    app.quit()


def _settings_cases():
    """(name, text, key path) of settings.toml with one value of another kind."""
    text = to_toml(Settings(kiosk=Settings().kiosk, buzzers={"00a1:0": 2}))
    doc = tomllib.loads(text)
    paths = [[k] for k in doc if k not in ("bindings", "kiosk", "buzzers")]
    paths += [["bindings"], ["bindings", "keyboard-2"], ["bindings", "keyboard-2", "wokup"], ["buzzers", "00a1:0"]]
    paths += [["kiosk"]] + [["kiosk", k] for k in doc["kiosk"]]
    for path in paths:
        for kind, value in KINDS.items():
            original = _get(doc, path)
            coerces = kind == "number" and isinstance(original, float)  # 7.5 may fit a float's range
            if kind == "null" or kind == _kind(original) or coerces:
                continue  # TOML has no null
            mutated = _mutated(doc, path, value)
            yield f"{'.'.join(path)}-{kind}", tomlkit.dumps(mutated), path


@pytest.fixture
def settings_path():
    path = config_dir() / "settings.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def test_every_setting_of_the_wrong_kind_is_named_with_its_line_and_the_arcade_starts(settings_path):
    cases = list(_settings_cases())
    print(f"{len(cases)} settings files with one value of the wrong kind")
    started = set()
    for name, text, path in cases:
        settings_path.write_text(text)
        store = SettingsStore(settings_path)
        assert store.load() == Settings(), name
        m = re.match(rf"{re.escape(str(settings_path))}, line (\d+): '([^']*)'", store.problem or "")
        assert m, (name, store.problem)
        line = text.splitlines()[int(m.group(1)) - 1]
        assert path[-1] in line or f"[{path[0]}" in line, (name, line, store.problem)
        if path[-1] not in started:  # the arcade itself, once for each key
            started.add(path[-1])
            app = App(size=(1280, 720), window=False)
            app.open("title")
            app.step()
            assert isinstance(app.top, TitleScene) and m.group(1) in app.notice
            app.quit()
            assert settings_path.read_text() == text, "loading never rewrites the user's file"


def test_a_settings_file_cut_anywhere_or_nested_deep_starts_the_arcade(settings_path):
    text = to_toml(Settings())
    cuts = [text[:cut] for cut in range(64, len(text), 64)]
    deep = ["window = " + "[" * DEEP + "]" * DEEP + "\n", "[kiosk]\ngames = " + "[" * DEEP + "]" * DEEP + "\n"]
    for cut in cuts + deep:
        settings_path.write_text(cut)
        app = App(size=(1280, 720), window=False)
        app.open("title")
        app.step()
        assert isinstance(app.top, TitleScene)
        if app.store.problem:  # a cut between two lines may be a good (shorter) file
            assert app.settings == Settings() and str(settings_path) in app.notice
        app.quit()
    print(f"{len(cuts)} cuts, {sum(1 for _c in deep)} deep files")

"""Every test runs headless (SDL dummy drivers) with its own config and data folders."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    yield
    import logging

    from game import i18n

    i18n.set_language("en")
    for handler in list(logging.getLogger("game").handlers):  # a test that set up the log file
        logging.getLogger("game").removeHandler(handler)
        handler.close()


@pytest.fixture
def edited_copy(tmp_path):
    """`edited_copy(folder, name, old, new)`: a copy of a content folder whose file
    `name` has its first `old` replaced by `new` (the data tests' broken files)."""
    import shutil

    def edit(folder, name, old, new):
        copy = tmp_path / "content"
        if not copy.exists():
            shutil.copytree(folder, copy)
        path = copy / name
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new, 1))
        return copy

    return edit


@pytest.fixture
def app(request):
    """A headless App, quit after the test. A module or test tunes it with the `app`
    marker: `size=(w, h)` (1280x720), `opens="title"` (the scene pushed first, none
    by default), `phones=True` (the phone server on a free loopback port, port 0),
    `record_audio=True` (sounds recorded in `app.audio.requests`, not played)."""
    from game.app.app import App

    marker = request.node.get_closest_marker("app")
    opts = marker.kwargs if marker else {}
    unknown = set(opts) - {"size", "opens", "phones", "record_audio"}
    assert not unknown, f"unknown app marker options: {unknown}"
    a = App(size=opts.get("size", (1280, 720)), window=False)
    if opts.get("record_audio"):
        from game.app.audio import Audio

        a.audio = Audio(record=True)
    if opts.get("phones"):
        a.phones.host, a.phones.port = "127.0.0.1", 0
    if opts.get("opens"):
        a.open(opts["opens"])
    yield a
    a.quit()

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

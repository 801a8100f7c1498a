"""The arcade as a program: window size, idle redraws, command-line errors, watch."""

import pygame

from game.__main__ import main
from game.app.app import App
from game.app.menus import TitleScene
from game.app.watch import watch

from .drive import press


def test_the_window_opens_at_the_screen_size(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    app = App()
    assert app.size == (1920, 1080) == app.screen.get_size()
    app.quit()


def test_a_still_menu_is_redrawn_on_input_only():
    app = App(size=(1280, 720), window=False)
    app.push(TitleScene(app))
    app.step()
    assert app.frame() is None, "the first frame is drawn whole"
    app.step()
    assert app.frame() == [], "nothing changed: nothing drawn"
    press(app, "down")
    assert app.frame() is None
    app.say("hello", 0.0)  # a notice comes (and is already gone): redrawn
    assert app.frame() is None
    app.quit()


def test_a_bad_scene_name_is_one_line_naming_the_valid_ones(tmp_path, capsys):
    assert main(["screenshot", "--scene", "nope", "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "nope" in err and "title" in err and "resume" in err


def test_simulate_on_a_broken_data_file_is_one_line(monkeypatch, capsys):
    from game.engine.data import DataError
    from game.wewillwokyou import rules

    def broken():
        raise DataError("assets/wewillwokyou/woks.toml: wok 'x': cost must be a number")

    monkeypatch.setattr(rules, "content", broken)
    assert main(["simulate", "--game", "wewillwokyou", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "simulate: assets/wewillwokyou/woks.toml: wok 'x': cost must be a number"


def test_watch_ends_and_writes_a_bounded_number_of_pictures(tmp_path, toy_catalogue):
    assert watch("toy-snap", 2, 1, str(tmp_path), 1, (320, 180), max_shots=3) == 0
    assert len(list(tmp_path.glob("*.png"))) == 4  # three along the way and the end

"""Rules pages show pictures of the game's own table (game/app/table_pictures.py):
every game has one, in every language; a bad moment in a rules file is reported
by file and line, and the page goes on without it; the picture is drawn once and
touches nothing of the app (its controllers, its scenes)."""

import logging

import pygame
import pytest

from game import i18n
from game.app import catalogue, rules_screen, table_pictures
from game.app.app import App
from game.app.rules_screen import FIGURE_ROWS, NARROW, WIDTH, RulesScene
from game.app.ui import BG

from .drive import press, run

GAMES = [e.id for e in catalogue.load() if e.playable]


def _figure_pages(scene: RulesScene) -> list[int]:
    return [n for n, page in enumerate(scene._pages()) if page.figure is not None]


def test_every_figure_in_every_rules_file_names_a_moment_of_its_game():
    problems = []
    for path in sorted((i18n.ASSETS / "rules").glob("*.md")):
        game = path.name.split(".")[0]
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            figure = table_pictures.figure_in(line, f"{path.name} line {n}")
            if figure is not None:
                problems += [p for p in [table_pictures.problem(game, figure)] if p]
                problems += [f"{path.name} line {n}: no caption"] * (not figure.caption)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_of_every_game_show_a_picture_of_its_table_in_every_language(game):
    app = App(size=(1280, 720), window=False)
    app.open("title")
    scene = app.open("rules", game)
    for lang in i18n.LANGUAGES:
        app.set_language(lang)
        pages = _figure_pages(scene)
        assert pages and not scene.problems, f"{game} [{lang}]: no picture ({scene.problems})"
        for n in pages:  # the text beside a picture is wrapped narrower, and only there
            page = scene._pages()[n]
            row = page.figure[0]
            assert all(w == NARROW for _t, _h, w in page.lines[row : row + FIGURE_ROWS])
            assert all(w == WIDTH for _t, _h, w in page.lines[:row])
    app.set_language("en")
    for n in _figure_pages(scene):
        scene.page = n
        app.draw()
        rect = scene._figure_rect(scene._pages()[scene.page].figure[0]).move(app.stage_rect.topleft)
        colours = {tuple(app.screen.get_at((x, rect.centery)))[:3] for x in range(rect.left, rect.right, 16)}
        assert len(colours) > 3 and BG not in colours, f"{game} page {scene.page}: the table is in the picture's place"
    assert None not in scene._pictures.values(), "every picture was drawn (none failed)"
    app.quit()


def test_a_picture_is_drawn_once_and_leaves_the_app_as_it_was(monkeypatch):
    app = App(size=(1280, 720), window=False)
    app.open("title")
    app.devices.seat_of = {"keyboard-1": 3}  # a paused game's controllers
    made = []
    real = table_pictures.render
    monkeypatch.setattr(table_pictures, "render", lambda *a: made.append(a[1:3]) or real(*a))
    sounds = []
    monkeypatch.setattr(app.audio, "play", sounds.append)
    monkeypatch.setattr(app.audio, "music", sounds.append)
    scene = app.open("rules", "wokup")
    scenes = list(app.scenes)
    for _i in range(3):
        app.draw()
    assert made == [("wokup", "settled")]
    assert app.devices.seat_of == {"keyboard-1": 3} and app.scenes == scenes
    assert sounds == [], "the tokens landing in the picture's wok are not heard"
    assert isinstance(scene, RulesScene)
    app.quit()


def test_the_next_pages_picture_is_drawn_while_this_page_is_read(monkeypatch):
    app = App(size=(1280, 720), window=False)
    app.open("title")
    scene = app.open("rules", "wokup")
    text = "Words.\n" * 20 + "![The wok](table:start)\nMore words."
    monkeypatch.setattr(scene, "source", lambda: ("assets/rules/wokup.en.md", text))
    assert _figure_pages(scene) == [1] and not scene._pictures
    app.draw()
    assert not scene._pictures, "page 1 has no picture to draw"
    run(app, 10)
    assert not scene._pictures, "not at once: the page just turned to is drawn first"
    run(app, 10)
    assert [key[0] for key in scene._pictures] == ["start"], "drawn ahead of the page"
    press(app, "right")
    app.draw()
    assert len(scene._pictures) == 1
    app.quit()


def test_a_bad_moment_is_reported_by_file_and_line_and_the_page_goes_on(monkeypatch, caplog):
    app = App(size=(1280, 720), window=False)
    app.open("title")
    scene = app.open("rules", "yatai")
    text = "# Goal\n![A table that is not](table:nowhere)\nWin."
    monkeypatch.setattr(scene, "source", lambda: ("assets/rules/yatai.en.md", text))
    with caplog.at_level(logging.ERROR, logger=rules_screen.__name__):
        app.draw()
    from game.yatai.scene import YataiScene

    assert scene.problems == [
        f"assets/rules/yatai.en.md line 2: no moment 'nowhere' for yatai (has {', '.join(YataiScene.moments())})"
    ]
    assert "yatai.en.md line 2" in caplog.text
    assert [line for line, _h, _w in scene._pages()[0].lines] == ["Goal", "Win."]
    app.quit()


def test_a_line_is_a_figure_only_when_it_is_the_whole_line():
    assert table_pictures.figure_in("![The wok](table:start)", "x") == table_pictures.Figure("start", "The wok", "x")
    assert table_pictures.figure_in("See ![The wok](table:start) here", "x") is None
    assert table_pictures.figure_in("![The wok](https://example.org/wok.png)", "x") is None


def test_a_table_drawn_for_a_picture_ignores_a_moving_mouse(monkeypatch):
    """A table staged for a picture has no window to place a mouse on: a mouse that
    moved over the real window (an earlier scene's, in the same process) must not
    reach it (the stand-in app had no stage, and the focus ring's hover asked for it:
    AttributeError in CI, where an earlier test had moved the mouse)."""
    from game.app.table_making import scene_class

    app = App(size=(1280, 720), window=False)
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (640, 360))
    moment = next(iter(scene_class(catalogue.find("wokup").require_gdef()).moments()))
    scene = table_pictures.stage(app, "wokup", moment)
    scene.update(1 / 60)
    assert scene.ring.pointer is None, "no pointer on a table nobody can point at"
    app.quit()

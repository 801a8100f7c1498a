"""Every scene of every game, in every language, at 1280x720: no text leaves
its box. `Ui.text` shrinks what does not fit and records what still does not
(game/app/ui.py), measured with the font metrics of the words drawn.

Cost: each scene is built once and drawn once per language (translation
happens at draw time), about 40 scenes x 6 languages."""

import time

import pytest

from game import i18n
from game.app import catalogue, shots
from game.app.app import App
from game.app.table import make_table

APP_SCENES = ["title", "chooser", "settings", "sound", "controls", "buzzer-seats", "buzzer-test"]
GAME_SCENES = ["rules", "seats", "curtain", "pause", "results"]


def _games() -> list[str]:
    return [e.id for e in catalogue.load() if e.playable]


def _scene_names(game: str) -> list[str]:
    app = App(size=(1280, 720), window=False)
    table = make_table(app, shots.session_for(app, game, 1))
    moments = [f"table:{m}" for m in type(table).moments()]
    app.quit()
    return GAME_SCENES + moments


def _overflows(name: str, game: str | None) -> list[str]:
    app = App(size=(1280, 720), window=False)
    shots.build(app, name, game)
    found = []
    for lang in i18n.LANGUAGES:
        app.set_language(lang)
        app.ui.overflows = []
        app.draw()
        found += [f"{game or 'arcade'} {name} [{lang}]: {o}" for o in app.ui.overflows]
    app.quit()
    return found


@pytest.fixture
def easy_bots(monkeypatch):
    """Bots of each game's easiest level above random play the tables to their moments:
    the layout is the same, the strongest bots only cost CPU."""
    real = shots.default_seats
    monkeypatch.setattr(shots, "default_seats", lambda n, levels: real(n, levels[1:2] or levels))


def test_no_text_overflows_its_box_in_any_scene_or_language(easy_bots):
    started = time.process_time()
    problems = []
    for name in APP_SCENES:
        problems += _overflows(name, None)
    for game in _games():
        for name in _scene_names(game):
            problems += _overflows(name, game)
    spent = time.process_time() - started
    assert not problems, f"{len(problems)} texts overflow their box:\n" + "\n".join(problems)
    assert spent < 90, f"the layout sweep took {spent:.0f} s of CPU"


@pytest.mark.parametrize("anchor", ["topleft", "midtop", "topright"])
def test_a_long_label_is_shrunk_into_its_box_not_cut(anchor):
    import pygame

    app = App(size=(1280, 720), window=False)
    ui, surf = app.ui, pygame.Surface((1280, 720))
    ui.overflows = []
    x = {"topleft": 100, "midtop": 960, "topright": 1800}[anchor]
    word = "Donaudampfschifffahrtsgesellschaftskapitän"
    full = ui.font(40).size(word)[0]
    r = ui.text(surf, word, (x, 100), 40, anchor=anchor, width=600)
    assert r.width <= ui.px(600) + 1 < full, "shrunk to its box"
    assert ui.overflows == []
    ui.text(surf, word * 3, (x, 200), 40, anchor=anchor, width=600)  # too long even at the floor
    assert len(ui.overflows) == 1 and ui.overflows[0].drawn.width > ui.overflows[0].box.width
    app.quit()

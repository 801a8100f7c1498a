"""The seats screen through the app: typed names (keyboard and on-screen keys),
duplicates refused, every option reaching the rules, the last table remembered."""

import time

import pygame
import pytest

from game.app import catalogue
from game.app.keyboard import NameScene
from game.app.seats import SeatsScene
from game.app.table import TableScene

from .drive import press, run


def entry(game_id):
    return next(e for e in catalogue.load() if e.id == game_id)


def open_seats(app, game_id) -> SeatsScene:
    from game.app.menus import TitleScene

    app.push(TitleScene(app))
    return app.open("seats", entry(game_id))


def go(app, row, col=0):
    """Move the seats screen's selection with arrows, as a player would."""
    scene = app.top
    while scene.row != row:
        press(app, "down")
    while scene.col != col:
        press(app, "right")


def type_keys(app, text):
    """Text typed on a real keyboard, then Enter (SDL's text input events)."""
    app.devices.translate(pygame.event.Event(pygame.TEXTINPUT, text=text), time.monotonic_ns(), app.size)
    key(app, pygame.K_RETURN)
    run(app)


def key(app, code):
    app.devices.translate(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""), 0, app.size)


def test_names_typed_options_and_teams_reach_the_rules(app):
    scene = open_seats(app, "cheaterchefs")
    assert scene.row_kinds()[:2] == ["count", "options"] and scene.count == 4
    go(app, 1, 0)
    press(app, "confirm")  # Mode: classic -> menu
    assert scene.options["mode"] == "menu" and "team" in scene.fields()
    go(app, 1, 1)
    press(app, "confirm")  # Anti-order on
    first = scene.row_kinds().index("seat")
    go(app, first, 0)
    press(app, "confirm")  # the name opens the keyboard
    assert isinstance(app.top, NameScene) and app.devices.typing
    assert app.top.text == "Ana"
    typed_d = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d")
    assert app.devices.translate(typed_d, 0, app.size) == []  # keyboard 1's "right" is a letter while typing
    for _ in range(3):
        key(app, pygame.K_BACKSPACE)
    run(app)
    assert app.top.text == ""
    type_keys(app, "Zoé")
    assert isinstance(app.top, SeatsScene) and scene.seats[0].name == "Zoé" and not app.devices.typing
    # The second seat, on the on-screen keyboard with taps: a duplicate is refused.
    go(app, first + 1, 0)
    press(app, "confirm")
    keys = app.top
    keys.text = ""
    app.draw()
    for letter in ("Z", "O", "É", "OK"):
        rect = next(r for rc, r in keys.cells.items() if keyboard_key(rc) == letter)
        press(app, "point", "mouse", rect.center)
    assert app.top is keys and "already" in keys.error  # the keys make "Zoé": taken
    for _ in range(3):
        press(app, "point", "mouse", keys.cells[(3, 6)].center)  # ⌫
    press(app, "up")  # arrows and confirm work the keys too: from ⌫ up to "Ç", left to "Y"
    press(app, "left")
    press(app, "left")
    press(app, "confirm")
    assert keys.text == "Y"
    type_keys(app, "ann")  # and the real keyboard finishes it
    assert isinstance(app.top, SeatsScene) and scene.seats[1].name == "Yann"
    go(app, first + 1, 2)
    press(app, "confirm")  # seat 2: a hard bot -> human (the cycle wraps)
    assert not scene.seats[1].is_bot
    go(app, first + 2, scene.fields().index("team"))
    press(app, "confirm")  # team 0 -> 1
    go(app, len(scene.row_kinds()) - 1)
    press(app, "confirm")  # Start
    table = app.top
    assert isinstance(table, TableScene), scene.error
    opts = table.session.options
    assert opts["mode"] == "menu" and opts["anti_order"] is True
    assert opts["teams"] == [0, 1, 1, 1]
    assert table.state.teams == [0, 1, 1, 1]
    assert table.session.names()[:2] == ["Zoé", "Yann"]
    table.close()


def keyboard_key(rc):
    from game.app.keyboard import KEYS

    return KEYS[rc[0]][rc[1]]


def test_the_rules_refuse_one_team_and_the_screen_says_why(app):
    scene = open_seats(app, "cheaterchefs")
    scene.options["mode"] = "turbo"
    scene.teams = [0] * 6
    scene.start()
    assert isinstance(app.top, SeatsScene) and "two teams" in scene.error


def test_wok_up_quick_game_and_the_last_table_is_remembered(app):
    from game.app.saves import writer

    scene = open_seats(app, "wokup")
    go(app, 0)
    press(app, "left")  # three players
    go(app, 1, 0)
    press(app, "confirm")  # cards to win: 5 -> 3 (a quick game)
    scene.seats[2].name = "Kim"
    go(app, len(scene.row_kinds()) - 1)
    press(app, "confirm")
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.options == {"target": 3, "learning": False} and table.state.options["target"] == 3
    table.close()
    assert writer().flush()
    again = SeatsScene(app, entry("wokup"))
    assert again.count == 3 and again.options["target"] == 3 and again.seats[2].name == "Kim"
    other = SeatsScene(app, entry("cheaterchefs"))  # per game
    assert other.seats[2].name != "Kim"


GAMES = ["wokup", "wewillwokyou", "cheaterchefs", "relleno", "yatai"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_of_every_game_is_reachable_and_the_rules_take_it(app, game_id):
    """Each value of each option, chosen on the seats screen, reaches the rules
    as it was chosen (a game not yet in the chooser is checked on its rules)."""
    import importlib
    from types import SimpleNamespace

    gdef = importlib.import_module(f"game.{game_id}").GAME
    cls = gdef.state_cls
    scene = SeatsScene(
        app, SimpleNamespace(gdef=gdef, players=(cls.min_seats, cls.max_seats), title=game_id, id=game_id)
    )
    keys, defaults = {o.key for o in gdef.options}, set(cls.default_options)
    assert keys == defaults, f"offered but not rules options: {keys - defaults}; not offered: {defaults - keys}"
    for option in gdef.options:
        for needed in [option.needs] if option.needs else []:  # make it apply
            scene.options[needed[0]] = needed[1][0]
        row = scene.row_kinds().index("options") if not option.per_seat else scene.row_kinds().index("seat")
        col = (
            [o.key for o in scene.row_options()].index(option.key)
            if not option.per_seat
            else scene.fields().index("team")
        )
        values = scene.option_values(option)
        for _step in values:
            scene.change(row, col, 1)
            chosen = scene.game_options()[option.key]
            state = cls(scene.count, scene.game_options(), 0)  # the rules accept it
            assert state.options[option.key] == chosen
        seen = scene.teams[0] if option.per_seat else scene.options[option.key]
        assert seen == values[0]  # every value went round once


def test_a_reset_while_a_name_is_typed_gives_the_keys_back(app):
    scene = open_seats(app, "wokup")
    go(app, scene.row_kinds().index("seat"), 0)
    press(app, "confirm")
    assert isinstance(app.top, NameScene) and app.devices.typing
    app.restart_at("title")  # a kiosk reset, a crash
    assert not app.devices.typing
    typed_w = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w")
    assert [ev.control for ev in app.devices.translate(typed_w, 0, app.size)] == ["up"]


def test_an_option_the_rules_fix_at_this_many_seats_shows_the_fixed_value_and_why(app):
    # Relleno at 6 seats always uses the advanced recipes (the rulebook's setup):
    # the seats screen said "Advanced recipes: off" while the game used them.
    scene = open_seats(app, "relleno")
    option = scene.row_options()[0]
    assert option.key == "advanced" and scene.option_text(option, scene.option_value(option)) == "off"
    scene.count = 6
    assert scene.option_text(option, scene.option_value(option)) == "on: always with 6 players"
    scene.change(scene.row_kinds().index("options"), 0, 1)  # cannot be turned off
    assert scene.game_options()["advanced"] is True
    state = scene.entry.gdef.state_cls(6, scene.game_options(), 0)
    assert state.advanced
    scene.count = 5
    assert scene.option_text(option, scene.option_value(option)) == "off"  # the table's own choice again

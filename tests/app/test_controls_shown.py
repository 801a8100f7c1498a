"""Every control shown where it is used, and remapping that never loses a key."""

import time

import pygame
import pytest

from game.app.app import App
from game.app.menus import ControlsScene
from game.app.session import Session, default_seats
from game.app.table_making import make_table
from game.input import PlayerEvent
from game.input.rebind import rebind
from game.settings import CONTROLS, DEFAULT_BINDINGS
from game.wewillwokyou import GAME as WOK

from .drive import press


def _key(app, key):
    """A real key press through the device layer (it records the raw key too)."""
    t = time.monotonic_ns()
    app.step(app.devices.translate(pygame.event.Event(pygame.KEYDOWN, key=key), t, app.size))


def test_rebind_swaps_a_key_bound_elsewhere_and_refuses_reserved_ones():
    b = {"k1": {"up": ["w"], "down": ["s"]}, "k2": {"up": ["up"]}}
    done = rebind(b, "k1", "up", "up")
    assert b == {"k1": {"up": ["up"], "down": ["s"]}, "k2": {"up": ["w"]}} and done.moved == ("k2", "up", ["w"])
    assert rebind(b, "k1", "down", "escape").refused and b["k1"]["down"] == ["s"]


def test_escape_cancels_a_key_bound_elsewhere_swaps_and_reset_restores():
    app = App(size=(1280, 720), window=False)
    controls = ControlsScene(app)
    app.push(controls)
    press(app, "confirm")  # Keyboard 1, Up: waiting for a key
    assert controls.waiting
    _key(app, pygame.K_ESCAPE)
    assert not controls.waiting and "Cancelled" in controls.message
    assert app.settings.bindings["keyboard-1"]["up"] == ["w"]
    press(app, "confirm")
    _key(app, pygame.K_UP)  # keyboard 2's Up
    assert app.settings.bindings["keyboard-1"]["up"] == ["up"]
    assert app.settings.bindings["keyboard-2"]["up"] == ["w"], "swapped, so no key is lost"
    assert "Keyboard 2 Up moved to W" in controls.message
    app.draw()
    press(app, "up")  # wraps to "Reset to defaults"
    assert controls.row == len(CONTROLS)
    press(app, "confirm")
    assert app.settings.bindings == DEFAULT_BINDINGS and "default" in controls.message
    app.quit()


def _two_humans_at_wok(app):
    seats = default_seats(3, list(WOK.bots))
    seats[1].kind = "human"  # Ana keyboard 1, Bao keyboard 2, Chloé a bot
    table = make_table(app, Session(WOK, seats, None, 3, None))
    app.push(table)
    return table


def test_the_curtain_names_the_key_that_lifts_it_and_a_wrong_seat_is_told():
    app = App(size=(1280, 720), window=False)
    table = _two_humans_at_wok(app)
    table.until_human(lift=False)
    seat = table.curtain_for
    other = 1 - seat
    key = table.key_hint(seat)
    assert key == ("E" if seat == 0 else "Enter")
    t = time.monotonic_ns()
    app.step([PlayerEvent(f"keyboard-{other + 1}", "confirm", True, t, other)])
    assert table.curtain_for == seat, "another seat's key does not lift it"
    name = table.seat_name(seat)
    assert table.flash_text == f"{name}'s turn: {name} presses {key}"
    app.draw()
    app.step([PlayerEvent(f"keyboard-{seat + 1}", "confirm", True, t, seat)])
    assert table.curtain_for is None and table.viewer == seat
    table.flash_text, moves = "", len(table.state.log)
    app.step([PlayerEvent(f"keyboard-{other + 1}", "confirm", True, t, other)])  # on the table now
    assert table.flash_text == f"{name}'s turn: {name} presses {key}"
    assert len(table.state.log) == moves, "nothing was played for the wrong seat"
    app.quit()


def test_each_wok_up_mat_shows_its_own_keys():
    from game.wokup import GAME as WOKUP

    app = App(size=(1280, 720), window=False)
    seats = default_seats(4, list(WOKUP.bots))
    seats[1].kind, seats[2].kind, seats[2].controller = "human", "human", "gamepad-0"
    table = make_table(app, Session(WOKUP, seats, None, 3, None))
    drawn = []
    real = table.ui.text
    table.ui.text = lambda surf, text, *a, **k: drawn.append(text) or real(surf, text, *a, **k)
    table.draw(app.screen)
    for label in ["1", "5", "Space", "6", "0", "R-Shift", "Y", "LB", "RB", "Keyboard 1", "Keyboard 2"]:
        assert label in drawn, label
    assert [table.key_hint(3, f"deck{d}") for d in range(5)] == [""] * 5, "a bot has no keys"
    app.quit()


def test_the_default_bindings_show_as_printed_on_the_keys():
    app = App(size=(1280, 720), window=False)
    hints = [app.devices.hint("keyboard-2", c) for c in ("confirm", "back", "wokup", "up")]
    assert hints == ["Enter", "Backspace", "R-Shift", "↑"]
    assert app.devices.hint("touch", "confirm") == "" and app.devices.hint("buzzer-00a1-2", "deck4") == "5"
    assert DEFAULT_BINDINGS["keyboard-1"]["confirm"] == ["e"]
    app.quit()


TURN_BASED = ["relleno", "yatai", "wewillwokyou", "cheaterchefs"]


@pytest.mark.parametrize("gid", TURN_BASED)
def test_each_turn_based_table_shows_each_seats_keys_and_none_for_bots_or_phones(gid, monkeypatch):
    from game.app import seat_keys, shots

    app = App(size=(1920, 1080), window=False)
    scene = shots.table(app, gid, 1, "start", 4 if gid != "relleno" else 3)
    seats = scene.session.seats
    seats[0].controller, seats[1].controller = "keyboard-1", "keyboard-2"
    seats[2].kind, seats[2].controller = "human", "gamepad-0"
    assert seat_keys.keys(scene, 0) == [("WASD", "move"), ("E", "choose"), ("Q", "undo")]
    assert seat_keys.keys(scene, 1) == [("↑←↓→", "move"), ("Enter", "choose"), ("Backspace", "undo")]
    assert seat_keys.keys(scene, 2) == [("D-pad", "move"), ("A", "choose"), ("B", "undo")]
    seats[2].controller = "touch"
    assert seat_keys.keys(scene, 2) == [], "a touch seat taps what it sees"
    if len(seats) > 3:
        assert seats[3].is_bot and seat_keys.keys(scene, 3) == [], "a bot has no keys"
    drawn = []
    real = scene.ui.text
    monkeypatch.setattr(scene.ui, "text", lambda surf, text, *a, **k: drawn.append(text) or real(surf, text, *a, **k))
    scene.viewer, scene.curtain_for = 0, None
    scene.draw(app.screen)
    assert any(t.startswith("WASD") for t in drawn) and any(t.startswith("↑←↓→") for t in drawn), drawn
    # A seat played on a phone has its keys there.
    scene.phones = object()
    monkeypatch.setattr(app.phones, "state_of", lambda seat: "joined" if seat == 1 else "")
    assert seat_keys.keys(scene, 1) == [] and seat_keys.keys(scene, 0)
    app.quit()

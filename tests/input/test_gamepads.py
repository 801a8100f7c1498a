"""Gamepads are read through SDL's GameController API, so a button means the
same on every pad. SDL's mapping database (its mapping strings, three of them
below as SDL ships them for Linux) turns each pad's raw joystick button numbers
into one layout, and SDL then sends CONTROLLERBUTTON events; pygame-ce offers no
virtual joystick, so the test plays SDL's part: it reads the mapping string to
find which raw button sits at each place, sends the CONTROLLERBUTTON event SDL
would, and checks the control the arcade gets."""

import os

import pygame
import pytest

from game.input.devices import PAD_LABELS, Devices

# SDL 2's gamecontrollerdb.h (Linux). The Switch Pro line is the positional one SDL
# picks with SDL_GAMECONTROLLER_USE_BUTTON_LABELS=0 (its "hint:!..." condition).
MAPPINGS = {
    "Xbox 360": "030000005e0400008e02000010010000,Xbox 360 Controller,a:b0,b:b1,back:b6,dpdown:h0.4,dpleft:h0.8,"
    "dpright:h0.2,dpup:h0.1,guide:b8,leftshoulder:b4,leftstick:b9,lefttrigger:a2,leftx:a0,lefty:a1,"
    "rightshoulder:b5,rightstick:b10,righttrigger:a5,rightx:a3,righty:a4,start:b7,x:b2,y:b3,platform:Linux,",
    "PS4": "030000004c050000c405000011810000,PS4 Controller,a:b0,b:b1,back:b8,dpdown:h0.4,dpleft:h0.8,dpright:h0.2,"
    "dpup:h0.1,guide:b10,leftshoulder:b4,leftstick:b11,lefttrigger:a2,leftx:a0,lefty:a1,rightshoulder:b5,"
    "rightstick:b12,righttrigger:a5,rightx:a3,righty:a4,start:b9,x:b3,y:b2,platform:Linux,",
    "Switch Pro": "030000007e0500000920000011810000,Nintendo Switch Pro Controller,a:b0,b:b1,back:b9,dpdown:h0.4,"
    "dpleft:h0.8,dpright:h0.2,dpup:h0.1,guide:b11,leftshoulder:b5,leftstick:b12,lefttrigger:b7,leftx:a0,lefty:a1,"
    "misc1:b4,rightshoulder:b6,rightstick:b13,righttrigger:b8,rightx:a2,righty:a3,start:b10,x:b3,y:b2,"
    "hint:!SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1,",
}
SDL_BUTTONS = {
    "a": pygame.CONTROLLER_BUTTON_A,
    "b": pygame.CONTROLLER_BUTTON_B,
    "x": pygame.CONTROLLER_BUTTON_X,
    "y": pygame.CONTROLLER_BUTTON_Y,
    "back": pygame.CONTROLLER_BUTTON_BACK,
    "start": pygame.CONTROLLER_BUTTON_START,
    "leftshoulder": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
    "rightshoulder": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
}
# Before: raw joystick numbers read as an XInput pad's (what a PS4 or Switch pad then did).
RAW_BEFORE = {0: ("confirm", "deck2"), 1: ("back", "deck1"), 2: ("deck3",), 3: ("deck0",), 4: ("deck4",)}
RAW_BEFORE |= {5: ("wokup",), 6: ("back",), 7: ("menu",)}


def raw_buttons(mapping: str) -> dict[str, int]:
    """SDL's part: which raw button a mapping string puts at each named place."""
    fields = (f.split(":", 1) for f in mapping.split(",")[2:] if ":" in f)
    return {name: int(value[1:]) for name, value in fields if name in SDL_BUTTONS and value.startswith("b")}


def press(devices: Devices, pad: int, place: str, down: bool = True) -> list[str]:
    kind = pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP
    event = pygame.event.Event(kind, instance_id=pad, button=SDL_BUTTONS[place])
    return [str(e.control) for e in devices.translate(event, 1, (1920, 1080))]


@pytest.fixture
def devices():
    pygame.init()
    d = Devices({})
    yield d
    pygame.quit()


def test_the_face_buttons_are_read_by_place():
    assert os.environ["SDL_GAMECONTROLLER_USE_BUTTON_LABELS"] == "0"


@pytest.mark.parametrize("pad", sorted(MAPPINGS))
def test_a_b_start_and_the_shoulders_mean_the_same_on_every_pad(pad, devices):
    raw = raw_buttons(MAPPINGS[pad])
    got = {place: press(devices, 7, place) for place in raw}
    print(pad, {place: (raw[place], got[place]) for place in sorted(raw)})
    assert got["a"] == ["confirm", "deck2"] and got["b"] == ["back", "deck1"]
    assert got["start"] == ["menu"] and got["back"] == ["back"]
    assert got["leftshoulder"] == ["deck4"] and got["rightshoulder"] == ["wokup"]
    assert got["y"] == ["deck0"] and got["x"] == ["deck3"]
    assert PAD_LABELS["confirm"] == "A" and PAD_LABELS["deck0"] == "Y" and PAD_LABELS["deck4"] == "LB"


def test_raw_numbers_differ_between_pads_so_reading_them_was_wrong():
    """The defect: Start is raw 7 on an Xbox pad, 9 on a PS4 pad, 10 on a Switch
    Pro pad; read as an Xbox pad's, a Switch pad's LB shouted "Wok'up!"."""
    raw = {pad: raw_buttons(m) for pad, m in MAPPINGS.items()}
    assert len({r["start"] for r in raw.values()}) == 3
    before = {
        pad: {place: RAW_BEFORE.get(r[place], ()) for place in ("start", "leftshoulder", "y")} for pad, r in raw.items()
    }
    assert before["Xbox 360"] == {"start": ("menu",), "leftshoulder": ("deck4",), "y": ("deck0",)}
    assert before["PS4"]["start"] == () and before["PS4"]["y"] == ("deck3",)
    assert before["Switch Pro"]["leftshoulder"] == ("wokup",)


def test_the_operators_chord_is_the_same_two_buttons_on_every_pad(devices):
    """app/kiosk.py's way in: decks 1 and 5 held on one controller (Y + LB)."""
    held = set(press(devices, 3, "y")) | set(press(devices, 3, "leftshoulder"))
    assert held == {"deck0", "deck4"}
    assert press(devices, 3, "y", down=False) == ["deck0"]


def test_raw_joystick_buttons_of_a_mapped_pad_are_not_read_twice(devices):
    """SDL sends JOYBUTTON events beside the CONTROLLERBUTTON ones: only the latter count."""
    event = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=3, button=7)
    assert devices.translate(event, 1, (1920, 1080)) == []


def test_the_stick_and_the_dpad_move(devices):
    def axis(axis, value):
        event = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=2, axis=axis, value=value)
        return [str(e.control) for e in devices.translate(event, 1, (1920, 1080))]

    assert axis(pygame.CONTROLLER_AXIS_LEFTX, -32768) == ["left"]
    assert axis(pygame.CONTROLLER_AXIS_LEFTX, -30000) == []  # one event per push past the dead zone
    assert axis(pygame.CONTROLLER_AXIS_LEFTX, 0) == [] and axis(pygame.CONTROLLER_AXIS_LEFTY, 32767) == ["down"]
    event = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=2, button=pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert [str(e.control) for e in devices.translate(event, 1, (1920, 1080))] == ["up"]


def test_a_pad_unplugged_is_one_notice(devices):
    devices.pads[5] = object()
    for kind in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):  # SDL sends both
        devices.translate(pygame.event.Event(kind, instance_id=5), 1, (1920, 1080))
    assert devices.notices == ["Gamepad disconnected"] and 5 not in devices.pads

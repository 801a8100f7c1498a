"""Turns pygame events into PlayerEvents: keyboard zones, mouse/touch, gamepads.

Gamepads are read through SDL's GameController API (`pygame._sdl2.controller`):
SDL's mapping database turns each pad's own button numbers into one layout, so
a button means the same on an Xbox, a PlayStation or a Switch pad (raw joystick
numbers differ: Start is button 7 on an Xbox pad, 9 on a PS4 pad, 10 on a
Switch Pro pad). The face buttons are read by *position*, named as on an Xbox
pad (A bottom, B right, X left, Y top; `SDL_GAMECONTROLLER_USE_BUTTON_LABELS=0`):
the same place on every pad, so Wok Up's pentagon of decks and the kiosk's
operator chord (Y + LB) are the same physical buttons everywhere. A confirm, B
back, Start menu, d-pad and left stick move; for Wok Up Y, B, A, X, LB cover
decks 0-4 and RB shouts "Wok'up!". A joystick SDL has no mapping for is named in
a notice (a mapping can be given in SDL_GAMECONTROLLERCONFIG), never guessed at.

Gamepads are hot-plugged (CONTROLLERDEVICEADDED/REMOVED); a gamepad that
vanishes mid-game is reported, never fatal.
"""

from __future__ import annotations

import os
from collections.abc import Callable

# Read before SDL's game controller subsystem starts (it picks the database's
# positional mappings for Nintendo pads then).
os.environ.setdefault("SDL_GAMECONTROLLER_USE_BUTTON_LABELS", "0")

import pygame
from pygame._sdl2 import controller

from ..i18n import N_, _
from .events import Control, DeviceId, PlayerEvent, deck_index

C = Control
PAD_BUTTONS = {  # SDL game controller buttons (positions, named as on an Xbox pad)
    pygame.CONTROLLER_BUTTON_A: (C.CONFIRM, C.DECK2),
    pygame.CONTROLLER_BUTTON_B: (C.BACK, C.DECK1),
    pygame.CONTROLLER_BUTTON_X: (C.DECK3,),
    pygame.CONTROLLER_BUTTON_Y: (C.DECK0,),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (C.DECK4,),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (C.WOKUP,),
    pygame.CONTROLLER_BUTTON_START: (C.MENU,),
    pygame.CONTROLLER_BUTTON_BACK: (C.BACK,),
    pygame.CONTROLLER_BUTTON_DPAD_UP: (C.UP,),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (C.DOWN,),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (C.LEFT,),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (C.RIGHT,),
}
# What a gamepad's player presses for each control (PAD_BUTTONS as printed on an Xbox pad).
PAD_LABELS = {
    "confirm": "A",
    "back": "B",
    "menu": "Start",
    "deck0": "Y",
    "deck1": "B",
    "deck2": "A",
    "deck3": "X",
    "deck4": "LB",
    "wokup": "RB",
}
# Key names as SDL spells them -> as printed on keyboards.
# The names printed on keys differ by language (Entrée, Eingabe, Invio): translated when shown.
KEY_LABELS = {
    "return": N_("Enter"),
    "space": N_("Space"),
    "right shift": N_("R-Shift"),
    "left shift": N_("L-Shift"),
    "right ctrl": N_("R-Ctrl"),
    "left ctrl": N_("L-Ctrl"),
    "backspace": N_("Backspace"),
    "escape": N_("Esc"),
    "tab": N_("Tab"),
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
}
STICK = {pygame.CONTROLLER_AXIS_LEFTX: ("left", "right"), pygame.CONTROLLER_AXIS_LEFTY: ("up", "down")}
STICK_DEAD = 0.6  # of the stick's full travel
AXIS_FULL = 32767  # SDL's axis values run -32768..32767


class Devices:
    def __init__(self, bindings: dict[str, dict[str, list[str]]]) -> None:
        self.set_bindings(bindings)
        controller.init()
        self.pads: dict[int, controller.Controller] = {}  # by SDL instance id
        self._stick: dict[tuple[int, int], str | None] = {}
        self.notices: list[str] = []  # plugged/unplugged messages for the screen
        self.seat_of: dict[str, int] = {}  # device -> seat, set by the running game
        self._raw_keys: list[str] = []  # key names as pressed, for remapping
        self.typing = False  # a name is being typed: keys are text, not controls
        self._typed: list[str] = []
        # Other controller sources (buzzer boxes) name their connected devices here.
        self.sources: list[Callable[[], list[str]]] = []

    def set_bindings(self, bindings: dict[str, dict[str, list[str]]]) -> None:
        self.bindings = bindings
        self._keymap: dict[int, list[tuple[str, str]]] = {}
        for zone, controls in bindings.items():
            for control, names in controls.items():
                for name in names:
                    try:
                        code = pygame.key.key_code(name)
                    except ValueError:
                        continue  # an unknown key name in the settings binds nothing
                    self._keymap.setdefault(code, []).append((zone, control))

    def take_raw_keys(self) -> list[str]:
        keys, self._raw_keys = self._raw_keys, []
        return keys

    def start_typing(self) -> None:
        """Keys become text (take_typed) until stop_typing; gamepads and taps stay controls."""
        self.typing, self._typed = True, []
        pygame.key.start_text_input()

    def stop_typing(self) -> None:
        self.typing, self._typed = False, []
        pygame.key.stop_text_input()

    def take_typed(self) -> str:
        """Text typed since the last call: "\b" is Backspace, "\n" Enter, "\x1b" Escape."""
        text, self._typed = "".join(self._typed), []
        return text

    def _type(self, e: pygame.event.Event) -> None:
        if e.type == pygame.TEXTINPUT:
            self._typed.append(e.text)
        elif e.type == pygame.KEYDOWN:
            special = {
                pygame.K_BACKSPACE: "\b",
                pygame.K_RETURN: "\n",
                pygame.K_KP_ENTER: "\n",
                pygame.K_ESCAPE: "\x1b",
            }
            self._typed.append(special.get(e.key, ""))

    def keys_for(self, zone: str, control: str) -> list[str]:
        return self.bindings.get(zone, {}).get(control, [])

    def hint(self, device: str | None, control: str) -> str:
        """What the player of `device` presses for `control`, as printed on
        it: "E", "Enter", "Space", "RB", "3" (a buzzer station's deck button);
        "" for touch (they tap what they see) or an unbound control."""
        d = DeviceId.parse(device)
        if d is None or d.kind in ("touch", "mouse"):
            return ""
        if d.kind == "keyboard":
            return "/".join(key_label(k) for k in self.keys_for(device or "", control))
        if d.kind == "gamepad":
            return PAD_LABELS.get(control, "")
        deck = deck_index(control)
        if d.kind == "buzzer" and deck is not None:
            return str(deck + 1)  # the stations' pentagon, numbered like the decks
        if d.kind == "buzzer" and control == Control.WOKUP:
            return _("big button")
        return ""

    def _ev(self, device: str, control: str, pressed: bool, t_ns: int, pos=None) -> PlayerEvent:
        return PlayerEvent(device, control, pressed, t_ns, self.seat_of.get(device), pos)

    def translate(self, e: pygame.event.Event, t_ns: int, size: tuple[int, int]) -> list[PlayerEvent]:
        t = e.type
        if self.typing and t in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT):
            self._type(e)
            return []
        if t in (pygame.KEYDOWN, pygame.KEYUP):
            if e.key == pygame.K_ESCAPE:
                return [self._ev("keyboard", "menu", t == pygame.KEYDOWN, t_ns)]
            if getattr(e, "repeat", False):
                return []
            if t == pygame.KEYDOWN:
                self._raw_keys = [*self._raw_keys[-7:], pygame.key.name(e.key)]
            return [self._ev(zone, control, t == pygame.KEYDOWN, t_ns) for zone, control in self._keymap.get(e.key, [])]
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(e, "button", 1) == 1:
            if getattr(e, "touch", False):
                return []  # SDL also sends FINGER events for touches
            return [self._ev("mouse", Control.POINT, t == pygame.MOUSEBUTTONDOWN, t_ns, e.pos)]
        if t in (pygame.FINGERDOWN, pygame.FINGERUP):
            pos = (e.x * size[0], e.y * size[1])
            return [self._ev("touch", Control.POINT, t == pygame.FINGERDOWN, t_ns, pos)]
        if t == pygame.CONTROLLERDEVICEADDED:
            pad = controller.Controller(e.device_index)
            self.pads[pad.as_joystick().get_instance_id()] = pad
            self.notices.append(_("Gamepad connected: {name}").format(name=pad.name))
            return []
        if t == pygame.JOYDEVICEADDED and not controller.is_controller(e.device_index):
            name = pygame.joystick.Joystick(e.device_index).get_name()
            self.notices.append(_("Gamepad not recognised: {name}").format(name=name))
            return []
        if t in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):  # SDL sends both
            gone = self.pads.pop(e.instance_id, None)
            if gone is not None:
                self.notices.append(_("Gamepad disconnected"))
            return []
        if t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            return [
                self._ev(f"gamepad-{e.instance_id}", c, t == pygame.CONTROLLERBUTTONDOWN, t_ns)
                for c in PAD_BUTTONS.get(e.button, ())
            ]
        if t == pygame.CONTROLLERAXISMOTION and e.axis in STICK:
            key = (e.instance_id, e.axis)
            value = e.value / AXIS_FULL
            control = None
            if value < -STICK_DEAD:
                control = STICK[e.axis][0]
            elif value > STICK_DEAD:
                control = STICK[e.axis][1]
            if control == self._stick.get(key):
                return []
            self._stick[key] = control  # one event per push past the dead zone
            return [self._ev(f"gamepad-{e.instance_id}", control, True, t_ns)] if control else []
        return []

    def controllers(self) -> list[str]:
        """Devices a seat can be given: keyboard zones, connected pads, touch/mouse."""
        extra = [d for source in self.sources for d in source()]
        return list(self.bindings) + [f"gamepad-{i}" for i in self.pads] + extra + ["touch"]


def key_label(name: str) -> str:
    """An SDL key name as printed on the key: "e" -> "E", "return" -> "Enter"."""
    if name in KEY_LABELS:
        return _(KEY_LABELS[name])
    return name.upper() if len(name) == 1 else name.title()


def controller_label(device: str | None) -> str:
    """A device id as players read it on the seat screen."""
    d = DeviceId.parse(device)
    if d is None:
        return "-"
    if d.kind == "keyboard":
        return _("Keyboard {n}").format(n=d.unit)
    if d.kind == "gamepad":
        return _("Gamepad {n}").format(n=d.unit)
    if d.kind == "buzzer":
        return _("Buzzer {box}/{station}").format(box=d.unit, station=d.station)
    if d.kind == "touch":
        return _("Touch / mouse")
    return str(d)

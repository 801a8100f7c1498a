"""Each seat's own keys, shown at its place at the table (issue 26).

Several players share one keyboard (three zones) or play on gamepads: each seat's
panel says which keys are that seat's, as Wok Up's mats do, in the table's
language: "WASD move · E choose · Q undo". A bot, a seat played on a phone, a
touch seat and a buzzer station at a turn-based table (its buttons are Wok Up's
decks) show nothing. A game names the controls its players use (`TURN_KEYS` for
the turn-based tables); `draw` fits them into the box the game's panel keeps for
them, on more lines before it shrinks, then the keys alone ("WASD · E · Q"),
then fewer keys, never under `ui.MIN_TEXT` and never cut; its words are
reported to the layout recorder like any text (tests/app/test_layout.py).
"""

from __future__ import annotations

import pygame

from ..i18n import N_, _
from ..input import DeviceId
from .ui import MIN_TEXT, MUTED

MOVE = ("up", "left", "down", "right")
ARROWS = "↑←↓→"
# A turn-based table's controls: arrows move the focus, confirm chooses, an unused back undoes.
TURN_KEYS: tuple[tuple[str, str], ...] = (("move", N_("move")), ("confirm", N_("choose")), ("back", N_("undo")))
SEP = " · "
NAME_ROOM = 150  # design units of a name line a seat's name keeps beside its keys
NBSP = "\u00a0"  # holds a key to its word when the line wraps


def on_phone(scene, seat: int) -> bool:
    """The seat is played on a phone (joined, or away for a moment): its keys are on the phone."""
    return scene.phones is not None and scene.app.phones.state_of(seat) != ""


def name_room(ui, name: str, size: float, bold: bool = True) -> float:
    """Design units a seat's name takes on its line beside the keys: its width, at most NAME_ROOM."""
    return min(NAME_ROOM, ui.font(size, bold).size(name)[0] / ui.u)


def key_label(scene, seat: int, control: str) -> str:
    """What `seat` presses for `control`; "move" is the four directions as one label,
    a gamepad's direction its d-pad ("D-pad", "D-pad ↓")."""
    labels = [scene.key_hint(seat, c) for c in (MOVE if control == "move" else (control,))]
    device = DeviceId.parse(scene.session.seats[seat].controller)
    if not any(labels):
        if device is None or device.kind != "gamepad" or control not in (*MOVE, "move"):
            return ""
        return _("D-pad") + ("" if control == "move" else " " + ARROWS[MOVE.index(control)])
    return ("" if all(len(k) == 1 for k in labels) else "/").join(labels)


def keys(scene, seat: int, controls=TURN_KEYS) -> list[tuple[str, str]]:
    """(key, what it does) for each of `controls` the seat's controller has; [] for
    a bot, a phone or a touch seat."""
    if scene.session.seats[seat].is_bot or on_phone(scene, seat):
        return []
    found = [(key_label(scene, seat, control), _(word)) for control, word in controls]
    return [(k, w) for k, w in found if k]


def draw(
    scene,
    surf,
    seat: int,
    box: tuple[float, float, float, float],
    size: float = 28,
    right: bool = True,
    controls=TURN_KEYS,
) -> pygame.Rect | None:
    """The seat's keys in `box` (x, y, w, h in design units), against its right edge
    (beside a name on its left) or, not `right`, its left: as many lines as the
    height holds at MIN_TEXT or more, else the keys alone, else the first few, else
    nothing. Returns where they went (pixels), None if nowhere."""
    ui = scene.ui
    x, y, w, h = box
    found = keys(scene, seat, controls)
    if not found or w < MIN_TEXT:
        return None
    rows = max(1, int(h // MIN_TEXT))
    # The words with the keys; else the keys alone; else the fewer keys (the list's most needed first).
    tries = [SEP.join(f"{k}{NBSP}{word}" for k, word in found)]
    tries += [SEP.join(k for k, _w in found[:n]) for n in range(len(found), 0, -1)]
    with ui.trying():  # the wordings that do not fit are not drawn: no overflow
        for text in tries:
            trial, lines = ui.fit_lines(text, size, w, rows, height=h)
            if trial >= MIN_TEXT and lines == ui.wrap(text, trial, w):  # not cut, not shrunk under MIN_TEXT
                break
        else:
            return None  # no room even for one key: nothing rather than a cut or unreadable key
    at, anchor = (x + w, "topright") if right else (x, "topleft")
    drawn = [
        ui.text(
            surf,
            line.replace(NBSP, " ").strip(" ·"),  # no dot left at a wrapped line's end
            (at, y + i * trial),
            trial,
            MUTED,
            anchor=anchor,
            width=w,
        )
        for i, line in enumerate(lines)
    ]
    return drawn[0].unionall(drawn[1:])

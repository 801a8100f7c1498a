"""A guided first game on the real table (game/engine/tutorial.py has the data).

The game's own scene class is played with a mixin in front of it: each step's
rule is shown in a panel, the player's (seat 0's) actions are checked against
the step before the rules see them (another action is refused with the step's
explanation, never applied), and the other seat answers from the script. The
bots are held back during the steps; when they are over, they play on and the
game goes on as any other. In a real-time game a step waits for its moment
(`Step.ready`): the table plays on by itself until it comes, then the game's
clock stands still until the player acts, so nothing races a learner.
During the steps nothing is saved (the pause menu says so); once they are
over ("over to you") it is a real game: saved at once and after every
action, offered on Resume, and resumed as a plain table (the guide is over).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import logging

import pygame

from .. import schema
from ..engine import picking
from ..engine.tutorial import Tutorial
from ..i18n import _
from ..userdirs import data_dir
from .session import Session, default_seats
from .table import TableScene
from .table_making import scene_class
from .ui import ACCENT, GREEN, INK, RED

log = logging.getLogger(__name__)
PARTNER_DELAY = 1.2  # seconds before the scripted seat answers: the player sees what it did
DONE_SECONDS = 12.0
PANEL_HEAD = 58  # design units of the panel above its text: the "step n of m" line
FLASH_ROOM = 200  # design units a flash under the panel needs
TEXT_SIZES = (38, 34, 30, 26)  # the panel's text, smaller only when a side panel needs it


def tutorial_for(game_id: str) -> Tutorial | None:
    """A game's guided first game (`game/<id>/tutorial.py`), if it has one."""
    name = f"game.{game_id}.tutorial"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    return importlib.import_module(name).TUTORIAL


class Guided(TableScene):
    """In front of a game's TableScene class (a subclass of it, so its methods' `super()`
    is the game's scene in the mixed class's order): see the module docstring."""

    def setup_tutorial(self, tutorial: Tutorial) -> None:
        self.tutorial, self.step, self.mistakes = tutorial, 0, 0
        self.partner: list[dict] = []
        self.partner_at = 0.0
        self.done_at: float | None = None
        self.held = True  # the script plays seat 1 for now
        self.hold_bots(True)

    def current(self):
        steps = self.tutorial.steps
        return steps[self.step] if self.step < len(steps) else None

    def open_step(self):
        """The current step if its moment has come (see Step.ready)."""
        step = self.current()
        return step if step is not None and (step.ready is None or step.ready(self.state)) else None

    def play_to_open_step(self, seconds: float = 120.0, dt: float = 1 / 30) -> None:
        """Let the table play on until the current step's moment comes (screenshots, tests)."""
        for _i in range(int(seconds / dt)):
            if self.current() is None or self.open_step() is not None:
                return
            self.update(dt)

    def play(self, seat: int, action) -> str | None:
        """The player's action is the step's, or refused with the guide's words (a
        phone's choice too: it is told them)."""
        step = self.current()
        if step is None or seat != 0:
            return super().play(seat, action)
        if self.open_step() is None:
            wait = _(step.wait) if step.wait else _("Not yet: watch the table")
            self.flash(wait, 4)
            return wait
        if isinstance(action, dict) and action.get("type") in picking.STEPS:
            return super().play(seat, action)  # a card picked for a discard or a fill: the step judges the whole
        if not (isinstance(action, dict) and step.expect(action)):  # junk from a phone is not the step either
            self.mistakes += 1
            self.flash(_(step.mistake), 6)
            return _(step.mistake)
        refusal = super().play(seat, action)
        if refusal is None:
            self.state.undo_floor = len(self.state.log)  # the guide has moved on: a step is not taken back
            self.step += 1
            self.flash_until = 0.0  # the last mistake's word is settled
            self.partner, self.partner_at = self.partner + list(step.partner), self.clock + PARTNER_DELAY
        return refusal

    def update(self, dt: float) -> None:
        self.time_held = self.open_step() is not None  # a real-time table waits for the player
        super().update(dt)
        state = self.state
        if self.partner and self.clock >= self.partner_at and not state.is_over() and 1 in state.actors():
            action = self.partner.pop(0)
            if action not in state.legal_actions(1):  # the script no longer fits: any legal move
                action = state.legal_actions(1)[0]
            TableScene.submit(self, 1, action)
            # One reply at a time, each seen; a card picked is only a step of the next reply.
            self.partner_at = self.clock + (0 if action.get("type") in picking.STEPS else PARTNER_DELAY)
        if self.current() is None and not self.partner and self.held:
            self.held, self.done_at = False, self.clock
            self.hold_bots(False)  # the bots play on
            self.session.saves = self.app.saves  # a real game from here: kept like any other
            self.session.save()

    def panel_up(self) -> bool:
        return self.current() is not None or (self.done_at is not None and self.before(self.done_at + DONE_SECONDS))

    def fit(self, text: str, width: float, height: float) -> tuple[list[str], int]:
        """`text` wrapped in the largest of the panel's sizes whose lines fit `height`."""
        for size in TEXT_SIZES:
            lines = self.ui.wrap(text, size, width, True)
            if len(lines) * round(size * 1.2) <= height:
                break
        return lines[: max(1, int(height // round(size * 1.2)))], size

    def covered(self) -> bool:
        return super().covered() or self.panel_up()

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        if not self.panel_up():
            return
        step, ui = self.current(), self.ui
        x, y, w, h = self.guide_box
        lines, size = self.fit(_(step.text) if step is not None else _(self.tutorial.done), w - 60, h - PANEL_HEAD)
        r = ui.rect(x, y, w, h)
        ui.cover(r)
        ui.panel(surf, r, (24, 16, 14), 18, ACCENT if step is not None else GREEN)
        head = _("Guided game: step {n} of {total}").format(n=self.step + 1, total=len(self.tutorial.steps))
        head = head if step is not None else _("Guided game: over to you")
        ui.text(surf, head, (x + 30, y + 10), 30, ACCENT, width=w - 60)
        for i, line in enumerate(lines):
            ui.text(surf, line, (x + 30, y + 54 + round(size * 1.2) * i), size, INK, True)

    def flash_room(self) -> tuple[bool, float]:
        """Where a refused action's reason goes: (above the panel?, the height its lines may take)."""
        _x, y, _w, h = self.guide_box
        above = 1080 - y - h < FLASH_ROOM
        return above, min(300, y if above else 1080 - y - h) - 40

    def draw_flash(self, surf: pygame.Surface) -> None:
        """A refused action's reason next to the panel, where the player reads: below it if
        there is room, else above."""
        if not self.panel_up():
            super().draw_flash(surf)
            return
        if not self.flash_live():
            return
        ui = self.ui
        x, y, w, h = self.guide_box
        above, room = self.flash_room()
        lines, size = self.fit(self.flash_text, w - 60, room)
        high = 16 + round(size * 1.2) * len(lines)
        r = ui.rect(x, y - 12 - high if above else y + h + 12, w, high)
        ui.cover(r)
        ui.panel(surf, r, (60, 20, 18), 14, RED)
        for i, line in enumerate(lines):
            ui.text(surf, line, (x + 30, r.y / ui.u + 8 + round(size * 1.2) * i), size, INK, True)


def make_tutorial(app, entry) -> TableScene:
    """The guided first game of a catalogue entry that has one."""
    tutorial = tutorial_for(entry.id)
    if tutorial is None:
        raise ValueError(f"{entry.id} has no guided first game")
    gdef = entry.gdef
    seats = default_seats(tutorial.seats, list(gdef.bots), gdef.default_bot)
    session = Session(gdef, seats, tutorial.options, tutorial.seed, None)  # saved once the steps are over
    for seat, action in tutorial.opening:
        if (refusal := session.apply(seat, action)) is not None:
            raise ValueError(f"{entry.id}'s guided game: opening {action} refused: {refusal}")
    session.state.undo_floor = len(session.state.log)
    base = scene_class(gdef)
    cls = type(f"Guided{base.__name__}", (Guided, base), {})
    scene = cls(app, session)
    scene.setup_tutorial(tutorial)
    return scene


def seen_path():
    return data_dir() / "tutorials-offered.json"


def _seen() -> list[str]:
    """The games whose guided game was offered, read through the schema (a damaged or
    hostile file, nested deep, counts as none)."""
    path = seen_path()
    if not path.exists():
        return []
    try:
        return schema.read_json(path, list[str])
    except schema.SchemaError as exc:
        log.warning("%s", exc)
        return []


def offered(game_id: str) -> bool:
    """Whether the guided first game of `game_id` was offered already (remembered once)."""
    return game_id in _seen()


def remember_offered(game_id: str) -> None:
    path = seen_path()
    seen = _seen()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(sorted({*seen, game_id})), encoding="utf-8")
    except OSError as exc:  # a read-only disk must not stop a game
        log.warning("could not remember the tutorial offer: %s", exc)

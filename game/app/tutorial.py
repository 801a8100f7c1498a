"""A guided first game on the real table (game/engine/tutorial.py has the data).

The game's own scene class is played with a mixin in front of it: each step's
rule is shown in a panel, the player's (seat 0's) actions are checked against
the step before the rules see them (another action is refused with the step's
explanation, never applied), and the other seat answers from the script. When
the steps are over, the bots take that seat and the game goes on as any other.
A tutorial is never saved: it is not an unfinished game.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import logging

import pygame

from ..engine.tutorial import Tutorial
from ..i18n import _
from ..userdirs import data_dir
from .session import Session, default_seats
from .table import TableScene, scene_class
from .ui import ACCENT, GREEN, INK

log = logging.getLogger(__name__)
PARTNER_DELAY = 1.2  # seconds before the scripted seat answers: the player sees what it did
DONE_SECONDS = 12.0


def tutorial_for(game_id: str) -> Tutorial | None:
    """A game's guided first game (`game/<id>/tutorial.py`), if it has one."""
    name = f"game.{game_id}.tutorial"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    return importlib.import_module(name).TUTORIAL


class Guided:
    """In front of a game's TableScene class: see the module docstring."""

    def setup_tutorial(self: TableScene, tutorial: Tutorial) -> None:
        self.tutorial, self.step, self.mistakes = tutorial, 0, 0
        self.partner: list[dict] = []
        self.partner_at = 0.0
        self.done_at: float | None = None
        self.bots_later, self.session.bots = self.session.bots, None  # the script plays seat 1 for now

    def current(self):
        steps = self.tutorial.steps
        return steps[self.step] if self.step < len(steps) else None

    def submit(self, seat: int, action) -> bool:
        step = self.current()
        if step is None or seat != 0:
            return super().submit(seat, action)
        if not (isinstance(action, dict) and step.expect(action)):  # junk from a phone is not the step either
            self.mistakes += 1
            self.flash(_(step.mistake), 6)
            return False
        ok = super().submit(seat, action)
        if ok:
            self.state.undo_floor = len(self.state.log)  # the guide has moved on: a step is not taken back
            self.step += 1
            self.partner, self.partner_at = self.partner + list(step.partner), self.clock + PARTNER_DELAY
        return ok

    def update(self, dt: float) -> None:
        super().update(dt)
        state = self.state
        if self.partner and self.clock >= self.partner_at and not state.is_over() and 1 in state.actors():
            action = self.partner.pop(0)
            if action not in state.legal_actions(1):  # the script no longer fits: any legal move
                action = state.legal_actions(1)[0]
            TableScene.submit(self, 1, action)
            self.partner_at = self.clock + PARTNER_DELAY  # one reply at a time, each seen
        if self.current() is None and not self.partner and self.session.bots is None:
            self.session.bots, self.done_at = self.bots_later, self.clock  # the bot takes seat 1

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        step = self.current()
        if step is None and (self.done_at is None or self.clock - self.done_at > DONE_SECONDS):
            return
        ui = self.ui
        text = _(step.text) if step is not None else _(self.tutorial.done)
        x, y, w, h = self.guide_box
        r = ui.rect(x, y, w, h)
        ui.cover(r)
        ui.panel(surf, r, (24, 16, 14), 18, ACCENT if step is not None else GREEN)
        head = _("Guided game: step {n} of {total}").format(n=self.step + 1, total=len(self.tutorial.steps))
        head = head if step is not None else _("Guided game: over to you")
        ui.text(surf, head, (x + 30, y + 10), ui.fit(head, 30, w - 60), ACCENT)
        size, lines = guide_lines(ui, text, self.guide_box)
        for i, line in enumerate(lines):
            ui.text(surf, line, (x + 30, y + 54 + (size + 8) * i), size, INK, True)


def guide_lines(ui, text: str, box: tuple[float, float, float, float]) -> tuple[float, list[str]]:
    """The guide's text wrapped at the largest size (38 down to 26) whose lines fit the
    panel `box` under its heading; lines that still do not fit are left off."""
    width, height = box[2] - 80, box[3] - 58
    size = 38.0
    while True:
        lines = ui.wrap(text, size, width, True)
        if len(lines) * (size + 8) <= height or size <= 26:
            return size, lines[: max(1, int(height // (size + 8)))]
        size -= 2


def make_tutorial(app, entry) -> TableScene:
    """The guided first game of a catalogue entry that has one."""
    tutorial = tutorial_for(entry.id)
    if tutorial is None:
        raise ValueError(f"{entry.id} has no guided first game")
    gdef = entry.gdef
    seats = default_seats(tutorial.seats, list(gdef.bots), gdef.default_bot)
    session = Session(gdef, seats, None, tutorial.seed, None)  # never saved
    for seat, action in tutorial.opening:
        if not session.apply(seat, action):
            raise ValueError(f"{entry.id}'s guided game: opening {action} refused: {session.error}")
    session.state.undo_floor = len(session.state.log)
    base = scene_class(gdef)
    cls = type(f"Guided{base.__name__}", (Guided, base), {})
    scene = cls(app, session)
    scene.setup_tutorial(tutorial)
    return scene


def seen_path():
    return data_dir() / "tutorials-offered.json"


def offered(game_id: str) -> bool:
    """Whether the guided first game of `game_id` was offered already (remembered once)."""
    try:
        return game_id in json.loads(seen_path().read_text(encoding="utf-8"))
    except (OSError, ValueError, TypeError):
        return False


def remember_offered(game_id: str) -> None:
    path = seen_path()
    try:
        seen = json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
    except (OSError, ValueError):
        seen = []
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(sorted({*seen, game_id})), encoding="utf-8")
    except OSError as exc:  # a read-only disk must not stop a game
        log.warning("could not remember the tutorial offer: %s", exc)

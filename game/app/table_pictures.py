"""Pictures of a game's own table for its rules pages.

A rules page names what to show with a line of its own, as in Markdown:
`![The wok after a throw](table:settled)`: the caption (in the page's language)
and one of the moments the game's scene declares (`TableScene.moments()`).
The picture is that moment played from a fixed seed and drawn off screen by
the game's real scene, so it is always the current art and the current
language's words; no image file can go stale.

The scene is built backstage: on an app of its own that has no sound, no
phones and no controllers of the real app's, so opening the rules over a
paused game changes nothing of that game. Its seats are two humans (hands
open, as in the screenshots) and bots of the game's gentlest level above
random play: plausible moves at little cost. Nothing keeps running after the
picture is drawn (the session is closed; moments play bots inline).
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass

import pygame

from ..input.devices import Devices
from . import catalogue
from .mode import HomeMode
from .scene import Scene
from .session import Session, default_seats
from .table import TableScene
from .table_making import make_table, scene_class
from .ui import BG

log = logging.getLogger(__name__)
FIGURE = re.compile(r"!\[(?P<caption>[^\]]*)\]\(table:(?P<moment>[\w-]*)\)")
SEED = 1  # the same table every time


@dataclass(frozen=True)
class Figure:
    moment: str
    caption: str
    where: str  # "assets/rules/wokup.en.md line 1", for a problem's message


def figure_in(line: str, where: str) -> Figure | None:
    """The figure a rules line asks for, or None for a line of text."""
    m = FIGURE.fullmatch(line.strip())
    return Figure(m["moment"], m["caption"].strip(), where) if m else None


def problem(game_id: str, figure: Figure) -> str:
    """Why `figure` cannot be shown ("" if it can): a moment the game's scene does not have."""
    moments = scene_class(catalogue.find(game_id).gdef).moments()
    if figure.moment in moments:
        return ""
    return f"{figure.where}: no moment {figure.moment!r} for {game_id} (has {', '.join(moments)})"


class _Quiet:
    """Every call does nothing and returns None: the backstage's sound, phones and screen stack."""

    def __getattr__(self, name: str):
        return lambda *args, **kwargs: None


class Backstage:
    """The app as a table built for a picture sees it: the real settings and Ui
    (sizes and fonts), its own quiet audio, no phones, its own controllers, no
    motion (everything drawn where it lies), no scene stack to change."""

    def __init__(self, app) -> None:
        self.settings, self.ui, self.saves = app.settings, app.ui, None
        self.audio = self.phones = _Quiet()
        self.devices = Devices(app.settings.bindings)
        self.motion, self.buzzers = False, None
        self.mode = HomeMode(self)
        self.scenes: list[Scene] = []
        self.stage_rect = pygame.Rect(0, 0, 0, 0)  # no window: a pointer never lands on this table
        self.push = self.pop = self.replace = self.say = _Quiet().any


def stage(app, game_id: str, moment: str) -> TableScene:
    """The game's table played to `moment`, backstage."""
    entry = catalogue.find(game_id)
    gdef = entry.require_gdef()
    levels = list(gdef.bots)
    seats = default_seats(min(4, entry.players[1]), levels, levels[1] if len(levels) > 1 else "")
    seats[1].kind = "human"  # two humans: a hand is open on the table, as a player sees it
    session = Session(gdef, seats, None, SEED, None)
    session.demo = True  # never saved, never counted
    scene = make_table(Backstage(app), session)
    type(scene).moments()[moment](scene)
    session.close()
    return scene


def render(app, game_id: str, moment: str, size: tuple[int, int]) -> pygame.Surface:
    """The picture of `moment`, `size` pixels: the table drawn at the stage's size, then scaled."""
    started = time.perf_counter()
    scene = stage(app, game_id, moment)
    full = pygame.Surface(app.stage.get_size())
    full.fill(BG)
    ui = app.ui
    overflows, ui.overflows = ui.overflows, None  # the table's own texts are checked on the table
    try:
        with ui.unrecorded():
            scene.draw(full)
    finally:
        ui.overflows = overflows
    picture = pygame.transform.smoothscale(full, size)
    log.info("rules picture %s %s: %.0f ms", game_id, moment, (time.perf_counter() - started) * 1000)
    return picture

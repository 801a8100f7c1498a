"""Every unfinished game, to resume or delete: nothing is ever lost silently.

Each row says which game, who sits at it, when it was last played and how far
it got (moves played and the last one in words). A save that no longer
replays is set aside (kept as `.broken`) and reported, never deleted.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

import pygame

from .. import i18n
from ..engine import SYSTEM
from ..i18n import _, ngettext
from ..input import Control, PlayerEvent
from . import catalogue
from .confirm import ConfirmScene
from .scene import Scene
from .session import Session
from .table_making import make_table
from .ui import ACCENT, DIM, INK, MUTED, PANEL, PANEL_HI, RED, SEAT_COLOURS

log = logging.getLogger(__name__)
ROWS = 5  # rows on screen; the list scrolls with the selection


@dataclass
class Unfinished:
    save_id: str
    entry: catalogue.Entry
    doc: dict
    session: Session  # replayed without a store: for the words, never saved from here

    @property
    def moves(self) -> int:
        return len(self.doc["log"])

    def seats_text(self) -> str:
        return i18n.names(_("{name} (bot)").format(name=s.name) if s.is_bot else s.name for s in self.session.seats)

    def when_text(self) -> str:
        saved = time.localtime(self.doc.get("saved_at", 0))
        if time.strftime("%Y%m%d", saved) == time.strftime("%Y%m%d"):
            return _("today {time}").format(time=time.strftime("%H:%M", saved))
        return time.strftime("%Y-%m-%d %H:%M", saved)

    def progress_text(self) -> str:
        last = next((ln["text"] for ln in reversed(self.session.history()) if ln["seat"] != SYSTEM), "")
        moves = ngettext("{n} move", "{n} moves", self.moves).format(n=self.moves)
        return f"{moves} · " + (_("last: {move}").format(move=last) if last else _("not started"))


def unfinished_games(app) -> list[Unfinished]:
    """The unfinished games that can be played, newest first; damaged saves reported."""
    games, problems = app.saves.unfinished()
    entries = {e.id: e for e in catalogue.load()}
    found = []
    for save_id, doc in games:
        entry = entries.get(doc["game"])
        if entry is None or not entry.playable:
            continue  # a game this version cannot play: its save stays on disk
        try:
            session = Session.resume(doc, None, entry.require_gdef(), save_id)
        except Exception as exc:  # a save that no longer replays must not crash the arcade
            aside = app.saves.set_aside(save_id, f"does not replay: {exc!r}")
            problems.append(
                _("Could not resume the saved game ({exc}); it was kept as {aside}.").format(exc=exc, aside=aside)
            )
            continue
        if session.state.is_over():  # a finished game is not resumable, whatever left its save behind
            log.warning("%s: the saved game is over; its save is removed", save_id)
            app.saves.delete(save_id)
            continue
        found.append(Unfinished(save_id, entry, doc, session))
    app.saves.report(app, problems)
    return found


class ResumeScene(Scene):
    """Up/down choose a game, confirm resumes it, left/right reach its Delete button."""

    name = "resume"
    still = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.games = unfinished_games(app)
        self.index, self.on_delete, self.top_row = 0, False, 0
        self.rects: list[tuple[pygame.Rect, pygame.Rect]] = []  # (row, delete button) as drawn

    def resume(self, i: int) -> None:
        game = self.games[i]
        session = Session.resume(game.doc, self.app.saves, game.entry.require_gdef(), game.save_id)
        self.app.reset_to(self.app.scenes[0])  # the title stays under the table, as for a new game
        self.app.push(make_table(self.app, session))

    def ask_delete(self, i: int) -> None:
        game = self.games[i]
        question = _("Delete this game of {game} ({seats}, {when})? It cannot be resumed afterwards.").format(
            game=game.entry.title, seats=game.seats_text(), when=game.when_text()
        )
        self.app.push(ConfirmScene(self.app, question, lambda: self.delete(game), yes_label="Delete"))

    def delete(self, game: Unfinished) -> None:
        self.app.saves.delete(game.save_id)
        self.games.remove(game)
        self.index = min(self.index, len(self.games) - 1)
        self.app.say(_("{game} deleted").format(game=game.entry.title), 3)
        if not self.games:
            self.leave()

    def leave(self) -> None:
        self.app.restart_at("title")  # its Resume entry counts the games again

    def choose(self, i: int, delete: bool) -> None:
        self.index, self.on_delete = i, delete
        if delete:
            self.ask_delete(i)
        else:
            self.resume(i)

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        c = ev.control
        if c in (Control.BACK, Control.MENU):
            self.leave()
        elif not self.games:
            return
        elif c in (Control.UP, Control.DOWN):
            self.index = (self.index + (1 if c == Control.DOWN else -1)) % len(self.games)
        elif c in (Control.LEFT, Control.RIGHT):
            self.on_delete = not self.on_delete
        elif c == Control.CONFIRM:
            self.choose(self.index, self.on_delete)
        elif c == Control.POINT and ev.pos is not None:
            for i, (row, bin_) in enumerate(self.rects):
                if bin_.collidepoint(ev.pos) or row.collidepoint(ev.pos):
                    self.choose(self.top_row + i, bin_.collidepoint(ev.pos))
                    return

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        ui.title(surf, _("Unfinished games"), 30)
        self.rects = []
        if not self.games:
            ui.text(surf, _("No unfinished game."), (960, 400), 46, MUTED, anchor="midtop")
        self.top_row = max(min(self.top_row, self.index), self.index - ROWS + 1)
        for k, game in enumerate(self.games[self.top_row : self.top_row + ROWS]):
            i = self.top_row + k
            y = 150 + k * 170
            row, bin_ = ui.rect(120, y, 1420, 154), ui.rect(1570, y + 30, 230, 94)
            self.rects.append((row, bin_))
            chosen = i == self.index
            ui.panel(
                surf,
                row,
                PANEL_HI if chosen and not self.on_delete else PANEL,
                16,
                ACCENT if chosen and not self.on_delete else None,
            )
            ui.text(surf, game.entry.title, (150, y + 12), 46, ACCENT, True)
            ui.text(surf, game.when_text(), (1510, y + 16), 36, MUTED, anchor="topright")
            x: float = 150
            for cfg in game.session.seats:
                name = _("{name} (bot)").format(name=cfg.name) if cfg.is_bot else cfg.name
                dot = ui.rect(x + 12, y + 86, 0, 0).topleft
                pygame.draw.circle(surf, SEAT_COLOURS.get(cfg.colour, INK), dot, ui.px(11))
                x += 30 + ui.text(surf, name, (x + 30, y + 66), 34, INK).width / ui.u + 28
            progress = ui.wrap(game.progress_text(), 32, 1340)[0]
            ui.text(surf, progress, (150, y + 108), 32, MUTED)
            on_bin = chosen and self.on_delete
            ui.panel(surf, bin_, PANEL_HI if on_bin else PANEL, 16, RED if on_bin else None)
            ui.text(surf, _("Delete"), (1685, y + 54), 38, RED if on_bin else DIM, True, "midtop")
        if len(self.games) > ROWS:
            ui.text(surf, f"{self.index + 1} / {len(self.games)}", (1800, 40), 34, MUTED, anchor="topright")
        ui.footer(surf, _("Up/down: choose - confirm: resume - left/right: Delete - Back: title screen"))

"""The pause menu over a table: resume, rules, phones' codes, quit or abandon
(in kiosk mode: resume, rules or end the game for everyone)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..i18n import N_, _
from ..input import Control, PlayerEvent
from . import catalogue
from .confirm import ConfirmScene
from .phones import LinksScene
from .scene import Scene
from .ui import ACCENT, Item, Menu

if TYPE_CHECKING:
    from .table import TableScene


class PauseScene(Scene):
    name = "pause"
    overlay = True
    still = True  # a menu over a table that stands still underneath

    def __init__(self, app, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        if app.mode.locked:  # guests resume, read the rules or end the game; nothing leaves the arcade
            items = [
                Item(N_("Resume"), app.pop),
                Item(N_("Rules"), self._rules),
                Item(N_("End this game"), self._end, N_("The game is over for everyone at the table.")),
            ]
        else:
            items = [
                Item(N_("Resume"), app.pop),
                Item(N_("Move history"), lambda: app.open("history", table.session)),
                Item(N_("Rules"), self._rules),
                *([Item(N_("Phones"), self._phones, N_("Each seat's QR code"))] if app.phones.on else []),
                Item(N_("Quit to menu"), self._quit, self._quit_note()),
                Item(N_("Abandon this game"), self._abandon),
            ]
        self.menu = Menu(items, y=250)

    def _quit_note(self) -> str:
        """What quitting keeps: a guided game is not saved until its steps are over."""
        if self.table.session.saves is None:
            return N_("This game is not saved yet: quitting ends it.")
        return N_("The game is saved: resume it from the title screen.")

    def _rules(self) -> None:
        self.app.open("rules", self.table.session.gdef.id)

    def _phones(self) -> None:
        self.app.push(LinksScene(self.app, self.table.session))

    def _quit(self) -> None:
        self.table.close()
        self.app.restart_at("title")

    def _abandon(self) -> None:
        """Asks first: an abandoned game's save is deleted and cannot be resumed."""
        session = self.table.session
        question = _("Abandon this game of {game} after {n} moves? It cannot be resumed afterwards.").format(
            game=catalogue.title(session.gdef.id), n=len(session.history())
        )
        self.app.push(ConfirmScene(self.app, question, self._abandoned, N_("Abandon")))

    def _abandoned(self) -> None:
        self.app.mode.end_game(self.table, "abandoned from the pause menu")

    def _end(self) -> None:
        self.app.mode.end_game(self.table, "ended from the pause menu")

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        if ev.control in (Control.MENU, Control.BACK):
            self.app.pop()
        else:
            self.menu.handle(ev.control, ev.pos)

    def draw(self, surf: pygame.Surface) -> None:
        ui, m = self.ui, self.menu
        ui.shade(surf, 190)
        # An opaque sheet under the title and the menu: the table's words no longer show through them.
        sheet = ui.rect(m.x - 60, 70, m.w + 120, m.bottom() + 40 - 70)
        ui.cover(sheet)
        ui.panel(surf, sheet, (24, 16, 14), 24, ACCENT)
        ui.title(surf, _("Paused"), 110)
        m.draw(surf, ui)

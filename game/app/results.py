"""The results after a game: the winners, the scores, and what next (again,
the move history, watch it again, the menu)."""

from __future__ import annotations

import pygame

from .. import i18n
from ..i18n import N_, _
from ..input import PlayerEvent
from .scene import Scene
from .session import Session
from .table_making import make_table
from .ui import ACCENT, GREEN, INK, MUTED, PANEL, SEAT_COLOURS, Item, Menu


class ResultsScene(Scene):
    name = "results"
    still = True  # a menu under the scores: it changes with input only

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        if not session.demo:  # (a demo's, a stand-in app's table: never kept)
            app.replays.keep(session)  # to be watched again (game/app/replays.py)
        items = [
            Item(N_("Play again"), self._again),
            Item(N_("Move history"), self._history),
            Item(N_("Watch again"), self._watch),
            Item(N_("Menu"), self._menu),
        ]
        self.menu = Menu(items, x=560, y=720, h=74, gap=6)

    def _history(self) -> None:
        self.app.open("history", self.session)  # the whole game, told again after its end

    def _watch(self) -> None:
        self.app.open("replay", self.app.replays.player(self.session))

    def _again(self) -> None:
        s = self.session
        saves = s.saves if s.saves is not None else self.app.saves  # after a guided game: a real one, saved
        fresh = Session(s.gdef, s.seats, s.options, s.seed + 1, saves)
        self.app.replace(make_table(self.app, fresh))

    def _menu(self) -> None:
        self.app.restart_at("title")

    def handle(self, ev: PlayerEvent) -> None:
        if ev.pressed:
            self.menu.handle(ev.control, ev.pos)

    def draw(self, surf: pygame.Surface) -> None:
        ui, state = self.ui, self.session.state
        ui.title(surf, _("Results"))
        winners = state.winners()
        headline = i18n.winners(self.session.seats[w].name for w in winners)
        ui.text(surf, headline, (960, 200), 64, GREEN, True, "midtop", width=1800)
        scores = state.scores()
        order = sorted(range(len(scores)), key=lambda s: -scores[s])
        for row, seat in enumerate(order):
            y = 300 + row * 68  # six rows above the menu
            cfg = self.session.seats[seat]
            r = ui.rect(460, y, 1000, 60)
            ui.panel(surf, r, PANEL, 14, ACCENT if seat in winners else None)
            pygame.draw.circle(surf, SEAT_COLOURS[cfg.colour], ui.rect(500, y + 30, 0, 0).topleft, ui.px(18))
            ui.text(surf, cfg.name, (540, y + 8), 42, INK, True, width=500)
            ui.text(surf, _("bot") if cfg.is_bot else "", (1060, y + 14), 34, MUTED, width=200)
            ui.text(
                surf,
                i18n.number(scores[seat], 1 if scores[seat] % 1 else 0),
                (1420, y + 8),
                46,
                ACCENT,
                True,
                "topright",
                width=140,
            )
        self.menu.draw(surf, ui)

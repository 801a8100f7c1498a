"""The rules screen of a game: our own words (`assets/rules/<id>.<lang>.md`),
wrapped and cut into pages."""

from __future__ import annotations

import pygame

from .. import i18n, resources
from ..i18n import _
from ..input import PlayerEvent
from . import catalogue
from .scene import Scene
from .tutorial import make_tutorial, tutorial_for
from .ui import ACCENT, INK, PANEL_HI

LINES_PER_PAGE = 16  # 50 units apart from y=170: the last ends above the footer


class RulesScene(Scene):
    name = "rules"
    still = True

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.page = 0
        self.title = catalogue.find(game_id).title
        self._cache: tuple = (None, [])
        self.guided = tutorial_for(game_id) is not None  # its last page offers a guided first game
        self.button: pygame.Rect | None = None

    def text(self) -> str:
        for lang in (i18n.language(), "en"):
            if resources.exists("rules", f"{self.game_id}.{lang}.md"):
                return resources.read_text("rules", f"{self.game_id}.{lang}.md")
        return _("The rules of this game are not written yet.")

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        last = self.page + 1 >= self.pages
        tapped = ev.control == "point" and self.button is not None and self.button.collidepoint(ev.pos)
        if self.guided and last and (ev.control == "confirm" or tapped):
            self.start_guided()
        elif ev.control in ("back", "menu", "confirm") or (ev.control == "point" and self.page + 1 >= self.pages):
            self.app.pop()
        elif ev.control in ("down", "right", "point"):
            self.page = min(self.page + 1, self.pages - 1)
        elif ev.control in ("up", "left"):
            self.page = max(0, self.page - 1)

    def start_guided(self) -> None:
        """Leave whatever led here (a paused game is saved) for the guided first game."""
        for scene in self.app.scenes:
            close = getattr(scene, "close", None)
            if close:
                close()
        entry = catalogue.find(self.game_id)
        self.app.restart_at("title")
        self.app.push(make_tutorial(self.app, entry))

    @property
    def pages(self) -> int:
        return len(self._pages())

    def _pages(self) -> list[list[tuple[str, bool]]]:
        """Wrapped lines cut into pages; a heading never ends a page, a page never starts blank.
        Wrapping measures every word, so the pages are kept until language or size change."""
        key = (i18n.language(), self.ui.u)
        if self._cache[0] != key:
            self._cache = (key, self._paginate())
        return self._cache[1]

    def _paginate(self) -> list[list[tuple[str, bool]]]:
        pages: list[list[tuple[str, bool]]] = [[]]
        for raw in self.text().splitlines():
            heading = raw.startswith("#")
            body = raw.lstrip("# ").rstrip()
            lines = self.ui.wrap(body, 42 if heading else 36, 1640, heading) if body else [""]
            for line in lines:
                page = pages[-1]
                full = len(page) >= LINES_PER_PAGE or (heading and len(page) >= LINES_PER_PAGE - 2)
                if full:
                    pages.append(page := [])
                if page or line:
                    page.append((line, heading))
        return pages

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        ui.title(surf, _("Rules: {game}").format(game=self.title), 40)
        for i, (line, heading) in enumerate(self._pages()[self.page]):
            ui.text(
                surf, line, (140, 170 + i * 50), 42 if heading else 36, ACCENT if heading else INK, heading, width=1640
            )
        self.button = None
        if self.guided and self.page + 1 >= self.pages:
            self.button = ui.rect(1340, 972, 500, 64)
            ui.panel(surf, self.button, PANEL_HI, 16, ACCENT)
            ui.text(surf, _("Play a guided game"), (1590, 982), 36, INK, True, "midtop")
            ui.footer(surf, _("Confirm: a guided first game - Back to close"))
            return
        ui.footer(
            surf, _("Page {n} of {total} - arrows to turn, Back to close").format(n=self.page + 1, total=self.pages)
        )

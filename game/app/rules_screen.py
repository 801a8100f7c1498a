"""The rules screen of a game: our own words (`assets/rules/<id>.<lang>.md`),
wrapped and cut into pages, with pictures of the game's own table.

A line `![caption](table:<moment>)` puts a picture of that moment of the game
(game/app/table_pictures.py) at the right of the page, its caption under it,
the text beside it wrapped narrower. A picture is drawn once, when its page
(or the page before it) is shown, and kept while the screen is open.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import pygame

from .. import i18n, resources
from ..i18n import _
from ..input import Control, PlayerEvent
from . import catalogue, table_pictures
from .scene import Scene
from .table_pictures import Figure
from .tutorial import make_tutorial, tutorial_for
from .ui import ACCENT, INK, MUTED, PANEL_HI

log = logging.getLogger(__name__)
LINES_PER_PAGE = 16  # 50 units apart from y=170: the last ends above the footer
WIDTH = 1640  # a line of text, from x=140
# A picture: 800x450 (16:9, as the table) at the right, its caption (two lines
# at most) under it: 11 lines of text high. The text beside it is 800 wide.
FIGURE_X, FIGURE_W, FIGURE_H, FIGURE_ROWS = 980, 800, 450, 11
NARROW = FIGURE_X - 40 - 140
CAPTION_SIZE, CAPTION_GAP = 30, 36
READ_AHEAD_AFTER = 0.25  # seconds a page is on screen before the next page's picture is drawn


@dataclass
class Page:
    lines: list[tuple[str, bool, int]] = field(default_factory=list)  # text, heading, width it was wrapped to
    figure: tuple[int, Figure] | None = None  # the line its top is level with, and what it shows

    def beside_figure(self) -> bool:
        """The next line would lie beside this page's picture."""
        return self.figure is not None and len(self.lines) < self.figure[0] + FIGURE_ROWS


class RulesScene(Scene):
    name = "rules"
    still = True

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.page = 0
        self.title = catalogue.find(game_id).title
        self._cache: tuple = (None, [])
        self._pictures: dict[tuple, pygame.Surface | None] = {}  # (moment, size, language) -> picture
        self.problems: list[str] = []  # figures the page could not show, named by file and line
        self._read_page, self.reading = 0, 0.0  # the page on screen and for how long (seconds)
        self.guided = tutorial_for(game_id) is not None  # its last page offers a guided first game
        self.button: pygame.Rect | None = None

    def source(self) -> tuple[str, str]:
        """The rules' file (for problems' messages) and its text."""
        for lang in (i18n.language(), "en"):
            if resources.exists("rules", f"{self.game_id}.{lang}.md"):
                name = f"{self.game_id}.{lang}.md"
                return f"assets/rules/{name}", resources.read_text("rules", name)
        return "", _("The rules of this game are not written yet.")

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        last = self.page + 1 >= self.pages
        tapped = (
            ev.control == Control.POINT
            and ev.pos is not None
            and self.button is not None
            and self.button.collidepoint(ev.pos)
        )
        if self.guided and last and (ev.control == Control.CONFIRM or tapped):
            self.start_guided()
        elif ev.control in (Control.BACK, Control.MENU, Control.CONFIRM) or (
            ev.control == Control.POINT and self.page + 1 >= self.pages
        ):
            self.app.pop()
        elif ev.control in (Control.DOWN, Control.RIGHT, Control.POINT):
            self.page = min(self.page + 1, self.pages - 1)
        elif ev.control in (Control.UP, Control.LEFT):
            self.page = max(0, self.page - 1)

    def _draw_figure(self, surf: pygame.Surface, row: int, figure: Figure) -> None:
        ui, rect = self.ui, self._figure_rect(row)
        picture = self.picture(figure.moment, rect.size)
        if picture is None:
            return
        surf.blit(picture, rect)
        ui.box(rect, "picture")  # the layout check: no text of the page may touch it
        pygame.draw.rect(surf, MUTED, rect.inflate(ui.px(6), ui.px(6)), max(1, ui.px(3)))
        y = 178 + row * 50 + FIGURE_H + 12
        for i, line in enumerate(ui.wrap(figure.caption, CAPTION_SIZE, FIGURE_W)[:2]):
            ui.text(
                surf,
                line,
                (FIGURE_X + FIGURE_W / 2, y + i * CAPTION_GAP),
                CAPTION_SIZE,
                MUTED,
                anchor="midtop",
                width=FIGURE_W,
            )

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

    def _pages(self) -> list[Page]:
        """Wrapped lines cut into pages; a heading never ends a page, a page never starts blank.
        Wrapping measures every word, so the pages are kept until language or size change."""
        key = (i18n.language(), self.ui.u)
        if self._cache[0] != key:
            self._cache = (key, self._paginate())
        return self._cache[1]

    def _paginate(self) -> list[Page]:
        pages = [Page()]
        self.problems = []
        path, text = self.source()
        for n, raw in enumerate(text.splitlines(), 1):
            figure = table_pictures.figure_in(raw, f"{path} line {n}")
            if figure is not None:
                self._place(pages, figure)
                continue
            heading = raw.startswith("#")
            body = raw.lstrip("# ").rstrip()
            width = NARROW if pages[-1].beside_figure() else WIDTH
            lines = self.ui.wrap(body, 42 if heading else 36, width, heading) if body else [""]
            for line in lines:
                page = pages[-1]
                full = len(page.lines) >= LINES_PER_PAGE or (heading and len(page.lines) >= LINES_PER_PAGE - 2)
                if full:
                    pages.append(page := Page())
                if page.lines or line:
                    page.lines.append((line, heading, width))
        return pages

    def _place(self, pages: list[Page], figure: Figure) -> None:
        """A picture where the text reaches it, or at the top of the next page if it has no room."""
        problem = table_pictures.problem(self.game_id, figure)
        if problem:
            log.error("rules picture: %s", problem)  # the page goes on without it
            self.problems.append(problem)
            return
        page = pages[-1]
        if page.figure is not None or len(page.lines) + FIGURE_ROWS > LINES_PER_PAGE:
            pages.append(page := Page())
        page.figure = (len(page.lines), figure)

    def picture(self, moment: str, size: tuple[int, int]) -> pygame.Surface | None:
        """The picture of `moment` at `size` pixels, made once (None if the table failed to draw)."""
        key = (moment, size, i18n.language())
        if key not in self._pictures:
            try:
                self._pictures[key] = table_pictures.render(self.app, self.game_id, moment, size)
            except Exception:  # a picture is an aid: the rules stay readable without it
                log.exception("rules picture %s %s failed", self.game_id, moment)
                self._pictures[key] = None
        return self._pictures[key]

    def update(self, dt: float) -> None:
        """Draw the next page's picture while this page is read (once it has been on screen
        a moment: not between a page turn and its drawing), so turning to it costs nothing."""
        self.reading = self.reading + dt if self._read_page == self.page else 0.0
        self._read_page = self.page
        if self.reading < READ_AHEAD_AFTER:
            return
        pages = self._pages()
        ahead = pages[self.page + 1] if self.page + 1 < len(pages) else None
        if ahead is not None and ahead.figure is not None:
            self.picture(ahead.figure[1].moment, self._figure_rect(ahead.figure[0]).size)

    def _figure_rect(self, row: int) -> pygame.Rect:
        return self.ui.rect(FIGURE_X, 178 + row * 50, FIGURE_W, FIGURE_H)

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        ui.title(surf, _("Rules: {game}").format(game=self.title), 40)
        page = self._pages()[self.page]
        for i, (line, heading, width) in enumerate(page.lines):
            ui.text(
                surf, line, (140, 170 + i * 50), 42 if heading else 36, ACCENT if heading else INK, heading, width=width
            )
        if page.figure is not None:
            self._draw_figure(surf, *page.figure)
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

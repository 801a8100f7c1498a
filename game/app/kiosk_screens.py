"""Kiosk mode's screens for guests: attract mode, "Still playing?", and the
hall of fame's initials. The rules of when they appear are game/app/kiosk.py's.

Attract mode is the root scene while nobody plays. It alternates the hall of
fame of the next game with a short demo of it: bots play through the game's
real scene, pushed on the stack above attract mode, never saved or counted.
After each demo comes the day's best real moment not yet shown, if the day has
one (the highlights kept with every finished game, game/app/replays.py): its
replay (game/app/theatre.py) plays up to it under "Today at 15:42: Ana beat Bao
by 12 ms", the names as the players typed them only if the operator allows it
(`attract_names`), their initials otherwise.
The kiosk calls `tick` every step (the demo is the top scene then, so this
scene gets no `update`), `draw_over` after the scenes are drawn (the banner,
dimming), and `wake` on any press.
"""

from __future__ import annotations

import logging
import math
from concurrent.futures import Future
from datetime import UTC, date
from typing import Any

import pygame

from .. import i18n
from ..engine import highlights
from ..engine.highlights import Highlight
from ..engine.replay import ReplayError
from ..i18n import N_, _
from ..input import Control, DeviceId, PlayerEvent
from ..kiosk.halloffame import Board
from ..kiosk.kinds import kinds
from .results import ResultsScene
from .scene import Scene, kiosk_of, scene_class
from .session import Session, default_seats
from .table import TableScene
from .table_making import make_table
from .theatre import ReplayScene, names_of, player_of_row
from .ui import ACCENT, GREEN, INK, MUTED, PANEL, PANEL_HI

FAME_SECONDS = 8.0  # the hall of fame between two demos
RESULTS_SECONDS = 3.0  # a demo's results stay this long
SHOW_BEFORE = 4  # moves played before a highlight's moment
SHOW_HOLD = 5.0  # seconds the moment stays once reached
SHOW_LONGEST = 25.0  # a show never outstays this
log = logging.getLogger(__name__)
UNITS = {"points": N_("{v:g} points"), "cards": N_("{v:g} cards"), "ms": N_("{v:g} ms")}


class AttractScene(Scene):
    name = "attract"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.kiosk = kiosk_of(app)
        i18n.set_language(app.settings.language)  # the last guests' language choice ends here
        self.entries = self.kiosk.offered()
        self.turn = 0  # the next game in the rotation
        self.clock = 0.0  # this scene's time, for what moves on screen
        self.phase_t = 0.0
        self.demo: TableScene | None = None
        self.demos = 0  # demos started (the soak counts them)
        self.results_at: float | None = None
        self.board: Future[Board] | None = None  # the next game's hall of fame
        self._ask_board()
        self.show: ReplayScene | None = None  # a real game's moment on screen
        self.show_reached: float | None = None  # when the show reached its moment
        self.moments: Any = None  # Future of today's kept games (their highlights)
        self.fetching: Any = None  # (Future of the chosen game with its log, the highlight)
        self.shown: set[tuple[str, int]] = set()  # (game id, move) of the moments shown
        self._ask_moments()
        self._look: tuple | None = None  # what the hall of fame showed when last drawn (changes)
        app.audio.music("attract")

    @property
    def entry(self):
        return self.entries[self.turn % len(self.entries)] if self.entries else None

    def _ask_board(self) -> None:
        hall = self.kiosk.hall  # None until the database is open (after the first frame)
        self.board = hall.board(self.entry.id, wait=False) if self.entry and hall else None

    def _ask_moments(self) -> None:
        ask = getattr(self.kiosk.stats, "replays", None)  # not before the database opens
        self.moments = ask(date.today(), wait=False) if ask is not None else None

    # ---- time ---------------------------------------------------------------------
    def idle(self) -> float:
        return self.kiosk.now - self.kiosk.last_input

    def tick(self, dt: float) -> None:
        self.clock += dt
        self.phase_t += dt
        if self.board is None and self.demo is None:
            self._ask_board()
        if self.idle() >= self.kiosk.conf.black_after:
            self._end_demo()  # a black screen plays nothing
            return
        if self.show is not None or self.fetching is not None:
            self._show_tick()
            return
        if self.demo is not None:
            if isinstance(self.app.top, ResultsScene) and self.results_at is None:
                self.results_at = self.phase_t
            done = self.results_at is not None and self.phase_t - self.results_at >= RESULTS_SECONDS
            if done or self.phase_t >= self.kiosk.conf.demo_seconds:
                self._end_demo()
                self.turn += 1
                self._ask_board()
                self._choose_moment()
        elif self.phase_t >= FAME_SECONDS and self.entry is not None:
            self._start_demo()

    def _start_demo(self) -> None:
        gdef = self.entry.gdef
        lo, hi = self.kiosk.seat_range(self.entry)
        n = max(lo, min(4, hi))
        seats = default_seats(n, [self.kiosk.bot_level(gdef)])
        for cfg in seats:
            cfg.kind, cfg.controller = "bot", None
        session = Session(gdef, seats, None, 7919 * (self.demos + 1) + self.turn, None)
        session.demo = True
        self.demo = make_table(self.app, session)
        self.demos += 1
        self.phase_t, self.results_at = 0.0, None
        self.app.push(self.demo)

    def _end_demo(self) -> None:
        """The demo or the show ends: back to the hall of fame."""
        for shown in (self.demo, self.show):
            if shown is not None:
                shown.close()
                self.app.reset_to(self)
        self.demo, self.show, self.fetching = None, None, None
        self.phase_t = 0.0

    # ---- the day's moments ------------------------------------------------------------
    def _choose_moment(self) -> None:
        """After a demo: the day's best moment not shown yet (all shown: the best again)."""
        rows = self.moments.result() if self.moments is not None and self.moments.done() else []
        self._ask_moments()  # the next one sees the games finished meanwhile
        found = [(h, r) for r in rows for h in highlights.read(r.get("highlights"))]
        fresh = [(h, r) for h, r in found if (r["id"], h.at) not in self.shown] or found
        if not fresh:
            return
        h, row = max(fresh, key=lambda f: f[0].score)
        if (row["id"], h.at) not in self.shown:
            self.shown.add((row["id"], h.at))
        else:
            self.shown = {(row["id"], h.at)}
        self.fetching = (self.kiosk.stats.replay(row["id"], wait=False), h, row)
        self.phase_t = 0.0

    def _show_tick(self) -> None:
        if self.fetching is not None:
            future, h, row = self.fetching
            if future.done():
                self.fetching = None
                self._start_show(future.result(), h, row)
            elif self.phase_t >= SHOW_LONGEST:
                self.fetching = None
            return
        show = self.show
        assert show is not None
        if self.show_reached is None and show.player.position == show.stop_at:
            self.show_reached = self.phase_t
        reached = self.show_reached is not None and self.phase_t - self.show_reached >= SHOW_HOLD
        if reached or self.phase_t >= SHOW_LONGEST:
            self._end_demo()

    def _start_show(self, full: dict | None, h: Highlight, row: dict) -> None:
        if full is None:
            return
        names = names_of(full)
        try:
            if not self.kiosk.conf.attract_names:  # the table, the moves and the caption: initials only
                names = [initials(n) for n in names]
                full = {**full, "seats": [{**s, "name": n} for s, n in zip(full["seats"], names, strict=True)]}
            player = player_of_row(full)
            ended = row["ended_at"].replace(tzinfo=UTC).astimezone()
        except (ReplayError, AttributeError, KeyError, TypeError, ValueError) as exc:  # damaged: the next moment
            log.warning("attract mode: the replay %s cannot be shown: %s", row.get("id"), exc)
            return
        player.seek(max(0, h.at - SHOW_BEFORE))
        caption = _("Today at {time}: {moment}").format(time=i18n.clock(ended.hour, ended.minute), moment=h.told(names))
        self.show = ReplayScene(self.app, player, caption, stop_at=h.at)
        self.show.playing, self.show.wait = True, 1.0  # a beat on the table before it moves
        self.show_reached = None
        self.phase_t = 0.0
        self.app.push(self.show)

    # ---- input ---------------------------------------------------------------------
    def wake(self, ev: PlayerEvent) -> None:
        """Any press: the chooser at once; a buzzer station pressed during a Wok Up
        demo takes over a seat of the running game instead, bots keeping the others."""
        device = DeviceId.parse(ev.device)
        table = self.demo
        if (
            table is not None
            and table is self.app.top
            and table.session.gdef.realtime
            and device is not None
            and device.kind == "buzzer"
            and not table.state.is_over()
            and self.idle() < self.kiosk.conf.dim_after
        ):
            self._take_over(table, ev.device, device)
            return
        self._end_demo()
        self.app.restart_at(self.kiosk.home)

    def _take_over(self, table: TableScene, device_name: str, device: DeviceId) -> None:
        session = table.session
        seat = self.app.settings.buzzers.get(f"{device.unit}:{device.station}", 0)
        seat = seat if seat < len(session.seats) else 0
        cfg = session.seats[seat]
        cfg.kind, cfg.controller = "human", device_name
        table.stand_in(seat, None)
        session.demo, session.saves = False, self.app.saves  # a real game from now on
        self.demo = None
        home = scene_class(self.kiosk.home)(self.app)
        self.app.reset_to(home)
        self.app.push(table)
        table.seats_changed()
        self.app.say(_("{name} joins the game!").format(name=cfg.name), 3)

    # ---- drawing -------------------------------------------------------------------
    def drift(self) -> float:
        """How far the hall of fame has drifted (design units; nothing stays still, burn-in),
        in whole pixels of the window: between two steps the picture is the same."""
        return round(30 * math.sin(self.clock / 7) * self.ui.u) / self.ui.u

    def changes(self) -> str:
        """Drawn again only when it drifted a pixel, the board came, or the screen went
        black; the banner moving over it is the kiosk's (App.frame)."""
        black = self.idle() >= self.kiosk.conf.black_after
        board = self.board is not None and self.board.done()
        look = (self.turn, self.board, board, self.drift(), black, i18n.language(), self.ui.u)
        if look == self._look:
            return "none"
        self._look = look
        return "whole"

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        if self.idle() >= self.kiosk.conf.black_after:
            return
        drift = self.drift()
        entry = self.entry
        if entry is None:
            ui.title(surf, "Wok Arcade", 300 + drift)
            return
        ui.title(surf, _("Hall of fame: {game}").format(game=entry.title), 60 + drift)
        board = self.board.result() if self.board is not None and self.board.done() else None
        kept = list(kinds(entry.gdef or entry.id).values())
        for k, kind in enumerate(kept):
            x = 960 + (k - (len(kept) - 1) / 2) * 860
            ui.text(surf, _(kind.title), (x, 190 + drift), 50, ACCENT, True, "midtop")
            for c, (key, label) in enumerate((("today", N_("Today")), ("all_time", N_("All time")))):
                cx = x + (c - 0.5) * 400
                ui.text(surf, _(label), (cx, 270 + drift), 40, MUTED, anchor="midtop")
                rows = board[kind.name][key] if board else []
                for i, e in enumerate(rows):
                    y = 330 + 70 * i + drift
                    ui.panel(surf, ui.rect(cx - 180, y, 360, 60), PANEL_HI if i == 0 else PANEL, 12)
                    ui.text(surf, f"{i + 1}. {e.initials}", (cx - 160, y + 8), 40, INK, True)
                    ui.text(
                        surf, _(UNITS[kind.unit]).format(v=e.value), (cx + 160, y + 12), 34, GREEN, anchor="topright"
                    )
                if not rows:
                    ui.text(surf, "-", (cx, 340 + drift), 40, MUTED, anchor="midtop")
        if board is not None and not any(b["all_time"] for b in board.values()):
            ui.text(surf, _("No record yet: be the first!"), (960, 700 + drift), 48, INK, True, "midtop")

    def banner(self) -> tuple[str, tuple[float, float]]:
        """How the screen is covered ("lit", "dim", "black") and where the banner's
        centre lies now (design units): it drifts, so nothing stays still (burn-in)."""
        idle, conf = self.idle(), self.kiosk.conf
        mode = "black" if idle >= conf.black_after else "dim" if idle >= conf.dim_after else "lit"
        if self.demo is None and self.show is None:  # under the hall of fame, drifting (burn-in)
            return mode, (960 + 300 * math.sin(self.clock / 7), 860 + 40 * math.sin(self.clock / 5))
        # a top corner, the other one every 12 s: the middle is the game's
        x = (370 if int(self.clock // 12) % 2 == 0 else 1550) + 20 * math.sin(self.clock / 3)
        return mode, (x, 40 + 20 * math.sin(self.clock / 5))

    def banner_rect(self) -> pygame.Rect:
        _mode, (x, y) = self.banner()
        return self.ui.rect(x - 340, y, 680, 80)

    def draw_over(self, surf: pygame.Surface) -> None:
        """The banner over whatever is on screen, then dimming or black."""
        mode, (x, y) = self.banner()
        if mode == "black":
            surf.fill((0, 0, 0))
            return
        ui = self.ui
        glow = 0.5 + 0.5 * math.sin(self.clock * 3)
        colour = tuple(int(a + (b - a) * glow) for a, b in zip(ACCENT, INK, strict=True))
        text = _("Press any button to play")
        size = ui.fit(text, 44, 640, 30, bold=True)
        ui.panel(surf, ui.rect(x - 340, y, 680, 80), (20, 16, 14), 22, colour)
        ui.text(surf, text, (x, y + 40 - size * 0.6), size, colour, True, "midtop")
        if mode == "dim":
            self.ui.shade(surf, 170)


def initials(name: str) -> str:
    """What attract mode shows of a name when the operator keeps names private: "A." for Ana."""
    letters = [w[0].upper() for w in name.split() if w]
    return "".join(f"{c}." for c in letters[:3]) or "?"


class StillPlayingScene(Scene):
    """Over a table nobody touched for a while: a countdown any press cancels."""

    name = "still-playing"
    overlay = True

    def __init__(self, app, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.left = float(kiosk_of(app).conf.still_playing)
        self._shown: int | None = None  # the second drawn last

    def changes(self) -> str:
        return "none" if math.ceil(self.left) == self._shown else "whole"  # a new second: drawn again

    def handle(self, ev: PlayerEvent) -> None:
        if ev.pressed:
            self.app.pop()

    def update(self, dt: float) -> None:
        self.left -= dt
        if self.left <= 0:
            kiosk_of(self.app).idle_ended(self.table)

    def draw(self, surf: pygame.Surface) -> None:
        self.ui.shade(surf, 200)
        ui = self.ui
        ui.title(surf, _("Still playing?"), 260)
        self._shown = math.ceil(self.left)
        ui.text(surf, str(self._shown), (960, 420), 200, ACCENT, True, "midtop")
        ui.text(surf, _("Press any button to keep playing."), (960, 720), 48, INK, anchor="midtop")
        ui.text(surf, _("Otherwise the game ends."), (960, 800), 38, MUTED, anchor="midtop")


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
INITIALS_SECONDS = 60.0  # nobody enters them: nothing is recorded


class InitialsScene(Scene):
    """Three letters A-Z with any controller: up/down (or a buzzer's decks 2
    and 1) change the letter, confirm (decks 5, Wok'up!) moves on, back goes
    back; taps on a letter's upper or lower half, then OK."""

    name = "initials"
    overlay = True

    def __init__(self, app, entries: list) -> None:
        super().__init__(app)
        self.entries = entries  # (session, kind, value): what enters the hall of fame
        self.letters = [0, 0, 0]
        self.at = 0
        self.left = INITIALS_SECONDS
        self.rects: list[pygame.Rect] = []
        self.ok: pygame.Rect | None = None

    @property
    def initials(self) -> str:
        return "".join(LETTERS[i] for i in self.letters)

    def _turn(self, step: int) -> None:
        self.letters[self.at] = (self.letters[self.at] + step) % len(LETTERS)

    def _next(self) -> None:
        if self.at == 2:
            kiosk_of(self.app).record_fame(self.entries, self.initials)
            self.app.pop()
        else:
            self.at += 1

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        c = ev.control
        if c in (Control.UP, Control.DECK1):
            self._turn(1)
        elif c in (Control.DOWN, Control.DECK0):
            self._turn(-1)
        elif c in (Control.CONFIRM, Control.RIGHT, Control.DECK4, Control.WOKUP):
            self._next()
        elif c in (Control.BACK, Control.LEFT):
            self.at = max(0, self.at - 1)
        elif c == Control.POINT and ev.pos is not None:
            if self.ok is not None and self.ok.collidepoint(ev.pos):
                self.at = 2
                self._next()
            for i, r in enumerate(self.rects):
                if r.collidepoint(ev.pos):
                    self.at = i
                    self._turn(1 if ev.pos[1] < r.centery else -1)

    def update(self, dt: float) -> None:
        self.left -= dt
        if self.left <= 0:
            self.app.pop()

    def draw(self, surf: pygame.Surface) -> None:
        self.ui.shade(surf, 215)
        ui = self.ui
        ui.title(surf, _("A new record!"), 120)
        lines = [
            f"{_(kinds(s.gdef)[kind].title)}: " + _(UNITS[kinds(s.gdef)[kind].unit]).format(v=value)
            for s, kind, value in self.entries
        ]
        ui.text(surf, " · ".join(lines), (960, 240), 44, GREEN, True, "midtop")
        ui.text(surf, _("Your initials:"), (960, 320), 40, INK, anchor="midtop")
        self.rects = []
        for i, letter in enumerate(self.letters):
            r = ui.rect(960 + (i - 1) * 220 - 90, 400, 180, 240)
            self.rects.append(r)
            ui.panel(surf, r, PANEL_HI if i == self.at else PANEL, 20, ACCENT if i == self.at else None)
            ui.text(surf, LETTERS[letter], (960 + (i - 1) * 220, 440), 150, INK, True, "midtop")
        self.ok = ui.rect(810, 700, 300, 90)
        ui.panel(surf, self.ok, PANEL, 18, ACCENT)
        ui.text(surf, _("OK"), (960, 712), 54, ACCENT, True, "midtop")
        ui.footer(surf, _("Up/down or decks 1-2: letter - confirm or Wok'up!: next - back: previous"))

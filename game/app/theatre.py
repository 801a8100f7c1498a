"""The replay theatre: the finished games of the last days, watched again.

`ReplaysScene` lists the games kept (game/app/replays.py) newest first, by game,
day and players, each with its best moment, and the replay files dropped in the
data folder's `replays/` (another arcade's games: game/replayfile.py checks each;
a file that is refused is named with its problem and never opened). `ReplayScene`
plays one: the game's own table scene draws the replayed state as a spectator
sees it (every seat taken by nobody: no private view, no curtain), beside the
moves in words (`describe`, game/engine/replay.py); at the end the final scores
are revealed. Play/pause, a move back or on, the start and the end, ×1/×2/×4,
and a jump to the next highlight; Export writes the replay file for another arcade.
Reaching a move its game kept a clip of (played on to it, or a highlight's jump),
the table plays the clip first (Wok Up's instant replay of a close claim).
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pygame

from .. import i18n, replayfile
from ..engine import SYSTEM, highlights, history
from ..engine.data import DataError
from ..engine.replay import Player, Replay, ReplayError, of_game
from ..i18n import _, ngettext
from ..input import Control, PlayerEvent
from ..userdirs import atomic_write, data_dir
from . import catalogue
from .faces import Faces
from .scene import Scene
from .session import SeatConfig, Session
from .table_making import make_table
from .ui import ACCENT, GREEN, INK, MUTED, PANEL, PANEL_HI, RED, SEAT_COLOURS, Ui

log = logging.getLogger(__name__)
ROWS = 7  # games on a page of the list
MOVE_SECONDS = 1.2  # a move's time on screen at ×1
SPEEDS = (1, 2, 4)


def shared_folder() -> Path:
    """Where replay files from other arcades are put to be watched (and exports written)."""
    return data_dir() / "replays"


def game_title(game: str) -> str:
    try:
        return _(catalogue.find(game).title)
    except Exception:  # a game this arcade no longer has: its id
        return game


def when(row: dict) -> str:
    """The local day and time a kept game ended ("Nov 26, 15:42")."""
    ended = row.get("ended_at")
    if not isinstance(ended, datetime):
        return ""
    local = ended.replace(tzinfo=UTC).astimezone()
    return f"{i18n.day(local.date())}, {i18n.clock(local.hour, local.minute)}"


def game_def(game: str):
    """The game's definition as the catalogue has it (None: not in this arcade)."""
    try:
        return catalogue.find(game).gdef
    except DataError:
        return None


def replay_of_row(row: dict) -> Replay:
    """A database row (Stats.replay) as a replay."""
    return of_game(
        row["game"],
        row["seats"],
        row["options"],
        row["seed"],
        row["log"],
        id=row["id"],
        highlights=list(row.get("highlights") or []),
        clips=list(row.get("clips") or []),  # none in a row kept before they were
    )


def names_of(row: dict) -> list[str]:
    """The players' names of a kept game ("?" where a damaged row has none)."""
    seats = row.get("seats")
    if not isinstance(seats, list):
        return []
    return [str(s.get("name") or "?") if isinstance(s, dict) else "?" for s in seats]


def player_of_row(row: dict) -> Player:
    """A kept game's replay, rebuilt (ReplayError: it does not replay; ValueError: no such game here)."""
    try:
        gdef = game_def(str(row["game"]))
        if gdef is None:
            raise ReplayError(f"no game {row['game']!r} in this arcade")
        return Player(gdef.state_cls, replay_of_row(row))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:  # a damaged row (ReplayError is a ValueError)
        if isinstance(exc, ReplayError):
            raise
        raise ReplayError(f"the kept replay is damaged ({type(exc).__name__}: {exc})") from exc


class ReplaysScene(Scene):
    """The list: up/down choose, left/right one game's or all, confirm watches, back leaves."""

    name = "replays"
    still = True

    def __init__(self, app, rows: list[dict] | None = None) -> None:
        super().__init__(app)
        since = date.today() - timedelta(days=app.settings.replay_days)
        self.future = None if rows is not None else app.replays.listing(since)
        self.rows: list[dict] | None = rows
        self.files = self._shared_files()
        self.index = 0
        self.only: str | None = None  # one game's replays, or all (and the shared files)
        self.message = ""
        self.opening: Future[dict | None] | None = None  # the row with its log, being read
        self.rects: list[pygame.Rect] = []

    @staticmethod
    def _shared_files() -> list[Path]:
        folder = shared_folder()
        try:
            return sorted(folder.glob("*.json"))[:50] if folder.is_dir() else []
        except OSError:
            return []

    def games(self) -> list[str | None]:
        """The filters left/right cycle: every game (None), then each game kept, in the catalogue's order."""
        kept = {r.get("game") for r in self.rows or []}
        return [None, *(e.id for e in catalogue.load() if e.id in kept)]

    def entries(self) -> list[dict | Path]:
        if self.only is not None:
            return [r for r in self.rows or [] if r.get("game") == self.only]
        return [*(self.rows or []), *self.files]

    def update(self, dt: float) -> None:
        if self.rows is None and self.future is not None and self.future.done():
            self.rows = self.future.result()
            self.app.dirty = True
        if self.opening is not None and self.opening.done():
            row, self.opening = self.opening.result(), None
            if row is None:
                self.message = _("This game is no longer kept.")
            else:
                self._watch(lambda: player_of_row(row), row["id"])
            self.app.dirty = True

    def _watch(self, build, what: str) -> None:
        try:
            player = build()
        except (ReplayError, replayfile.BadReplay) as exc:
            log.warning("cannot play the replay %s: %s", what, exc)
            self.message = _("This replay cannot be played: {problem}").format(problem=str(exc)[:200])
            return
        self.app.open("replay", player)

    def _choose(self) -> None:
        entries = self.entries()
        if not entries:
            return
        chosen = entries[self.index]
        self.message = ""
        if isinstance(chosen, Path):
            self._watch(lambda: replayfile.load(_read(chosen), chosen.name), chosen.name)
        elif self.opening is None:
            self.opening = self.app.replays.one(chosen["id"])

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        n = len(self.entries())
        if ev.control in (Control.BACK, Control.MENU):
            self.app.pop()
        elif ev.control == Control.CONFIRM:
            self._choose()
        elif ev.control in (Control.UP, Control.DOWN) and n:
            self.index = max(0, min(n - 1, self.index + (1 if ev.control == Control.DOWN else -1)))
        elif ev.control in (Control.LEFT, Control.RIGHT):
            games = self.games()
            at = games.index(self.only) if self.only in games else 0
            self.only = games[(at + (1 if ev.control == Control.RIGHT else -1)) % len(games)]
            self.index = 0
        elif ev.control == Control.POINT and ev.pos is not None:
            for i, r in enumerate(self.rects):
                if r.collidepoint(ev.pos):
                    self.index = self.index // ROWS * ROWS + i
                    self._choose()

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        ui.title(surf, _("Replays"), 30)
        days = self.app.settings.replay_days
        since = ngettext("The games finished in the last day", "The games finished in the last {n} days", days)
        which = _("All games") if self.only is None else game_title(self.only)
        line = _("{period}: {games}").format(period=since.format(n=days), games=f"\u25c0 {which} \u25b6")
        ui.text(surf, line, (960, 130), 34, MUTED, anchor="midtop", width=1800)
        entries = self.entries()
        self.rects = []
        if self.rows is None:
            ui.text(surf, _("Finding the games..."), (960, 480), 44, MUTED, anchor="midtop")
        elif not entries:
            ui.text(
                surf,
                _("No finished games yet: every game played to its end can be watched here."),
                (960, 440),
                40,
                MUTED,
                anchor="midtop",
                width=1600,
            )
        first = self.index // ROWS * ROWS
        for i, entry in enumerate(entries[first : first + ROWS]):
            r = ui.rect(160, 200 + i * 112, 1600, 100)
            self.rects.append(r)
            selected = first + i == self.index
            ui.panel(surf, r, PANEL_HI if selected else PANEL, 16, ACCENT if selected else None)
            if isinstance(entry, Path):
                ui.text(surf, entry.name, (200, 212 + i * 112), 40, INK, True, width=1000)
                ui.text(surf, _("A replay file from another arcade"), (200, 262 + i * 112), 30, MUTED, width=1500)
                continue
            ui.text(surf, game_title(entry["game"]), (200, 212 + i * 112), 40, INK, True, width=520)
            ui.text(surf, when(entry), (1720, 216 + i * 112), 34, MUTED, anchor="topright", width=420)
            names = names_of(entry)
            winners = [names[w] for w in entry.get("winners") or [] if isinstance(w, int) and 0 <= w < len(names)]
            ui.text(surf, i18n.names(names), (740, 216 + i * 112), 34, INK, width=560)
            best = highlights.read(entry.get("highlights"))
            line = best[0].told(names) if best else _("{names} won").format(names=i18n.names(winners))
            ui.text(surf, line, (200, 262 + i * 112), 30, ACCENT if best else MUTED, width=1500)
        if self.message:
            ui.text(surf, self.message, (960, 990), 34, RED, True, "midbottom", width=1800)
        pages = max(1, -(-len(entries) // ROWS))
        hint = _("Up/down: choose - Left/right: one game - Confirm: watch - Back: leave")
        ui.footer(surf, hint + (f" - {first // ROWS + 1}/{pages}" if pages > 1 else ""))


def _read(path: Path) -> bytes:
    try:
        with path.open("rb") as f:
            return f.read(replayfile.MAX_BYTES + 1)
    except OSError as exc:
        raise replayfile.BadReplay(f"{path.name}: cannot read ({exc.strerror or exc})") from exc


class ReplayScene(Scene):
    """One game again. Confirm: play/pause; left/right: a move back/on; up/down:
    speed; deck keys: the start, the next highlight, the end; back: the list."""

    name = "replay"

    def __init__(self, app, player: Player, caption: str = "", stop_at: int | None = None) -> None:
        super().__init__(app)
        self.player = player
        replay = player.replay
        self.gdef = game_def(replay.game)
        # Attract mode's show of a moment: its words instead of the controls, played up to `stop_at`.
        self.caption, self.stop_at = caption, stop_at
        seats = [
            SeatConfig(
                s.get("name") or "?",
                s.get("colour") or "red",
                "bot" if s.get("kind") == "bot" else "human",
                s.get("level") or "random",
            )
            for s in replay.seats
        ]
        for cfg, colour in zip(seats, SEAT_COLOURS, strict=False):
            if cfg.colour not in SEAT_COLOURS:
                cfg.colour = colour
        session = Session(self.gdef, seats, replay.options, replay.seed, None, player.state)
        session.demo = True  # never saved, never counted
        # The table is only drawn, never updated nor handed an event: its bots never
        # think, and it shows what a spectator sees (observation(None)), no curtain.
        self.table = make_table(app, session)
        self.table.viewer, self.table.curtain_for = None, None
        # Drawn straight at the size it is shown, with a Ui of its own at that scale: drawing
        # it whole and scaling it down (smoothscale of a 1080p frame) cost ~27 ms a move.
        self.table.ui = Ui()
        self.table.faces = Faces(self.table.ui)
        self.highlights = highlights.read(replay.highlights)
        # By the move they lead to (a damaged row's clip without one is left out; the table checks the rest).
        self.clips = {c["at"]: c for c in replay.clips if isinstance(c, dict) and isinstance(c.get("at"), int)}
        self.playing = False
        self.speed = 1
        self.wait = 0.0
        self.buttons: list[tuple[pygame.Rect, str]] = []
        self._view: pygame.Surface | None = None  # the table as shown, drawn off screen
        self._view_key: tuple = ()
        self._look: tuple = ()  # what the scene showed when last drawn (changes)
        self.message = ""

    # ---- moving ---------------------------------------------------------------
    def _show(self, clip: bool = False) -> None:
        """The table shows the move reached, and with `clip` plays the clip kept of it, if any."""
        self.table.session.state = self.player.state
        self.table.show_clip(self.clips.get(self.player.position) if clip else None)
        self.app.dirty = True

    def step(self, moves: int) -> None:
        if moves > 0:
            self.player.forward()
        else:
            self.player.back()
        self._show(clip=moves > 0)

    def seek(self, position: int, clip: bool = False) -> None:
        self.player.seek(position)
        self._show(clip)

    def next_highlight(self) -> None:
        later = sorted(h.at for h in self.highlights if h.at > self.player.position)
        self.seek(
            later[0] if later else (min(h.at for h in self.highlights) if self.highlights else self.player.length),
            clip=True,
        )

    def update(self, dt: float) -> None:
        self.table.clock += dt
        if not self.playing or self.table.clip_playing:  # a clip plays out before the next move
            return
        self.wait -= dt * self.speed
        if self.wait <= 0:
            if self.player.at_end or self.player.position == self.stop_at:
                self.playing = False
                return
            self.step(1)
            self.wait = MOVE_SECONDS if self._seat_moved() else MOVE_SECONDS / 3  # the table's own steps go faster

    def _seat_moved(self) -> bool:
        line = self.player.last_line()
        return line is not None and line["seat"] != SYSTEM and bool(line["text"])  # a secret step goes fast

    def export(self) -> None:
        replay, end = self.player.replay, self.player.final
        name = f"{replay.game}-{(replay.id or 'replay')[:12]}.json"
        path = shared_folder().parent / "exports" / name
        try:
            atomic_write(path, replayfile.dumps(replay, end.winners(), list(end.scores())))
        except OSError as exc:
            self.message = _("Could not write {path}: {problem}").format(path=path, problem=exc.strerror or exc)
            return
        self.message = _("Saved as {path}").format(path=path)

    def close(self) -> None:
        self.table.close()

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed or self.caption:
            return
        control = ev.control
        if control == Control.POINT and ev.pos is not None:
            control = next((c for r, c in self.buttons if r.collidepoint(ev.pos)), "")
        if control in (Control.BACK, Control.MENU):
            self.table.close()
            self.app.pop()
        elif control == Control.CONFIRM:
            if self.player.at_end and not self.playing:
                self.seek(0)
            self.playing, self.wait = not self.playing, 0.0
        elif control in (Control.LEFT, Control.RIGHT):
            self.playing = False
            self.step(1 if control == Control.RIGHT else -1)
        elif control in (Control.UP, Control.DOWN):
            i = SPEEDS.index(self.speed) + (1 if control == Control.UP else -1)
            self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i))]
        elif control == Control.DECK0:
            self.seek(0)
        elif control in (Control.DECK2, Control.WOKUP):
            self.next_highlight()
        elif control == Control.DECK4:
            self.seek(self.player.length)
        elif control == "export" and not self.app.mode.locked:
            self.export()

    # ---- drawing --------------------------------------------------------------
    def changes(self) -> str:
        """Drawn again when the move shown, the controls' state or the words change, or
        while something moves on the table (a glide, a clip); else nothing (App.frame)."""
        look = (self.player.position, self.playing, self.speed, self.message, i18n.language())
        if look == self._look and not (self.table.motion.busy or self.table.clip_playing or self.table.faces.lagging):
            return "none"
        self._look = look
        return "whole"

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        view = ui.rect(30, 96, 1360, 765)
        key = (self.player.position, view.size, i18n.language())
        moving = self.table.motion.busy or self.table.clip_playing or self.table.faces.lagging  # a face came late
        if self._view is None or key != self._view_key or moving:
            # The table drawn off screen only when the move shown changed or something still
            # moves there (a glide, a clip); its own layout is checked at full size (tests/app/test_layout.py).
            if self._view is None or self._view.get_size() != view.size:
                self._view = pygame.Surface(view.size)
            self.table.ui.resize(view.size)
            self.table.ui.sizes = ui.sizes  # the texts drawn are recorded as the app's (tests, the layout sweep)
            self._view.fill(surf.get_at((0, 0)))
            self.table.draw(self._view)
            self._view_key = key
        surf.blit(self._view, view.topleft)
        pygame.draw.rect(surf, PANEL_HI, view, max(1, ui.px(3)))
        replay = self.player.replay
        heading = f"{game_title(replay.game)} - {i18n.names(replay.names)}"
        ui.text(surf, heading, (30, 24), 46, ACCENT, True, width=1360)
        self._draw_history(surf)
        if self.caption:
            ui.panel(surf, ui.rect(30, 880, 1860, 120), PANEL, 18, ACCENT)
            ui.text(surf, self.caption, (960, 906), 54, ACCENT, True, "midtop", width=1800)
        else:
            self._draw_controls(surf)

    def _draw_history(self, surf: pygame.Surface) -> None:
        """The moves in words up to the one shown; at the end, the final scores above them."""
        ui, player = self.ui, self.player
        ui.panel(surf, ui.rect(1420, 24, 470, 837), PANEL, 16)
        y = self._draw_reveal(surf) if player.at_end else 36
        ui.text(surf, _("Moves"), (1440, y), 36, ACCENT, True, width=420)
        y += 50
        lines = history.told(player.lines[: player.position])  # as the table told it
        shown: list[tuple[dict, list[str]]] = []  # the latest lines that fit, every row of each
        room = 850 - y
        for line in reversed(lines):
            rows = ui.wrap(line["text"], 26, 410, bold=not shown)
            room -= 32 * len(rows) + 8
            if room < 0:
                break
            shown.insert(0, (line, rows))
        for k, (line, rows) in enumerate(shown):
            latest = k == len(shown) - 1
            seat = line["seat"]
            colour = MUTED if seat == SYSTEM else SEAT_COLOURS.get(self.table.session.seats[seat].colour, INK)
            pygame.draw.circle(surf, colour, ui.rect(1446, y + 16, 0, 0).topleft, ui.px(7))
            for row in rows:
                ui.text(surf, row, (1462, y), 26, INK if latest else MUTED, latest, width=410)
                y += 32
            y += 8
        if not lines:
            ui.text(surf, _("The deal: nothing played yet."), (1440, y), 28, MUTED, width=420)

    def _draw_reveal(self, surf: pygame.Surface) -> int:
        """The end: every score revealed (what the table saw, then the final reveal);
        returns where the moves begin below it."""
        ui, end = self.ui, self.player.final
        names, scores, winners = self.player.replay.names, end.scores(), end.winners()
        ui.text(surf, _("Final scores"), (1440, 36), 36, ACCENT, True, width=420)
        y = 88
        for seat in sorted(range(len(names)), key=lambda s: -scores[s]):
            colour = GREEN if seat in winners else INK
            ui.text(surf, names[seat], (1444, y), 32, colour, seat in winners, width=300)
            value = i18n.number(scores[seat], 1 if scores[seat] % 1 else 0)
            ui.text(surf, value, (1866, y), 32, colour, True, "topright", width=110)
            y += 44
        return y + 16

    def _draw_controls(self, surf: pygame.Surface) -> None:
        ui, player = self.ui, self.player
        self.buttons = []
        labels = [
            ("deck0", "|\u25c0", 100),
            ("left", "\u25c0", 100),
            ("confirm", _("Pause") if self.playing else _("Play"), 190),
            ("right", "\u25b6", 100),
            ("deck4", "\u25b6|", 100),
            ("up", f"\u00d7{self.speed}", 100),
            ("deck2", _("Next highlight"), 360),
            ("export", _("Export"), 210),
        ]
        if self.app.mode.locked:  # a guest has no way to the file: no export at a cabinet
            labels.pop()
        x = 30
        for control, label, w in labels:
            r = ui.rect(x, 880, w, 80)
            ui.panel(
                surf,
                r,
                PANEL_HI if control == Control.CONFIRM else PANEL,
                14,
                ACCENT if control == Control.CONFIRM else None,
            )
            ui.text(surf, label, (x + w / 2, 898), 34, INK, True, "midtop", width=w - 16)
            self.buttons.append((r, control))
            x += w + 14
        bar = ui.rect(30, 980, 1360, 16)
        pygame.draw.rect(surf, PANEL, bar)
        done = bar.copy()
        done.width = round(bar.width * player.position / max(1, player.length))
        pygame.draw.rect(surf, ACCENT, done)
        for h in self.highlights:
            x_at = bar.x + round(bar.width * h.at / max(1, player.length))
            pygame.draw.rect(surf, GREEN, (x_at - ui.px(3), bar.y - ui.px(8), ui.px(6), bar.height + ui.px(16)))
        count = _("Move {n} of {total}").format(n=player.position, total=player.length)
        ui.text(surf, count, (1890, 880), 34, INK, True, "topright", width=470)
        near = [h for h in self.highlights if h.at == player.position]
        if near:
            ui.text(surf, near[0].told(player.replay.names), (1890, 930), 30, GREEN, anchor="topright", width=470)
        text = self.message or _("Confirm: play/pause - Left/right: a move - Up/down: speed - Back: the list")
        ui.footer(surf, text)

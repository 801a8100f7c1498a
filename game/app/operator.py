"""The operator's screens in kiosk mode: the PIN pad, then the operator menu
(games and seat limits, bot strength, timings, volume, languages, buzzer
boxes, statistics with plots and a CSV export, reset the hall of fame, leave
to the desktop). Opened by the hidden gesture (game/app/kiosk.py); every
change is saved in settings.toml at once.
"""

from __future__ import annotations

import time
from datetime import date, timedelta
from functools import partial

import pygame

from .. import i18n
from ..i18n import N_, _, ngettext
from ..input import Control, PlayerEvent
from ..kiosk import pin
from ..kiosk.schema import hall_of_fame
from ..kiosk_settings import STRENGTHS
from ..userdirs import data_dir
from . import catalogue
from .scene import MenuScene, Scene, kiosk_of
from .ui import ACCENT, DIM, GREEN, INK, MUTED, PANEL, PANEL_HI, RED, Item, Menu

STRENGTH_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}
PAD = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "del", "0", "ok"]
PIN_IDLE = 30.0  # the pad closes by itself


class PinScene(Scene):
    """A digit pad for any controller: arrows move, confirm presses, taps press."""

    name = "operator-pin"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.digits = ""
        self.at = 0
        self.message = ""
        self.left = PIN_IDLE
        self.rects: list[pygame.Rect] = []

    def press_key(self, key: str) -> None:
        if key == "del":
            self.digits = self.digits[:-1]
        elif key == "ok":
            self.submit()
        elif len(self.digits) < pin.MAX_DIGITS:
            self.digits += key

    def submit(self) -> None:
        result = kiosk_of(self.app).gate.attempt(self.digits)
        self.digits = ""
        if result.verdict is pin.Verdict.OPEN:
            if result.new_hash:  # a hash of an older, cheaper kind: stored again at today's cost
                self.app.settings.kiosk.operator_pin = result.new_hash
                self.app.save_settings()
            self.app.replace(OperatorScene(self.app))
        elif result.verdict is pin.Verdict.SHORT:
            self.message = _("A PIN has at least {n} digits; a shorter one set before opens nothing: set a new PIN.")
            self.message = self.message.format(n=pin.MIN_DIGITS)
        elif result.verdict is pin.Verdict.WRONG:
            self.message = _("Wrong PIN: {n} tries left").format(n=result.tries_left)
        elif result.verdict is pin.Verdict.LOCKED:
            self.message = _("Too many wrong PINs: locked for {m} min").format(m=int(result.seconds_left // 60) + 1)
        else:
            self.message = _("No PIN is set: python -m game.kiosk set-pin")

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        self.left = PIN_IDLE
        c = ev.control
        if c == Control.BACK:
            self.app.pop()
        elif c in (Control.LEFT, Control.RIGHT):
            self.at = (self.at + (1 if c == Control.RIGHT else -1)) % len(PAD)
        elif c in (Control.UP, Control.DOWN):
            self.at = (self.at + (3 if c == Control.DOWN else -3)) % len(PAD)
        elif c == Control.CONFIRM:
            self.press_key(PAD[self.at])
        elif c == Control.POINT and ev.pos is not None:
            for i, r in enumerate(self.rects):
                if r.collidepoint(ev.pos):
                    self.at = i
                    self.press_key(PAD[i])

    def update(self, dt: float) -> None:
        self.left -= dt
        if self.left <= 0:
            self.app.pop()

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        surf.fill((12, 10, 10))
        ui.title(surf, _("Operator PIN"), 40)
        ui.text(surf, "•" * len(self.digits) or "-", (960, 160), 70, INK, True, "midtop")
        self.rects = []
        for i, key in enumerate(PAD):
            x, y = 960 + (i % 3 - 1) * 200 - 90, 270 + (i // 3) * 170
            r = ui.rect(x, y, 180, 150)
            self.rects.append(r)
            ui.panel(surf, r, PANEL_HI if i == self.at else PANEL, 18, ACCENT if i == self.at else None)
            label = {"del": "⌫", "ok": _("OK")}.get(key, key)
            ui.text(surf, label, (x + 90, y + 40), 60, INK, True, "midtop")
        if self.message:
            ui.text(surf, self.message, (960, 946), 40, RED, True, "midtop", width=1840)
        ui.footer(surf, _("A PIN has {min} to {max} digits.").format(min=pin.MIN_DIGITS, max=pin.MAX_DIGITS))


def _cycle(options: list, current, step: int = 1):
    i = options.index(current) if current in options else -1
    return options[(i + step) % len(options)]


class _OperatorMenu(MenuScene):
    """A menu of settings the operator cycles with confirm; saved at once."""

    footer = N_("Confirm: change - Back: return")

    def __init__(self, app) -> None:
        super().__init__(app, Menu([], x=160, y=178, w=1600, h=74, gap=6))
        self._build()

    def items(self) -> list[Item]:
        raise NotImplementedError

    def _build(self) -> None:
        index = self.menu.index
        self.menu.items = [*self.items(), Item(N_("Back"), self.app.pop)]
        self.menu.index = min(index, len(self.menu.items) - 1)

    def changed(self) -> None:
        self.app.save_settings()
        self._build()

    def enter(self) -> None:
        self._build()

    def handle(self, ev: PlayerEvent) -> None:
        if ev.pressed and ev.control == Control.BACK:
            self.app.pop()
        else:
            super().handle(ev)


class OperatorScene(_OperatorMenu):
    name = "operator"
    heading = N_("Operator")

    def items(self) -> list[Item]:
        s, k, kiosk = self.app.settings, self.app.settings.kiosk, kiosk_of(self.app)
        offered = ", ".join(kiosk.guest_languages()) if k.languages else _("all")
        return [
            Item(N_("Games and seats"), lambda: self.app.open("operator-games"), value=str(len(kiosk.offered()))),
            Item(N_("Bot strength"), self._strength, value=_(STRENGTH_NAMES[k.bot_strength])),
            Item(N_("Times"), lambda: self.app.open("operator-times")),
            Item(N_("Volume"), self._volume, value=f"{s.master_volume * 100:.0f}%"),
            Item(N_("Languages offered"), self._languages, value=offered),
            Item(N_("Buzzer boxes"), lambda: self.app.open("buzzer-menu")),
            Item(N_("Statistics"), lambda: self.app.open("operator-stats")),
            Item(N_("Reset the hall of fame"), self._reset, value=_("press again") if self._armed() else ""),
            Item(N_("Leave to the desktop"), kiosk.leave),
        ]

    def _games_on(self) -> str:
        playable = [e for e in catalogue.load() if e.playable]
        return f"{len(kiosk_of(self.app).offered())}/{len(playable)}"

    def _strength(self) -> None:
        k = self.app.settings.kiosk
        k.bot_strength = _cycle(list(STRENGTHS), k.bot_strength)
        self.changed()

    def _volume(self) -> None:
        s = self.app.settings
        s.master_volume = round((round(s.master_volume * 10) + 1) % 11 / 10, 1)
        self.app.audio.apply(s)
        self.changed()

    def _languages(self) -> None:
        k = self.app.settings.kiosk
        choices = [[], *([code] for code in i18n.LANGUAGES)]
        k.languages = _cycle(choices, k.languages)
        if k.languages and i18n.language() not in k.languages:
            self.app.set_language(k.languages[0])
        self.changed()

    _reset_at = -1e9

    def _armed(self) -> bool:
        return time.monotonic() - self._reset_at < 4

    def _reset(self) -> None:
        """Twice within four seconds: the venue's records are gone for good."""
        if not self._armed():
            self._reset_at = time.monotonic()
        else:
            self._reset_at = -1e9
            cabinet = kiosk_of(self.app).stats.cabinet
            kiosk_of(self.app).stats.write(
                lambda conn: conn.execute(hall_of_fame.delete().where(hall_of_fame.c.cabinet == cabinet)),
                "reset the hall of fame",
            )
            self.app.say(_("The hall of fame is empty"), 4)
        self._build()


class GamesScene(_OperatorMenu):
    """Each game: off, or on with a seat limit (confirm cycles them)."""

    name = "operator-games"
    heading = N_("Games and seats")

    def items(self) -> list[Item]:
        k = self.app.settings.kiosk
        entries = [e for e in catalogue.load() if e.playable]
        out = []
        for e in entries:
            on = not k.games or e.id in k.games
            lo, hi = kiosk_of(self.app).seat_range(e)
            value = _("{lo}-{hi} players").format(lo=lo, hi=hi) if on else _("off")
            out.append(Item(e.title, partial(self._cycle, e, entries), value=value))
        return out

    def _cycle(self, entry, entries) -> None:
        """On with the most seats, then one fewer ... down to the fewest, then off, then on again."""
        k = self.app.settings.kiosk
        chosen = [e.id for e in entries if not k.games or e.id in k.games]
        lo, hi = entry.players
        limit = k.max_seats.get(entry.id, hi)
        if entry.id not in chosen:
            chosen.append(entry.id)
            k.max_seats.pop(entry.id, None)
        elif limit > lo:
            k.max_seats[entry.id] = limit - 1
        elif len(chosen) > 1:  # at least one game stays on
            chosen.remove(entry.id)
            k.max_seats.pop(entry.id, None)
        else:
            k.max_seats.pop(entry.id, None)
        k.games = [] if len(chosen) == len(entries) else [e.id for e in entries if e.id in chosen]
        self.changed()


TIMES = {
    "attract_after": (N_("Attract mode after"), [30, 60, 120, 300, 600]),
    "demo_seconds": (N_("Each demo game"), [20, 45, 90, 180]),
    "dim_after": (N_("Dim the screen after"), [300, 900, 1800, 3600]),
    "black_after": (N_("Black screen after"), [900, 1800, 3600, 7200]),
    "seat_idle": (N_("A bot plays an idle seat after"), [15, 30, 60, 120]),
    "game_idle": (N_("'Still playing?' after"), [60, 120, 300, 600]),
    "still_playing": (N_("'Still playing?' countdown"), [10, 20, 30, 60]),
}


REPLAY_DAYS = [1, 7, 30, 90, 365]  # how long finished games are kept to be watched again


def duration(seconds: int) -> str:
    return _("{m} min").format(m=seconds // 60) if seconds >= 60 and seconds % 60 == 0 else _("{s} s").format(s=seconds)


class TimesScene(_OperatorMenu):
    name = "operator-times"
    heading = N_("Times")

    def items(self) -> list[Item]:
        k, days = self.app.settings.kiosk, self.app.settings.replay_days
        return [
            Item(label, partial(self._cycle, key), value=duration(getattr(k, key)))
            for key, (label, _choices) in TIMES.items()
        ] + [
            Item(N_("Keep replays for"), self._replays, value=ngettext("{n} day", "{n} days", days).format(n=days)),
            Item(N_("Players' names in attract mode"), self._names, value=_("on") if k.attract_names else _("off")),
        ]

    def _cycle(self, key: str) -> None:
        k = self.app.settings.kiosk
        setattr(k, key, _cycle(TIMES[key][1], getattr(k, key)))
        self.changed()

    def _replays(self) -> None:
        self.app.settings.replay_days = _cycle(REPLAY_DAYS, self.app.settings.replay_days)
        self.changed()

    def _names(self) -> None:
        """Off (initials only) suits a public venue: names as typed are shown to passers-by."""
        self.app.settings.kiosk.attract_names = not self.app.settings.kiosk.attract_names
        self.changed()


DAYS = 14  # the plot of games per day


class StatsScene(Scene):
    """Games per day (finished and abandoned, the last two weeks) and per game
    as bar plots, the database's state, and a CSV export to the data folder."""

    name = "operator-stats"

    def __init__(self, app) -> None:
        super().__init__(app)
        stats = kiosk_of(app).stats
        self.since = date.today() - timedelta(days=DAYS - 1)
        self.per_day = stats.games_per_day(self.since, wait=False)
        self.per_game = stats.games_per_game(wait=False)
        self.crashes = stats.crashes(self.since, wait=False)
        self.menu = Menu([Item(N_("Export CSV"), self._export), Item(N_("Back"), app.pop)], x=1400, y=680, w=440, h=80)
        self.note = ""

    def _export(self) -> None:
        folder = data_dir() / "exports"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / time.strftime("games-%Y%m%d-%H%M%S.csv")
        n = kiosk_of(self.app).stats.export_csv(path)
        self.note = (
            _("Could not read the games") if n is None else _("{n} games written to {path}").format(n=n, path=path)
        )

    def handle(self, ev: PlayerEvent) -> None:
        if ev.pressed and ev.control == Control.BACK:
            self.app.pop()
        elif ev.pressed:
            self.menu.handle(ev.control, ev.pos)

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        ui.title(surf, _("Statistics"), 24)
        days = {d.day: d for d in (self.per_day.result() if self.per_day.done() else [])}
        self._day_plot(surf, days)
        games = self.per_game.result() if self.per_game.done() else []
        self._game_plot(surf, games)
        st = kiosk_of(self.app).stats.status()
        crashes = len(self.crashes.result()) if self.crashes.done() else 0
        line = _("Database: {state} · {p} records waiting · {c} crashes in {d} days").format(
            state=_("ready") if st.ready and not st.error else st.error or _("opening"), p=st.pending, c=crashes, d=DAYS
        )
        ui.text(surf, line, (80, 930), ui.fit(line, 32, 1280), MUTED)
        if self.note:
            ui.text(surf, self.note, (80, 980), ui.fit(self.note, 30, 1280), GREEN)
        self.menu.draw(surf, ui)

    def _bars(self, surf, box, columns, labels, title) -> None:
        """Stacked bars: each column a list of (value, colour); labels under them."""
        ui = self.ui
        x0, y0, w, h = box
        ui.panel(surf, ui.rect(x0 - 20, y0 - 70, w + 40, h + 150), PANEL, 16)
        ui.text(surf, title, (x0, y0 - 60), 36, ACCENT, True)
        top = max([sum(v for v, _c in col) for col in columns] + [1]) * 1.2  # room for the counts
        step = w / max(1, len(columns))
        for i, col in enumerate(columns):
            y = y0 + h
            for value, colour in col:
                bh = h * value / top
                if bh > 0:
                    pygame.draw.rect(surf, colour, ui.rect(x0 + i * step + step * 0.15, y - bh, step * 0.7, bh))
                y -= bh
            total = sum(v for v, _c in col)
            if total:
                ui.text(surf, str(total), (x0 + (i + 0.5) * step, y - 34), 26, INK, anchor="midtop")
            ui.text(surf, labels[i], (x0 + (i + 0.5) * step, y0 + h + 8), 24, MUTED, anchor="midtop")
        pygame.draw.line(surf, DIM, ui.rect(x0, y0 + h, 0, 0).topleft, ui.rect(x0 + w, y0 + h, 0, 0).topleft, 2)

    def _day_plot(self, surf, days: dict) -> None:
        cols, labels = [], []
        for i in range(DAYS):
            d = self.since + timedelta(days=i)
            c = days.get(d)
            finished = c.finished if c else 0
            abandoned = c.abandoned if c else 0
            other = (c.started - finished - abandoned) if c else 0
            cols.append([(finished, GREEN), (abandoned, RED), (other, ACCENT)])
            labels.append(d.strftime("%d/%m"))
        title = _("Games per day: finished (green), abandoned (red), unfinished (orange)")
        self._bars(surf, (100, 230, 1720, 230), cols, labels, title)

    def _game_plot(self, surf, games: list) -> None:
        titles = {e.id: e.title for e in catalogue.load()}
        cols = [
            [(g.finished, GREEN), (g.abandoned, RED), (g.started - g.finished - g.abandoned, ACCENT)] for g in games
        ]
        labels = [
            titles.get(g.game, g.game) + (f" · {g.mean_seconds / 60:.0f} min" if g.mean_seconds else "") for g in games
        ]
        self._bars(surf, (100, 670, 1150, 160), cols, labels, _("Games per game, all time"))

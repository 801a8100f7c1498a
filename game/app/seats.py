"""Seat set-up: how many seats, the game's options, and for each seat a name
(typed), colour, human or bot (and its level), controller and, in team modes,
its team. The last table of each game is remembered. With phones on, a QR code
per seat lets each player join from a phone before the game starts."""

from __future__ import annotations

import json
import logging
import time
from dataclasses import asdict
from typing import Any

import pygame

from .. import schema
from ..engine.gamedef import Option
from ..i18n import N_, _
from ..input import Control, DeviceId, PlayerEvent
from ..input.devices import controller_label
from ..userdirs import data_dir
from .keyboard import NameScene, clean
from .saves import writer
from .scene import Scene
from .session import COLOURS, SeatConfig, Session, default_seats
from .table_making import make_table
from .ui import ACCENT, INK, MUTED, PANEL, PANEL_HI, RED, SEAT_COLOURS

log = logging.getLogger(__name__)
FIELD_NAMES = {
    "name": N_("Name"),
    "colour": N_("Colour"),
    "player": N_("Player"),
    "controller": N_("Controller"),
    "team": N_("Team"),
}
WIDTHS = {"name": 26, "colour": 16, "player": 24, "controller": 24, "team": 13}  # shares of the table's width
TEAM_OPTION = "teams"


# ---- the last table of each game ---------------------------------------------------
def tables_file():
    return data_dir() / "tables.json"


def recall_all() -> dict:
    """Each game's last table; what of it still makes sense is the seats scene's to judge."""
    if not tables_file().exists():
        return {}
    try:
        return schema.read_json(tables_file(), dict[str, Any])
    except schema.SchemaError as exc:
        log.warning("the remembered tables are unreadable (%s): starting afresh", exc)
        return {}


def remember(game_id: str, table: dict) -> None:
    """Keep this game's table (seats, options) for next time; written off the frame thread."""
    doc = recall_all()
    doc[game_id] = table
    writer().put(tables_file(), json.dumps(doc, ensure_ascii=False, indent=1))


class SeatsScene(Scene):
    name = "seats"

    def __init__(self, app, entry) -> None:
        super().__init__(app)
        self.entry = entry
        self.gdef = entry.gdef
        self.levels = app.mode.bot_levels(self.gdef)  # a cabinet's: the operator's one level
        lo, hi = app.mode.seat_range(entry)
        self.players = (lo, hi)
        self.count = min(max(lo, 4), hi)
        default = self.gdef.default_bot if self.gdef.default_bot in self.levels else ""  # the kiosk may offer one
        self.seats = default_seats(hi, self.levels, default)
        self.options = {o.key: o.values[0] for o in self.gdef.options if not o.per_seat}
        self.teams = [s % 2 for s in range(hi)]
        self._recall()
        self._use_assigned_buzzers()
        self.row, self.col = 0, 0
        self.cells: dict[tuple[int, int], pygame.Rect] = {}
        self.error = ""
        self.seed: int | None = None  # None: a new deal every game (tests fix it)
        app.phones.open_links(list(range(hi)))  # a QR code per seat (nothing while phones are off)

    # ---- what was remembered ---------------------------------------------------------
    def _recall(self) -> None:
        """The last table of this game, where it still makes sense (a level or a
        controller that is gone, an option value no longer offered, is left out)."""
        doc = recall_all().get(self.gdef.id)
        if not isinstance(doc, dict):
            return
        lo, hi = self.entry.players
        if isinstance(doc.get("count"), int) and lo <= doc["count"] <= hi:
            self.count = doc["count"]
        present = set(self.app.devices.controllers())
        for seat, old in zip(self.seats, doc.get("seats") or []):
            if not isinstance(old, dict):
                continue
            if isinstance(old.get("name"), str) and clean(old["name"]):
                seat.name = clean(old["name"])
            if old.get("colour") in COLOURS:
                seat.colour = old["colour"]
            if old.get("kind") in ("human", "bot"):
                seat.kind = old["kind"]
            if old.get("level") in self.levels:
                seat.level = old["level"]
            if old.get("controller") in present:
                seat.controller = old["controller"]
        for key, value in (doc.get("options") or {}).items():
            option = self._option(key)
            if option is not None and not option.per_seat and value in option.values:
                self.options[key] = value
        teams = doc.get("teams")
        team_option = self._option(TEAM_OPTION)
        if team_option is not None and isinstance(teams, list):
            for s, t in enumerate(teams[: len(self.teams)]):
                if t in team_option.values:
                    self.teams[s] = t
        names = [s.name.casefold() for s in self.seats]
        colours = [s.colour for s in self.seats]
        if len(set(names)) < len(names) or len(set(colours)) < len(colours):
            self.seats = default_seats(hi, self.levels)  # a hand-edited file: not worth a puzzle

    def _use_assigned_buzzers(self) -> None:
        """A seat given a buzzer station (Settings > Buzzer boxes) plays with it
        by default, when that box is plugged in."""
        present = set(self.app.devices.controllers())
        for key, seat in self.app.settings.buzzers.items():
            box, _sep, station = key.partition(":")
            device = str(DeviceId("buzzer", box, int(station))) if station.isdigit() else ""
            if seat < len(self.seats) and device in present:
                self.seats[seat].controller = device

    # ---- the rows and columns ----------------------------------------------------------
    def _option(self, key: str) -> Option | None:
        return next((o for o in self.gdef.options if o.key == key), None)

    def _teams(self) -> Option:
        """The teams option, where a team column is shown (fields() has one only then)."""
        team = self._option(TEAM_OPTION)
        if team is None:
            raise ValueError(f"{self.gdef.id} has no teams")
        return team

    def row_options(self) -> list[Option]:
        """The options on the options row: every one not per seat, while it applies."""
        return [o for o in self.gdef.options if not o.per_seat and o.shown(self.options)]

    def fields(self) -> list[str]:
        team = self._option(TEAM_OPTION)
        shown = team is not None and team.shown(self.options)
        return ["name", "colour", "player", "controller"] + (["team"] if shown else [])

    def row_kinds(self) -> list[str]:
        """ "count", "options" (if the game has any), "seat" per seat, "start"."""
        return ["count"] + (["options"] if self.row_options() else []) + ["seat"] * self.count + ["start"]

    @property
    def rows(self) -> int:
        return len(self.row_kinds())

    def seat_of_row(self, row: int) -> int:
        return row - self.row_kinds().index("seat")

    def _cycle(self, options: list, current, step: int):
        i = options.index(current) if current in options else -1
        return options[(i + step) % len(options)]

    def option_values(self, option: Option) -> list:
        if option.seat_values:  # a seat of this table, or the first value (nobody)
            return [v for v in option.values if v is None or v < self.count]
        return list(option.values)

    def option_value(self, option: Option):
        """The option's value at this table: a value the rules fix at this many seats wins."""
        if option.fixed is not None and option.fixed_for(self.count):
            return option.fixed[1]
        return self.options[option.key]

    def option_text(self, option: Option, value) -> str:
        if option.fixed is not None and option.fixed_for(self.count):
            return _(option.fixed[2]).format(n=option.fixed[0])
        if option.seat_values and value is not None:
            return self.seats[value].name
        return _(option.names[option.values.index(value)])

    def player_text(self, seat: SeatConfig) -> str:
        return _("Bot · {level}").format(level=_(seat.level.capitalize())) if seat.is_bot else _("Human")

    # ---- changing things ---------------------------------------------------------------
    def change(self, row: int, col: int, step: int) -> None:
        self.error = ""
        kind = self.row_kinds()[row]
        lo, hi = self.players
        if kind == "count":
            self.count = min(hi, max(lo, self.count + step))
            first = self.options.get("first_seat")
            if first is not None and first >= self.count:
                self.options["first_seat"] = None
            return
        if kind == "options":
            shown = self.row_options()
            if col < len(shown) and not shown[col].fixed_for(self.count):
                o = shown[col]
                self.options[o.key] = self._cycle(self.option_values(o), self.options[o.key], step)
            return
        if kind != "seat":
            return
        index = self.seat_of_row(row)
        seat = self.seats[index]
        field = self.fields()[min(col, len(self.fields()) - 1)]
        if field == "name":
            self.app.push(NameScene(self.app, _("Name of seat {n}").format(n=index + 1), seat.name, self._namer(index)))
        elif field == "colour":
            taken = {s.colour for s in self.seats[: self.count] if s is not seat}
            free = [c for c in COLOURS if c not in taken]
            seat.colour = self._cycle(free, seat.colour, step)
        elif field == "player":
            kinds = ["human"] + [f"bot:{level}" for level in self.levels]
            now = f"bot:{seat.level}" if seat.is_bot else "human"
            kind_level = self._cycle(kinds, now, step)
            seat.kind = "bot" if kind_level.startswith("bot:") else "human"
            if seat.is_bot:
                seat.level = kind_level[4:]
        elif field == "controller" and not seat.is_bot:
            seat.controller = self._cycle(self.app.devices.controllers(), seat.controller, step)
        elif field == "team":
            self.teams[index] = self._cycle(list(self._teams().values), self.teams[index], step)

    def duplicate(self, index: int, name: str) -> str:
        """Why `name` cannot be seat `index`'s ("" if it can)."""
        for other in range(self.count):
            if other != index and self.seats[other].name.casefold() == name.casefold():
                return _("{name} is already at the table: choose another name").format(name=name)
        return ""

    def _namer(self, index: int):
        def done(name: str) -> str:
            problem = self.duplicate(index, name)
            if not problem:
                self.seats[index].name = name
            return problem

        return done

    def game_options(self) -> dict:
        """The options handed to the rules: each shown option's value, the teams
        list in team modes; an option that does not apply keeps the rules' default."""
        out = {}
        for o in self.gdef.options:
            if o.shown(self.options):
                out[o.key] = self.teams[: self.count] if o.per_seat else self.option_value(o)
        return out

    def start(self) -> None:
        seats = self.seats[: self.count]
        for i, seat in enumerate(seats):
            self.error = self.duplicate(i, seat.name)
            if self.error:
                return
        options = self.game_options()
        try:
            self.gdef.state_cls(self.count, options, 0)  # the rules check the options (two teams at least...)
        except ValueError as exc:
            self.error = str(exc)
            return
        remember(
            self.gdef.id,
            {
                "count": self.count,
                "seats": [asdict(s) for s in self.seats],
                "options": self.options,
                "teams": self.teams,
            },
        )
        seed = self.seed if self.seed is not None else time.time_ns() % 1_000_000_007
        session = Session(self.gdef, seats, options, seed, self.app.saves)
        self.app.replace(make_table(self.app, session))

    # ---- input -----------------------------------------------------------------------
    def _columns(self, kind: str) -> int:
        if kind == "options":
            return len(self.row_options())
        return len(self.fields()) if kind == "seat" else 1

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        c = ev.control
        kind = self.row_kinds()[self.row]
        if c == Control.BACK:
            self.app.phones.invalidate()  # no game after all: the codes shown die
            self.app.pop()
        elif c in (Control.UP, Control.DOWN):
            self.row = (self.row + (1 if c == Control.DOWN else -1)) % self.rows
            self.col = min(self.col, self._columns(self.row_kinds()[self.row]) - 1)
        elif c in (Control.LEFT, Control.RIGHT):
            step = -1 if c == Control.LEFT else 1
            if kind == "count":
                self.change(self.row, 0, step)
            elif kind != "start":
                self.col = (self.col + step) % self._columns(kind)
        elif c == Control.CONFIRM:
            if kind == "start":
                self.start()
            else:
                self.change(self.row, self.col, 1)
        elif c == Control.POINT and ev.pos is not None:
            for (row, col), rect in self.cells.items():
                if rect.collidepoint(ev.pos):
                    self.row, self.col = row, col
                    if self.row_kinds()[row] == "start":
                        self.start()
                    else:
                        self.change(row, col, 1)
                    return

    # ---- drawing -----------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        self.cells = {}
        phones = self.app.phones.on
        x0, width = (60, 1240) if phones else (120, 1680)
        mid = x0 + width / 2
        ui.title(surf, self.entry.title, 20)
        kinds = self.row_kinds()
        y = 120
        self._cell(surf, (0, 0), (mid - 260, y, 520, 66), _("Players: < {n} >").format(n=self.count), INK, True)
        y += 80
        if "options" in kinds:
            shown = self.row_options()
            w = min(width / len(shown), 420)  # one option is a cell, not a bar
            left = mid - w * len(shown) / 2
            for col, o in enumerate(shown):
                rect = (left + col * w, y, w - 14, 86)
                self._cell(surf, (1, col), rect, self.option_text(o, self.option_value(o)), INK, True, _(o.label))
            y += 100
        fields = self.fields()
        share = sum(WIDTHS[f] for f in fields)
        xs: list[tuple[float, float]] = []
        x: float = x0
        for f in fields:
            xs.append((x, width * WIDTHS[f] / share))
            x += width * WIDTHS[f] / share
        for (fx, _fw), f in zip(xs, fields):
            ui.text(surf, _(FIELD_NAMES[f]), (fx + 10, y), 30, MUTED, width=_fw - 24)
        y += 40
        first = kinds.index("seat")
        for i in range(self.count):
            seat = self.seats[i]
            values = [
                seat.name,
                _(seat.colour.capitalize()),
                self.player_text(seat),
                "-" if seat.is_bot else controller_label(seat.controller),
            ]
            if "team" in fields:
                team = self._teams()
                values.append(_(team.names[team.values.index(self.teams[i])]))
            for col, value in enumerate(values):
                fx, fw = xs[col]
                colour = SEAT_COLOURS[seat.colour] if col in (0, 1) else INK
                self._cell(surf, (first + i, col), (fx, y + i * 84, fw - 14, 74), value, colour, col == 0)
        y += self.count * 84 + 12
        self._cell(surf, (len(kinds) - 1, 0), (mid - 280, y, 560, 84), _("Start"), ACCENT, True)
        if self.error:
            for k, line in enumerate(ui.wrap(self.error, 32, width)[:2]):
                ui.text(surf, line, (mid, y + 92 + 38 * k), 32, RED, True, "midtop", width=width)
        if phones:
            seats = [(s, c.name, c.colour) for s, c in enumerate(self.seats[: self.count]) if not c.is_bot]
            self.app.phones.draw_links(surf, ui, (1320, 110, 570, 900), seats)
        ui.footer(surf, _("Arrows: move - confirm: change the value, type a name, or start"))

    def _cell(self, surf, key, box, value: str, colour, bold: bool = False, label: str = "") -> None:
        ui = self.ui
        x, y, w, h = box
        rect = ui.rect(x, y, w, h)
        self.cells[key] = rect
        selected = key == (self.row, self.col)
        ui.panel(surf, rect, PANEL_HI if selected else PANEL, 12, ACCENT if selected else None)
        if label:
            ui.text(surf, label, (x + w / 2, y + 6), 26, MUTED, anchor="midtop", width=w - 20)
            ui.text(surf, value, (x + w / 2, y + 36), 34, colour, bold, "midtop", width=w - 20)
        else:
            ui.text(surf, value, (x + w / 2, y + h / 2), 36, colour, bold, "center", width=w - 20)


# Colour and level names shown on this screen, for the translators.
_WORDS = [
    N_("Red"),
    N_("Blue"),
    N_("Green"),
    N_("Yellow"),
    N_("Purple"),
    N_("Orange"),
    N_("Random"),
    N_("Easy"),
    N_("Gentle"),
    N_("Normal"),
    N_("Strong"),
    N_("Hard"),
    N_("Relaxed"),
    N_("Sharp"),
]

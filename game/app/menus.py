"""Title, game chooser, rules, settings and controls screens."""

from __future__ import annotations

import copy

import pygame

from .. import i18n
from ..i18n import N_, _, ngettext
from ..input import Control, PlayerEvent
from ..input.devices import key_label
from ..input.rebind import rebind
from ..settings import CONTROLS, DEFAULT_BINDINGS
from . import catalogue
from .confirm import ConfirmScene
from .scene import MenuScene, Scene
from .tutorial import make_tutorial, offered, remember_offered, tutorial_for
from .ui import ACCENT, DIM, INK, MUTED, PANEL, PANEL_HI, Item, Menu


class TitleScene(MenuScene):
    name = "title"
    heading = "Wok Arcade"

    def __init__(self, app) -> None:
        items = []
        games, problems = app.saves.unfinished()
        app.saves.report(app, problems)
        if games:
            count = ngettext("{n} game", "{n} games", len(games)).format(n=len(games))
            items.append(Item(N_("Resume"), lambda: app.open("resume"), value=count))
        items += [
            Item(N_("Play"), lambda: app.open("chooser")),
            Item(N_("Replays"), lambda: app.open("replays")),
            Item(N_("Controls"), lambda: app.open("controls")),
            Item(N_("Settings"), lambda: app.open("settings")),
            Item(N_("Credits"), lambda: app.open("credits")),
            Item(N_("Quit"), self._quit),
        ]
        super().__init__(app, Menu(items, y=290, h=86, gap=12))
        self._logo: tuple | None = None  # (scale, surface), drawn once per window size

    def _quit(self) -> None:
        self.app.running = False

    def draw(self, surf: pygame.Surface) -> None:
        if self._logo is None or self._logo[0] != self.ui.u:
            self._logo = (self.ui.u, draw_wok_logo(self.ui.px(520)))
        logo = self._logo[1]
        surf.blit(logo, logo.get_rect(center=self.ui.rect(280, 640, 0, 0).topleft))
        surf.blit(logo, logo.get_rect(center=self.ui.rect(1640, 640, 0, 0).topleft))
        super().draw(surf)
        self.ui.text(surf, _("A party arcade of cooking games"), (960, 190), 44, MUTED, anchor="midtop", width=1800)


def newest_saved(app):
    """(entry, save id, document) of the newest unfinished game of a game that can be played."""
    games, problems = app.saves.unfinished()
    app.saves.report(app, problems)
    entries = {e.id: e for e in catalogue.load()}
    for save_id, doc in games:
        entry = entries.get(doc["game"])
        if entry and entry.playable:
            return entry, save_id, doc
    return None


def draw_wok_logo(size: int) -> pygame.Surface:
    """The pentagon wok of Wok Up: five recipe decks, dividers, a few tokens."""
    import math

    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c, r = size / 2, size * 0.36
    corners = [
        (c + r * math.cos(math.radians(-90 + 72 * i)), c + r * math.sin(math.radians(-90 + 72 * i))) for i in range(5)
    ]
    pygame.draw.polygon(surf, (70, 48, 40), corners)
    pygame.draw.lines(surf, (150, 110, 80), True, corners, max(2, size // 60))
    for i, (x, y) in enumerate(corners):
        card = pygame.Rect(0, 0, size * 0.14, size * 0.19)
        card.center = (x, y)
        pygame.draw.rect(surf, DECK_COLOURS[i], card, border_radius=size // 50)
        pygame.draw.rect(surf, (250, 240, 220), card, max(1, size // 120), border_radius=size // 50)
    for k, (dx, dy) in enumerate([(-0.12, -0.05), (0.08, 0.02), (-0.02, 0.13), (0.14, -0.12), (-0.16, 0.1)]):
        pos = (c + dx * size, c + dy * size)
        pygame.draw.circle(surf, (245, 230, 200), pos, size * 0.055)
        pygame.draw.circle(surf, DECK_COLOURS[(k + 2) % 5], pos, size * 0.042)
    return surf


DECK_COLOURS = [(222, 70, 60), (120, 160, 70), (70, 130, 200), (170, 90, 60), (230, 180, 60)]


class ChooserScene(MenuScene):
    name = "chooser"
    heading = N_("Choose a game")

    def __init__(self, app) -> None:
        self.entries = app.mode.offered()
        items = []
        for e in self.entries:
            value, note = _("coming soon"), e.pitch
            if e.playable:
                lo, hi = app.mode.seat_range(e)  # a cabinet's: the operator's limits
                players = _("{lo}-{hi} players").format(lo=lo, hi=hi)
                value = f"{players} · " + _("{m} min").format(m=e.minutes)
            elif e.problem and e.problem != "coming soon":  # a broken entry or package: what is wrong, where
                value, note = _("unavailable"), e.problem
            items.append(Item(e.title, self._chooser(e), note, e.playable, value))
        if len(app.mode.guest_languages()) > 1:  # the guests' own choice, not saved
            items.append(Item(N_("Language"), self._language, value=i18n.LANGUAGES[i18n.language()]))
        super().__init__(app, Menu(items, x=260, y=200, w=1400, h=82, gap=14))

    def _chooser(self, entry):
        return lambda: self._choose(entry)

    def _choose(self, entry) -> None:
        """The first time a game with a guided first game is chosen, offer it (once)."""
        if tutorial_for(entry.id) is None or offered(entry.id):
            self.app.open("seats", entry)
            return
        remember_offered(entry.id)
        question = _("First time at {game}? A guided first game shows the rules one at a time.").format(
            game=entry.title
        )
        guided = lambda: self.app.push(make_tutorial(self.app, entry))  # noqa: E731
        self.app.push(
            ConfirmScene(
                self.app,
                question,
                guided,
                N_("Play a guided game"),
                lambda: self.app.open("seats", entry),
                N_("No, set up a table"),
            )
        )

    def _language(self) -> None:
        codes = self.app.mode.guest_languages()
        here = codes.index(i18n.language()) if i18n.language() in codes else -1
        i18n.set_language(codes[(here + 1) % len(codes)])
        self.menu.items[-1].value = i18n.LANGUAGES[i18n.language()]


class SettingsScene(MenuScene):
    name = "settings"
    heading = N_("Settings")

    def __init__(self, app) -> None:
        # Eight items, two with a note, fit above the footer; wide enough for the notes in German.
        super().__init__(app, Menu([], x=410, y=190, w=1100, h=72, gap=10))
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        index = self.menu.index
        self.menu.items = [
            Item(N_("Language"), self._language, value=i18n.LANGUAGES[s.language]),
            Item(N_("Fullscreen"), self._fullscreen, value=_("on") if s.fullscreen else _("off")),
            Item(N_("Bot thinking time"), self._delay, value=_("{s} s").format(s=i18n.number(s.bot_delay, 1))),
            Item(
                N_("Learning mode"),
                self._learning,
                N_("Wok Up shows the counts in the wok"),
                value=_("on") if s.learning_mode else _("off"),
            ),
            Item(N_("Sound"), self._sound, value=_("off") if s.mute else i18n.percent(s.master_volume)),
            Item(N_("Buzzer boxes"), self._buzzers),
            Item(
                N_("Phones"),
                self._phones,
                N_("Players join from their phones' browsers: hands and choices in their pockets"),
                value=_("on") if s.phones else _("off"),
            ),
            Item(N_("Back"), self.app.pop),
        ]
        self.menu.index = index

    def _changed(self) -> None:
        self.app.save_settings()
        self._build()

    def _language(self) -> None:
        codes = list(i18n.LANGUAGES)
        self.app.set_language(codes[(codes.index(self.app.settings.language) + 1) % len(codes)])
        self._changed()

    def _fullscreen(self) -> None:
        if pygame.display.get_surface() is self.app.screen:
            self.app.toggle_fullscreen()
        else:
            self.app.settings.fullscreen = not self.app.settings.fullscreen
        self._changed()

    def _delay(self) -> None:
        steps = [0.0, 0.3, 0.7, 1.2, 2.0]
        s = self.app.settings
        s.bot_delay = steps[(steps.index(s.bot_delay) + 1) % len(steps)] if s.bot_delay in steps else 0.7
        self._changed()

    def _sound(self) -> None:
        self.app.open("sound")

    def enter(self) -> None:
        super().enter()
        self._build()  # back from the Sound screen: show its new values

    def _buzzers(self) -> None:
        self.app.open("buzzer-menu")

    def _phones(self) -> None:
        self.app.settings.phones = not self.app.settings.phones
        self.app.phones.apply_setting()
        self.app.settings.phones = self.app.phones.on  # a port in use leaves them off, and says so
        self._changed()

    def _learning(self) -> None:
        self.app.settings.learning_mode = not self.app.settings.learning_mode
        self._changed()


class ControlsScene(Scene):
    """Shows every binding and remaps one: choose a cell, press the new key.
    Escape (or a pad's B) cancels a pending "press a key"; a key bound
    elsewhere is swapped, and said so; the last row resets every binding."""

    name = "controls"
    still = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.zones = list(app.settings.bindings)
        self.row, self.col = 0, 0  # row len(CONTROLS) is "Reset to defaults"
        self.waiting = False  # the next key pressed becomes the binding
        self.message = ""
        self.cells: dict[tuple[int, int], pygame.Rect] = {}

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        if self.waiting:
            if ev.control == Control.MENU or (ev.control == Control.BACK and ev.device.startswith("gamepad")):
                self.waiting, self.message = False, _("Cancelled: nothing changed")
            return
        rows = len(CONTROLS) + 1
        if ev.control in (Control.BACK, Control.MENU):
            self.app.pop()
        elif ev.control in (Control.UP, Control.DOWN):
            self.row = (self.row + (1 if ev.control == Control.DOWN else -1)) % rows
        elif ev.control in (Control.LEFT, Control.RIGHT):
            self.col = (self.col + (1 if ev.control == Control.RIGHT else -1)) % len(self.zones)
        elif ev.control == Control.CONFIRM:
            self.choose()
        elif ev.control == Control.POINT and ev.pos is not None:
            for (row, col), rect in self.cells.items():
                if rect.collidepoint(ev.pos):
                    self.row, self.col = row, col
                    self.choose()

    def choose(self) -> None:
        if self.row == len(CONTROLS):
            self.reset()
            return
        self.app.devices.take_raw_keys()  # the confirm key itself is not the new binding
        self.waiting, self.message = True, ""

    def reset(self) -> None:
        self.app.settings.bindings = copy.deepcopy(DEFAULT_BINDINGS)
        self._changed(_("Every key is back to its default"))

    def remap(self, key_name: str) -> None:
        zone, control = self.zones[self.col], CONTROLS[self.row]
        done = rebind(self.app.settings.bindings, zone, control, key_name)
        self.waiting = False
        if done.refused:
            self.message = _("{key} is kept for {what}: choose another key").format(
                key=key_label(key_name), what=_(done.refused)
            )
            return
        here = _("{key} is now {zone} {control}").format(
            key=key_label(key_name), zone=self._zone_name(zone), control=_(CONTROL_NAMES[control])
        )
        if done.moved:
            z, c, keys = done.moved
            here += " - " + _("{zone} {control} moved to {keys}").format(
                zone=self._zone_name(z), control=_(CONTROL_NAMES[c]), keys=", ".join(map(key_label, keys)) or "-"
            )
        self._changed(here)

    def _changed(self, message: str) -> None:
        self.app.devices.set_bindings(self.app.settings.bindings)
        self.app.save_settings()
        self.message = message
        self.app.dirty = True

    def _zone_name(self, zone: str) -> str:
        return _("Keyboard {n}").format(n=self.zones.index(zone) + 1)

    def update(self, dt: float) -> None:
        # While waiting, the raw key (not its bound control) is what we need.
        if self.waiting:
            keys = self.app.devices.take_raw_keys()
            if keys:
                self.remap(keys[0])

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        self.cells = {}
        ui.title(surf, _("Controls"), 30)
        x0, w = 440, 480
        for c in range(len(self.zones)):
            ui.text(
                surf,
                _("Keyboard {n}").format(n=c + 1),
                (x0 + c * w + w / 2, 140),
                38,
                ACCENT,
                True,
                "midtop",
                width=w - 20,
            )
        for r, control in enumerate(CONTROLS):
            y = 196 + r * 58
            ui.text(surf, _(CONTROL_NAMES[control]), (120, y + 6), 34, INK, width=x0 - 130)
            for c, zone in enumerate(self.zones):
                rect = ui.rect(x0 + c * w + 10, y, w - 20, 50)
                self.cells[(r, c)] = rect
                selected = (r, c) == (self.row, self.col)
                ui.panel(surf, rect, PANEL_HI if selected else PANEL, 10, ACCENT if selected else None)
                keys = self.app.devices.keys_for(zone, control)
                label = ", ".join(map(key_label, keys)) or "-"
                if selected and self.waiting:
                    label = _("press a key... (Esc: cancel)")
                ui.text(
                    surf, label, (x0 + c * w + w / 2, y + 6), 34, INK if keys else DIM, anchor="midtop", width=w - 40
                )
        y = 196 + len(CONTROLS) * 58 + 12
        rect = ui.rect(640, y, 640, 60)
        on = self.row == len(CONTROLS)
        for c in range(len(self.zones)):
            self.cells[(len(CONTROLS), c)] = rect
        ui.panel(surf, rect, PANEL_HI if on else PANEL, 12, ACCENT if on else None)
        ui.text(surf, _("Reset to defaults"), (960, y + 10), 36, INK, True, "midtop", width=600)
        if self.message:
            ui.footer(surf, self.message)
        else:
            ui.footer(
                surf,
                _(
                    "Gamepads: A confirm, B back, Start pause; Wok Up: Y B A X LB decks, RB Wok'up!, "
                    "hold down for the counts"
                ),
            )


CONTROL_NAMES = {
    "up": N_("Up"),
    "down": N_("Down"),
    "left": N_("Left"),
    "right": N_("Right"),
    "confirm": N_("Confirm"),
    "back": N_("Back"),
    "deck0": N_("Deck 1"),
    "deck1": N_("Deck 2"),
    "deck2": N_("Deck 3"),
    "deck3": N_("Deck 4"),
    "deck4": N_("Deck 5"),
    "wokup": N_("Wok'up!"),
}

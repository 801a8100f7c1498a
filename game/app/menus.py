"""Title, game chooser, rules, settings and controls screens."""

from __future__ import annotations

import pygame

from .. import i18n
from ..i18n import N_, _
from ..input import PlayerEvent
from ..settings import CONTROLS
from . import catalogue
from .scene import MenuScene, Scene
from .session import Session
from .table import make_table
from .ui import ACCENT, DIM, INK, MUTED, PANEL, PANEL_HI, Item, Menu


class TitleScene(MenuScene):
    name = "title"
    heading = "Wok Arcade"

    def __init__(self, app) -> None:
        items = []
        self.saved = newest_saved(app)
        if self.saved:
            entry, _save_id, doc = self.saved
            items.append(Item(N_("Resume"), self._resume, value=f"{entry.title} ({len(doc['log'])})"))
        items += [
            Item(N_("Play"), lambda: app.open("chooser")),
            Item(N_("Controls"), lambda: app.open("controls")),
            Item(N_("Settings"), lambda: app.open("settings")),
            Item(N_("Quit"), self._quit),
        ]
        super().__init__(app, Menu(items, y=330))
        self._logo: tuple | None = None  # (scale, surface), drawn once per window size

    def _resume(self) -> None:
        entry, save_id, doc = self.saved
        try:
            session = Session.resume(doc, self.app.saves, entry.gdef, save_id)
        except Exception as exc:  # a save that no longer replays must not crash the arcade
            aside = self.app.saves.set_aside(save_id)
            self.app.say(f"Could not resume the saved game ({exc}); it was kept as {aside}.", 10)
            self.app.restart_at("title")
            return
        self.app.push(make_table(self.app, session))

    def _quit(self) -> None:
        self.app.running = False

    def draw(self, surf: pygame.Surface) -> None:
        if self._logo is None or self._logo[0] != self.ui.u:
            self._logo = (self.ui.u, draw_wok_logo(self.ui.px(520)))
        logo = self._logo[1]
        surf.blit(logo, logo.get_rect(center=self.ui.rect(280, 640, 0, 0).topleft))
        surf.blit(logo, logo.get_rect(center=self.ui.rect(1640, 640, 0, 0).topleft))
        super().draw(surf)
        self.ui.text(surf, _("A party arcade of cooking games"), (960, 190), 44, MUTED, anchor="midtop")


def newest_saved(app):
    """(entry, save id, document) of the newest unfinished game of a game that can be played."""
    games, problems = app.saves.unfinished()
    for problem in problems:
        app.say(problem, 10)
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
        self.entries = catalogue.load() if app.kiosk is None else app.kiosk.offered()
        items = []
        for e in self.entries:
            value = _("coming soon")
            if e.playable:
                players = _("{lo}-{hi} players").format(lo=e.players[0], hi=e.players[1])
                value = f"{players} · " + _("{m} min").format(m=e.minutes)
            items.append(Item(e.title, self._chooser(e), e.pitch, e.playable, value))
        if app.kiosk is not None and len(app.kiosk.languages()) > 1:  # the guests' own choice, not saved
            items.append(Item(N_("Language"), self._language, value=i18n.LANGUAGES[i18n.language()]))
        super().__init__(app, Menu(items, x=260, y=200, w=1400, h=82, gap=14))

    def _chooser(self, entry):
        return lambda: self.app.open("seats", entry)

    def _language(self) -> None:
        codes = self.app.kiosk.languages()
        here = codes.index(i18n.language()) if i18n.language() in codes else -1
        i18n.set_language(codes[(here + 1) % len(codes)])
        self.menu.items[-1].value = i18n.LANGUAGES[i18n.language()]


class SettingsScene(MenuScene):
    name = "settings"
    heading = N_("Settings")

    def __init__(self, app) -> None:
        super().__init__(app, Menu([], y=210, h=86, gap=14))  # seven items fit above the footer
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        index = self.menu.index
        self.menu.items = [
            Item(N_("Language"), self._language, value=i18n.LANGUAGES[s.language]),
            Item(N_("Fullscreen"), self._fullscreen, value=_("on") if s.fullscreen else _("off")),
            Item(N_("Bot thinking time"), self._delay, value=_("{s:.1f} s").format(s=s.bot_delay)),
            Item(
                N_("Learning mode"),
                self._learning,
                N_("Wok Up shows the counts in the wok"),
                value=_("on") if s.learning_mode else _("off"),
            ),
            Item(N_("Sound"), self._sound, value=_("off") if s.mute else f"{s.master_volume * 100:.0f}%"),
            Item(N_("Buzzer boxes"), self._buzzers),
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
        self._build()  # back from the Sound screen: show its new values

    def _buzzers(self) -> None:
        self.app.open("buzzer-menu")

    def _learning(self) -> None:
        self.app.settings.learning_mode = not self.app.settings.learning_mode
        self._changed()


class ControlsScene(Scene):
    """Shows every binding and remaps one: choose a cell, press the new key."""

    name = "controls"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.zones = list(app.settings.bindings)
        self.row, self.col = 0, 0
        self.waiting = False  # the next key pressed becomes the binding

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed or self.waiting:
            return
        if ev.control in ("back", "menu"):
            self.app.pop()
        elif ev.control == "up":
            self.row = (self.row - 1) % len(CONTROLS)
        elif ev.control == "down":
            self.row = (self.row + 1) % len(CONTROLS)
        elif ev.control == "left":
            self.col = (self.col - 1) % len(self.zones)
        elif ev.control == "right":
            self.col = (self.col + 1) % len(self.zones)
        elif ev.control == "confirm":
            self.app.devices.take_raw_keys()  # the confirm key itself is not the new binding
            self.waiting = True

    def remap(self, key_name: str) -> None:
        zone, control = self.zones[self.col], CONTROLS[self.row]
        self.app.settings.bindings[zone][control] = [key_name]
        self.app.devices.set_bindings(self.app.settings.bindings)
        self.app.save_settings()
        self.waiting = False

    def update(self, dt: float) -> None:
        # While waiting, the raw key (not its bound control) is what we need.
        if self.waiting:
            for key_name in self.app.devices.take_raw_keys():
                if key_name != "escape":
                    self.remap(key_name)
                else:
                    self.waiting = False
                break

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        ui.title(surf, _("Controls"), 30)
        x0, w = 440, 480
        for c in range(len(self.zones)):
            ui.text(surf, _("Keyboard {n}").format(n=c + 1), (x0 + c * w + w / 2, 140), 38, ACCENT, True, "midtop")
        for r, control in enumerate(CONTROLS):
            y = 196 + r * 62
            ui.text(surf, _(CONTROL_NAMES[control]), (120, y + 8), 34, INK)
            for c, zone in enumerate(self.zones):
                rect = ui.rect(x0 + c * w + 10, y, w - 20, 54)
                selected = (r, c) == (self.row, self.col)
                ui.panel(surf, rect, PANEL_HI if selected else PANEL, 10, ACCENT if selected else None)
                keys = self.app.devices.keys_for(zone, control)
                label = _("press a key...") if selected and self.waiting else ", ".join(keys) or "-"
                ui.text(surf, label, (x0 + c * w + w / 2, y + 8), 34, INK if keys else DIM, anchor="midtop")
        ui.footer(surf, _("Gamepads: A confirm, B back, Start pause; Wok Up: Y B A X LB decks, RB Wok'up!"))


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

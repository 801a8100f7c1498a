"""A scene draws itself and reacts to player events; the app keeps a stack.

Scenes find each other by name through `SCENES` (name -> "module:Class",
imported when first opened), so the modules of `game/app` import one way:
ui <- scene <- session/saves/catalogue <- table <- rules screen, menus, seats,
buzzers <- app <- tools (shots, bench, watch). `app.open("rules", game_id)`
pushes a scene by name, `app.restart_at("title")` makes it the only one.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, cast

import pygame

from ..i18n import N_, _
from ..input import Control, PlayerEvent
from .ui import Menu

if TYPE_CHECKING:
    from .app import App
    from .kiosk import KioskMode

SCENES: dict[str, str] = {
    "title": "game.app.menus:TitleScene",
    "chooser": "game.app.menus:ChooserScene",
    "settings": "game.app.menus:SettingsScene",
    "sound": "game.app.sound_menu:SoundScene",
    "controls": "game.app.menus:ControlsScene",
    "resume": "game.app.resume:ResumeScene",
    "history": "game.app.history:HistoryScene",
    "replays": "game.app.theatre:ReplaysScene",
    "replay": "game.app.theatre:ReplayScene",
    "rules": "game.app.rules_screen:RulesScene",
    "credits": "game.app.credits:CreditsScene",
    "seats": "game.app.seats:SeatsScene",
    "buzzer-menu": "game.app.buzzers:BuzzerMenuScene",
    "buzzer-seats": "game.app.buzzers:BuzzerSeatsScene",
    "buzzer-test": "game.app.buzzers:BuzzerTestScene",
    "attract": "game.app.kiosk_screens:AttractScene",
    "still-playing": "game.app.kiosk_screens:StillPlayingScene",
    "initials": "game.app.kiosk_screens:InitialsScene",
    "operator-pin": "game.app.operator:PinScene",
    "operator": "game.app.operator:OperatorScene",
    "operator-games": "game.app.operator:GamesScene",
    "operator-times": "game.app.operator:TimesScene",
    "operator-stats": "game.app.operator:StatsScene",
}


def kiosk_of(app: App) -> KioskMode:
    """The kiosk mode, for the screens only it opens (operator, attract mode)."""
    if app.mode.name != "kiosk":
        raise RuntimeError("this screen opens in kiosk mode only")
    return cast("KioskMode", app.mode)


def scene_class(name: str) -> type[Scene]:
    """The class registered under `name` (or a "module:Class" path)."""
    target = SCENES.get(name, name)
    module, _sep, cls = target.partition(":")
    if not cls:
        raise ValueError(f"no scene {name!r}; scenes: {', '.join(SCENES)}")
    return getattr(importlib.import_module(module), cls)


class Scene:
    name = "scene"
    overlay = False  # drawn over the scene below it (pause, curtain)
    # True when the picture changes only after an input (menus): the loop then
    # redraws on input, not 60 times a second. A scene that animates by itself keeps False.
    still = False
    # True when `draw` paints every pixel of the stage itself (Yatai's table fills it first):
    # the loop then does not fill the screen before it (a whole 1080p fill, ~0.2 ms a frame).
    opaque = False
    # True for a scene that lives long (a table, for a game): the loop settles memory
    # when it is first shown (game/app/memory.py).
    long_lived = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.ui = app.ui

    def handle(self, ev: PlayerEvent) -> None:
        """A player event; most scenes only look at presses."""

    def update(self, dt: float) -> None:
        """Advance by one fixed step of `dt` seconds."""

    def draw(self, surf: pygame.Surface) -> None:
        raise NotImplementedError

    # ---- what the next frame must do (App.frame, game/app/live.py) ----------------
    def changes(self) -> str:
        """Asked before each frame while this scene is alone on the stage:
        "none" nothing on it changed; "live" only its live parts (`draw_live`);
        "part" only one area (`draw_part`); "moving" it is drawn whole but only
        `damage()` differs; "whole" everything."""
        return "none" if self.still else "whole"

    def draw_live(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """Repaint only the live parts over the last frame drawn; the rects changed."""
        return []

    def draw_part(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw only the area `changes` found; the rects changed, or None: draw it whole."""
        return None

    def damage(self) -> list[pygame.Rect]:
        """After a "moving" frame was drawn whole: where it differs from the last one."""
        return []

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack again."""


MENU_SOUNDS: dict[str, str] = {
    Control.UP: "ui_move",
    Control.DOWN: "ui_move",
    Control.CONFIRM: "ui_confirm",
    Control.POINT: "ui_confirm",
}


class MenuScene(Scene):
    """A scene that is mostly one menu; "back" leaves it."""

    heading = ""
    still = True
    footer = N_("Move: arrows / WASD / d-pad - Choose: Enter / E / A - Back: Backspace / Q / B")

    def __init__(self, app: App, menu: Menu) -> None:
        super().__init__(app)
        self.menu = menu
        app.audio.music("menu")

    def enter(self) -> None:
        self.app.audio.music("menu")  # back from a table that had no music

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        if ev.control == Control.BACK and len(self.app.scenes) > 1:
            self.app.audio.play("ui_back")
            self.app.pop()
        elif self.menu.handle(ev.control, ev.pos):
            self.app.audio.play(MENU_SOUNDS.get(ev.control, "ui_confirm"))

    def draw(self, surf: pygame.Surface) -> None:
        self.ui.title(surf, _(self.heading))
        self.menu.draw(surf, self.ui)
        self.ui.footer(surf, _(self.footer))

"""How the arcade runs: at home, or as an unattended cabinet (kiosk mode).

The App holds one mode (`app.mode`) and asks it at each point where the two
differ, so the loop and the scenes read the same in both: `Mode` is the
protocol, `HomeMode` the home arcade, `KioskMode` (game/app/kiosk.py) the
cabinet. The hooks are listed in game/app/SCENES.md ("Modes").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .. import logs
from ..i18n import _
from . import catalogue

if TYPE_CHECKING:
    import pygame

    from ..engine.gamedef import GameDef
    from ..input import PlayerEvent
    from .table import TableScene


class Mode(Protocol):
    name: str  # "home" or "kiosk"
    home: str  # the scene "title" opens: the title screen, or the chooser at a cabinet
    fullscreen: bool  # forced, whatever the settings say (and never resized)
    locked: bool  # guests only: no quitting, settings, files, move history or phones
    exit_status: int  # the process's, once the loop ends
    stats: Any  # the statistics (game.kiosk.stats); None at home, where no game is counted
    over_alone: bool  # `draw_over` paints only inside what `overlay` gave (App._move_over): not while dimming

    # ---- the arcade's life ----
    def start(self) -> None:
        """The first scenes (a cabinet: the game running before a crash, or attract mode)."""

    def loop_starts(self) -> None:
        """Before the loop's first step."""

    def close(self) -> None:
        """After the scenes closed and the saves were flushed."""

    # ---- input ----
    def swallows(self, e: Any) -> bool:
        """True if this SDL event goes nowhere (a cabinet's close button, Alt-F4, F11)."""
        ...

    def admits(self, ev: PlayerEvent) -> bool:
        """True if this player event goes on to the scenes (the mode may keep it)."""
        ...

    # ---- every step and frame ----
    def after_step(self, dt: float) -> None:
        """After each fixed step: idle rules, attract mode, statistics."""

    def draw_over(self, surf: pygame.Surface) -> None:
        """Over the scenes, once they are drawn."""

    def overlay(self) -> list[pygame.Rect] | None:
        """What `draw_over` changes next frame: [] nothing, its rectangles, None everything."""
        ...

    def before_flip(self) -> None:
        """Before a frame is presented."""

    def frame_drawn(self) -> None:
        """After a frame was presented (or a step ran while the window is hidden)."""

    # ---- games ----
    def offered(self) -> list[catalogue.Entry]:
        """The games the chooser lists."""
        ...

    def seat_range(self, entry: catalogue.Entry) -> tuple[int, int]:
        """The fewest and the most seats a table of `entry` may have."""
        ...

    def bot_levels(self, gdef: GameDef) -> list[str]:
        """The bot levels the seats screen offers."""
        ...

    def guest_languages(self) -> list[str]:
        """The languages the chooser lets guests pick from ([] or one: no choice there)."""
        ...

    def end_game(self, table: TableScene, reason: str) -> None:
        """A game ended before its end (abandoned, ended from the pause menu, left idle)."""

    def scene_failed(self, text: str) -> None:
        """A scene raised (App.recover logged it and closed the scenes): where to go now."""


class HomeMode:
    """The home arcade: a window, a title screen with Quit and Settings, every game."""

    name = "home"
    home = "title"
    fullscreen = False
    locked = False
    exit_status = 0
    stats = None
    over_alone = True

    def __init__(self, app: Any) -> None:
        self.app = app

    def start(self) -> None:
        self.app.open("title")

    def loop_starts(self) -> None:
        pass

    def close(self) -> None:
        pass

    def swallows(self, e: Any) -> bool:
        return False

    def admits(self, ev: PlayerEvent) -> bool:
        return True

    def after_step(self, dt: float) -> None:
        pass

    def draw_over(self, surf: pygame.Surface) -> None:
        pass

    def overlay(self) -> list[pygame.Rect] | None:
        return []

    def before_flip(self) -> None:
        pass

    def frame_drawn(self) -> None:
        pass

    def offered(self) -> list[catalogue.Entry]:
        return catalogue.load()  # the ones still to come too, shown as such

    def seat_range(self, entry: catalogue.Entry) -> tuple[int, int]:
        return entry.players

    def bot_levels(self, gdef: GameDef) -> list[str]:
        return list(gdef.bots)

    def guest_languages(self) -> list[str]:
        return []  # chosen in Settings, and saved

    def end_game(self, table: TableScene, reason: str) -> None:
        """The save deleted (it cannot be resumed), back to the title; a family's
        abandoned games are not counted, so there is nothing to record."""
        session = table.session
        if session.saves is not None:
            session.saves.delete(session.save_id)
        table.close()
        self.app.restart_at(self.home)

    def scene_failed(self, text: str) -> None:
        """Back to the title, which offers the game saved after its last action."""
        self.app.restart_at(self.home)
        self.app.say(
            _("Something went wrong; details are in {log}. Your game was saved: resume it here.").format(
                log=logs.log_file()
            ),
            12,
        )

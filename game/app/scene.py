"""A scene draws itself and reacts to player events; the app keeps a stack."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..input import PlayerEvent

if TYPE_CHECKING:
    from .app import App


class Scene:
    name = "scene"
    overlay = False  # drawn over the scene below it (pause, curtain)

    def __init__(self, app: "App") -> None:
        self.app = app
        self.ui = app.ui

    def handle(self, ev: PlayerEvent) -> None:
        """A player event; most scenes only look at presses."""

    def update(self, dt: float) -> None:
        """Advance by one fixed step of `dt` seconds."""

    def draw(self, surf: pygame.Surface) -> None:
        raise NotImplementedError

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack again."""

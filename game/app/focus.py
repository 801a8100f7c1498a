"""The focus ring over what can be chosen on a table.

While drawing, a table declares its targets (`Target`: a rect and what choosing
it does); the ring keeps one of them focused from frame to frame by its key,
moves with arrows or the mouse, and finds what a tap lands on. Whose turn it is
and what a choice does are the table's business (game/app/table.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from ..input import PlayerEvent


class Step(Protocol):
    """A target's own step, called as do(seat, event). A Protocol, not a Callable, so
    that a lambda binding a loop variable as a default (`t=tile`) is still checked."""

    def __call__(self, seat: int, ev: PlayerEvent, /) -> Any: ...


@dataclass
class Target:
    """Something on the table a player can choose: drawn this frame at `rect`."""

    rect: pygame.Rect
    choose: Callable[[int, PlayerEvent], Any]  # (acting seat, event) -> truthy if used
    key: str  # the same thing keeps the same key from frame to frame (the focus follows it)
    focusable: bool = True  # reached with arrows; False: a tap target only
    owner: int | None = None  # a seat's own button (its mat): acts for that seat


def action_key(action) -> str:
    return json.dumps(action, sort_keys=True)


class FocusRing:
    """The targets drawn last frame, the focused one's key, and where the mouse rests."""

    def __init__(self) -> None:
        self.targets: list[Target] = []  # what can be chosen, as drawn last frame, bottom first
        self.key: str | None = None  # the focused target's key
        self.pointer: tuple[float, float] | None = None  # where the mouse rests (design units)
        self._mouse_at: tuple[int, int] | None = None  # the mouse's last place on the window

    def clear(self) -> None:
        """A new frame: its drawing declares the targets again."""
        self.targets = []

    def add(self, target: Target) -> None:
        self.targets.append(target)

    def ring(self) -> list[Target]:
        return [t for t in self.targets if t.focusable]

    def focused(self) -> Target | None:
        """The focused target: the one with the key, else the first focusable one."""
        ring = self.ring()
        if not ring:
            return None
        return next((t for t in ring if t.key == self.key), ring[0])

    def move(self, step: int) -> bool:
        """Move the focus `step` places round the ring; False if nothing can be focused."""
        ring = self.ring()
        here = self.focused()  # None only when the ring is empty
        if here is None:
            return False
        self.key = ring[(ring.index(here) + step) % len(ring)].key
        return True

    def tapped(self, pos: tuple[float, float], seat: int | None) -> tuple[Target, int] | None:
        """The topmost target at `pos` that has someone to choose it (its owner, else
        `seat`), with that seat; it takes the focus if it can."""
        for t in reversed(self.targets):
            chooser = seat if t.owner is None else t.owner
            if t.rect.collidepoint(pos) and chooser is not None:
                if t.focusable:
                    self.key = t.key
                return t, chooser
        return None

    def hover(self, pos: tuple[int, int] | None, unit: float) -> None:
        """The mouse moved to `pos` (stage pixels; None: off the stage, `unit` pixels a
        design unit): the focus moves onto the topmost target under it, if focusable."""
        self.pointer = None if pos is None else (pos[0] / unit, pos[1] / unit)
        under = [t for t in self.targets if pos is not None and t.rect.collidepoint(pos)]
        if under and under[-1].focusable:
            self.key = under[-1].key

    def follow_mouse(self, stage: pygame.Rect, unit: float) -> None:
        """Hover, read once a frame (the stage's place on the window): only a move counts,
        so a mouse at rest (or a touch screen's last tap) leaves the arrows' focus alone."""
        if not pygame.mouse.get_focused():
            return
        at = pygame.mouse.get_pos()
        if at != self._mouse_at:
            self._mouse_at = at
            self.hover((at[0] - stage.x, at[1] - stage.y) if stage.collidepoint(at) else None, unit)

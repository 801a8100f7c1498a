"""Yatai's drawing pieces, shared by the table and its final scoring: colours, dish,
drink, guest and bottle chips, an action tile's face, one chef's stall. Pure
drawing: they read an observation and never decide a rule."""

from __future__ import annotations

import pygame

from game.app.ui import ACCENT, DIM, GREEN, INK, MIN_TEXT, MUTED, PANEL, PANEL_HI, RED
from game.i18n import _

from .. import words
from ..colours import COLOURS
from ..data import content
from ..pictures import BONUS_ICONS
from ..rules import BIG, CRATE, QUEUE, SMALL

PAPER = (250, 240, 222)
TILE_INK = (48, 34, 30)
ICE = (70, 110, 130)
WOOD = (110, 72, 44)
PLATE = (226, 214, 196)
SLOT = (44, 30, 26)
EMPTY = (86, 66, 56)  # an empty reputation board space
STALL_W, STALL_H = 600, 469
CELL = 42  # a reputation board space, design units
TILE_ICONS = words.TILE_ICONS


_VEILS: dict[tuple, pygame.Surface] = {}


def ghost(ui, surf, item: str, centre: tuple[float, float], size: float, under=SLOT, fade: int = 200) -> None:
    """A picture faded into the colour under it: what an empty place is for."""
    rect = ui.picture(surf, item, centre, size)
    key = (rect.size, under, fade)
    if key not in _VEILS:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((*under, fade))
        _VEILS[key] = veil
    surf.blit(_VEILS[key], rect)


def dish_picture(colour: str) -> str:
    return f"yatai.{content().dishes[colour]}"


def guest_picture(guest: str) -> str:
    return "yatai.tourist" if guest == "tourist" else f"yatai.customer.{guest}"


def drink(ui, surf, colour: str, centre: tuple[float, float], size: float) -> None:
    """A drink: the mug on a disc of its colour."""
    pygame.draw.circle(surf, COLOURS[colour], (ui.px(centre[0]), ui.px(centre[1])), ui.px(size / 2))
    ui.picture(surf, "yatai.drink", centre, size * 0.72)


def dish(ui, surf, colour: str, centre: tuple[float, float], size: float) -> None:
    """A dish: its picture on a plate ringed in its colour."""
    c = (ui.px(centre[0]), ui.px(centre[1]))
    pygame.draw.circle(surf, PLATE, c, ui.px(size / 2))
    pygame.draw.circle(surf, COLOURS[colour], c, ui.px(size / 2), max(2, ui.px(size / 10)))
    ui.picture(surf, dish_picture(colour), centre, size * 0.7)


def tile_face(ui, surf, number: int, rect: pygame.Rect, fade: bool = False) -> None:
    """An action tile: its pictures (as many as its count) and its word."""
    t = content().tiles[number]
    ui.panel(surf, rect, (170, 160, 146) if fade else PAPER, 12, TILE_INK)
    x, y, w, h = (v / ui.u for v in rect)
    icons = [TILE_ICONS[t["action"]]] * (1 if t["action"] in ("recycle", "serve") else t["count"])
    if t["action"] == "serve":
        icons += ["yatai.drink"] * t["count"]
    size = min(52, (w - 16) / len(icons) - 4, h * 0.5)
    row = len(icons) * (size + 4) - 4
    for i, icon in enumerate(icons):
        ui.picture(surf, icon, (x + w / 2 - row / 2 + size / 2 + i * (size + 4), y + 8 + size / 2), size)
    word = _(words.ACTIONS[t["action"]])
    if t["action"] not in ("recycle", "serve"):
        word = f"{word} {t['count']}"
    ui.text(surf, word, (x + w / 2, y + h - 6), ui.fit(word, 34, w - 12, 24, True), TILE_INK, True, "midbottom")


def slot(ui, surf, x: float, y: float, size: float, colour, locked: bool = False, border=None) -> tuple[float, float]:
    """An empty place of a queue, fridge or crate; returns its centre."""
    r = ui.rect(x, y, size, size)
    ui.panel(surf, r, colour, 10, border)
    if locked:  # the place an upgrade opens
        pygame.draw.line(surf, DIM, r.topleft, r.bottomright, max(2, ui.px(4)))
        pygame.draw.line(surf, DIM, r.topright, r.bottomleft, max(2, ui.px(4)))
    return x + size / 2, y + size / 2


UPPER_H = 272  # the stall's upper half (see StallView.upper), in design units


def name_size(ui, name: str) -> float:
    """A stall's name: 40 units, shrunk to 300 wide (a long name)."""
    return ui.fit(name, 40, 300, 26, True)


class StallView:
    """Where one chef's stall is drawn, and its parts' rectangles for targets and glows."""

    def __init__(self, ui, x: float, y: float) -> None:
        self.ui, self.x, self.y = ui, x, y

    def queue_rect(self, pos: int) -> pygame.Rect:
        return self.ui.rect(self.x + 16 + pos * 70, self.y + 60, 64, 64)

    def part(self, name: str) -> pygame.Rect:
        """The area of a part of the stall (for the "this changed" glow): its ring never
        cuts through a word of the stall (the layout test checks it)."""
        x, y, ui = self.x, self.y, self.ui
        areas = {
            "queue": (x + 10, y + 57, 290, 73),
            "dishes": (x + 320, y + 57, 224, 73),
            "fridge": (x + 10, y + 134, 224, 76),
            "crate": (x + 320, y + 134, 224, 76),
            "menu": (x + 10, y + 214, 230, 60),
            "sink": (x + 250, y + 214, 344, 60),
            "board": (x + 10, y + 278, 5 * (CELL + 4) + 8, 4 * (CELL + 4) + 8),
            "reviews": (x + 262, y + 272, 332, 148),
            "points": (x + STALL_W - 160, y + 4, 154, 50),
            "influencer": (x + STALL_W - 280, y + 4, 114, 50),
            "tokens": (x + 262, y + 428, 332, 38),
            "fridge_up": (x + 10, y + 134, 224, 76),
            "stove_up": (x + 320, y + 57, 224, 73),
        }
        return ui.rect(*areas.get(name, (x, y, STALL_W, STALL_H)))

    def cell_rect(self, space: int) -> pygame.Rect:
        r, c = divmod(space, content().cols)
        return self.ui.rect(self.x + 16 + c * (CELL + 4), self.y + 284 + r * (CELL + 4), CELL, CELL)

    def panel(self, surf, acting: bool) -> None:
        ui = self.ui
        ui.panel(
            surf,
            ui.rect(self.x, self.y, STALL_W, STALL_H),
            PANEL_HI if acting else PANEL,
            16,
            ACCENT if acting else None,
        )

    # The two halves change apart (a guest queues, a guest is seated): each is a face of its own.
    def upper(self, surf, chef: dict, name: str, colour) -> None:
        """The name, points and influencer, the queue, stove, fridge, crate, menu and sink."""
        ui, x, y = self.ui, self.x, self.y
        ui.text(surf, name, (x + 16, y + 4), name_size(ui, name), colour, True)
        ui.picture(surf, "common.star", (x + STALL_W - 130, y + 30), 40)
        ui.text(surf, str(chef["points"]), (x + STALL_W - 104, y + 30), 40, ACCENT, True, "midleft")
        ui.picture(surf, "yatai.influencer", (x + STALL_W - 250, y + 30), 40)
        influencer = f"{chef['influencer']}/{len(content().stars)}"
        ui.text(surf, influencer, (x + STALL_W - 226, y + 30), 34, INK, True, "midleft")
        self._queue(surf, chef)
        self._kitchen(surf, chef)
        self._menu_and_sink(surf, chef)

    def lower(self, surf, chef: dict) -> None:
        """The reputation board, the reviews and the special tokens."""
        self._board(surf, chef)
        self._reviews(surf, chef)

    def _queue(self, surf, chef: dict) -> None:
        ui = self.ui
        for pos in range(QUEUE):
            r = self.queue_rect(pos)
            border = RED if pos == QUEUE - 1 else None  # the last space: a guest there costs reviews
            cx, cy = slot(ui, surf, r.x / ui.u, r.y / ui.u, 64, SLOT, border=border)
            if pos < len(chef["queue"]):
                ui.picture(surf, guest_picture(chef["queue"][pos]), (cx, cy), 56)
            else:
                ghost(ui, surf, "yatai.customer.blue", (cx, cy), 44)
        stove = BIG if chef["stove_up"] else SMALL
        for i in range(BIG):
            cx, cy = slot(ui, surf, self.x + 326 + i * 70, self.y + 60, 64, SLOT, locked=i >= stove)
            if i < len(chef["dishes"]):
                dish(ui, surf, chef["dishes"][i], (cx, cy), 58)
            elif i < stove:
                ghost(ui, surf, "yatai.ramen", (cx, cy), 44)

    def _kitchen(self, surf, chef: dict) -> None:
        ui = self.ui
        fridge = BIG if chef["fridge_up"] else SMALL
        for i in range(BIG):
            cx, cy = slot(ui, surf, self.x + 16 + i * 70, self.y + 140, 64, ICE, locked=i >= fridge)
            if i < len(chef["fridge"]):
                drink(ui, surf, chef["fridge"][i], (cx, cy), 54)
            elif i < fridge:
                ghost(ui, surf, "yatai.drink", (cx, cy), 44, ICE)
        for i in range(CRATE):
            cx, cy = slot(ui, surf, self.x + 326 + i * 70, self.y + 140, 64, WOOD)
            if i < len(chef["crate"]):  # face down: the colour is not shown
                ui.picture(surf, "yatai.bottle", (cx, cy), 52)
            else:
                ghost(ui, surf, "yatai.bottle", (cx, cy), 44, WOOD)

    def _menu_and_sink(self, surf, chef: dict) -> None:
        ui, x, y = self.ui, self.x, self.y
        for i, colour in enumerate(chef["menu"]):
            dish(ui, surf, colour, (x + 40 + i * 54, y + 244), 50)
        for i, colour in enumerate(content().colours):
            cx = x + 276 + i * 80
            dish(ui, surf, colour, (cx, y + 244), 42)
            count = chef["sink"][colour]
            ui.text(surf, str(count), (cx + 24, y + 244), 34, INK if count else DIM, True, "midleft")

    def _board(self, surf, chef: dict) -> None:
        ui, data = self.ui, content()
        for space, entry in enumerate(data.spaces):
            r = self.cell_rect(space)
            guest = chef["board"][space]
            ui.panel(surf, r, EMPTY if guest is None else PLATE, 6, RED if entry["red"] else None)
            cx, cy = r.centerx / ui.u, r.centery / ui.u
            if guest is not None:
                ui.picture(surf, guest_picture(guest), (cx, cy), CELL - 4)
            elif entry["bonus"] == "double":  # a second guest: not a picture of a guest, which would look seated
                ui.text(surf, "×2", (cx, cy), 26, MUTED, True, "center")
            else:
                ghost(ui, surf, BONUS_ICONS[entry["bonus"]], (cx, cy), CELL - 12, EMPTY, 110)

    def _reviews(self, surf, chef: dict) -> None:
        ui, x, y, data = self.ui, self.x, self.y, content()
        for i, track in enumerate(data.reviews):
            value = chef["reviews"][track]
            name = _(words.REVIEWS[track]).capitalize()
            ty = y + 276 + i * 36
            ui.text(surf, name, (x + 270, ty), ui.fit(name, 34, 200, 24), MUTED)
            colour = GREEN if value > 0 else (RED if value < 0 else INK)
            ui.text(surf, f"{value:+d}" if value else "0", (x + 530, ty), 34, colour, True, "topright")
            pts = data.review_points(value)
            ui.text(surf, f"{pts:+d}" if pts else "0", (x + 590, ty + 4), 28, MUTED, False, "topright")
        if chef["tokens"]:
            ui.picture(surf, "yatai.special", (x + 286, y + 448), 34)
            self._tokens(surf, chef["tokens"])

    def _tokens(self, surf, tokens: list[str]) -> None:
        """The special tokens held (alike ones counted), in one line, or two smaller ones."""
        ui, x, y = self.ui, self.x + 310, self.y + 448
        counted = [(t, tokens.count(t)) for t in sorted(set(tokens))]
        names = [_(words.TOKENS[t]) + (f" ×{n}" if n > 1 else "") for t, n in counted]
        text = ", ".join(names)
        size = ui.fit(text, 30, 280, 24)
        if ui.font(size).size(text)[0] <= ui.px(280):
            ui.text(surf, text, (x, y), size, INK, False, "midleft", 280)
            return
        half = (len(names) + 1) // 2
        lines = [", ".join(names[:half]) + ",", ", ".join(names[half:])] if len(names) > 1 else ui.wrap(text, 22, 280)
        size = min(ui.fit(line, 22, 280, MIN_TEXT) for line in lines[:2])
        for i, line in enumerate(lines[:2]):
            ui.text(surf, line, (x, y + (i - 0.5) * (size + 1)), size, INK, False, "midleft", 280)

"""Motion for every table: things glide from where they were drawn to where they
are drawn now, flown pictures, flips and rising points.

Motion only changes *where* a thing is drawn for a few hundred milliseconds,
never the state: the rules have already moved it, input and bots carry on. It
runs on the scene's own clock (`TableScene.clock`), so a paused table stands
still, and it is off (everything drawn where it lies) where nobody watches:
tests, screenshots, `watch` at speed (`App.motion`).

    rect = scene.motion.place(("card", 12), rect)     # where to draw card 12 this frame
    scene.motion.start(("cell", 1, 0), from_rect)     # a swap: it comes from there
    scene.motion.fly("common.coin", src, dst)         # a picture crossing the table
    scene.motion.rise("+1", (x, y), colour)           # points rise from where they were scored
    k = scene.motion.flip(("deck", 2), rect)          # 1 -> 0 -> 1: narrow the card at rect by it
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from . import pictures

GLIDE = 0.32  # s: a card or a coin going somewhere
FLIP = 0.34  # s: a reveal turning over
RISE = 1.1  # s: points rising and fading


def ease(t: float) -> float:
    """Ease-out cubic: quick to leave, gentle to arrive."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def lerp_rect(a: pygame.Rect, b: pygame.Rect, k: float) -> pygame.Rect:
    return pygame.Rect(
        round(a.x + (b.x - a.x) * k),
        round(a.y + (b.y - a.y) * k),
        round(a.w + (b.w - a.w) * k),
        round(a.h + (b.h - a.h) * k),
    )


def pulse(clock: float, speed: float = 4.0) -> float:
    """0..1..0 over and over: whose turn it is breathes."""
    return 0.5 + 0.5 * math.sin(clock * speed)


@dataclass
class _Glide:
    src: pygame.Rect
    start: float


@dataclass
class _Flight:
    picture: str
    src: pygame.Rect
    dst: pygame.Rect
    start: float


@dataclass
class _Rise:
    text: str
    pos: tuple[float, float]  # design units
    colour: tuple
    start: float


class Motion:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.now = 0.0
        self.scale = 1.0
        self._seen: dict[object, pygame.Rect] = {}  # key -> where it was drawn last frame
        self._drawn: dict[object, pygame.Rect] = {}  # key -> where it is drawn this frame
        self._glides: dict[object, _Glide] = {}
        self._flips: dict[object, float] = {}
        self._flip_at: dict[object, pygame.Rect] = {}  # key -> where its card is drawn (`flip`)
        self.flights: list[_Flight] = []
        self.rises: list[_Rise] = []
        # Where things in motion were drawn this frame and the last: all that moved on screen
        # (a frame where only they moved presents only these rectangles, see `damage`).
        self._moving: list[pygame.Rect] = []
        self._moved: list[pygame.Rect] = []
        self._gliding: set = set()  # keys gliding this frame
        self._glided: set = set()  # keys gliding last frame (their landing is drawn once more)

    def tick(self, now: float, scale: float = 1.0) -> None:
        """The scene's clock (and the window's scale), once per frame before drawing."""
        self.now = now
        # Only last frame's places count: a card hidden for a while (a bot's hand) does not
        # glide from where it was seen long ago; a resized window moves everything at once.
        self._seen, self._drawn = ({} if scale != self.scale else self._drawn), {}
        if scale != self.scale:
            self._flip_at = {}
        self.scale = scale
        self._moved, self._moving = self._moving, []
        self._glided, self._gliding = self._gliding, set()
        self._glides = {k: g for k, g in self._glides.items() if now - g.start < GLIDE}
        self._flips = {k: t for k, t in self._flips.items() if now - t < FLIP}
        self.flights = [f for f in self.flights if now - f.start < GLIDE * 1.6]
        self.rises = [r for r in self.rises if now - r.start < RISE]

    @property
    def busy(self) -> bool:
        return bool(self._glides or self._flips or self.flights or self.rises)

    @property
    def settling(self) -> bool:
        """Something moved in the last frame drawn: the next one still differs there."""
        return bool(self._moving or self._gliding or self.busy)

    def damage(self, margin: int) -> list[pygame.Rect] | None:
        """Where the frame differs from the last because things moved: each moving thing's
        place in both frames, `margin` pixels wider (its shadow, its ring), and where a card
        turns over. None while one turns over whose place the scene did not give `flip`."""
        flips = self._flipping()
        if flips is None:
            return None
        return [r.inflate(2 * margin, 2 * margin) for r in (*self._moved, *self._moving, *flips)]

    def _flipping(self) -> list[pygame.Rect] | None:
        """Where the cards turning over are drawn (narrowed about their middle, within their
        place); None when one's place is unknown."""
        if any(key not in self._flip_at for key in self._flips):
            return None
        return [self._flip_at[key] for key in self._flips]

    def ahead(self, now: float, ui, margin: int) -> list[pygame.Rect] | None:
        """Before the frame at `now` is drawn: where things in motion were drawn last frame
        and will be drawn in it, `margin` pixels wider (the frame then draws only there).
        None when unknown: a flip whose place the scene did not give, a glide started
        elsewhere than where its thing was drawn last frame."""
        flips = self._flipping()  # turning over in place: the frame that ends one draws it whole there
        if flips is None or not self._gliding.issuperset(self._glides):
            return None
        rects = [*self._moving, *flips]  # last frame's places
        for key in self._gliding:
            dst, glide = self._drawn.get(key), self._glides.get(key)
            if dst is None or glide is None:
                return None
            k = (now - glide.start) / GLIDE
            rects.append(dst if k >= 1 else lerp_rect(glide.src, dst, ease(k)))
        for f in self.flights:
            if now - f.start < GLIDE * 1.6:
                centre, size = self._flight_at(f, now, ui)
                at = pygame.Rect((0, 0), size)  # the picture is fitted into it, centred the same way
                at.center = (round(centre[0]), round(centre[1]))
                rects.append(at)
        for rise in self.rises:
            if now - rise.start < RISE:
                rects.append(self._rise_at(rise, now, ui)[1])
        return [r.inflate(2 * margin, 2 * margin) for r in rects]

    # ---- gliding -------------------------------------------------------------
    def place(self, key, rect: pygame.Rect) -> pygame.Rect:
        """Where to draw `key`, which lies at `rect` now: if it lay elsewhere last
        time it was drawn, it glides from there."""
        if not self.enabled:
            return rect
        was = self._seen.get(key)
        glide = self._glides.get(key)
        if glide is None and was is not None and was != rect:
            glide = self._glides[key] = _Glide(was, self.now)
        self._drawn[key] = pygame.Rect(rect)
        if glide is None:
            if key in self._glided:  # it landed: drawn where it lies, once more than before
                self._moving.append(pygame.Rect(rect))
            return rect
        self._gliding.add(key)
        at = lerp_rect(glide.src, rect, ease((self.now - glide.start) / GLIDE))
        self._moving.append(at)
        return at

    def start(self, key, src: pygame.Rect) -> None:
        """`key` has just arrived from `src` (a swap, a card played from a hand)."""
        if self.enabled:
            self._glides[key] = _Glide(pygame.Rect(src), self.now)

    # ---- flying pictures, flips, rising points -------------------------------
    def fly(self, picture: str, src: pygame.Rect, dst: pygame.Rect) -> None:
        """A picture crossing the table (a coin taken, a card won), drawn by `draw`."""
        if self.enabled:
            self.flights.append(_Flight(picture, pygame.Rect(src), pygame.Rect(dst), self.now))

    def flip(self, key, at: pygame.Rect | None = None) -> float:
        """How wide `key` is drawn (1 -> 0 -> 1) while a reveal turns it over, narrowed about
        the middle of `at`, where it lies: a frame then draws only there (see `ahead`)."""
        if at is not None:
            self._flip_at[key] = pygame.Rect(at)
        t = self._flips.get(key)
        return 1.0 if t is None else abs(math.cos(math.pi * min(1.0, (self.now - t) / FLIP)))

    def reveal(self, key) -> None:
        """`key` has just been turned over or changed: flip it."""
        if self.enabled:
            self._flips[key] = self.now

    def rise(self, text: str, pos: tuple[float, float], colour) -> None:
        """Points (or coins) rising from where they were scored, at `pos` in design units."""
        if self.enabled:
            self.rises.append(_Rise(text, pos, colour, self.now))

    def draw(self, surf: pygame.Surface, ui) -> None:
        """The flights and rising points, over the table."""
        for f in self.flights:
            centre, size = self._flight_at(f, self.now, ui)
            self._moving.append(pictures.draw(surf, f.picture, centre, size))
        for rise in self.rises:
            img, at = self._rise_at(rise, self.now, ui)
            surf.blit(img, at)
            self._moving.append(at)

    @staticmethod
    def _flight_at(f: _Flight, now: float, ui) -> tuple[tuple[float, float], tuple[int, int]]:
        """A flight's centre and size at `now`: an arc, not a slide."""
        k = ease((now - f.start) / (GLIDE * 1.6))
        r = lerp_rect(f.src, f.dst, k)
        return (r.centerx, r.centery - math.sin(math.pi * k) * ui.px(60)), r.size

    @staticmethod
    def _rise_at(rise: _Rise, now: float, ui) -> tuple[pygame.Surface, pygame.Rect]:
        """Rising points at `now`: their picture (fading at the end) and where it lies."""
        k = (now - rise.start) / RISE
        img = ui.render(rise.text, 52, rise.colour, True)
        if k > 0.6:
            img = img.copy()
            img.set_alpha(round(255 * (1 - k) / 0.4))
        x, y = rise.pos
        return img, img.get_rect(center=(ui.px(x), ui.px(y - 90 * ease(k))))

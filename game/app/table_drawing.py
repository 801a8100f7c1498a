"""A table's own drawing over the frame loop: its clock, the live parts only the
clock changes (pulses, glows: game/app/live.py), the motion of what moved, and
what tells the loop whether a frame is drawn whole, in part or not at all.

`TableScene` (game/app/table.py) is one; it says what its picture shows
(`look`) and whether a panel covers the table (`covered`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable

import pygame

from .faces import Faces
from .live import LiveLayer, Paint
from .motion import Motion, pulse
from .scene import Scene
from .ui import ACCENT, BG

# Passes of the drawing a frame drawn in part makes at most (`_touched`): each one runs all of
# it, clipped, and costs a good part of a whole frame's work at 1080p.
PASSES = 2


class TableDrawing(Scene):
    curtain_for: int | None = None  # a seat the screen must be passed to: the curtain hides the table
    long_lived = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self._clock = 0.0  # seconds of scene time, for animations (`clock`)
        # What the last frame drawn showed (see `changes`): its look, whether its drawing read
        # the clock outside its live parts, the live parts, the scene time it must change at.
        self._look: tuple | None = None
        self._timed = False
        self._clock_read = False
        self._live = LiveLayer()
        self._frozen = False  # a panel covers the table: its live parts are painted in place, still
        self._frozen_at = 0.0  # the scene time the panel came up: the moment they are painted at
        self._change_at = math.inf
        self._mend: list[pygame.Rect] | None = None  # the areas the next frame draws (`changes`: "part")
        self._regions: list[tuple[pygame.Rect, Hashable]] | None = None  # the last frame's (`regions`)
        self._deferred: set[int] = set()  # the regions that changed which the next frame leaves for later
        self._behind = False  # the last frame left some (`_touched`): the next one draws them
        self._fresh: list[tuple[pygame.Rect, Hashable]] | None = None  # read by `_touched` for this frame
        self._setting: tuple = ()  # the last frame's (`setting`)
        self._hold_part = False  # the frame drawn in part is a move's: it leaves its new faces too
        self._clip: pygame.Rect | None = None  # the area the frame being drawn is clipped to
        self._mend_drawn: list[pygame.Rect] = []  # every area of the frame being drawn in part
        self._passes = (True, True)  # whether that clipped pass is the frame's first, its last
        self._held = 0  # frames drawn in a row that left their new faces for the frames after them
        self._own_moved: list[pygame.Rect] = []  # where the frame drew the scene's own movers (`moved_at`)
        self._still: list[pygame.Rect] = []  # the live parts the frame painted in place (`live`)
        self.motion = Motion(app.motion)  # eased moves, flips, flights, rising points
        self.faces = Faces(self.ui)  # cards, stalls, tiles drawn once per look

    def look(self) -> tuple:
        """Everything the picture shows besides the clock (TableScene.look)."""
        raise NotImplementedError

    def setting(self) -> tuple:
        """What the picture shows besides the game's moves and the focus (TableScene.setting):
        when it changes, the picture changes as one, drawn whole."""
        return ()

    def covered(self) -> bool:
        """A panel lies over the table: its live parts are painted in place and stand still."""
        return False

    def regions(self) -> list[tuple[pygame.Rect, Hashable]] | None:
        """The picture cut into areas, each with everything drawn in it besides faces shown
        in a place, motion and live parts (the loop follows those itself): a frame whose look
        changed is drawn only in the areas whose part changed (a bot's move: its top line and
        board, not its stalls). None: not cut, such a frame is drawn whole."""
        return None

    def shows(self, rect: pygame.Rect) -> bool:
        """Whether the frame being drawn shows anything within `rect`: False only in a frame
        drawn in part whose area misses it. A part of the picture with no face in a place
        (`Faces` counts on seeing every place in each pass) may skip its drawing then."""
        return self._clip is None or self._clip.colliderect(rect)

    @property
    def clock(self) -> float:
        """Seconds of scene time. Read while drawing (outside `live` and `before`), it
        tells the loop the picture follows the clock: the next frame is drawn whole."""
        self._clock_read = True
        return self._clock

    @clock.setter
    def clock(self, value: float) -> None:
        self._clock = value
        # What starts moving in a step (a move's flight, its points) starts now, not when the
        # last frame was drawn: a still table draws nothing for seconds.
        self.motion.now = value

    def before(self, t: float) -> bool:
        """True while the scene's clock is before `t` (a banner's end, a reveal's): the
        picture changes once, at `t`, and is drawn whole again then, not every frame."""
        if self._clock < t:
            self._change_at = min(self._change_at, t)
            return True
        return False

    def follows_clock(self) -> None:
        """This frame shows something moving with time other than `clock` (a real-time
        game's clock, physics): the next frame is drawn whole too."""
        self._clock_read = True

    def own_moves(self) -> list[pygame.Rect]:
        """Where things the scene moves itself (not with `motion`: Wok Up's physics) lay in
        the last frame drawn and will lie in the next, worked out before drawing; its drawing
        tells each place it drew them at with `moved_at`. A scene that cannot say calls
        `follows_clock` while drawing instead: the frame is drawn whole."""
        return []

    def moved_at(self, rect: pygame.Rect) -> None:
        """This frame drew one of the scene's own movers over `rect` (checked in `draw_part`)."""
        self._own_moved.append(rect)

    def live(self, surf: pygame.Surface, area: pygame.Rect, paint: Paint) -> None:
        """Something only the clock changes (a pulse, a glow) within `area`, painted by
        `paint(surf)`: over the finished frame, and alone on the frames where nothing
        else changed (game/app/live.py). Under a panel covering the table, and where
        nobody watches (motion off), it is painted here and now, and stands still."""
        if self._frozen or not self.motion.enabled:
            read, now = self._clock_read, self._clock
            if self._frozen:  # at the moment the panel came up, in every frame: it stands still
                self._clock = self._frozen_at
            try:
                paint(surf)
            finally:
                self._clock_read, self._clock = read, now
            self._still.append(pygame.Rect(area))
        else:
            self._live.add(area, paint)

    def changes(self) -> str:
        moving = self.motion.enabled and self.curtain_for is None and self.motion.settling
        if self._timed or self._clock >= self._change_at:
            return "whole"
        looked = self._look != self.look()
        if looked or self._behind:
            self._mend = self._touched()
            if moving and self._mend is not None:
                self._mend = self._gliding(self._mend)
            self._hold_part = looked and self._may_hold()  # as a whole frame does
            return "whole" if self._mend is None else "part"
        own = self.own_moves()
        if moving or self.faces.lagging or own:
            self._mend, self._hold_part = self._mend_areas(moving, own), False
            return "whole" if self._mend is None else "part"
        return "live" if self._live.parts else "none"

    def _may_hold(self) -> bool:
        """Whether a move's frame may leave its new faces to the frames after it: not a third
        time in a row while faces it left still wait (a table drawn whole every frame still
        gets its faces). Twice: the move's frame and the next, when a panel comes up over the
        table a frame after the move (Relleno's reveal), leave them to the still frames after."""
        return self._held < 2 or not self.faces.lagging

    def _touched(self) -> list[pygame.Rect] | None:
        """The areas whose part of the picture changed (`regions`) that this frame draws, when
        it can be drawn in them alone: the table cut as in the last frame, its `setting` the
        same (a panel over the table, a new viewer: the picture changes at once, whole).
        Areas one above the other are joined while under half the stage; each area is a pass
        of the whole drawing, clipped, so a frame draws at most `PASSES` of them and under
        half the stage, top first. The others are drawn in the next frame, as faces are (a
        bot's fill: its top lines, book and order line now, its seat's panel then), in at
        most `PASSES` areas whatever their size, or whole: never left two frames running. A
        move that changed no part (a hidden pick) is drawn in the smallest area: the drawing
        still sees each place's face. None: drawn whole."""
        self._deferred = set()
        if self._frozen or not self.motion.enabled or not self.app.scenes or self.app.top is not self:
            return None
        now, last = self.regions(), self._regions
        self._fresh = now  # the frame about to be drawn shows these: draw_frame keeps them
        if now is None or last is None or [r for r, _k in now] != [r for r, _k in last] or self.own_moves():
            return None
        if self.setting() != self._setting:  # a panel over the table, a new viewer: at once
            return None
        stage = self.app.stage.get_rect()
        half = stage.w * stage.h // 2
        changed = [i for i, ((_r, key), (_w, was)) in enumerate(zip(now, last, strict=True)) if key != was]
        if not changed:
            return [min((pygame.Rect(r) for r, _k in now), key=lambda r: r.w * r.h)]
        groups: list[tuple[pygame.Rect, set[int]]] = []  # areas one above the other, joined
        for i in changed:
            rect = now[i][0]
            if groups and _joins(groups[-1][0], rect) and _size(groups[-1][0].union(rect)) < half:
                groups[-1] = (groups[-1][0].union(rect), groups[-1][1] | {i})
            else:
                groups.append((pygame.Rect(rect), {i}))
        if self._behind:  # what the last frame left is drawn now, all of it
            return [area for area, _regions in groups] if len(groups) <= PASSES else None
        room, areas = half, list[pygame.Rect]()
        for area, regions in groups:
            if len(areas) < PASSES and _size(area) < room:
                areas.append(area)
                room -= _size(area)
            else:
                self._deferred |= regions
        return areas or None

    def _gliding(self, areas: list[pygame.Rect]) -> list[pygame.Rect] | None:
        """The changed regions' `areas` with where things glide this frame (`Motion.ahead`,
        as `_mend_areas`): a glide over an area widens it, the others are covered by one or
        two areas more (`_split`), areas that then overlap are joined. At most `PASSES` + 1
        passes under half the stage, else None (whole). Why one more pass: We Will Wok You's
        buy while the last coin still flies to a seat is its market and that coin; a pass
        (~0.3 ms at 1080p) is a fraction of a whole frame (~2 ms)."""
        ahead = self.motion.ahead(self._clock, self.ui, self.ui.px(16))
        if ahead is None:
            return None
        bounds = self.app.stage.get_rect()
        half = bounds.w * bounds.h // 2
        areas, rest = list(areas), list[pygame.Rect]()
        for rect in _on_stage(ahead, bounds):
            hit = rect.collidelist(areas)
            if hit >= 0:
                areas[hit] = areas[hit].union(rect)
            else:
                rest.append(rect)
        if rest:
            cover = _split(rest, half - sum(map(_size, areas)))
            if cover is None:
                return None
            areas += cover
        areas = _joined(areas)
        return areas if len(areas) <= PASSES + 1 and sum(map(_size, areas)) < half else None

    def _mend_areas(self, moving: bool, own: list[pygame.Rect]) -> list[pygame.Rect] | None:
        """Where the next frame differs from the last when only things gliding, the scene's
        own movers and faces drawn late changed: where the glides and movers were and will
        be, and the first place that showed its previous face (the one face painted next
        frame); as one area, or two (`_split`) when things move far apart. None: whole."""
        rects = self.motion.ahead(self._clock, self.ui, self.ui.px(16)) if moving else []
        late = self.faces.late if self.faces.lagging else []
        if rects is None or late is None or (self.faces.lagging and not late):
            return None
        bounds = self.app.stage.get_rect()
        rects = _on_stage([*rects, *own, *late[:1]], bounds)
        # A live part painted in place (under a panel) would be painted at another moment of
        # its pulse in an area that cuts it: drawn whole.
        if any(r.collidelist(self._still) >= 0 for r in rects):
            return None
        return _split(rects, bounds.w * bounds.h // 2) if rects else None

    def draw_part(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the frame clipped to each area `changes` found in turn (game/app/live.py puts
        the live parts back first, so what lies outside the areas is the last frame's, bare);
        the rectangles changed, or None when something was drawn outside them after all
        (then the caller draws the frame whole)."""
        areas, self._mend = self._mend, None
        if not areas:
            return None
        drawn: list[pygame.Rect] = []  # what each pass moved or painted anew (a face painted once)
        self._mend_drawn = areas
        for i, area in enumerate(areas):
            self._clip, self._passes = area, (i == 0, i == len(areas) - 1)
            try:
                self.draw(surf)
            finally:
                self._clip = None
            moved = self.motion.damage(self.ui.px(16)) if self.motion.enabled else []
            changed = self.faces.changed
            if self._timed or moved is None or changed is None:
                return None
            drawn += [*moved, *changed, *self._own_moved]
        bounds = surf.get_rect()  # what lies past the stage's edge is not seen
        if any(not any(area.contains(r.clip(bounds)) for area in areas) for r in drawn if r.colliderect(bounds)):
            return None
        return [*areas, *self._live.areas]

    def draw_live(self, surf: pygame.Surface) -> list[pygame.Rect]:
        return self._live.repaint(surf)

    def damage(self) -> list[pygame.Rect]:
        return [*(self.motion.damage(self.ui.px(16)) or []), *self._live.areas]

    def draw_frame(self, surf: pygame.Surface, draw_all: Callable[[pygame.Surface], None]) -> None:
        """Draw the frame whole with `draw_all`, noting what it showed and read (see `changes`);
        in `draw_part`, the same drawing clipped to its area, over the last frame bare."""
        keep = surf.get_clip()
        first, last = self._passes if self._clip is not None else (True, True)
        if self._clip is not None:
            if first:  # the live parts come off once, and go back on after the last pass
                self._live.unpaint(surf)
            surf.set_clip(self._clip)
            if not self.opaque:
                surf.fill(BG)  # as App.draw does before a whole frame
            # A move's frame holds its new faces as when drawn whole; else it paints a late face.
            self.faces.hold = self._hold_part
            if first:
                self._held = self._held + 1 if self._hold_part else 0
        elif self.motion.enabled and self.app.scenes and self.app.top is self:
            # A move's frame leaves its new faces to the next ones (each drawn in part). Only
            # where the loop draws it (App.frame asks `changes`), not in the theatre's view.
            self.faces.hold = self._may_hold() and self._look != self.look()
            self._held = self._held + 1 if self.faces.hold else 0
        self._live.clear()
        self._still = []
        self._own_moved = []
        frozen = self.covered()
        if frozen and not self._frozen:
            self._frozen_at = self._clock
        self._frozen = frozen
        self._clock_read, self._change_at = False, math.inf
        try:
            draw_all(surf)
        finally:
            surf.set_clip(keep)
        self._timed = self._clock_read  # the picture followed the clock outside its live parts
        if last:
            self._live.finish(surf, self._mend_drawn if self._clip is not None else None)
            self._look = self.look()
            # Nothing changes between `changes` and the drawing: the regions `_touched` read then are these.
            fresh, self._fresh = self._fresh, None
            regions = fresh if fresh is not None else self.regions()
            deferred = self._deferred if self._clip is not None else set()
            if regions is not None and deferred and self._regions is not None:
                # A region left for a later frame keeps what it showed: it still differs then.
                regions = [
                    (r, was if i in deferred else key)
                    for i, ((r, key), (_r, was)) in enumerate(zip(regions, self._regions, strict=True))
                ]
            self._regions, self._behind, self._deferred = regions, bool(deferred), set()
            self._setting = self.setting()

    def draw_turn(self, surf: pygame.Surface, rect: pygame.Rect, colour, radius: float = 16) -> None:
        """The ring of whose turn it is: it breathes, so the eye finds it from the sofa."""
        rect = pygame.Rect(rect)

        def paint(s: pygame.Surface) -> None:
            k = pulse(self.clock) if self.motion.enabled else 1.0
            lit = tuple(round(c + (255 - c) * 0.45 * k) for c in colour)
            grow = self.ui.px(2 + 6 * k)
            pygame.draw.rect(s, lit, rect.inflate(grow, grow), max(2, self.ui.px(4 + 3 * k)), self.ui.px(radius))

        most = self.ui.px(8) + 4
        self.live(surf, rect.inflate(most, most), paint)

    def draw_pulse(
        self,
        surf: pygame.Surface,
        rect: pygame.Rect,
        colour,
        grow: float,
        width: tuple[float, float],
        radius: float,
        speed: float = 6.0,
    ) -> None:
        """A ring `grow` units wider than `rect` whose width (`width`: middle, swing, in
        units) breathes with the clock: something that can be chosen. A live part."""
        ring = rect.inflate(self.ui.px(grow), self.ui.px(grow))

        def paint(s: pygame.Surface) -> None:
            w = width[0] + width[1] * math.sin(self.clock * speed)
            pygame.draw.rect(s, colour, ring, self.ui.px(w), self.ui.px(radius))

        self.live(surf, ring.inflate(4, 4), paint)

    def draw_focus(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """A pulsing ring around the focused target at `rect`."""
        ring = rect.inflate(self.ui.px(10), self.ui.px(10))
        if ring.collidelist(self.ui.covers) >= 0:  # under a panel drawn over the table (a reveal): not shown
            return

        def paint(s: pygame.Surface) -> None:
            pulse = 3 + int(2 * (1 + math.sin(self.clock * 6)))
            pygame.draw.rect(s, ACCENT, ring, self.ui.px(pulse), border_radius=self.ui.px(14))

        self.live(surf, ring.inflate(4, 4), paint)


def _joins(above: pygame.Rect, rect: pygame.Rect) -> bool:
    """`rect` lies right under `above`, as wide: the two are drawn as one area."""
    return above.bottom == rect.top and above.x == rect.x and above.w == rect.w


def _on_stage(rects, bounds: pygame.Rect) -> list[pygame.Rect]:
    """The part of each of `rects` within `bounds` (what lies past the stage is not seen), empty ones left out."""
    return [r for r in (pygame.Rect(r).clip(bounds) for r in rects) if r.w and r.h]


def _joined(areas: list[pygame.Rect]) -> list[pygame.Rect]:
    """`areas` with those that overlap joined into one (each area is a pass of the drawing)."""
    out: list[pygame.Rect] = []
    for area in areas:
        while (hit := area.collidelist(out)) >= 0:
            area = area.union(out.pop(hit))
        out.append(area)
    return out


def _size(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _split(rects: list[pygame.Rect], most: int) -> list[pygame.Rect] | None:
    """`rects` covered by one area, or by two (split along the axis and at the place that
    leaves the least to draw: a card gliding at the top while coins fly at the bottom), in
    all under `most` pixels; None if not (then drawing it whole costs no more)."""
    whole = rects[0].unionall(rects[1:])
    if _size(whole) < most:
        return [whole]
    best: tuple[int, list[pygame.Rect]] | None = None
    for axis in (lambda r: r.centery, lambda r: r.centerx):
        ordered = sorted(rects, key=axis)
        before = list(itertools.accumulate(ordered, lambda a, r: a.union(r)))
        after = list(itertools.accumulate(reversed(ordered), lambda a, r: a.union(r)))[::-1]
        for k in range(1, len(ordered)):
            size = _size(before[k - 1]) + _size(after[k])
            if best is None or size < best[0]:
                best = (size, [before[k - 1], after[k]])
    return best[1] if best is not None and best[0] < most else None

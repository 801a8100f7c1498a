"""Is a scene laid out at a window size? Measured from what the scene reports
while drawing (`Ui.boxes`: every text's inked box, every card and chip), not
judged by eye: no two texts overlap, no two cards or chips overlap, a text
touching a card lies on it, whatever touches a panel (a seat's mat) lies on it,
a banner (a panel over the table for a moment: a claim's result) covers no card,
a frame (a glow ringing part of a card) never cuts through a text, and nothing
leaves the window.

    problems = layout.check(app, (1600, 700))   # the app's scenes drawn at that size

The app draws every scene on a centred 16:9 stage (App._set_stage), so a 4:3,
16:10 or 21:9 window is letterboxed, never cropped; this check is what proves it.
"""

from __future__ import annotations

import pygame

from .. import i18n
from .ui import MIN_TEXT

# The windows a table meets: TVs, laptops, monitors, a phone-shaped browser window.
SIZES = {
    "16:9": [(1920, 1080), (1280, 720), (1366, 768), (1600, 900), (3840, 2160)],
    "16:10": [(1280, 800), (1440, 900), (1680, 1050), (1920, 1200)],
    "4:3": [(1024, 768), (800, 600)],
    "21:9": [(2560, 1080), (3440, 1440)],
    "other": [(1600, 700)],
}
TOUCH = 2  # px: boxes meeting by less than this do not overlap (anti-aliased edges)


def all_sizes() -> list[tuple[int, int]]:
    return [size for sizes in SIZES.values() for size in sizes]


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    c = a.clip(b)
    return c.w >= TOUCH and c.h >= TOUCH


def problems(boxes: list[tuple[str, pygame.Rect]], area: pygame.Rect) -> list[str]:
    """What is wrong with the boxes of one drawn picture in a window area. A "cover" (an opaque
    panel drawn over the table, e.g. a guided game's explanation) hides what was
    reported before it and beneath it."""
    shown: list[tuple[str, pygame.Rect]] = []
    for kind, r in boxes:
        if kind == "cover":
            shown = [(k, b) for k, b in shown if not _overlap(b, r)]
        else:
            shown.append((kind, r))
    boxes = shown
    out = []
    bounds = area.inflate(2, 2)
    for kind, r in boxes:
        if not bounds.contains(r):
            out.append(f"{kind} {tuple(r)} leaves the window {tuple(area)}")
    # The pairs that overlap, found along boxes sorted by their left edge: a box meets only the
    # boxes that start before its right edge (a picture reports thousands of boxes).
    order = sorted(range(len(boxes)), key=lambda i: boxes[i][1].left)
    found = []
    for at, i in enumerate(order):
        a = boxes[i][1]
        for j in order[at + 1 :]:
            b = boxes[j][1]
            if b.left > a.right - TOUCH:
                break
            if _overlap(a, b):
                first, second = min(i, j), max(i, j)
                problem = _problem(*boxes[first], *boxes[second])
                if problem is not None:
                    found.append((first, second, problem))
    out += [problem for _i, _j, problem in sorted(found)]
    return out


def _problem(ka: str, a: pygame.Rect, kb: str, b: pygame.Rect) -> str | None:
    """What is wrong with two overlapping boxes (`a` reported before `b`), or None."""
    if "banner" in (ka, kb) and ka != kb:  # up for a moment: its words on it, no card under it
        other, banner = (a, b) if kb == "banner" else (b, a)
        kind = kb if ka == "banner" else ka
        if kind != "text":
            return f"banner {tuple(banner)} covers {kind} {tuple(other)}"
        if not banner.inflate(2 * TOUCH, 2 * TOUCH).contains(other):
            return f"text {tuple(other)} runs over the edge of banner {tuple(banner)}"
    elif ("panel" in (ka, kb)) and ka != kb:  # a panel holds what touches it (a mat, its cards and words)
        inner, panel = (a, b) if kb == "panel" else (b, a)
        if not panel.inflate(2 * TOUCH, 2 * TOUCH).contains(inner):
            return f"{kb if kb != 'panel' else ka} {tuple(inner)} runs over the edge of panel {tuple(panel)}"
    elif "frame" in (ka, kb):  # a frame lies on cards; a text is inside it or outside it
        text, frame = (a, b) if ka == "text" else (b, a)
        if "text" in (ka, kb) and not frame.inflate(2 * TOUCH, 2 * TOUCH).contains(text):
            return f"frame {tuple(frame)} cuts through text {tuple(text)}"
    elif ka == kb == "text" or (ka != "text" and kb != "text"):
        if a != b:  # the same card reported twice (drawn, then lit) is one card
            return f"{ka} {tuple(a)} overlaps {kb} {tuple(b)}"
    else:  # a text touching a card must lie on it (its tag, its count)
        text, card = (a, b) if ka == "text" else (b, a)
        if not card.inflate(2 * TOUCH, 2 * TOUCH).contains(text):
            return f"text {tuple(text)} runs over the edge of {kb if ka == 'text' else ka} {tuple(card)}"
    return None


def sweep(app, sizes: list[tuple[int, int]], languages: list[str]) -> list[str]:
    """The top scene drawn in every language at every size: its layout problems, texts
    that overflow their box even shrunk, and texts smaller than a player reads from
    the sofa (`ui.MIN_TEXT`), each named with its language and size."""
    before = i18n.language()
    try:
        return _swept(app, sizes, languages)
    finally:  # the app as it was found (check restores its window): the next scene is built as before
        app.set_language(before)


def _swept(app, sizes: list[tuple[int, int]], languages: list[str]) -> list[str]:
    found: list[str] = []
    ui = app.ui
    for lang in languages:
        app.set_language(lang)
        for size in sizes:
            where = f"[{lang} {size[0]}x{size[1]}]"
            ui.overflows, ui.sizes = [], []
            try:
                found += [f"{where} {p}" for p in check(app, size)]
                found += [f"{where} overflows: {o}" for o in ui.overflows]
                small = sorted({(round(s, 1), t) for t, s in ui.sizes if s < MIN_TEXT - 0.05})
                found += [f"{where} text {t!r} at size {s} < {MIN_TEXT}" for s, t in small]
            finally:
                ui.overflows, ui.sizes = None, None
    return found


def check(app, size: tuple[int, int]) -> list[str]:
    """Draw the app's scenes in a `size` window and list the layout's problems
    (the top scene's boxes; overlays are checked on their own). The app's own window
    is put back after: a scene built next is built at the app's size."""
    screen = app.screen
    try:
        return _checked(app, size)
    finally:
        _restore(app, screen)


def _restore(app, screen: pygame.Surface) -> None:
    if app.screen is not screen:
        app.screen = screen
        app._set_stage(screen)


def _checked(app, size: tuple[int, int]) -> list[str]:
    app.screen = pygame.Surface(size)
    app._set_stage(app.screen)
    app.screen.fill((0, 0, 0))
    scenes = app.scenes
    first = len(scenes) - 1
    while first > 0 and scenes[first].overlay:
        first -= 1
    for scene in scenes[first:-1]:
        scene.draw(app.stage)
    app.ui.boxes = []
    try:
        scenes[-1].draw(app.stage)
        return problems(app.ui.boxes, app.stage.get_rect())
    finally:
        app.ui.boxes = None

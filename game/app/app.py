"""The arcade: window, fixed-timestep loop, scene stack, settings, input.

The loop runs the game logic at a fixed 60 steps a second and draws once per
frame. Between frames it does not sleep blindly: it polls SDL's event queue
every millisecond, so each input gets a timestamp within about a millisecond
of the key or button (pygame's events carry no timestamp of their own). A
picture nobody touches is neither redrawn nor presented (see `frame`): a
still menu is not polled more than every 4 ms either, and a table repaints
and presents only its live parts (a pulsing ring) and what moves on it.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import time
import traceback
from collections.abc import Sequence
from dataclasses import replace

import pygame

from .. import i18n, logs
from ..hardware.manager import BuzzerManager
from ..input.devices import Devices
from ..input.events import EventQueue, PlayerEvent
from ..settings import SettingsStore
from . import memory
from .audio import Audio
from .kiosk import KioskMode
from .mode import HomeMode, Mode
from .phones import Phones
from .replays import Shelf
from .saves import SaveStore
from .scene import Scene, scene_class
from .ui import BG, INK, RED, Ui

log = logging.getLogger(__name__)
# The window is back or made anew: its surface is fetched again (App._screen_again).
WINDOW_BACK = (
    pygame.WINDOWSIZECHANGED,
    pygame.WINDOWEXPOSED,
    pygame.WINDOWRESTORED,
    pygame.WINDOWSHOWN,
    pygame.WINDOWMAXIMIZED,
)
STEP = 1 / 60
STEP_NS = 1_000_000_000 // 60


class App:
    def __init__(
        self,
        size: tuple[int, int] | None = None,
        store: SettingsStore | None = None,
        saves: SaveStore | None = None,
        window: bool = True,
        kiosk: bool = False,
    ) -> None:
        sys.setswitchinterval(0.001)  # reader threads (buzzer boxes, saves) must not hold the GIL for a frame
        # The window shows our software frame through the video driver's own framebuffer
        # (MIT-SHM on X11), which copies only the rectangles given to display.update. SDL's
        # default on Linux goes through an OpenGL texture instead, and re-presents the whole
        # window at every update: on a software GL (no GPU, Xvfb, a small board without a GL
        # driver) that alone cost a core at 1080p. SDL_FRAMEBUFFER_ACCELERATION=1 restores it.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        # Only what the arcade uses. The mixer opens on the first sound (app.audio),
        # and a machine without a sound device stays quiet without an error.
        pygame.display.init()
        pygame.font.init()
        pygame.joystick.init()
        self.store = store or SettingsStore()
        self.settings = self.store.load()
        self.notice = self.store.problem or ""  # a message shown over every scene
        self.notice_until = time.monotonic() + 12 if self.notice else 0.0
        i18n.set_language(self.settings.language)
        self.audio = Audio(self.settings)  # app.audio.play("slap"), app.audio.music("menu")
        self.saves = saves or SaveStore()
        self.ui = Ui()
        self.devices = Devices(self.settings.bindings)
        self.queue = EventQueue()  # bots, buzzer readers and tests put events here
        self.buzzers: BuzzerManager | None = None  # once start_buzzers() ran
        self.phones = Phones(self, port=self.settings.phones_port)  # its server runs while Settings > Phones is on
        self.replays = Shelf(self)  # finished games kept to be watched again (game/app/replays.py)
        # Tables move things eased (game/app/motion.py) where someone watches a window;
        # headless renders (tests, screenshots, watch) draw everything where it lies.
        self.motion = window
        width, height = size or self.settings.window
        self.size = (width, height)
        if not all(self.size):  # [0, 0]: the screen's size (a surface without a screen: 720p)
            self.size = screen_size() if window else (1280, 720)
        # At home, or kiosk mode (game/app/kiosk.py): fullscreen, no way out for guests,
        # attract mode. The loop and the scenes ask the mode where the two differ
        # (game/app/mode.py). (Neither the flag nor the fullscreen it forces is saved.)
        self.mode: Mode = KioskMode(self, defer=window) if kiosk or self.settings.kiosk.enabled else HomeMode(self)
        self.screen = self._open(window)
        self.scenes: list[Scene] = []
        self.running = True
        self.steps = 0
        self.dirty = True  # something changed since the last frame was drawn
        self._drawn_at = 0.0
        self._notice_on = False
        self.hidden = False  # the window is minimised or hidden: nothing is drawn (see `visible`)
        self.presented = 0  # frames given to the window, whole or in part (tests count them)
        self.settled: Scene | None = None  # the scene shown when memory was last settled (settle_memory)
        self.drawn = 0  # frames drawn whole (presented whole, or only where things moved)
        self.mended = 0  # frames drawn only in the one area that changed (Scene.draw_part)
        # What the mode's overlay (the kiosk's banner) covers, as the frame lay without it: (rect, copy) to put back
        # when only the banner moved (App.frame); None when the last whole frame kept none.
        self._bare: list[tuple[pygame.Rect, pygame.Surface]] | None = None

    def _open(self, window: bool) -> pygame.Surface:
        if not window:
            surf = pygame.Surface(self.size)
        elif self.settings.fullscreen or self.mode.fullscreen:
            surf = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            surf = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        if window:
            pygame.display.set_caption("Wok Arcade")
        self.size = surf.get_size()
        self._set_stage(surf)
        return surf

    def _set_stage(self, screen: pygame.Surface) -> None:
        """The 16:9 part of the window the scenes draw in, centred: a 4:3 or 16:10
        window gets bars above and below, a 21:9 one at the sides; nothing is cropped
        or stretched, and every scene keeps one layout (design units, game/app/ui.py)."""
        w, h = screen.get_size()
        u = min(w / 1920, h / 1080)
        sw, sh = min(w, round(1920 * u)), min(h, round(1080 * u))
        self.stage_rect = pygame.Rect((w - sw) // 2, (h - sh) // 2, sw, sh)
        self.stage = screen.subsurface(self.stage_rect)
        self.ui.resize((sw, sh))

    # ---- scenes --------------------------------------------------------
    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        self.dirty = True

    def pop(self) -> None:
        self.scenes.pop()
        self.dirty = True
        if self.scenes:
            self.top.enter()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.scenes.pop()
        self.scenes.append(scene)
        self.dirty = True

    def reset_to(self, scene: Scene) -> None:
        self.scenes = [scene]
        self.dirty = True
        if self.devices.typing:  # a name was being typed on a scene that is gone (a kiosk reset)
            self.devices.stop_typing()

    def open(self, name: str, *args) -> Scene:
        """Push the scene registered as `name` (see game/app/scene.py)."""
        scene = scene_class(name)(self, *args)
        self.push(scene)
        return scene

    def restart_at(self, name: str, *args) -> Scene:
        """Make the scene registered as `name` the only one (e.g. back to the title;
        the title is the mode's: in kiosk mode the chooser)."""
        self.phones.invalidate()  # back to the title or a kiosk reset: every phone link dies
        if name == "title":
            name = self.mode.home
        scene = scene_class(name)(self, *args)
        self.reset_to(scene)
        return scene

    def say(self, message: str, seconds: float = 6.0) -> None:
        self.notice, self.notice_until = message, time.monotonic() + seconds
        self.dirty = True

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.screen = self._open(True)

    def set_language(self, lang: str) -> None:
        self.settings.language = lang
        i18n.set_language(lang)
        self.phones.set_language()

    def save_settings(self) -> None:
        note = self.store.save()
        if note:
            self.say(note, 10)

    # ---- the loop ------------------------------------------------------
    def poll(self) -> None:
        """Stamp and translate what SDL has queued (called every millisecond)."""
        for e in pygame.event.get():
            t = time.monotonic_ns()
            if self.mode.swallows(e):
                continue
            if e.type == pygame.QUIT:
                self.running = False
            elif e.type == pygame.VIDEORESIZE and not (self.settings.fullscreen or self.mode.fullscreen):
                self.size = (max(640, e.w), max(360, e.h))
                self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
                self._set_stage(self.screen)
                self.dirty = True
            elif e.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
                self.hidden = True
            elif e.type in WINDOW_BACK:
                self.hidden = self.hidden and e.type == pygame.WINDOWSIZECHANGED
                self._screen_again()
                self.dirty = True  # the window manager wants the picture again
            elif e.type == pygame.KEYDOWN and e.key == pygame.K_F11:
                self.toggle_fullscreen()
            else:
                for ev in self.devices.translate(e, t, self.size):
                    if ev.pos is not None:  # window pixels -> the stage's pixels
                        ev = replace(ev, pos=(ev.pos[0] - self.stage_rect.x, ev.pos[1] - self.stage_rect.y))
                    self.queue.put(ev)
        for msg in self.devices.notices:
            self.say(msg)
        self.devices.notices.clear()
        while self.buzzers is not None and not self.buzzers.notices.empty():
            self.say(self.buzzers.notices.get())

    def _screen_again(self) -> None:
        """The window's surface after SDL made it anew (its size changed: a fullscreen
        window minimised, hidden or shown again): the old one and the stage cut from
        it point at freed pixels, and drawing there crashes (pygame.draw.rect)."""
        screen = pygame.display.get_surface() if pygame.display.get_init() else None
        if screen is None:
            return
        self.screen = screen  # (pygame may keep the object and swap the pixels under it: the stage is cut again)
        self.dirty = True  # the new surface holds nothing of ours yet: the next frame is drawn whole
        if all(screen.get_size()):
            self.size = screen.get_size()
            self._set_stage(screen)

    @property
    def visible(self) -> bool:
        """False while the window is minimised or hidden, or has no pixels: then the
        loop draws nothing (and SDL may free the window's surface meanwhile)."""
        return not self.hidden and all(self.screen.get_size())

    def step(self, events: Sequence[PlayerEvent] = ()) -> None:
        """One fixed step: deliver events, advance the top scene."""
        for ev in [*events, *self.queue.drain()]:
            self.dirty = True
            if self.scenes and self.mode.admits(ev) and not self.phones.hold(ev):
                self.top.handle(ev)  # (a phone's move while its table is covered waits in app.phones)
        if self.scenes:
            self.top.update(STEP)
            self.phones.update()
        if self.scenes:
            self.mode.after_step(STEP)
        self.steps += 1

    def draw(self, keep: list[pygame.Rect] | None = None) -> None:
        """Draw every visible scene whole. `keep`: the rectangles the mode's overlay
        will cover, copied before it is painted (see `_move_over`)."""
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        if not (self.scenes and self.scenes[first].opaque and self.stage.get_size() == self.screen.get_size()):
            self.screen.fill(BG)  # the bars beside the stage too
        for scene in self.scenes[first:]:
            scene.draw(self.stage)
        self._bare = self._under(keep) if keep else None
        self.mode.draw_over(self.stage)
        if self.notice and time.monotonic() < self.notice_until:
            self._draw_notice()

    def _draw_notice(self) -> None:
        lines = self.ui.wrap(self.notice, 32, 1700)
        r = self.ui.rect(80, 16, 1760, 20 + 44 * len(lines))
        self.ui.panel(self.stage, r, (60, 20, 20), 12, RED)
        for i, line in enumerate(lines):
            self.ui.text(self.stage, line, (110, 24 + 44 * i), 32, INK, width=1700)

    def run(self) -> None:
        self.mode.loop_starts()
        next_step = time.monotonic_ns()
        while self.running and self.scenes:
            self.poll()
            now = time.monotonic_ns()
            stepped = 0
            shown: list[pygame.Rect] | None = []
            try:
                while now >= next_step and stepped < 5:  # catch up, but never spiral
                    self.step()
                    next_step += STEP_NS
                    stepped += 1
                if stepped:
                    shown = self.frame()
            except Exception:  # a bug in a scene must not end the evening
                self.recover()
                shown = None
            if stepped == 5:
                next_step = now + STEP_NS
            self.present(shown)
            if stepped:
                self.mode.frame_drawn()  # (a kiosk's heartbeat goes on while the window is hidden: the loop lives)
                if self.scenes and (self.settled is None or (self.top is not self.settled and self.top.long_lived)):
                    self.settle_memory()  # after the first frame, and a table's: the collector's passes stay short
            if not stepped:
                time.sleep(0.001 if not self.scenes or not self.top.still else 0.004)
        self.quit()

    def settle_memory(self) -> None:
        """Exempt what lives now from the collector's full passes (game/app/memory.py):
        the loop does it after its first frame and when a table is first shown."""
        memory.settle()
        self.settled = self.top

    def present(self, shown: list[pygame.Rect] | None) -> None:
        """Give the window what changed: all of it (None), some rectangles of the
        stage, or nothing (an empty list: the picture on screen is already right)."""
        if (shown is not None and not shown) or not self.visible:
            return
        self.mode.before_flip()
        if shown is None:
            pygame.display.flip()
        else:
            pygame.display.update([r.move(self.stage_rect.topleft) for r in shown])
        self.presented += 1

    def frame(self) -> list[pygame.Rect] | None:
        """Bring the picture up to date for this step, drawing no more than changed:
        None when it was drawn whole, else the stage rectangles that changed (none
        at all for a still picture). A scene alone on the stage says what changed
        (`Scene.changes`: nothing, its live parts, things moving, everything); a
        scene under another or under a notice, an event, a notice coming or going
        draw everything. A still menu is drawn again once a second regardless."""
        if not self.scenes or not self.visible:  # closing, or a hidden window: nothing is drawn
            return []
        now = time.monotonic()
        notice_on = bool(self.notice) and now < self.notice_until
        alone = not self.top.overlay
        kind = self.top.changes()
        stale = kind == "none" and self.top.still and now - self._drawn_at >= 1.0
        shifting = kind != "none" and (notice_on or not alone)  # parts of a scene under others
        if self.dirty or notice_on != self._notice_on or shifting or stale:
            kind = "whole"
        self.dirty, self._notice_on = False, notice_on
        over = self.mode.overlay()
        alone_over = bool(over) and self.mode.over_alone
        if over is None:
            kind = "whole"  # the mode's overlay changed as a whole (dimming, black)
        elif over and kind in ("none", "live"):
            if alone_over and self._bare is not None and not notice_on:
                return self._move_over(over, kind)
            kind = "moving"  # its banner moves over the table: the table under it is drawn again
        elif over and kind == "part":
            kind = "whole"
        if kind == "none":
            return []
        if kind == "live":
            return self.top.draw_live(self.stage)
        if kind == "part":
            mended = self.top.draw_part(self.stage)
            self._bare = None
            if mended is not None:
                self.mended += 1
                return mended
            kind = "whole"  # something changed outside the area after all
        self.draw(keep=over if alone_over else None)
        self._drawn_at, self.drawn = now, self.drawn + 1
        if kind == "whole":
            return None
        return [*self.top.damage(), *(over or [])]

    def _under(self, rects: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Surface]]:
        bounds = self.stage.get_rect()
        return [(r, self.stage.subsurface(r).copy()) for r in (r.clip(bounds) for r in rects) if r.w and r.h]

    def _move_over(self, over: list[pygame.Rect], kind: str) -> list[pygame.Rect]:
        """Only the mode's overlay (the kiosk's banner) moved over a picture otherwise still
        (or with live parts only): put back what lay under its last place, repaint the live
        parts, keep what lies under its next place and paint it there. The rest of the stage
        is untouched."""
        assert self._bare is not None
        for rect, patch in self._bare:
            self.stage.blit(patch, rect)
        mended = self.top.draw_live(self.stage) if kind == "live" else []
        self._bare = self._under(over)
        self.mode.draw_over(self.stage)
        return [*mended, *over]

    def recover(self) -> None:
        """Log what went wrong, close the scenes, and let the mode go on (at home:
        back to the title, which offers the game saved after its last action)."""
        log.exception("a scene failed (%s); back to the title", type(self.top).__name__ if self.scenes else "-")
        for scene in self.scenes:
            close = getattr(scene, "close", None)
            if close:
                close()
        self.mode.scene_failed(traceback.format_exc())

    # ---- buzzer boxes (game/hardware, docs/buzzers.md) -------------------
    def start_buzzers(self) -> None:
        """Find and read buzzer boxes on threads; their presses come through
        `queue`, their stations count as controllers. A scene lights a
        seat's stations with `app.buzzers.set_seat_led(seat, "on"|"blink"|"off")`."""
        self.buzzers = BuzzerManager(self.queue, self.settings.buzzers, lambda: self.devices.seat_of).start()
        self.devices.sources.append(self.buzzers.devices)

    def quit(self) -> None:
        if self.buzzers is not None:
            self.buzzers.stop()
        self.phones.stop()
        for scene in self.scenes:
            close = getattr(scene, "close", None)
            if close:
                close()
        self.saves.flush()  # the last action's save reaches the disk before the window goes
        self.replays.close()  # before the kiosk's database closes: the last game's replay is written
        self.mode.close()
        self.audio.close()
        pygame.quit()


def screen_size() -> tuple[int, int]:
    """The desktop's size on the first display (1280x720 if SDL cannot tell)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        sizes = []
    return (sizes[0][0], sizes[0][1]) if sizes and all(sizes[0]) else (1280, 720)


def main_window(kiosk: bool = False) -> int:
    logs.setup()
    try:
        app = App(kiosk=kiosk)
    except pygame.error as exc:
        log.error(
            "cannot open a window (%s). Run it on a desktop, or set DISPLAY; without a screen, "
            "`python -m game screenshot` still renders any scene.",
            exc,
        )
        return 1
    app.start_buzzers()
    app.phones.apply_setting()
    # systemctl stop (SIGTERM) and Ctrl-C (SIGINT) end the loop like Quit: the save
    # flushed, the kiosk's clean-shutdown mark written (not counted as a crash), no traceback.
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_a: setattr(app, "running", False))
    app.mode.start()
    app.run()
    return app.mode.exit_status

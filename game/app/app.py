"""The arcade: window, fixed-timestep loop, scene stack, settings, input.

The loop runs the game logic at a fixed 60 steps a second and draws once per
frame. Between frames it does not sleep blindly: it polls SDL's event queue
every millisecond, so each input gets a timestamp within about a millisecond
of the key or button (pygame's events carry no timestamp of their own).
"""
from __future__ import annotations

import sys
import time
import traceback

import pygame

from .. import i18n
from ..input.devices import Devices
from ..input.events import EventQueue, PlayerEvent
from ..i18n import _
from ..settings import SettingsStore, data_dir
from .saves import SaveStore
from .scene import Scene
from .ui import BG, INK, RED, Ui

STEP = 1 / 60
STEP_NS = 1_000_000_000 // 60


class App:
    def __init__(self, size: tuple[int, int] | None = None, store: SettingsStore | None = None,
                 saves: SaveStore | None = None, window: bool = True) -> None:
        sys.setswitchinterval(0.001)  # a thinking bot's thread must not hold the GIL for a frame
        # Only what the arcade uses: no mixer, so a machine without sound stays quiet.
        pygame.display.init()
        pygame.font.init()
        pygame.joystick.init()
        self.store = store or SettingsStore()
        self.settings = self.store.load()
        self.notice = self.store.problem or ""  # a message shown over every scene
        self.notice_until = time.monotonic() + 12 if self.notice else 0.0
        i18n.set_language(self.settings.language)
        self.saves = saves or SaveStore()
        self.ui = Ui()
        self.devices = Devices(self.settings.bindings)
        self.queue = EventQueue()  # bots, buzzer readers and tests put events here
        self.buzzers = None  # the BuzzerManager, once start_buzzers() ran
        self.size = tuple(size or self.settings.window)
        self.screen = self._open(window)
        self.scenes: list[Scene] = []
        self.running = True
        self.steps = 0

    def _open(self, window: bool) -> pygame.Surface:
        if not window:
            surf = pygame.Surface(self.size)
        elif self.settings.fullscreen:
            surf = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            surf = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        if window:
            pygame.display.set_caption("Wok Arcade")
        self.size = surf.get_size()
        self.ui.resize(self.size)
        return surf

    # ---- scenes --------------------------------------------------------
    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        self.scenes.pop()
        if self.scenes:
            self.top.enter()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.scenes.pop()
        self.scenes.append(scene)

    def reset_to(self, scene: Scene) -> None:
        self.scenes = [scene]

    def say(self, message: str, seconds: float = 6.0) -> None:
        self.notice, self.notice_until = message, time.monotonic() + seconds

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.screen = self._open(True)

    def set_language(self, lang: str) -> None:
        self.settings.language = lang
        i18n.set_language(lang)

    def save_settings(self) -> None:
        note = self.store.save()
        if note:
            self.say(note, 10)

    # ---- the loop ------------------------------------------------------
    def poll(self) -> None:
        """Stamp and translate what SDL has queued (called every millisecond)."""
        for e in pygame.event.get():
            t = time.monotonic_ns()
            if e.type == pygame.QUIT:
                self.running = False
            elif e.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                self.size = (max(640, e.w), max(360, e.h))
                self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
                self.ui.resize(self.size)
            elif e.type == pygame.KEYDOWN and e.key == pygame.K_F11:
                self.toggle_fullscreen()
            else:
                for ev in self.devices.translate(e, t, self.size):
                    self.queue.put(ev)
        for msg in self.devices.notices:
            self.say(msg)
        self.devices.notices.clear()
        while self.buzzers is not None and not self.buzzers.notices.empty():
            self.say(self.buzzers.notices.get())

    def step(self, events: list[PlayerEvent] = ()) -> None:
        """One fixed step: deliver events, advance the top scene."""
        for ev in [*events, *self.queue.drain()]:
            if self.scenes:
                self.top.handle(ev)
        if self.scenes:
            self.top.update(STEP)
        self.steps += 1

    def draw(self) -> None:
        self.screen.fill(BG)
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(self.screen)
        if self.notice and time.monotonic() < self.notice_until:
            self._draw_notice()

    def _draw_notice(self) -> None:
        lines = self.ui.wrap(self.notice, 32, 1700)
        r = self.ui.rect(80, 16, 1760, 20 + 44 * len(lines))
        self.ui.panel(self.screen, r, (60, 20, 20), 12, RED)
        for i, line in enumerate(lines):
            self.ui.text(self.screen, line, (110, 24 + 44 * i), 32, INK)

    def run(self) -> None:
        next_step = time.monotonic_ns()
        while self.running and self.scenes:
            self.poll()
            now = time.monotonic_ns()
            stepped = 0
            try:
                while now >= next_step and stepped < 5:  # catch up, but never spiral
                    self.step()
                    next_step += STEP_NS
                    stepped += 1
                if stepped:
                    self.draw()
            except Exception:  # a bug in a scene must not end the evening
                self.recover()
            if stepped == 5:
                next_step = now + STEP_NS
            if stepped:
                pygame.display.flip()
            else:
                time.sleep(0.001)
        self.quit()

    def recover(self) -> None:
        """Log what went wrong and go back to the title screen. The game in
        progress was saved after its last action, so the title offers to resume it."""
        from .menus import TitleScene

        log = data_dir() / "crash.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{traceback.format_exc()}\n")
        for scene in self.scenes:
            close = getattr(scene, "close", None)
            if close:
                close()
        self.reset_to(TitleScene(self))
        self.say(_("Something went wrong; details are in {log}. Your game was saved: resume it here.").format(
            log=log), 12)

    # ---- buzzer boxes (game/hardware, docs/buzzers.md) -------------------
    def start_buzzers(self) -> None:
        """Find and read buzzer boxes on threads; their presses come through
        `queue`, their stations count as controllers. A scene lights a
        seat's stations with `app.buzzers.set_seat_led(seat, "on"|"blink"|"off")`."""
        from ..hardware.manager import BuzzerManager

        self.buzzers = BuzzerManager(self.queue, self.settings.buzzers, lambda: self.devices.seat_of).start()
        self.devices.sources.append(self.buzzers.devices)

    def quit(self) -> None:
        if self.buzzers is not None:
            self.buzzers.stop()
        for scene in self.scenes:
            close = getattr(scene, "close", None)
            if close:
                close()
        pygame.quit()


def main_window() -> int:
    from .menus import TitleScene

    try:
        app = App()
    except pygame.error as exc:
        print(f"wok-arcade: cannot open a window ({exc}). Run it on a desktop, or set DISPLAY; "
              "without a screen, `python -m game screenshot` still renders any scene.", file=sys.stderr)
        return 1
    app.start_buzzers()
    app.push(TitleScene(app))
    app.run()
    return 0

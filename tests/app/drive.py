"""Synthetic input for driving the app in tests."""

import time

from game.input import PlayerEvent


def press(app, control, device="keyboard-1", pos=None, seat=None):
    t = time.monotonic_ns()
    app.step([PlayerEvent(device, control, True, t, seat, pos), PlayerEvent(device, control, False, t, seat, pos)])


def run(app, steps=1):
    for _ in range(steps):
        app.step()


def tap(app, scene, key):
    """Tap the centre of the table target with that key, as drawn now."""
    app.draw()
    rect = next(t.rect for t in scene.targets if t.key == key)
    press(app, "point", pos=rect.center)

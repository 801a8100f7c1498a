"""Idle CPU: the title screen left alone in the real loop (`App.run`).

A screen nobody touches should cost almost nothing: the loop still polls the
input every millisecond (a press is stamped as fast as ever) but redraws only
when something changed. This runs the real loop on a window (the SDL dummy
video driver when headless) for a few seconds and reports the share of one
core the process used.
"""

from __future__ import annotations

import threading
import time
from typing import TextIO

from .app import App


def idle_cpu(seconds: float = 3.0, size: tuple[int, int] = (1920, 1080), scene: str = "title") -> float:
    """Percent of one core used by the arcade showing `scene` untouched for `seconds`."""
    app = App(size=size)
    app.open(scene)
    app.step()  # build and draw once before measuring: the first frame is not idle
    threading.Timer(seconds, lambda: setattr(app, "running", False)).start()
    c0, t0 = time.process_time(), time.perf_counter()
    app.run()
    return 100 * (time.process_time() - c0) / (time.perf_counter() - t0)


def report(out: TextIO, seconds: float = 3.0) -> dict:
    figures = {f"{w}x{h}": round(idle_cpu(seconds, (w, h)), 1) for w, h in ((1920, 1080), (1280, 720))}
    print(
        "idle title screen: " + ", ".join(f"{size} {pct:.1f} % of a core" for size, pct in figures.items()),
        file=out,
        flush=True,
    )
    return figures

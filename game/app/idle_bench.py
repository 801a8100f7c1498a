"""Idle CPU in a real window: a scene left alone in the arcade's own loop (`App.run`).

A screen nobody touches should cost almost nothing: the loop still polls the
input every millisecond (a press is stamped as fast as ever) but draws and
presents only what changed (App.frame). Each case runs in a process of its own
with a real window, on the desktop's display or a private Xvfb
(game/app/realwindow.py): SDL's dummy driver would hide what presenting costs.
It reports the share of one core the process used (SDL's threads included),
the frames presented, and, under Xvfb, the X server's share beside it.

Keyboard stamps are measured the same way: key presses sent through the XTest
extension by another process while the table runs; each press's stamp
(App.poll) against the time the request was flushed to the X server.

    python -m game.app.idle_bench --scene table:start --game yatai --seconds 4
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import subprocess
import sys
import threading
import time
from typing import TextIO

import pygame

from . import catalogue, shots
from .app import App
from .realwindow import cpu_seconds, real_display
from .table_making import scene_class

SIZE = (1920, 1080)
PRESSES = 60  # XTest key presses in the stamp measurement
F12 = 0xFFC9  # a key nothing in the arcade answers to


def idle_cpu(seconds: float = 3.0, size: tuple[int, int] = SIZE, scene: str = "title", game: str | None = None) -> dict:
    """The arcade showing `scene` untouched for `seconds` in this process: % of a core, frames presented."""

    app = App(size=size)
    shots.build(app, scene, game, 1)
    app.step()  # build and draw once before measuring: the first frame is not idle
    app.present(app.frame())
    app.settle_memory()  # nor the collector's pass the loop makes once a table shows
    threading.Timer(seconds, lambda: setattr(app, "running", False)).start()
    c0, t0, steps0, shown0 = time.process_time(), time.perf_counter(), app.steps, app.presented
    app.run()
    wall = time.perf_counter() - t0
    return {
        "cpu_pct": round(100 * (time.process_time() - c0) / wall, 1),
        "steps": app.steps - steps0,
        "presented": app.presented - shown0,
    }


def _xtest():
    """libX11 and libXtst through ctypes: the XTest calls a test harness makes."""
    x11, xtst = ctypes.cdll.LoadLibrary("libX11.so.6"), ctypes.cdll.LoadLibrary("libXtst.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    x11.XFlush.argtypes = x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
    xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
    return x11, xtst


def send_presses(presses: int) -> None:
    """In a process of its own (so the arcade's loop never waits for it): F12 pressed
    and released `presses` times through XTest; prints when each press was flushed."""
    x11, xtst = _xtest()
    dpy = x11.XOpenDisplay(None)
    keycode = x11.XKeysymToKeycode(dpy, F12)
    xtst.XTestFakeMotionEvent(dpy, -1, SIZE[0] // 2, SIZE[1] // 2, 0)  # the focus follows the pointer
    x11.XFlush(dpy)
    time.sleep(1.5)  # the arcade's loop is running by then
    for i in range(presses):
        time.sleep(0.05 + 0.0037 * (i % 5))  # not in step with the frames
        xtst.XTestFakeKeyEvent(dpy, keycode, 1, 0)
        sent = time.monotonic_ns()  # the same clock as the stamps, system-wide
        x11.XFlush(dpy)
        print(sent, flush=True)
        xtst.XTestFakeKeyEvent(dpy, keycode, 0, 0)
        x11.XFlush(dpy)
    x11.XCloseDisplay(dpy)


def key_stamps(presses: int = PRESSES, scene: str = "table:start", game: str | None = "relleno") -> dict:
    """Key presses sent through XTest (by another process) to a table in the real loop:
    each press's stamp minus the time it was flushed to the X server, in ms."""

    app = App(size=SIZE)
    shots.build(app, scene, game, 1)
    stamped: list[int] = []
    translate = app.devices.translate

    def stamp(e, t, size):  # the stamp App.poll gave the key, before the controls see it
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F12:
            stamped.append(t)
        return translate(e, t, size)

    app.devices.translate = stamp  # type: ignore[method-assign]
    sender = subprocess.Popen(
        [sys.executable, "-m", "game.app.idle_bench", "--send", str(presses)], stdout=subprocess.PIPE, text=True
    )

    def wait() -> None:
        sender.wait()
        time.sleep(1.0)  # the last press reaches the loop, even late
        app.running = False

    threading.Thread(target=wait, daemon=True).start()
    app.run()
    sent = [int(line) for line in sender.stdout.read().split()] if sender.stdout else []
    late = sorted((s - t) / 1e6 for s, t in zip(stamped, sent, strict=False))
    if not late:
        return {"error": "no key press reached the window"}
    return {
        "presses": len(late),
        "of": len(sent),
        "p50_ms": round(late[len(late) // 2], 3),
        "p90_ms": round(late[int(0.9 * len(late))], 3),
        "p99_ms": round(late[min(len(late) - 1, int(0.99 * len(late)))], 3),
        "max_ms": round(late[-1], 3),
    }


def cases() -> list[tuple[str, str | None]]:
    """The title screen and every moment of every playable game's table."""
    found: list[tuple[str, str | None]] = [("title", None)]
    for entry in catalogue.load():
        if entry.playable:
            found += [(f"table:{m}", entry.id) for m in scene_class(entry.gdef).moments()]
    return found


def _run_one(args: list[str], xvfb: int | None) -> dict:
    """One case in a fresh process, with the X server's CPU beside it when it is ours."""
    x0 = cpu_seconds(xvfb) if xvfb else 0.0
    t0 = time.perf_counter()
    env = {**os.environ, "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy")}
    done = subprocess.run(
        [sys.executable, "-m", "game.app.idle_bench", *args], capture_output=True, text=True, env=env, check=False
    )
    if done.returncode != 0 or not done.stdout.strip():
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1]}
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    if xvfb:
        figures["xvfb_pct"] = round(100 * (cpu_seconds(xvfb) - x0) / (time.perf_counter() - t0), 1)
    return figures


def report(out: TextIO, seconds: float = 4.0) -> dict:
    figures: dict = {}
    with real_display(SIZE) as xvfb:
        where = "Xvfb" if xvfb else f"display {os.environ.get('DISPLAY')}"
        for scene, game in cases():
            name = f"{game}/{scene}" if game else scene
            args = ["--scene", scene, "--seconds", str(seconds), *(["--game", game] if game else [])]
            row = figures[name] = _run_one(args, xvfb)
            if "error" in row:
                print(f"idle {name:32s} not measured: {row['error']}", file=out, flush=True)
                continue
            x_note = f", X server {row['xvfb_pct']:.1f} % (its whole run)" if "xvfb_pct" in row else ""
            print(
                f"idle {name:32s} {SIZE[0]}x{SIZE[1]} ({where}): {row['cpu_pct']:5.1f} % of a core, "
                f"{row['presented']} of {row['steps']} frames presented{x_note}",
                file=out,
                flush=True,
            )
        stamps = figures["key stamps"] = _run_one(["--stamps"], xvfb)
        if "error" in stamps:
            print(f"key stamps not measured: {stamps['error']}", file=out, flush=True)
        else:
            print(
                f"key stamps (XTest under {where}, a table in the real loop): stamp - sent "
                f"p50 {stamps['p50_ms']:.3f} ms, p90 {stamps['p90_ms']:.3f} ms, p99 {stamps['p99_ms']:.3f} ms, "
                f"max {stamps['max_ms']:.3f} ms "
                f"over {stamps['presses']} of {stamps['of']} presses",
                file=out,
                flush=True,
            )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description="one idle case, as JSON (run by `python -m game bench`)")
    parser.add_argument("--scene", default="title")
    parser.add_argument("--game")
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--stamps", action="store_true", help="XTest key presses instead: their stamps")
    parser.add_argument("--send", type=int, help="(the sender of --stamps) press F12 this many times")
    args = parser.parse_args()
    if args.send:
        send_presses(args.send)
        return
    result = key_stamps() if args.stamps else idle_cpu(args.seconds, SIZE, args.scene, args.game)
    print(json.dumps(result))


if __name__ == "__main__":
    main()

"""Press -> sound: how long from a key press to the slap's first sample.

    python -m game.app.audio_bench [--buffer 512] [--presses 30] [--json]
    from game.app.audio_bench import measure, report   # for `python -m game bench`

What is measured, in a fresh process (SDL's audio must start clean) with SDL's
"disk" audio driver, which pulls a buffer from the mixer at the pace a sound
card would (one buffer every buffer-length of time) and writes it to a file:

1. press -> play(): a thread posts a real SDL KEYDOWN (key "1": keyboard-1's
   deck0) at a random moment and notes the time. The arcade's own loop
   (App.run: SDL polled every millisecond, game logic in fixed 60 Hz steps)
   delivers it to a scene that calls `audio.play("slap")`. This is the input
   path's share: polling plus the wait for the next fixed step.
2. play() -> mixed: SDL_mixer's post-mix hook (Mix_SetPostMix, reached with
   ctypes in the SDL2_mixer library pygame loaded) sees every buffer the moment
   it is mixed and handed to the audio device; the time of the first buffer
   that is not silent ends the measure. This is the mixer's share: the wait
   for the device's next request.
3. What no headless measure can see: a real device then plays that buffer
   after what it already holds, about one more buffer plus the sound server's
   own latency (PipeWire or PulseAudio: typically 10-40 ms). `report` prints
   the buffer length beside the figures so the reader can add it.

Figures, not assertions; on a loaded machine the wall clock also counts time
the process waited for a core.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pygame

from ..input import Control
from ..input.events import PlayerEvent
from .app import App
from .audio import Audio
from .scene import Scene

ROOT = Path(__file__).resolve().parents[2]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _mixer_library():
    """The SDL2_mixer pygame loaded (same copy, so the hook sees pygame's mixer)."""
    with open("/proc/self/maps", encoding="utf-8") as f:
        paths = {line.split()[-1] for line in f if "SDL2_mixer" in line and "/" in line}
    if not paths:
        raise RuntimeError("SDL2_mixer is not loaded from a file this process can see")
    return ctypes.CDLL(sorted(paths)[0])


def _child(buffer: int, presses: int) -> dict:
    """Runs in the fresh process: the arcade's loop, a scene that slaps on deck0."""
    app = App(size=(640, 360), window=True)  # the dummy video driver: a real loop, no screen
    app.settings.audio_buffer = buffer
    audio = Audio(app.settings)
    if not audio.open():
        return {"error": f"no mixer: {audio.problem}"}
    mixer = pygame.mixer.get_init()
    if mixer is None:  # opened just above, unless SDL closed it meanwhile
        return {"error": "the mixer closed"}
    freq, _fmt, _channels = mixer

    onset = threading.Event()
    marks: dict[str, int] = {}

    @ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int)
    def postmix(_udata, stream, length):
        if "play" in marks and "mixed" not in marks and ctypes.string_at(stream, length).strip(b"\0"):
            marks["mixed"] = time.monotonic_ns()
            onset.set()

    lib = _mixer_library()
    lib.Mix_SetPostMix.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    lib.Mix_SetPostMix(ctypes.cast(postmix, ctypes.c_void_p), None)

    class SlapScene(Scene):
        def handle(self, ev: PlayerEvent) -> None:
            if ev.pressed and ev.control == Control.DECK0 and "press" in marks and "play" not in marks:
                marks["handled"] = time.monotonic_ns()
                marks["play"] = time.monotonic_ns()
                audio.play("slap")

        def draw(self, surf) -> None:
            surf.fill((0, 0, 0))

    rows: list[dict] = []
    rng = random.Random(7)

    def presser() -> None:
        time.sleep(0.5)  # the loop is running
        for _i in range(presses):
            time.sleep(0.3 + rng.random() * 0.05)  # the previous slap has ended; a random phase
            marks.clear()
            onset.clear()
            marks["press"] = time.monotonic_ns()
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
            if onset.wait(2.0):
                rows.append({k: marks[k] for k in ("press", "handled", "play", "mixed")})
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_1, mod=0, unicode="1", scancode=0))
        app.running = False

    app.push(SlapScene(app))
    thread = threading.Thread(target=presser, daemon=True)
    thread.start()
    app.run()
    lib.Mix_SetPostMix(None, None)

    def ms(a: str, b: str) -> list[float]:
        return [(r[b] - r[a]) / 1e6 for r in rows]

    out = {
        "driver": os.environ.get("SDL_AUDIODRIVER", ""),
        "buffer": buffer,
        "frequency": freq,
        "buffer_ms": round(buffer * 1000 / freq, 2),
        "presses": presses,
        "heard": len(rows),
    }
    for key, (a, b) in {
        "press_to_play": ("press", "play"),
        "play_to_mixed": ("play", "mixed"),
        "press_to_mixed": ("press", "mixed"),
    }.items():
        values = ms(a, b)
        if values:
            out[key] = {
                "p50_ms": round(statistics.median(values), 2),
                "p99_ms": round(_percentile(values, 0.99), 2),
                "max_ms": round(max(values), 2),
            }
    return out


def measure(buffer: int = 512, presses: int = 30, driver: str = "disk") -> dict:
    """Run the measure in a fresh process; returns the figures (see the module doc)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            **os.environ,
            "SDL_AUDIODRIVER": driver,
            "SDL_VIDEODRIVER": "dummy",
            "SDL_DISKAUDIOFILE": str(Path(tmp) / "out.raw"),
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "XDG_CONFIG_HOME": str(Path(tmp) / "config"),
            "XDG_DATA_HOME": str(Path(tmp) / "data"),
        }
        code = (
            "import json, sys\nfrom game.app.audio_bench import _child\n"
            f"print('RESULT ' + json.dumps(_child({int(buffer)}, {int(presses)})))\n"
        )
        proc = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60 + presses
        )
        for line in proc.stdout.splitlines():
            if line.startswith("RESULT "):
                return json.loads(line[7:])
        return {"error": (proc.stderr or proc.stdout)[-800:]}


def report(out=sys.stdout, buffers=(256, 512), presses: int = 30) -> list[dict]:
    """Print press -> sound for each buffer size; returns the figures."""
    results = []
    for buffer in buffers:
        r = measure(buffer, presses)
        results.append(r)
        if "error" in r:
            print(f"audio/press-to-sound  buffer {buffer}: not measured ({r['error'].strip()[:200]})", file=out)
            continue
        parts = [
            f"{k} p50 {r[k]['p50_ms']:5.1f} ms p99 {r[k]['p99_ms']:5.1f} ms"
            for k in ("press_to_play", "play_to_mixed", "press_to_mixed")
            if k in r
        ]
        print(
            f"audio/press-to-sound  buffer {buffer} ({r['buffer_ms']} ms at {r['frequency']} Hz, "
            f"{r['heard']}/{r['presses']} heard): "
            + "; ".join(parts)
            + f"  (+ about {r['buffer_ms']} ms and the sound server's latency on a real device)",
            file=out,
        )
    return results


def main() -> int:
    ap = argparse.ArgumentParser(description="press -> sound latency")
    ap.add_argument("--buffer", type=int, action="append")
    ap.add_argument("--presses", type=int, default=30)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.json:
        print(json.dumps([measure(b, args.presses) for b in args.buffer or [256, 512]], indent=1))
    else:
        report(buffers=args.buffer or (256, 512), presses=args.presses)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A real-time soak of kiosk mode's attract loop: the arcade steps and draws
at 60 Hz of wall-clock time for `--minutes` (60 by default) with nobody touching it, through the real
scenes at the real pace, while a sampler thread records resident memory and
the demos played. Prints one line per sample and a summary for docs/figures.md.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/kiosk_soak.py --minutes 60

The sped-up soak in tests/app/test_kiosk_soak.py runs hundreds of demos in CI;
this one checks what only wall-clock time shows (timers, caches aged by the
clock, the statistics writer)."""

from __future__ import annotations

import argparse
import gc
import threading
import time
from pathlib import Path

from game.app.app import App
from game.app.kiosk_screens import AttractScene


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=60.0, help="seconds between samples")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument(
        "--screen-sleeps",
        action="store_true",
        help="keep the cabinet's dim/black screen (kiosk.toml's black_after: no demos once it is black)",
    )
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    app = App(size=(w, h), window=False, kiosk=True)
    if not args.screen_sleeps:  # nobody touches the soak: the screen would go black after 30 min and play nothing
        app.settings.kiosk.dim_after = app.settings.kiosk.black_after = 10**9
    app.kiosk.start()
    attract = next(s for s in app.scenes if isinstance(s, AttractScene))
    samples: list[tuple[float, int, int, float]] = []  # (minutes, demos, frames, MB)
    start = time.monotonic()

    def sample() -> None:
        while app.running:
            time.sleep(args.every)
            gc.collect()
            minutes = (time.monotonic() - start) / 60
            samples.append((minutes, attract.demos, app.steps, rss_mb()))
            print(f"{minutes:6.1f} min  demos {attract.demos:4d}  steps {app.steps:8d}  rss {samples[-1][3]:.1f} MB")
            if minutes >= args.minutes:
                app.running = False

    threading.Thread(target=sample, daemon=True).start()
    cpu0 = time.process_time()
    next_step = time.monotonic()
    while app.running:  # the arcade's loop, paced to real time (no window to flip: SDL's dummy driver)
        app.step()
        app.draw()
        next_step += 1 / 60
        time.sleep(max(0.0, next_step - time.monotonic()))
    cpu = time.process_time() - cpu0
    if len(samples) >= 2:
        first, last = samples[0], samples[-1]
        seconds = last[0] * 60
        print(
            f"real-time attract soak: {last[0]:.0f} min, {last[1]} demos, {last[2]} steps "
            f"({last[2] / seconds:.1f} steps/s), {cpu:.0f} s CPU ({100 * cpu / seconds:.0f} % of a core); "
            f"resident memory {first[3]:.1f} MB at {first[0]:.0f} min, {last[3]:.1f} MB at the end "
            f"({last[3] - first[3]:+.1f} MB), peak {max(s[3] for s in samples):.1f} MB"
        )


if __name__ == "__main__":
    main()

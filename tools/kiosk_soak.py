"""A real-time soak of kiosk mode's attract loop: the arcade runs its own loop
(`App.run`) in a real fullscreen window for `--minutes` (60 by default) with
nobody touching it, while a sampler thread records each minute the share of a
core the process used, its resident memory and the demos played. Without a
display it starts a private Xvfb of `--size` (game/app/realwindow.py). Prints
one line per sample and a summary for docs/figures.md.

    SDL_AUDIODRIVER=dummy python tools/kiosk_soak.py --minutes 60
    SDL_VIDEODRIVER=dummy ... --headless   # SDL's dummy driver: no window at all

The sped-up soak in tests/app/test_kiosk_soak.py runs hundreds of demos in CI;
this one checks what only wall-clock time shows (timers, caches aged by the
clock, the statistics writer)."""

from __future__ import annotations

import argparse
import gc
import os
import signal
import threading
import time
from pathlib import Path

from game.app.app import App
from game.app.kiosk_screens import AttractScene
from game.app.realwindow import cpu_seconds, real_display


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=60.0, help="seconds between samples")
    parser.add_argument("--size", default="1920x1080", help="the Xvfb screen when there is no display")
    parser.add_argument("--headless", action="store_true", help="SDL's dummy video driver instead of a window")
    parser.add_argument(
        "--screen-sleeps",
        action="store_true",
        help="keep the cabinet's dim/black screen (kiosk.toml's black_after: no demos once it is black)",
    )
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        soak(args)
        return
    with real_display((w, h)) as xvfb:
        soak(args, xvfb)


def soak(args, xvfb: int | None = None) -> None:
    app = App(kiosk=True)  # fullscreen: the whole screen, as a cabinet shows it
    # A stop (kill, Ctrl-C) ends the soak with its summary, as it ends the arcade (game/app/app.py):
    # SDL's own handler makes it a quit event, which kiosk mode ignores.
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_a: setattr(app, "running", False))
    if not args.screen_sleeps:  # nobody touches the soak: the screen would go black after 30 min and play nothing
        app.settings.kiosk.dim_after = app.settings.kiosk.black_after = 10**9
    app.mode.start()
    attract = next(s for s in app.scenes if isinstance(s, AttractScene))
    samples: list[tuple[float, int, int, float, float]] = []  # (minutes, demos, steps, MB, % of a core)
    start = time.monotonic()
    print(f"kiosk soak: {app.size[0]}x{app.size[1]}, {'SDL dummy video' if args.headless else 'a real window'}")

    def sample() -> None:
        wall, cpu, x_cpu = time.monotonic(), time.process_time(), cpu_seconds(xvfb) if xvfb else 0.0
        while app.running:
            time.sleep(args.every)
            gc.collect()
            now, used = time.monotonic(), time.process_time()
            share = 100 * (used - cpu) / (now - wall)
            x_now = cpu_seconds(xvfb) if xvfb else 0.0
            x_share = 100 * (x_now - x_cpu) / (now - wall)
            wall, cpu, x_cpu = now, used, x_now
            minutes = (now - start) / 60
            samples.append((minutes, attract.demos, app.steps, rss_mb(), share))
            xvfb_note = f"  (Xvfb {x_share:4.1f} %)" if xvfb else ""
            print(
                f"{minutes:6.1f} min  demos {attract.demos:4d}  steps {app.steps:8d}  "
                f"cpu {share:5.1f} % of a core{xvfb_note}  rss {samples[-1][3]:.1f} MB",
                flush=True,
            )
            if minutes >= args.minutes:
                app.running = False

    threading.Thread(target=sample, daemon=True).start()
    cpu0 = time.process_time()
    app.run()  # the arcade's own loop, at its own pace, presenting to the window
    cpu = time.process_time() - cpu0
    if len(samples) >= 2:
        first, last = samples[0], samples[-1]
        seconds = last[0] * 60
        shares = sorted(s[4] for s in samples)
        print(
            f"real-time attract soak: {last[0]:.0f} min, {last[1]} demos, {last[2]} steps "
            f"({last[2] / seconds:.1f} steps/s), {cpu:.0f} s CPU ({100 * cpu / seconds:.1f} % of a core; "
            f"per minute {shares[0]:.1f}-{shares[-1]:.1f} %, median {shares[len(shares) // 2]:.1f} %); "
            f"resident memory {first[3]:.1f} MB at {first[0]:.0f} min, {last[3]:.1f} MB at the end "
            f"({last[3] - first[3]:+.1f} MB), peak {max(s[3] for s in samples):.1f} MB"
        )


if __name__ == "__main__":
    main()

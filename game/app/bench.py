"""`python -m game bench`: frame time of every scene, and the games' own figures.

Each scene is built headless (software rendering into a surface of the
window's size) and timed over a number of fixed steps: one update plus the
loop's frame work (`App.frame`: drawn whole, in part, or not at all, as in a
window), and how many of those frames were drawn whole; then frames forced whole
(as after a move or an input) give what a whole frame costs. Wall-clock p50/p99 is
the frame time; the thread's CPU time p50/p99 is printed beside it because on a
busy machine the wall clock also counts time the process spent waiting for a
core. The idle path runs the real loop in a real window (game/app/idle_bench.py).
Figures, not assertions.
"""

from __future__ import annotations

import io
import itertools
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import TextIO

from ..engine import SYSTEM
from ..engine.gamedef import GameDef
from ..engine.rng import Rng
from ..hardware import bench as buzzer_bench
from ..kiosk import bench as stats_bench
from ..web import bench as phone_bench
from . import audio_bench, catalogue, idle_bench, shots
from .app import App
from .table_making import scene_class

SIZES = [(1920, 1080), (1280, 720)]
# A paced frame later than this is one a player could see stutter: 1.5 frames at 60 Hz (issue 25).
LATE_MS = 1.5 * 1000 / 60
# Input-to-game paths, each printing its figures and returning them (JSON too).
PATHS: dict[str, Callable[[TextIO], dict | list[dict]]] = {
    "buzzers": buzzer_bench.report,  # serial path and clock sync of buzzer boxes
    "phones": lambda out: phone_bench.report(out, _pads_game()),  # tap -> event, phone clock bound (a real browser)
    "phone-load": lambda out: phone_bench.report_first_load_all(out, _playable()),  # a seat's page on a slow phone
    "audio": audio_bench.report,  # press -> sound start
    "idle": idle_bench.report,  # CPU of every untouched table in the real loop, a real window; key stamps
    "stats": stats_bench.report,  # what a statistics record costs the game, database down or locked
    "bot-move": lambda out: bot_moves(out),  # each bot level's first move at the most seats
}


def _pads_game():
    """The game whose phone taps are timed: the first real-time one (its phone shows pads)."""
    return next(e.gdef for e in catalogue.load() if e.playable and e.gdef is not None and e.gdef.realtime)


def _playable() -> list[GameDef]:
    return [e.gdef for e in catalogue.load() if e.playable and e.gdef is not None]


def bot_moves(out) -> dict:
    """Milliseconds each bot level of each turn-based game takes for the first move
    of a game at its most seats (a search bot bounded by its time budget)."""
    figures = {}
    for entry in catalogue.load():
        gdef = entry.gdef
        if not entry.playable or gdef is None or gdef.realtime:
            continue
        for level in gdef.bots:
            state = gdef.state_cls(gdef.state_cls.max_seats, None, 3)
            seat = next(s for s in state.actors() if s != SYSTEM)
            bot = gdef.make_bot(level)
            t0 = time.perf_counter()
            bot.choose(state, seat, Rng(1))
            figures[f"{gdef.id}/{level}"] = round((time.perf_counter() - t0) * 1000, 1)
    print("bot first move: " + ", ".join(f"{k} {v:.0f} ms" for k, v in figures.items()), file=out, flush=True)
    return figures


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def scene_names() -> list[str]:
    names = [n for n in shots.names() if n not in ("table", "bots")]
    for entry in catalogue.load():
        if entry.playable:
            names += [f"{entry.id}/table:{m}" for m in scene_class(entry.gdef).moments()]
            names.append(f"{entry.id}/bots")
    return names


def _staged(name: str, size: tuple[int, int]) -> tuple[App, bool]:
    """The scene `name` built and warmed, as the benches measure it; and whether it is
    paced (`<game>/bots`: one frame each 1/60 s, so the bots think between frames)."""
    game, _slash, scene = name.rpartition("/")
    app = App(size=size, window=False)
    app.motion = True  # measured as players see it: with the eased moves
    app.settings.bot_delay = 0.0
    shots.build(app, scene, game or None, 1)
    for _i in range(5):  # warm the font and text caches: steady state is what counts
        app.step()
        app.draw()
    paced = scene == "bots"
    if paced:  # and a second of play: what an arcade does once (its bot worker started and sent
        pace = _pacer(True)  # a whole log, a game's first words rendered) is not a table's frame
        for _i in range(60):
            pace()
            app.step()
            app.frame()
    app.settle_memory()  # as the loop does when a table is first shown (App.run)
    return app, paced


def _pacer(paced: bool) -> Callable[[], None]:
    """Called before each frame: waits for the frame's 1/60 s when `paced`."""
    next_frame = time.perf_counter()

    def pace() -> None:
        nonlocal next_frame
        if paced:
            next_frame += 1 / 60
            time.sleep(max(0.0, next_frame - time.perf_counter()))

    return pace


def time_scene(name: str, size: tuple[int, int], frames: int) -> dict:
    """Frame times of a scene. `<game>/bots` (every seat a bot of the strongest
    level) runs in real time, one frame each 1/60 s, so the bots think while
    the frames are measured, as they do at a table."""
    app, paced = _staged(name, size)
    times, cpu, ends, whole = [], [], [], 0
    pace = _pacer(paced)
    for _i in range(frames * (3 if paced else 1)):
        pace()
        t0, c0, drawn = time.perf_counter(), time.thread_time(), app.drawn
        app.step()
        app.frame()
        whole += app.drawn > drawn
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
        ends.append(time.perf_counter())
    forced = []  # a frame where something changed is drawn whole: what such a frame costs
    for _i in range(max(30, frames // 4)):
        app.dirty = True
        c0 = time.thread_time()
        app.step()
        app.frame()
        forced.append((time.thread_time() - c0) * 1000)
    app.quit()
    gaps = [(b - a) * 1000 for a, b in itertools.pairwise(ends)]  # what a player sees: frame to frame
    late = [g for g in gaps if g > LATE_MS]
    return {
        "p50_ms": round(statistics.median(times), 2),
        "p99_ms": round(_percentile(times, 0.99), 2),
        "cpu_p50_ms": round(statistics.median(cpu), 2),
        "cpu_p99_ms": round(_percentile(cpu, 0.99), 2),
        "whole_pct": round(100 * whole / len(times)),
        "whole_cpu_p99_ms": round(_percentile(forced, 0.99), 2),
        **({"late": len(late), "frames": len(gaps), "worst_gap_ms": round(max(gaps), 2)} if paced else {}),
    }


def trace_scene(name: str, size: tuple[int, int], frames: int, out: TextIO) -> None:
    """Each frame of a scene as `time_scene` runs it, one line each: the step's and the
    frame's CPU, how it was drawn (whole, in part, live parts only, nothing) and the
    action applied in that step, if any: which frames the p99 is, and why."""
    app, paced = _staged(name, size)
    pace = _pacer(paced)
    for i in range(frames):
        pace()
        session = getattr(app.top, "session", None)
        moves = len(session.state.log) if session else 0
        drawn, mended, c0 = app.drawn, app.mended, time.thread_time()
        app.step()
        c1 = time.thread_time()
        shown = app.frame()
        c2 = time.thread_time()
        how = "whole" if app.drawn > drawn else "part" if app.mended > mended else "live" if shown else "none"
        applied = session.state.log[moves:] if session else []
        said = "; ".join(json.dumps(entry.get("action", entry), default=str)[:80] for entry in applied)
        print(f"{i:4d}  step {1000 * (c1 - c0):5.2f} ms  frame {1000 * (c2 - c1):5.2f} ms  {how:5s}  {said}", file=out)
    app.quit()


def game_benches(gdef: GameDef, frames: int, only: str | None = None, out=None) -> list[dict]:
    """The figures a game declares (`GameDef.benches`), each step timed `frames` times."""
    rows = []
    for bench, setup in gdef.benches.items():
        name = f"{gdef.id}/{bench}"
        if only and not name.startswith(only):
            continue
        step = setup()
        times = []
        for _i in range(frames):
            t0 = time.perf_counter()
            step()
            times.append((time.perf_counter() - t0) * 1000)
        p50, p99 = statistics.median(times), _percentile(times, 0.99)
        rows.append({"scene": name, "size": "-", "p50_ms": round(p50, 3), "p99_ms": round(p99, 3)})
        if out is not None:
            print(f"{name:32s} {'-':9s}  p50 {p50:6.3f} ms  p99 {p99:6.3f} ms", file=out, flush=True)
    return rows


def run(as_json: bool = False, frames: int = 120, only: str | None = None, trace: bool = False) -> list[dict]:
    rows: list[dict] = []
    if trace:  # one scene, 1920x1080, frame by frame
        name = next((n for n in scene_names() if n.startswith(only or "")), None)
        if name is None:
            print(f"no scene starts with {only!r}", flush=True)
        else:
            trace_scene(name, SIZES[0], frames, sys.stdout)
        return rows
    for name in scene_names():
        if only and not name.startswith(only):
            continue
        for size in SIZES:
            try:
                row = time_scene(name, size, frames)
            except ValueError as exc:  # e.g. a scene that needs a playable game
                print(f"{name:32s} not measured: {exc}", flush=True)
                break
            rows.append({"scene": name, "size": f"{size[0]}x{size[1]}", **row})
            if not as_json:
                print(
                    f"{name:32s} {size[0]}x{size[1]}  wall p50 {row['p50_ms']:6.2f} p99 {row['p99_ms']:6.2f} ms  "
                    f"cpu p50 {row['cpu_p50_ms']:5.2f} p99 {row['cpu_p99_ms']:5.2f} ms  "
                    f"({row['whole_pct']:3d} % drawn whole; a whole frame's cpu p99 {row['whole_cpu_p99_ms']:5.2f} ms)"
                    + (
                        f"  paced: {row['late']} of {row['frames']} frames more than {LATE_MS:.1f} ms "
                        f"after the one before, the longest gap {row['worst_gap_ms']:.2f} ms"
                        if "late" in row
                        else ""
                    ),
                    flush=True,
                )
    for entry in catalogue.load():
        if entry.playable and entry.gdef is not None:
            rows += game_benches(entry.gdef, frames, only, None if as_json else sys.stdout)
    for name, report in PATHS.items():
        if only and not (name.startswith(only) or only.startswith(name)):
            continue
        try:
            figures = report(io.StringIO() if as_json else sys.stdout)
        except Exception as exc:  # a missing browser or sound device: say so, measure the rest
            figures = {"error": f"{type(exc).__name__}: {exc}"}
            if not as_json:
                print(f"{name}: not measured ({figures['error']})", flush=True)
        rows.append({"scene": name, "size": "-", "figures": figures})
    if as_json:
        print(json.dumps(rows, indent=1, default=str))
    return rows

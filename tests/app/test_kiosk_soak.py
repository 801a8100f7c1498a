"""A soak of attract mode, time sped up: hundreds of demo games of every
playable game in rotation, through their real scenes (drawn now and then),
with the arcade's resident memory measured after a warm-up and at the end."""

import gc
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.app import kiosk_screens
from game.app.app import App
from game.app.kiosk_screens import AttractScene

DEMOS = 500
WARM_UP = 100  # demos before the first measure: caches (rendered words, card faces) fill up to here


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_attract_mode_soak_runs_hundreds_of_demos_without_growing(monkeypatch):
    monkeypatch.setattr(kiosk_screens, "FAME_SECONDS", 0.05)  # sped up: a glance at the hall of fame
    app = App(size=(480, 270), window=False, kiosk=True)
    k = app.settings.kiosk
    k.demo_seconds, k.dim_after, k.black_after = 0.3, 10**9, 10**9  # each demo a few steps of its game
    app.mode.start()
    attract = app.scenes[0]
    assert isinstance(attract, AttractScene) and len(attract.entries) >= 3
    games = set()
    t0, before = time.process_time(), None
    step = 0
    while attract.demos < DEMOS:
        app.step()
        step += 1
        if step % 8 == 0:
            app.draw()
        if app.top is not attract:
            games.add(app.top.session.gdef.id)
        if before is None and attract.demos == WARM_UP:  # every game's modules, art and words loaded
            gc.collect()
            before = rss_mb()
    gc.collect()
    after = rss_mb()
    cpu = time.process_time() - t0
    app.mode.stats.flush()
    counted = app.mode.stats.games()
    app.quit()
    print(
        f"\nattract soak: {attract.demos} demos of {len(games)} games in {step} steps "
        f"({step / 60 / 60:.1f} min of kiosk time), {cpu:.1f} s CPU; "
        f"resident memory {before:.1f} MB after {WARM_UP} demos, {after:.1f} MB at the end ({after - before:+.1f} MB)"
    )
    assert games == {e.id for e in attract.entries}
    assert after - before < 20
    assert counted == [], "demos are never counted"


def test_the_real_time_soak_stops_on_a_signal_with_its_summary(tmp_path):
    """`tools/kiosk_soak.py` stopped early (kill, Ctrl-C) still reports what it measured. It
    ignored SIGTERM: SDL made it a quit event, which kiosk mode ignores (it took `kill -9`)."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(root)}
    env.update({f"XDG_{d}_HOME": str(tmp_path / d.lower()) for d in ("DATA", "CONFIG", "STATE", "CACHE")})
    args = [sys.executable, str(root / "tools" / "kiosk_soak.py"), "--headless", "--every", "0.3", "--minutes", "30"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        samples = 0
        for line in proc.stdout:  # each sample is printed as it is taken: wait for two
            samples += " min  demos " in line
            if samples == 2:
                break
        proc.send_signal(signal.SIGTERM)
        out, _err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert samples == 2 and proc.returncode == 0 and "real-time attract soak:" in out, out

"""Crash-loop bookkeeping: a start without the previous run's clean-shutdown
mark is a crash; three crashes within a minute fall back to attract mode."""

import json
import subprocess
import sys
from pathlib import Path

from game.kiosk.crashloop import FILE_NAME, Starts

ROOT = Path(__file__).resolve().parents[2]


class Clock:
    def __init__(self, t: float = 1_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def test_clean_runs_are_not_crashes(tmp_path):
    clock = Clock()
    starts = Starts.in_dir(tmp_path, clock=clock)
    for _ in range(5):
        check = starts.record_start()
        assert not check.crashed and not check.fall_back and check.recent_crashes == 0
        assert check.describe() == "clean start"
        clock.t += 1
        starts.mark_clean_shutdown()


def test_three_crashes_in_a_minute_fall_back_once(tmp_path):
    clock = Clock()
    starts = Starts.in_dir(tmp_path, clock=clock)
    assert not starts.record_start().crashed  # first start ever
    seen = []
    for _ in range(4):  # each run dies without its mark; systemd restarts it 2 s later
        clock.t += 2
        seen.append(starts.record_start())
    assert [c.crashed for c in seen] == [True] * 4
    assert [c.recent_crashes for c in seen] == [1, 2, 3, 1]  # the fall-back clears the count
    assert [c.fall_back for c in seen] == [False, False, True, False]
    assert "crash loop: 3 crashes within 60 s" in seen[2].describe()
    assert seen[0].previous_start == clock.t - 8


def test_crashes_spread_over_more_than_a_minute_are_no_loop(tmp_path):
    clock = Clock()
    starts = Starts.in_dir(tmp_path, clock=clock)
    starts.record_start()
    checks = []
    for _ in range(6):
        clock.t += 35  # a crash every 35 s: at most two within any minute
        checks.append(starts.record_start())
    assert all(c.crashed for c in checks) and not any(c.fall_back for c in checks)
    assert max(c.recent_crashes for c in checks) == 2


def test_a_clean_shutdown_between_crashes_keeps_the_count(tmp_path):
    """A clean run between crashes does not hide a loop in the making, but the
    window does: two crashes, a clean quit, one more crash, all within the minute."""
    clock = Clock()
    starts = Starts.in_dir(tmp_path, clock=clock)
    starts.record_start()
    clock.t += 2
    starts.record_start()  # crash 1
    clock.t += 2
    starts.record_start()  # crash 2
    starts.mark_clean_shutdown()
    clock.t += 2
    assert not starts.record_start().crashed
    clock.t += 2
    assert starts.record_start().fall_back  # crash 3 within 60 s


def test_damaged_file_counts_as_no_history(tmp_path):
    (tmp_path / FILE_NAME).write_text("{ not json")
    check = Starts.in_dir(tmp_path, clock=Clock()).record_start()
    assert not check.crashed and not check.fall_back
    assert json.loads((tmp_path / FILE_NAME).read_text())["running"] is not None
    (tmp_path / FILE_NAME).write_text('{"running": 3, "crashes": "x"}')
    assert not Starts.in_dir(tmp_path).record_start().fall_back


def test_kill_9_is_a_crash(tmp_path):
    """A real process that records its start and is killed with SIGKILL."""
    code = (
        "import sys, time; from pathlib import Path; from game.kiosk.crashloop import Starts\n"
        "Starts.in_dir(Path(sys.argv[1])).record_start(); print('up', flush=True); time.sleep(60)"
    )
    proc = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "up"
    proc.kill()
    proc.wait()
    assert Starts.in_dir(tmp_path).record_start().crashed

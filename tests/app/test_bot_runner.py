"""Bots think away from the frame loop: in the bot worker process for a real game,
with the same choice they would make in-process; a failing bot never stops the table."""

from game.app.session import BotRunner, Session, default_seats
from game.cheaterchefs import GAME as CHEFS
from game.engine import botpool
from game.engine.bots import Bot
from game.engine.rng import Rng


def _session(levels=("hard", "hard", "easy")):
    seats = default_seats(len(levels), list(CHEFS.bots))
    for cfg, level in zip(seats, levels):
        cfg.kind, cfg.level = "bot", level
    return Session(CHEFS, seats, None, 21, None)


def test_the_worker_process_chooses_what_the_bot_would_choose_in_process():
    session = _session()
    state, seat = session.state, session.state.actors()[0]
    for k in (1, 2, 3):
        remote = botpool.pool().submit(botpool.think, CHEFS.module, "hard", state.to_json(), seat, k)
        assert remote.result(timeout=120) == CHEFS.make_bot("hard").choose(state.clone(), seat, Rng(k))


def test_a_bot_move_waits_for_the_thinking_delay_then_applies():
    session = _session()
    runner = BotRunner(session, executor=botpool.Inline())
    runner.update(now=100.0, delay=0.7)
    assert session.state.log == [] and runner.job is not None
    runner.update(now=100.5, delay=0.7)
    assert session.state.log == []
    runner.update(now=100.7, delay=0.7)
    assert len(session.state.log) == 1 and runner.job is None


def test_a_stale_choice_is_dropped_when_the_game_moved_on():
    session = _session()
    runner = BotRunner(session, executor=botpool.Inline())
    runner.update(now=0.0, delay=1.0)
    seat = session.state.actors()[0]
    session.apply(seat, session.state.legal_actions(seat)[0])  # someone else moved first (an undo, a test)
    runner.update(now=5.0, delay=1.0)
    assert len(session.state.log) == 1  # the stale choice was not applied on top


class Broken(Bot):
    def choose(self, state, seat, rng):
        raise RuntimeError("a bug in a bot")


def test_a_failing_bot_plays_a_random_legal_move_and_the_table_goes_on(monkeypatch, caplog):
    session = _session()
    monkeypatch.setattr(type(CHEFS), "make_bot", lambda self, level: Broken())
    runner = BotRunner(session, executor=botpool.Inline())
    for now in range(6):
        runner.update(now=float(now), delay=0.0)
    assert len(session.state.log) >= 3
    assert "failed; it plays a random move" in caplog.text


def test_a_whole_game_of_process_bots_reaches_its_end():
    session = _session(("easy", "easy"))
    runner = session.bots
    for _ in range(2000):
        if session.state.is_over():
            break
        if runner.job is not None:
            runner.job[2].result(timeout=120)  # wait for the worker, not for a clock
        runner.update(now=0.0, delay=0.0)
    assert session.state.is_over()


ARCADE_THAT_DIES = """
import os
from game.engine import botpool
pool = botpool.pool()
pid = pool.submit(os.getpid).result(timeout=120)
print(pid, flush=True)
os.kill(os.getpid(), 9)  # as kill -9 or a crash would: no shutdown, no atexit
"""


def test_the_worker_ends_when_the_arcade_is_killed(tmp_path):
    """A kiosk restarted after kill -9 must not leave a bot worker behind each time."""
    import os
    import subprocess
    import sys
    import time

    out = tmp_path / "out"
    with out.open("w") as f:  # a file, not a pipe: a worker left behind would hold a pipe open
        done = subprocess.run([sys.executable, "-c", ARCADE_THAT_DIES], stdout=f, stderr=subprocess.STDOUT, timeout=180)
    assert done.returncode == -9, out.read_text()
    worker = int(out.read_text().split()[0])

    def running() -> bool:  # a zombie waiting for its new parent to reap it has ended
        try:
            return open(f"/proc/{worker}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"
        except FileNotFoundError:
            return False

    deadline = time.monotonic() + 30  # a wait for the event, generous on a loaded machine; not a timing claim
    while time.monotonic() < deadline and running():
        time.sleep(0.1)
    alive = running()
    if alive:
        os.kill(worker, 9)
    assert not alive, "the bot worker outlived its arcade"

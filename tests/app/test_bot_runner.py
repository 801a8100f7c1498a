"""Bots think away from the frame loop: in the bot worker process for a real game,
with the same choice they would make in-process; a failing bot never stops the table.
The worker keeps the state it rebuilt and is sent only the moves it lacks, and it
never thinks on a state other than the table's."""

import os
from concurrent.futures import BrokenExecutor, Executor, Future

import pytest

from game.app import catalogue
from game.app.session import BotRunner, Session, default_seats
from game.cheaterchefs import GAME as CHEFS
from game.engine import botpool
from game.engine.bots import Bot
from game.engine.rng import Rng

GAMES = ("wewillwokyou", "relleno", "yatai", "cheaterchefs")


def _session(levels=("hard", "hard", "easy"), gdef=CHEFS):
    seats = default_seats(len(levels), list(gdef.bots))
    for cfg, level in zip(seats, levels):
        cfg.kind, cfg.level = "bot", level
    return Session(gdef, seats, None, 21, None)


class Watched(Executor):
    """The bot worker, its jobs watched: `whole` gets the log's length of each job sent the whole log."""

    def __init__(self, worker) -> None:
        self.worker, self.whole, self.jobs = worker, [], []

    def submit(self, fn, /, *args, **kwargs):
        self.jobs.append(args)
        if args[5] is not None:  # think's `start`: the worker is to replay the whole log
            self.whole.append(len(args[8]))
        return self.worker().submit(fn, *args, **kwargs)


@pytest.fixture(params=["inline", "spawned"])
def worker(request, monkeypatch):
    """The bot worker, run at once in the test's process or a real spawned one, both
    sides starting from nothing (what a fresh arcade has)."""
    monkeypatch.setattr(botpool, "_held", None)
    monkeypatch.setattr(botpool, "_sent", None)
    inline = botpool.Inline()
    watched = Watched((lambda: inline) if request.param == "inline" else botpool.pool)
    monkeypatch.setattr(botpool, "pool", lambda: watched)
    yield watched
    botpool.restart()


def _play(session: Session, moves: int = 100_000) -> None:
    """The session's bots play `moves` moves (or to the end), waiting for each choice, not for a clock."""
    runner, end = session.bots, len(session.state.log) + moves
    while not session.state.is_over() and len(session.state.log) < end:
        if runner.job is not None:
            runner.job[2].exception(timeout=120)  # done, however it ended
        runner.update(now=0.0, delay=0.0)


def _choice(gdef, level: str, state, seat: int, rng_state: int):
    return gdef.make_bot(level).choose(state.clone(), seat, Rng(rng_state))


def test_the_worker_process_chooses_what_the_bot_would_choose_in_process():
    session = _session()
    state, seat = session.state, session.state.actors()[0]
    for k in (1, 2, 3):
        remote = botpool.submit(CHEFS.module, "hard", seat, k, botpool.token(), state)
        assert remote.result(timeout=120) == _choice(CHEFS, "hard", state, seat, k)


@pytest.mark.parametrize("gid", GAMES)
def test_a_whole_bot_game_through_the_worker_is_sent_its_log_once_and_chooses_as_in_process(worker, gid):
    gdef = catalogue.find(gid).gdef
    weak, middle = list(gdef.bots)[:2]
    levels = middle, weak, middle  # no search: quick
    played, alone = _session(levels, gdef), _session(levels, gdef)
    alone.bots = BotRunner(alone, executor=botpool.Inline())  # the bots in-process
    _play(played)
    _play(alone)
    assert played.state.is_over() and played.state.log == alone.state.log
    assert worker.whole == [0]  # the deal, then only the moves the worker lacked


def _bots_move(state) -> None:
    seat = state.actors()[0]
    state.apply(seat, CHEFS.make_bot("easy").choose(state.clone(), seat, Rng(len(state.log))))


def _played(moves: int):
    """A CHEFS game of `moves` bot moves."""
    state = CHEFS.state_cls(3, None, 4)
    for _i in range(moves):
        _bots_move(state)
    return state


def _right(game: int, state) -> bool:
    """Whether the worker's choice for a CHEFS bot in `state` of `game` is the in-process one."""
    seat = state.actors()[0]
    remote = botpool.submit(CHEFS.module, "easy", seat, 1, game, state).result(timeout=120)
    return remote == CHEFS.make_bot("easy").choose(state.clone(), seat, Rng(1))


def test_an_undo_another_game_or_a_restarted_worker_sends_the_whole_log_and_the_choice_is_right(worker):
    game, state = botpool.token(), _played(6)
    for _i in range(3):
        assert _right(game, state)
        _bots_move(state)
    assert _right(game, state) and worker.whole == [6]  # then only the moves the worker lacked
    again = state.undone()
    again.apply(state.log[-1]["seat"], state.log[-1]["action"])  # undone and played again: another entry
    assert _right(game, again) and worker.whole == [6, 9]
    undone = again.undone()  # a shorter log: the worker holds a move the table took back
    assert _right(game, undone) and worker.whole == [6, 9, 8]
    botpool.restart()  # a new worker holds nothing
    assert _right(game, undone) and worker.whole == [6, 9, 8, 8]
    assert _right(botpool.token(), undone) and worker.whole == [6, 9, 8, 8, 8]  # another game, the same moves


def test_a_job_the_worker_does_not_hold_the_state_of_is_refused_not_thought_on(monkeypatch):
    monkeypatch.setattr(botpool, "_held", None)
    state, log = _played(3), _played(5).log
    seat, start = state.actors()[0], (state.num_seats, state.options, state.seed)
    botpool.think(CHEFS.module, "easy", seat, 1, 7, start, 0, None, log[:3])  # held: game 7 at move 3
    for token, base, last in [(8, 3, log[2]), (7, 4, log[3]), (7, 3, log[1]), (7, 3, log[2])]:
        # another game; more moves than held; another last move; the right one, after a refusal dropped it
        with pytest.raises(botpool.Stale, match="the bot worker holds"):
            botpool.think(CHEFS.module, "easy", seat, 1, token, None, base, last, log[base:])


def test_a_job_the_worker_refuses_is_thought_again_on_the_whole_log_not_played_at_random(worker, caplog):
    session = _session(("easy", "easy"))
    _play(session, 3)
    other = _played(2)  # the worker is handed another game behind the table's back (as a cancelled job would)
    worker.worker().submit(botpool.think, CHEFS.module, "easy", 0, 1, -1, (3, None, 4), 0, None, other.log)
    _play(session, 1)
    assert len(session.state.log) == 4 and worker.whole == [0, 3]
    assert "not game" in caplog.text and "random move" not in caplog.text
    seat, rng_state = worker.jobs[-1][2:4]
    state = CHEFS.state_cls.replay(2, session.options, session.seed, session.state.log[:3])
    assert session.state.log[3]["action"] == CHEFS.make_bot("easy").choose(state, seat, Rng(rng_state))


class Parked(Executor):
    """A worker busy elsewhere: its jobs wait, not started."""

    def submit(self, fn, /, *args, **kwargs):
        return Future()


def test_a_job_cancelled_before_it_ran_is_not_taken_for_held(worker, caplog):
    session = _session(("easy", "easy"))
    _play(session, 2)
    running, worker.worker = worker.worker, Parked
    session.bots.update(now=0.0, delay=0.0)  # sent with the move the worker lacks...
    session.bots.close()  # ...and cancelled before the worker got it
    worker.worker = running
    _play(session, 1)
    assert worker.whole == [0, 2] and "not game" not in caplog.text  # sent whole at once, never refused


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


def test_a_worker_that_died_with_no_job_waiting_on_it_is_replaced_at_the_next_job(caplog):
    """The worker died while nobody waited on it (its job dropped: the game moved on, or
    no job at all): the next bot move starts a new worker instead of failing the table."""
    botpool.restart()
    died = botpool.pool().submit(os._exit, 1)  # the worker dies, as from a crash
    assert isinstance(died.exception(timeout=120), BrokenExecutor)
    session = _session(("easy", "easy"))
    _play(session, moves=3)
    assert len(session.state.log) >= 3 and "bot worker died" in caplog.text
    botpool.restart()

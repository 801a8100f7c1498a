"""Bots think in another process: a search bot holds the interpreter lock for
most of its second, which stalled the frame loop it shared it with (We Will Wok
You's frames p99 6.4-9.3 ms while a strong bot thought; under 3 ms of them the
frame's own work). A worker process is fed a game's moves, the seat, the bot
level and an rng seed, rebuilds the state and the bot from the game's package
(`GameDef.module`) and sends back the action: the same choice the bot would
make in-process, since bots are deterministic for a given rng.

The worker rebuilds a state as a save is resumed, replaying its log from the deal
(the state's JSON, sent before, rebuilt it with its tables in another order, which
changed some of Yatai's bots' choices from the in-process ones), keeps it, and
the next job of the same game is sent only the entries it lacks (the JSON, made
on the frame loop's thread, cost ~0.3 ms a move late in a Relleno game and grew
with the log). The arcade's side remembers what it last sent (`_sent`): the
game's token, how many entries, the last one itself (an entry is made once, at
one place in one log: the same entry there means the same moves before it) and
the worker's generation (a restarted worker holds nothing). Anything else, an
undo (a shorter log), another game, a restarted worker, sends the whole log. The
worker checks that it holds what the job says it does and refuses the job
(`Stale`) otherwise, as after a job cancelled before it ran.

Spawned, not forked: the arcade's process holds SDL, threads and serial ports,
none of which survive a fork cleanly; a spawned worker imports only the game's
rules and bots (no pygame). One worker for the arcade, started once. A worker
whose arcade was killed (kill -9, a crash) ends by itself within a second: the
kiosk's restarts must not pile up orphaned workers.
"""

from __future__ import annotations

import importlib
import itertools
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from functools import cache
from typing import Any

from .rng import Rng
from .state import GameState

log = logging.getLogger(__name__)


class Stale(Exception):
    """The worker does not hold the state a job was sent against: refused, not thought on."""


@cache
def _bot(module: str, level: str):
    return importlib.import_module(module).GAME.make_bot(level)


# In the worker: the game (its token) and state it rebuilt last.
_held: tuple[int, GameState] | None = None


def think(
    module: str,
    level: str,
    seat: int,
    rng_state: int,
    token: int,
    start: tuple | None,
    base: int,
    last: dict | None,
    entries: list,
) -> Any:
    """In the worker: what the bot of `level` plays for `seat` in game `token`, whose
    state is the deal of `start` (seats, options, seed) with `entries` replayed, or else
    (no `start`) the state held of that game, `base` entries long, the last of them
    `last`, with `entries` applied."""
    global _held
    held, _held = _held, None  # held again only once whole: a failure leaves nothing half applied
    if start is not None:
        state = importlib.import_module(module).GAME.state_cls.replay(*start, entries)
    else:
        log = held[1].log if held is not None and held[0] == token else None
        if held is None or log is None or len(log) != base or (log[-1] if log else None) != last:
            said = "nothing" if held is None else f"game {held[0]} at move {len(held[1].log)}"
            raise Stale(f"the bot worker holds {said}, not game {token} at move {base}")
        state = held[1]
        for entry in entries:
            state.apply(entry["seat"], entry["action"], scratch=True)
    _held = (token, state)
    return _bot(module, level).choose(state.clone(), seat, Rng(rng_state))  # a clone: bots may change theirs


# The arcade's side: what the worker was last sent, (generation, token, entries, the last one).
_sent: tuple[int, int, int, dict | None] | None = None
_generation = 0  # counts restart(): a new worker holds nothing
_tokens = itertools.count(1)


def token() -> int:
    """A game's token for `submit`: each BotRunner has its own."""
    return next(_tokens)


def submit(module: str, level: str, seat: int, rng_state: int, game: int, state: GameState) -> Future:
    """The bot worker's job for `seat` in `state` of game `game` (a token): the entries
    the worker lacks if it holds this game's log up to an entry of it, else the whole log.
    A worker that died with no job waiting on it (the game moved on) is replaced here."""
    try:
        return _submit(module, level, seat, rng_state, game, state)
    except BrokenExecutor:
        log.error("the bot worker died; starting a new one")
        restart()  # a new generation: it is sent the whole log
        return _submit(module, level, seat, rng_state, game, state)


def _submit(module: str, level: str, seat: int, rng_state: int, game: int, state: GameState) -> Future:
    global _sent
    log, sent, job = state.log, _sent, None
    # Slices, never the log itself: the job is pickled later, in the pool's thread, while the log grows.
    if sent is not None and sent[:2] == (_generation, game) and sent[2] <= len(log):
        _gen, _game, base, last = sent
        if base == 0 or log[base - 1] is last:
            job = pool().submit(think, module, level, seat, rng_state, game, None, base, last, log[base:])
    if job is None:
        start = (state.num_seats, state.options, state.seed)
        job = pool().submit(think, module, level, seat, rng_state, game, start, 0, None, log[:])
    _sent = (_generation, game, len(log), log[-1] if log else None)
    return job


def forget() -> None:
    """The worker may not hold what it was sent (a job refused, or cancelled before it ran): send all next time."""
    global _sent
    _sent = None


def _end_with(parent: int) -> None:
    """In the worker, at its start: exit once `parent` (the arcade) is gone (re-parented)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class Inline(Executor):
    """Runs each job at once in the caller (tests: no thread, no process, no clock)."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        fut: Future = Future()
        try:
            fut.set_result(fn(*args, **kwargs))
        except Exception as exc:  # the caller sees it through the future, as from a worker
            fut.set_exception(exc)
        return fut


_POOL: ProcessPoolExecutor | None = None


def pool() -> Executor:
    """The arcade's bot worker, started on first use."""
    global _POOL
    if _POOL is None:
        _POOL = ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_end_with,
            initargs=(os.getpid(),),
        )
    return _POOL


def restart() -> None:
    """Throw a broken worker away (it died); the next `pool()` starts a fresh one."""
    global _POOL, _generation
    if _POOL is not None:
        _POOL.shutdown(wait=False, cancel_futures=True)
    _POOL = None
    _generation += 1


def shutdown() -> None:
    restart()

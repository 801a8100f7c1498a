"""Bots think in another process: a search bot holds the interpreter lock for
most of its second, which stalled the frame loop it shared it with (We Will Wok
You's frames p99 6.4-9.3 ms while a strong bot thought; under 3 ms of them the
frame's own work). A worker process is fed the state's JSON, the seat, the bot
level and an rng seed, rebuilds the state and the bot from the game's package
(`GameDef.module`) and sends back the action: the same choice the bot would
make in-process, since bots are deterministic for a given rng.

Spawned, not forked: the arcade's process holds SDL, threads and serial ports,
none of which survive a fork cleanly; a spawned worker imports only the game's
rules and bots (no pygame). One worker for the arcade, started once. A worker
whose arcade was killed (kill -9, a crash) ends by itself within a second: the
kiosk's restarts must not pile up orphaned workers.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from functools import cache
from typing import Any

from .rng import Rng


@cache
def _bot(module: str, level: str):
    return importlib.import_module(module).GAME.make_bot(level)


def think(module: str, level: str, state_json: str, seat: int, rng_state: int) -> Any:
    """In the worker: what the bot of `level` plays for `seat` in this state."""
    gdef = importlib.import_module(module).GAME
    state = gdef.state_cls.from_json(state_json)
    return _bot(module, level).choose(state, seat, Rng(rng_state))


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
    global _POOL
    if _POOL is not None:
        _POOL.shutdown(wait=False, cancel_futures=True)
    _POOL = None


def shutdown() -> None:
    restart()

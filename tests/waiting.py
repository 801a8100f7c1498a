"""Waiting on a condition, never on a wall-clock guess: the timeout is only a net
for a condition that never comes. A machine crowded by other work (eight busy
loops on two cores) makes a path slow, not wrong, so the net is wide."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

NET_S = 60.0
POLL_S = 0.01


def wait_for(condition: Callable[[], T], timeout: float = NET_S, what: str = "condition") -> T:
    """`condition()` once it is truthy (its value); AssertionError after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(POLL_S)


async def until(condition: Callable[[], T], timeout: float = NET_S, what: str = "condition") -> T:
    """`wait_for` inside a coroutine: the loop keeps running (the server, the phones) meanwhile."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        await asyncio.sleep(POLL_S)

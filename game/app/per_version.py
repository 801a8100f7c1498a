"""A value worked out once per version of a game's state (an observation, the sounds'
moment): the state object, its log's length and its last entry. The entry is kept and
compared with `is`, not by its id(): a freed entry's id is given again, to the action played
after an undo. An undo, a replaced state or another move is another version."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any


class PerVersion:
    def __init__(self) -> None:
        self._key: tuple | None = None
        self._value: Any = None

    def get(self, state, compute: Callable[[], Any], also: Hashable = None) -> Any:
        """`compute()` for this version of `state` (and `also`, e.g. who views), remembered."""
        log = state.log
        key = (state, len(log), log[-1] if log else None, also)
        kept = self._key
        if kept is None or kept[0] is not state or kept[1] != key[1] or kept[2] is not key[2] or kept[3] != also:
            self._key, self._value = key, compute()
        return self._value

"""The table's side of the phones, in a few calls a table scene makes.

A `PhoneTable` keeps the phones in step with a game: `refresh(state)` after
the state may have changed (each update) publishes a fresh view to every
phone seat when the state moved on; `take(event, submit, error)` applies a
phone's chosen action through the table's own `submit` (the same rules, the
same save) and tells the phone the rule if it was refused; `tv_private()`
says whether the TV still has private views to show (a curtain to draw).
Pure Python: the tests drive it with a plain loop, the arcade from
`TableScene` (game/web/README.md).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.state import GameState
from ..i18n import _
from ..input import Control
from ..input.events import PlayerEvent
from .views import WORDS, build_view


class PhoneTable:
    def __init__(
        self, server, names: list[str], seats: list[int], noted: Callable[[int, dict], None] | None = None
    ) -> None:
        self.server = server
        self.noted = noted  # sees every view published (tests keep them)
        self.names = list(names)
        self.seats = list(seats)  # the human seats that have links
        self._key: tuple | None = None
        self._sent: dict[int, dict] = {}  # seat -> the view its phone was last sent
        self._moved: set[int] = set()  # seats whose phone's choice was applied since

    def refresh(self, state: GameState, last: str = "", force: bool = False) -> bool:
        """Publish every phone seat's view if the state changed since the last
        time (another object after an undo, more moves, the end); True if it had.
        A phone is sent only a view that differs from its last one (or after its own
        choice was applied, which it waits to see answered): another seat's secret
        step (`GameState.secret_step`) changes nothing it sees, so it receives nothing."""
        key = (state, len(state.log), state.is_over())  # the state itself, not id(state): ids are reused
        if self._key is not None and key[0] is self._key[0] and key[1:] == self._key[1:] and not force:
            return False
        self._key = key
        moved, self._moved = self._moved, set()
        for seat in self.seats:
            view = build_view(state, seat, self.names, last)
            if not force and seat not in moved and self._sent.get(seat) == view:
                continue
            self._sent[seat] = view
            if self.noted is not None:
                self.noted(seat, view)
            self.server.publish(seat, view)
        return True

    def take(self, ev: PlayerEvent, play: Callable[[int, dict], str | None]) -> bool:
        """A phone's chosen action: applied with `play(seat, action)`, which returns the
        refusal (the rule) or None; refused, the phone is told the rule and may choose
        again. False if `ev` is not a phone's choice (the scene handles it as usual)."""
        if ev.control != Control.ACTION or ev.action is None or ev.seat is None or not ev.device.startswith("phone-"):
            return False
        if (refusal := play(ev.seat, ev.action)) is not None:
            self.server.tell(ev.seat, _(WORDS["not-allowed"]).format(rule=refusal))
        else:
            self._moved.add(ev.seat)
        return True

    def tv_private(self, humans: list[int]) -> bool:
        """True while some human seat has no phone: its private view is on the TV,
        behind the curtain. Once every human seat joined from a phone (even one
        away for a moment, which the TV marks), the TV shows public information only."""
        joined = set(self.server.phone_seats())
        return any(seat not in joined for seat in humans)

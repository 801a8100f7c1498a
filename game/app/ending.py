"""The end of a game at the table: the final table stays up `hold` seconds (a
confirm or a tap moves on sooner), and the results follow only once the game's
save has left the disk (Session.end_kept)."""

from __future__ import annotations

from .session import Session

READ_AFTER = 0.6  # a confirm this soon after the end is a press meant for the game, not "next"
SAVE_WAIT = 0.25  # seconds the step seeing the end may wait for the game's save to leave the disk


class Ending:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.since: float | None = None  # the scene time the game was seen over
        self.read = False  # a player moved on from the final table

    def press(self, clock: float) -> bool:
        """A confirm or tap at scene time `clock`: True if it moves on from the final table."""
        if self.since is None or not self.session.state.is_over() or clock - self.since < READ_AFTER:
            return False
        self.read = True  # the players have seen the end: on to the results
        return True

    def due(self, clock: float, hold: float) -> bool:
        """Called each update: True once the results are due."""
        if not self.session.state.is_over():
            return False
        if self.since is None:
            self.since = clock
            if self.session.saves is not None:  # the removal of its save on its way: see end_kept
                self.session.saves.flush(SAVE_WAIT)
            return False
        return (self.read or clock - self.since >= hold) and self.session.end_kept()

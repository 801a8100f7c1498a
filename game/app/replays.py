"""Where the arcade keeps finished games to be watched again (the replay theatre).

Every finished game (never a demo, a screenshot's or a stand-in's: only a game
with a save) is kept at its results screen as a replay (game/engine/replay.py)
with its highlights found once (game/engine/highlights.py), in the statistics
database: the kiosk's own (`app.mode.stats`, SQLite or a venue's PostgreSQL) in
kiosk mode; at home the same SQLite file in the data folder, opened on first
use. The home arcade keeps only replays there, no statistics: a family's games
are not counted, but every one can be watched again. Replays older than the
`replay_days` setting go as a new one is kept.

Nothing here waits on the frame: the home database is imported, opened and
migrated on a thread of its own, and the queries are Futures.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import date
from typing import Any

from ..engine import highlights
from ..engine.replay import Player, Replay, of_game
from ..userdirs import data_dir

log = logging.getLogger(__name__)


def replay_of(session: Any) -> Replay:
    """A finished session as a replay, with its highlights (best first) as data."""
    state = session.state
    found = highlights.find(session.gdef.highlights, state)
    ref = session.stats_ref or session.save_id.replace("-", "")[:32]
    return of_game(
        session.gdef.id,
        session.seats,
        session.options,
        session.seed,
        state.log,
        id=ref,
        highlights=[h.as_data() for h in found],
        clips=list(session.clips),
    )


class Shelf:
    """The replays of an arcade: `keep` at a game's end, `listing` and `one` for the theatre."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._own: Any = None  # the home arcade's database (game.kiosk.stats.Stats), once opened
        self._pool: ThreadPoolExecutor | None = None

    def _run(self, fn) -> Future:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="replays")
        return self._pool.submit(fn)

    def _store(self) -> Any:
        """The statistics store (on the shelf's thread: opening it imports SQLAlchemy)."""
        if self.app.mode.stats is not None:  # a cabinet's statistics
            return self.app.mode.stats
        if self._own is None:
            from ..kiosk import stats

            self._own = stats.Stats.open(None, data_dir=data_dir(), cabinet=self.app.settings.kiosk.cabinet or None)
        return self._own

    def keep(self, session: Any) -> bool:
        """Keep a finished game (False: not one to keep)."""
        if session.demo or session.saves is None or not session.state.is_over():
            return False
        state, days = session.state, self.app.settings.replay_days

        def keep() -> None:  # off the frame: finding the highlights replays the whole game
            self._store().keep_replay(replay_of(session), state.winners(), list(state.scores()), keep_days=days)

        self._run(keep).add_done_callback(_logged)
        return True

    def player(self, session: Any) -> Player:
        """A finished session to be watched again at once (from its results screen)."""
        return Player(session.gdef.state_cls, replay_of(session))

    def listing(self, since: date | None = None, game: str | None = None) -> Future:
        """A Future of the replays kept since `since`, newest first, without their logs ([] if unreadable)."""
        return self._run(lambda: _asked(lambda: self._store().replays(since, game=game), []))

    def one(self, ref: str) -> Future:
        """A Future of one replay's row with its log (None: gone or unreadable)."""
        return self._run(lambda: _asked(lambda: self._store().replay(ref), None))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
        if self._own is not None:
            self._own.close(timeout=2)


def _asked(fn, default: Any) -> Any:
    try:
        return fn()
    except AttributeError:  # the kiosk's database is not open yet (its EarlyRecords): nothing to show
        return default
    except Exception:
        log.exception("the replays could not be read")
        return default


def _logged(future: Future) -> None:
    exc = future.exception()
    if exc is not None:
        log.error("a replay could not be kept: %s", exc)

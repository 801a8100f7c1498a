"""Who may see what at a table: whose private view is open on the TV, which seat
the screen must be passed to (the "Pass to" curtain), and who is still looking at
what their turn brought. A pure function of the seats, their phones and the turn:
no pygame, tested on its own (tests/app/test_viewer.py).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class View:
    viewer: int | None = None  # the seat whose private view is open
    curtain_for: int | None = None  # the seat the screen must be passed to
    reveal: int | None = None  # a seat looking at what its turn brought (still its view)


def who_sees(
    now: View,
    humans: Sequence[int],
    actors: Collection[int],
    *,
    phoned: Collection[int] = (),
    private: bool = True,
    realtime: bool = False,
    just_played: int | None = None,
) -> View:
    """The view after `now`, given the human seats (in seat order), the seats to act,
    the human seats whose phone shows their private view (`phoned`), whether anything
    on the TV is private at all, and `just_played`: a seat whose turn just brought
    something it must see before the screen is passed on (else None)."""
    phoned = set(phoned) if private else set()
    on_tv = [s for s in humans if s not in phoned]
    pending = [s for s in actors if s in on_tv]
    if not private or (len(humans) <= 1 and not phoned):
        # Nothing to hide: a lone human sees the table as theirs; several take
        # turns, and a real-time table belongs to nobody in particular.
        viewer: int | None = humans[0] if len(humans) == 1 else None
        if len(humans) != 1 and pending and not realtime:
            viewer = pending[0]
        return View(viewer, None, now.reveal)
    if now.reveal is not None:
        return now  # the last player is still looking at what their turn brought
    if now.viewer is not None and now.viewer not in pending and just_played == now.viewer:
        return View(now.viewer, now.curtain_for, now.viewer)
    if not pending:
        return View(None, None, None)  # the private view closes (or every hand is on a phone)
    if now.viewer not in pending:
        return View(None, pending[0], None)
    return now

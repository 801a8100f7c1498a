"""A guided first game, as data: a seed, the seats, and steps that each show one
rule and wait for the player (seat 0) to do it. Pure: a game's
`game/<id>/tutorial.py` defines `TUTORIAL`; the app's tutorial scene
(game/app/tutorial.py) plays it on the game's real table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    text: str  # the rule, shown while waiting (marked N_, translated when drawn)
    expect: Callable[[dict], bool]  # is this the player's action the step asks for?
    mistake: str  # why another action is not it (N_; may name {coins} {price} ...)
    partner: list[dict] = field(default_factory=list)  # the other seat's replies, in order
    # A real-time game's step waits for a moment of the game (a recipe complete in
    # the wok): until `ready(state)` the table plays on by itself and the player's
    # actions are refused with `wait`; from then on the game's clock stands still
    # until the player acts. None: the step is open at once (a turn-based game waits anyway).
    ready: Callable[[Any], bool] | None = None
    wait: str = ""  # why an action before the step's moment is refused (N_; "" says "not yet")


@dataclass(frozen=True)
class Tutorial:
    seed: int  # the deal the steps are written for
    seats: int
    steps: tuple[Step, ...]
    done: str  # said when the steps are over and the game goes on with a bot (N_)
    options: dict = field(default_factory=dict)  # the game's options for the guided game
    # (seat, action) played before the first step, never taken back: a setup the
    # guide does not teach (Yatai's menus and bottles), so the steps start at the heart.
    opening: tuple[tuple[int, dict], ...] = ()

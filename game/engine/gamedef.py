"""What a game package hands the arcade: its rules, its bots, its scene.

Each game package `game/<id>/__init__.py` defines `GAME = GameDef(...)`. The
scene is named by import path so that rules, bots and the simulator load
without pygame.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..i18n import N_
from .bots import Bot, RandomBot
from .state import GameState


@dataclass(frozen=True)
class Option:
    """A game option the seats screen offers: `key` in the rules' options, its
    `values` (the first is the default), each with words for the screen
    (`names`, marked with N_). `per_seat`: a value per seat (teams), the option
    is then a list. `needs`: shown (and set) only while another option has one of
    some values; otherwise the option keeps the rules' default."""

    key: str
    label: str
    values: tuple
    names: tuple[str, ...]
    per_seat: bool = False
    needs: tuple[str, tuple] | None = None
    # The values after the first are seats (0, 1, ...): shown by the seats' names.
    seat_values: bool = False
    # (seats, value, why): from that many seats the rules always use `value`; the
    # seats screen shows it with `why` (marked N_, may say {n}) instead of a choice.
    fixed: tuple[int, Any, str] | None = None

    def shown(self, options: dict) -> bool:
        return self.needs is None or options.get(self.needs[0]) in self.needs[1]

    def fixed_for(self, seats: int) -> bool:
        return self.fixed is not None and seats >= self.fixed[0]


@dataclass(frozen=True)
class Cues:
    """The sounds a game's moves make (game/media/cues.py plays them). `by_type`:
    what an action's type alone says; `extra(before, after, action)`: what the
    public observations before and after the move tell (a card won, a poisoning);
    `effects`: every name the game can cue (the coverage test listens for each).
    The end ("winner") and a person's turn coming ("your_turn") come from the
    contract (`is_over`, `actors`: the turn is the one seat to act), the same for
    every game; `turn(observation)` replaces the contract's reading where a lone
    seat to act is not a turn (the last seat still choosing in a simultaneous phase)."""

    effects: frozenset[str] = frozenset()
    by_type: dict[str, tuple[str, ...]] = field(default_factory=dict)
    extra: Callable[[dict, dict, dict], list[str]] | None = None
    turn: Callable[[dict], int | None] | None = None


@dataclass(frozen=True)
class RecordKind:
    """A result a kiosk's hall of fame keeps for a game (game/kiosk/halloffame.py)."""

    name: str
    lower_is_better: bool
    unit: str  # "ms", "cards", "points": for the screen's wording
    title: str = N_("Best scores")  # the board's heading, marked N_ (translated when shown)


SCORE = RecordKind("score", False, "points")


@dataclass(frozen=True)
class GameDef:
    id: str
    state_cls: type[GameState]
    scene: str  # "package.module:ClassName"
    # The package that defines GAME (`module=__name__` in its __init__): bot
    # worker processes import it to rebuild the state and the bot.
    module: str = ""
    # Real time: the table pauses while a seat's controller is unplugged.
    realtime: bool = False
    # Bot levels, weakest first; "random" is always there.
    bots: dict[str, Callable[[], Bot]] = field(default_factory=lambda: {"random": RandomBot})
    # The level a new bot seat gets; "": the strongest. A game where a newcomer
    # cannot win against the strongest (Wok Up's reflexes) starts gentler.
    default_bot: str = ""
    # What playing against each level is like, in words (marked N_, translated when shown).
    bot_notes: dict[str, str] = field(default_factory=dict)
    # Extra per-game figures for `python -m game simulate`: state -> {name: number}.
    stats: Callable[[Any], dict] | None = None  # called with the game's own state class
    # A game that needs its own simulator (Wok Up's physics) gives one:
    # (seats, games, seed, bot_level, options, out) -> None, printing its figures.
    simulate: Callable | None = None
    # `--mode WORD` of the simulator as game options; by default {"mode": WORD}.
    mode_options: Callable[[str], dict] | None = None
    # Extra figures for `python -m game bench`: name -> setup() returning a
    # step function to time (e.g. one physics step with all tokens).
    benches: dict[str, Callable[[], Callable[[], None]]] = field(default_factory=dict)
    # The options a table can choose on the seats screen (every one the rules take).
    options: tuple[Option, ...] = ()
    # A kiosk's hall of fame: a finished state -> per seat {kind: value}, of the kinds
    # in `record_kinds`; by default each seat's score as "score".
    records: Callable[[Any], list[dict[str, float]]] | None = None
    record_kinds: tuple[RecordKind, ...] = (SCORE,)
    # The moments of a finished game worth showing again (replay theatre, attract
    # mode): the finished state -> [Highlight] (game/engine/highlights.py).
    highlights: Callable[[Any], list] | None = None
    # What its scene keeps beside the log for the theatre (Wok Up's instant replays of
    # close claims): a clip's data -> the clip checked, ValueError naming the problem
    # (a replay file's clips are checked with it at import). None: it keeps no clips.
    clip: Callable[[Any], Any] | None = None
    # The sounds its moves make.
    cues: Cues = Cues()
    # Sets of colours players must tell apart (tests/media/test_colour_vision.py,
    # tools/palette_search.py): name -> a function giving {name: colour}; it may
    # import the scene's modules (pygame), so it is called only by the checks.
    palettes: dict[str, Callable[[], dict]] = field(default_factory=dict)
    # The pictures it needs, {picture id: where the item comes from}: the manifest
    # must have each (tests/media/test_pictures.py).
    pictures: Callable[[], dict[str, str]] | None = None

    def make_bot(self, level: str) -> Bot:
        if level not in self.bots:
            raise ValueError(f"{self.id} has no bot level {level!r} (has {', '.join(self.bots)})")
        return self.bots[level]()


def find(game_id: str) -> GameDef | None:
    """The game `game_id`'s definition, from its package `game.<game_id>` (None if
    there is none): for the parts that know a game only by its id (a kiosk's
    records, kept by id in its database)."""
    module = f"game.{game_id}"
    try:
        return importlib.import_module(module).GAME
    except ModuleNotFoundError as exc:
        if exc.name == module:
            return None
        raise

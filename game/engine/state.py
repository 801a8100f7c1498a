"""The game contract: one base class every game's rules derive from.

Modelled on OpenSpiel's `State` (legal actions, apply, observation per player,
resample of hidden information) and boardgame.io (moves are plain data, the log
of moves is the save, `playerView` strips what a player may not see). Kept small:

* A state is created from a seat count, options and a seed. All chance comes
  from `self.rng`, which lives inside the state, so a state replays from
  (seats, options, seed, log).
* Actions are JSON values, normally dicts with a "type" key. Several-step
  actions (choose a card, then a target) are several actions: the state keeps
  the pending choice and lists the next step's actions.
* `actors()` names every seat that may act now. Several seats at once mean
  simultaneous choices (each seat's choice is hidden in the state until all
  are in) or a real-time window (claims carry a timestamp "t" in the action and
  the game orders them by it, not by arrival). `SYSTEM` acts for the table:
  physics outcomes, timers closing a claim window.
* `apply` checks before it changes anything. An illegal action raises
  `IllegalAction` naming the rule and leaves the state as it was: the engine
  restores the state on any exception, and refuses what is not sane JSON data
  before a game sees it; the shared test kit verifies it for every game.
* `observation(seat)` is what that seat may see, as data of its own (`detached`:
  changing an observation never changes the state); `determinize(seat, rng)` is a
  full state consistent with that observation, everything the seat cannot see
  resampled. Bots search on determinized states, the test kit checks that the
  observation of a determinized state is unchanged (nothing leaks).
* `describe(seat, action, names)` says in words what a seat just did, only what
  every seat may know: the "last move" line, the history, the phones.
* `secret_step(seat, action)`: true for a step of a choice made in secret (an
  early arrival picked for a time card every seat chooses at once). Such a step
  tells the table nothing until the choice is made: no history line, no replay
  line, no sound, no other seat's view changes (the test kit checks the views).
  By default nothing is secret.
* Every attribute of a state is JSON data (dicts with str keys, lists, str,
  numbers, bool, None) apart from `rng`; `to_json` and `from_json` follow.
"""

from __future__ import annotations

import json
import logging
import math
import pickle
import reprlib
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from .rng import Rng

Action = Any  # a JSON value, normally {"type": ..., ...}
SYSTEM = -1  # the seat of the table itself (physics outcomes, timers)

# What an action may be: JSON data of a sane size. Far beyond any game's moves (Wok
# Up's "settle", the largest, is 3 deep and a few hundred values), far below what
# would exhaust Python's stack or a 64-bit number (JSON's consumers, a save file,
# a phone's JavaScript, hold no more).
MAX_ACTION_DEPTH = 32
MAX_ACTION_VALUES = 10_000
MAX_ACTION_INT = 2**63
MAX_DETAIL = 240  # characters of a refusal's detail: a message, not a dump of the action

log = logging.getLogger(__name__)


class _Shown(reprlib.Repr):
    """reprlib, bounded everywhere, also for numbers too long to print at all."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxdict, self.maxlist, self.maxstring, self.maxother, self.maxlong = 3, 6, 8, 40, 40, 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # repr() itself refuses past 4300 digits
            return f"<a {x.bit_length()}-bit number>"
        return super().repr_int(x, level)


_shown = _Shown()


def shown(value: Any) -> str:
    """A player's value in a refusal message: its repr, cut short whatever it holds.
    A short string or a 64-bit number is what reprlib would give, told without it
    (rules format their refusal's words before they know whether they refuse)."""
    kind = type(value)
    if (kind is str and len(value) <= _shown.maxstring) or (kind is int and -(2**64) < value < 2**64):
        text = repr(value)
        if len(text) <= _shown.maxstring:
            return text
    return _shown.repr(value)


class IllegalAction(Exception):
    """An action the rules forbid. `rule` is a short stable name of the broken rule."""

    def __init__(self, rule: str, detail: str = "") -> None:
        if len(detail) > MAX_DETAIL:  # whatever a game put in it
            detail = detail[: MAX_DETAIL - 1] + "…"
        self.rule = rule
        self.detail = detail
        super().__init__(f"{rule}: {detail}" if detail else rule)


class ActionFailed(IllegalAction):
    """The rules raised something else than IllegalAction while performing an action:
    a bug, met with an action nobody foresaw. It is refused like an illegal one (the
    state restored), so that a table never crashes on it; `__cause__` is the error,
    and the test kit fails on it."""

    def __init__(self, error: BaseException) -> None:
        try:
            said = str(error)
        except Exception:  # an error that cannot even say what it is
            said = ""
        super().__init__("malformed-action", f"the rules failed on it ({type(error).__name__}: {said})")


def json_problem(value: Any) -> str | None:
    """What makes `value` more than sane JSON data, or None. Walked with a stack of its
    own: a value nested 100,000 deep is refused, never a RecursionError."""
    if type(value) is dict and _flat_and_sane(value):
        return None  # the usual action, checked without the walk (every apply asks)
    todo = [(value, 0)]
    count = 0
    while todo:
        item, depth = todo.pop()
        if depth > MAX_ACTION_DEPTH:
            return f"nested more than {MAX_ACTION_DEPTH} deep"
        if item is None or isinstance(item, (str, bool)):
            continue
        if isinstance(item, int):
            if not -MAX_ACTION_INT <= item < MAX_ACTION_INT:
                return "a whole number beyond 64 bits"
        elif isinstance(item, float):
            if not math.isfinite(item):
                return f"a number that is not finite ({item})"
        elif isinstance(item, (list, dict)):
            count += len(item)
            if count > MAX_ACTION_VALUES:
                return f"more than {MAX_ACTION_VALUES} values"
            if isinstance(item, dict):
                if not all(isinstance(k, str) for k in item):
                    return "a table whose keys are not all names"
                item = item.values()
            todo += [(x, depth + 1) for x in item]
        else:
            return f"{type(item).__name__} is not JSON data"
    return None


def _flat_and_sane(action: dict) -> bool:
    """True for a table of names to strings, bools, None and 64-bit whole numbers: what
    `json_problem` would pass, told faster; False means "walk it" (not "refuse it")."""
    for value in action.values():
        kind = type(value)
        if kind is int:
            if not -MAX_ACTION_INT <= value < MAX_ACTION_INT:
                return False
        elif kind is not str and kind is not bool and value is not None:
            return False
    return len(action) <= MAX_ACTION_VALUES and all(type(key) is str for key in action)


def require(condition: bool, rule: str, detail: str = "") -> None:
    """Raise IllegalAction(rule) unless condition holds: the idiom of every check."""
    if not condition:
        raise IllegalAction(rule, detail)


def detached(data: Any) -> Any:
    """A deep copy of JSON data, for observations: a caller that changes what it
    was shown must not change the state (pickle is the fastest deep copy here)."""
    return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))


class GameState:
    game_id: ClassVar[str] = ""
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    hidden_information: ClassVar[bool] = True
    default_options: ClassVar[dict] = {}
    # Action types that are steps of a choice still being made (cards picked one at a
    # time: picking.STEPS): the move history tells the finished choice in one line.
    choice_steps: ClassVar[tuple[str, ...]] = ()

    def __init__(self, num_seats: int, options: dict | None = None, seed: int = 0) -> None:
        if not self.min_seats <= num_seats <= self.max_seats:
            raise ValueError(f"{self.game_id} is for {self.min_seats}-{self.max_seats} seats, not {num_seats}")
        opts = dict(self.default_options)
        for key, value in (options or {}).items():
            if key not in opts:
                raise ValueError(f"{self.game_id} has no option {key!r}")
            opts[key] = value
        self.num_seats = num_seats
        self.options = opts
        self.seed = seed
        self.rng = Rng(seed)
        self.log: list[dict] = []
        self.undo_floor = 0  # the log may be undone back to here, never further
        self._sealed = False
        self.setup()

    # ---- what each game writes -------------------------------------------
    def setup(self) -> None:
        """Deal, shuffle, place: the start of the game (use self.rng)."""
        raise NotImplementedError

    def actors(self) -> list[int]:
        """Seats that may act now (empty when the game is over)."""
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def perform(self, seat: int, action: Action) -> None:
        """Check the action (raise IllegalAction before any change), then do it."""
        raise NotImplementedError

    def observation(self, seat: int | None) -> dict:
        """What `seat` may see; `None` is a spectator (public information only).
        The result shares nothing with the state (build it fresh or `detached`)."""
        raise NotImplementedError

    def describe(self, seat: int, action: Action, names: list[str]) -> str:
        """What `seat` did with `action`, in words, for everyone: called on the
        state just after the action was applied, so a game may say what came of
        it. Never names what only some seats may see. `names[s]` is seat s's name."""
        who = names[seat] if 0 <= seat < len(names) else "-"
        return f"{who}: {self.label(seat, action, names)}"

    def secret_step(self, seat: int, action: Action) -> bool:
        """Whether `seat`'s legal `action` is a step of a choice made in secret,
        which tells the other seats nothing until the choice is made (same answer on
        the state just before and just after it). Default: nothing is secret."""
        return False

    def label(self, seat: int, action: Action, names: list[str]) -> str:
        """What choosing the legal `action` would do, in words, before it is done:
        a list row on the screen, a button on a phone. By default its fields."""
        details = " ".join(f"{k} {v}" for k, v in action.items() if k != "type")
        return f"{action['type']} {details}".strip()

    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> Sequence[float]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        """Seats sharing the win; by default every seat with the top score."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    def determinize(self, seat: int, rng: Rng) -> Self:
        """A copy where everything `seat` cannot see is resampled from `rng`.

        Must depend only on what the seat knows (pool unknown cards in a
        canonical order, e.g. sorted, before shuffling) so that determinizing a
        determinized state with the same rng gives the same result. The copy's
        log is emptied: it would tell other seats' hidden choices.
        """
        if self.hidden_information:
            raise NotImplementedError
        return self.unlogged_clone()

    def invariants(self) -> None:
        """Raise AssertionError if a conservation law of the game is broken."""

    def sample_action(self, seat: int, rng: Rng) -> Action:
        """A random legal action; games with an open action space (SYSTEM's
        physics outcomes) override this."""
        return rng.choice(self.legal_actions(seat))

    def open_action_space(self, seat: int) -> bool:
        """True where legal_actions(seat) cannot list every legal action."""
        return False

    # ---- provided ------------------------------------------------------
    def apply(self, seat: int, action: Action, scratch: bool = False) -> None:
        """Perform `action` for `seat`, or raise IllegalAction naming the rule and leave
        the state exactly as it was, whatever the game's `perform` did before raising.

        `scratch`: the caller throws this state away if the action fails (a search's
        simulation, a log being replayed), so no snapshot is taken to restore it: the
        snapshot is most of what apply costs."""
        if self.is_over():
            raise IllegalAction("game-over", "the game has ended")
        actors = self.actors()
        if seat not in actors:
            raise IllegalAction("not-your-turn", f"seat {shown(seat)} may not act now")
        # Every action is a dict with a string "type" (actions arrive as untrusted JSON).
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("action-shape", 'an action is a table with a "type" name')
        problem = json_problem(action)
        if problem is not None:
            raise IllegalAction("action-shape", problem)
        # A snapshot to restore on any exception: pickling the state costs about one
        # apply, half as much as a clone to perform on and swap in (game/engine/README.md).
        # The log is left out (it would make each action's cost grow with the game): it
        # only ever grows, by the entry this action adds, so cutting it back restores it.
        history, entries, names = self.log, len(self.log), list(vars(self))
        saved = None if scratch else pickle.dumps({k: v for k, v in vars(self).items() if k != "log"}, -1)
        try:
            self._perform_and_log(seat, action, actors)
        except BaseException as exc:
            if saved is not None:
                del history[entries:]
                back = pickle.loads(saved)
                self.__dict__.clear()  # and refilled in its order: the state's JSON is the same text
                self.__dict__.update({k: history if k == "log" else back[k] for k in names})
            if isinstance(exc, IllegalAction) or not isinstance(exc, Exception):
                raise  # refused by a rule, or not ours to handle (KeyboardInterrupt)
            log.error("%s: seat %s: the rules failed on %s", self.game_id, seat, shown(action), exc_info=exc)
            raise ActionFailed(exc) from exc

    def _perform_and_log(self, seat: int, action: Action, actors_before: list[int]) -> None:
        rng_before = self.rng.state
        self._sealed = False
        self.perform(seat, action)
        self.log.append({"seat": seat, "action": action})
        # Undo never crosses chance, revealed information or a change of turn.
        if (
            self._sealed
            or self.rng.state != rng_before
            or seat not in self.actors()
            or (seat == SYSTEM or len(actors_before) > 1)
        ):
            self.undo_floor = len(self.log)

    def seal(self) -> None:
        """Mark the action being performed as one that undo may not take back
        (it revealed information). Chance draws and turn changes seal by themselves."""
        self._sealed = True

    def can_undo(self, seat: int) -> bool:
        return len(self.log) > self.undo_floor and self.log[-1]["seat"] == seat and seat in self.actors()

    def undone(self) -> Self:
        """The state before this seat's last action (see can_undo)."""
        if not self.log:
            raise IllegalAction("nothing-to-undo")
        return self.replay(self.num_seats, self.options, self.seed, self.log[:-1])

    @classmethod
    def replay(cls, num_seats: int, options: dict, seed: int, log: list[dict]) -> Self:
        state = cls(num_seats, options, seed)
        for entry in log:
            state.apply(entry["seat"], entry["action"], scratch=True)  # on a failure, no state is returned
        return state

    def clone(self) -> Self:
        return pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))

    def unlogged_clone(self) -> Self:
        """A clone with an empty log (and undo_floor 0): where `determinize` starts.
        The log is never copied, which grows with the game and would be thrown away."""
        copy = type(self).__new__(type(self))
        copy.__dict__.update(pickle.loads(pickle.dumps({k: v for k, v in vars(self).items() if k != "log"}, -1)))
        copy.log, copy.undo_floor = [], 0
        return copy

    def to_dict(self) -> dict:
        data = {k: v for k, v in vars(self).items() if k not in ("rng", "_sealed")}
        data["rng"] = self.rng.state
        return {"game": self.game_id, "state": data}

    def to_json(self) -> str:
        # In the state's own key order, not sorted: read back, its dicts iterate as before
        # (a choice list keeps its order; Yatai's bottles came back sorted by colour).
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Self:
        doc = json.loads(text)
        if doc.get("game") != cls.game_id:
            raise ValueError(f"not a {cls.game_id} state: {doc.get('game')!r}")
        state = cls.__new__(cls)
        data = dict(doc["state"])
        state.rng = Rng(data.pop("rng"))
        state._sealed = False
        state.__dict__.update(data)
        return state

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seats={self.num_seats} seed={self.seed} moves={len(self.log)}>"

"""The shared rules test kit: random playouts that every game must survive.

Modelled on OpenSpiel's `basic_tests`: one random-simulation kit for all games.
Each playout starts from a seed, picks random actors and random legal actions
to the end of the game, and after every step checks:

* the game's own invariants (`state.invariants()`);
* JSON round trip: `from_json(to_json(s))` serialises back to the same text
  (the log, which only grows, is round-tripped entry by entry as it grows and
  whole at the end; see "The log" below); at checkpoints, the state read back
  acts alike: every seat's legal actions in the same order, every view the same
  (dict keys of the same type, in the same order);
* at checkpoints, for every seat: the observation of a determinized state is
  the seat's own observation (nothing hidden leaks into it), determinizing is a
  function of what the seat knows, and the seat's legal actions are the same;
* at checkpoints: changing every list and dict of every seat's observation
  leaves the state unchanged (an observation shares nothing with the state);
* at checkpoints: actions that are not legal now (other seats' actions, actions
  seen earlier in the game, near misses of legal ones: a number one off, a field
  taken from another legal action) raise IllegalAction and leave the state
  unchanged. Where a seat's legal actions are a closed list, every action `apply`
  accepts must be in it: the list and `apply` agree exactly;
* at checkpoints: malformed actions (not a table, a "type" that is a list,
  every other game's moves (`foreign_actions`: sampled from the listed games),
  fields missing, extra, of the wrong type, bools for numbers, huge or not
  finite numbers, values nested 100,000 deep) raise IllegalAction naming a
  rule, never another exception (nor the engine's `ActionFailed`, which means
  the rules crashed), and leave the state unchanged;
* at checkpoints: the action just applied is told in words (`describe`) and
  every legal action has a label (`label`);
* after every step the game declares secret (`secret_step`): it is still
  declared so after it, and every other seat's view and a spectator's are as
  they were before it (the table learns nothing until the choice is made);
* at the end: the game is over, winners are seats, and replaying the log from
  the seed gives the same state.

The log: it only grows, and what may change it is a step (adding its entry) or a
bug changing an earlier entry (a `perform` that edits the action it was given: the
log holds that very dict). The kit keeps its own copy of the log as the game goes
(`kept`: each new entry copied with pickle, which keeps every type) and compares
the live log with it (`==`) at every checkpoint and after every check of refused
actions; the rest of the state is compared as JSON text. Once at the end, the
whole state with its log goes through the JSON round trip and the log is compared
with the copy as JSON text (which tells 1, 1.0 and True apart, as `==` does not).
This finds what serialising the whole state at every check found: an old entry
changed is caught at the check that changed it (by value) or at the end (by
type only), an entry that does not round trip was caught when it was new, and
an old one can only stop round-tripping by being changed. It made the kit
linear in a game's length: serialising Relleno's 1,300-entry log (89 kB of
text, the rest of its state is 2.5 kB) six times a checkpoint was most of the
kit's time.

Tests call `run_playouts(GameClass, ...)`; a failure names the seed and step.
"""

from __future__ import annotations

import functools
import importlib
import json
import pickle
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field

from .data import ASSETS
from .gamedef import GameDef
from .rng import Rng
from .state import SYSTEM, ActionFailed, GameState, IllegalAction, json_problem, shown


@dataclass
class PlayoutStats:
    games: int = 0
    steps: int = 0
    max_steps: int = 0
    wins: dict = field(default_factory=dict)
    hidden_resampled: int = 0  # checkpoints where a determinization differed from the truth
    secret_steps: int = 0  # steps declared secret, each checked to change no other seat's view


class KitFailure(AssertionError):
    pass


def _without_log(state: GameState) -> dict:
    data = state.to_dict()["state"]
    data.pop("log", None)
    data.pop("undo_floor", None)
    return data


def copy_log(entries: list) -> list:
    """An exact copy of log entries, to compare with the live log later (see "The log")."""
    return pickle.loads(pickle.dumps(entries, pickle.HIGHEST_PROTOCOL))


def check_log(state: GameState, kept: list, what: str = "the log's earlier entries changed") -> None:
    """The live log is the copy the kit kept of it (by value; by text at the end)."""
    if state.log != kept:
        raise KitFailure(what)


def _json(state: GameState, with_log: bool) -> str:
    """The state's JSON; without `with_log`, with only its newest log entry (the older ones
    were checked as they came)."""
    log = state.log
    if not with_log:
        state.log = log[-1:]
    try:
        return state.to_json()
    finally:
        state.log = log


def check_round_trip(cls: type[GameState], state: GameState, with_log: bool) -> None:
    text = _json(state, with_log)
    if cls.from_json(text).to_json() != text:
        raise KitFailure("JSON round trip changed the state")


def check_restored_acts_alike(cls: type[GameState], state: GameState) -> None:
    """The state read back from its JSON offers the same actions in the same order and
    shows every seat the same view: a choice list keeps its order across a save, and a
    bot picking the n-th action picks the same one (Yatai's bottles came back sorted)."""
    back = cls.from_json(_json(state, with_log=False))
    back.log = state.log
    for seat in state.actors():
        if seat != SYSTEM and _exact(back.legal_actions(seat)) != _exact(state.legal_actions(seat)):
            raise KitFailure(f"read back from JSON, seat {seat}'s legal actions differ or come in another order")
    for seat in [*range(state.num_seats), None]:
        if _exact(back.observation(seat)) != _exact(state.observation(seat)):
            raise KitFailure(f"read back from JSON, the view of seat {seat} differs (a key's type or order)")


def _exact(data) -> tuple:
    """`data` compared with its dicts' key types (`==`) and key order (its JSON text)."""
    return data, json.dumps(data, default=repr)


def _scribble(data) -> None:
    """Change every list and dict inside `data` (as a careless caller would)."""
    if isinstance(data, list):
        items = list(data)
        data.append("kit-scribble")
    elif isinstance(data, dict):
        items = list(data.values())
        data["kit-scribble"] = [0]
    else:
        return
    for item in items:
        _scribble(item)


def check_observation_detached(cls: type[GameState], state: GameState, kept: list | None = None) -> None:
    kept = copy_log(state.log) if kept is None else kept
    pristine, before = _snapshot(state), _but_log(state)
    for seat in [*range(state.num_seats), None]:
        _scribble(state.observation(seat))
    if _but_log(state) != before or state.log != kept:
        for seat in [*range(state.num_seats), None]:  # which seat's view is it?
            fresh = _restored(cls, pristine, kept)
            _scribble(fresh.observation(seat))
            if _but_log(fresh) != before or fresh.log != kept:
                raise KitFailure(
                    f"seat {seat}: changing its observation changed the state "
                    "(observation hands out the state's own lists: detach them)"
                )
        raise KitFailure("changing observations changed the state")


def check_hidden(state: GameState, rng: Rng, stats: PlayoutStats) -> None:
    truth = _without_log(state)
    for seat in range(state.num_seats):
        obs = state.observation(seat)
        json.dumps(obs)  # must be JSON data
        det = state.determinize(seat, Rng(rng.next64()))
        if det.observation(seat) != obs:
            raise KitFailure(f"seat {seat}: determinize changed what the seat sees, so it leaks")
        if sorted(map(_key, det.legal_actions(seat))) != sorted(map(_key, state.legal_actions(seat))):
            raise KitFailure(f"seat {seat}: legal actions depend on hidden information")
        k = rng.next64()
        again = det.determinize(seat, Rng(k))
        once = state.determinize(seat, Rng(k))
        if _without_log(again) != _without_log(once):
            raise KitFailure(f"seat {seat}: determinize depends on more than the seat's information")
        if _without_log(det) != truth:
            stats.hidden_resampled += 1
    json.dumps(state.observation(None))


def _key(action) -> str:
    """A legal action's text, to compare actions."""
    return json.dumps(action, sort_keys=True)


def _trial_key(action) -> str | None:
    """A made-up action's text; None for what is no sane JSON data (never legal)."""
    return None if json_problem(action) is not None else _key(action)


NAMES = ["Ana", "Bao", "Chloé", "Diego", "Emma", "Farid"]


def _sentence(text, what: str) -> None:
    if not isinstance(text, str) or not text.strip() or "{" in text:
        raise KitFailure(f"{what} must be a finished sentence, not {text!r}")


def check_words(state: GameState, seat: int, action) -> None:
    """The action just applied can be told in words, and every legal action now labelled."""
    names = NAMES[: state.num_seats]
    _sentence(state.describe(seat, action, names), f"describe({seat}, {action!r})")
    for actor in state.actors():
        if actor != SYSTEM and not state.open_action_space(actor):
            for legal in state.legal_actions(actor):
                _sentence(state.label(actor, legal, names), f"label({actor}, {legal!r})")


def others_views(state: GameState, seat: int) -> dict:
    """What every other seat and a spectator see: a secret step of `seat` leaves it as it was."""
    return {s: state.observation(s) for s in [None, *range(state.num_seats)] if s != seat}


def check_secret(state: GameState, seat: int, action, before: dict) -> None:
    """`action`, just applied, was declared secret before it: it still is, and no
    other seat's view (`before`, from `others_views`) changed."""
    if not state.secret_step(seat, action):
        raise KitFailure(f"secret_step({seat}, {action!r}) is true before the step, false after it")
    changed = [s for s, view in others_views(state, seat).items() if view != before[s]]
    if changed:
        raise KitFailure(f"the secret step {action!r} of seat {seat} changed what seats {changed} see")


MAX_MESSAGE = 300  # characters of a refusal: a rule and a bounded detail (see IllegalAction)


def _refused(state: GameState, seat: int, action, what: str) -> bool:
    """Apply `action`: True if refused by a rule (the state checked unchanged by the
    caller), False if accepted; a KitFailure if the rules crashed on it."""
    try:
        state.apply(seat, action)
    except ActionFailed as exc:
        cause = exc.__cause__
        raise KitFailure(
            f"seat {seat}: {what} {shown(action)} raised {type(cause).__name__}: {cause} "
            "(must be IllegalAction naming the rule)"
        ) from cause
    except IllegalAction as exc:
        if len(str(exc)) > MAX_MESSAGE:
            raise KitFailure(f"seat {seat}: refusing {shown(action)} said {len(str(exc))} characters") from exc
        return True
    return False


def _but_log(state: GameState) -> tuple[str, int]:
    """The state but its log, and the log's length: what a refused action may not
    change, compared after each trial; the whole log, which grows with the game
    (a refusal cuts it back to its length), is compared once per check (`check_log`)."""
    data = state.to_dict()["state"]
    entries = len(data.pop("log"))
    return json.dumps(data, sort_keys=True), entries


def _snapshot(state: GameState) -> bytes:
    """The state but its log, pickled: `_restored` makes it a state again."""
    return pickle.dumps({k: v for k, v in vars(state).items() if k != "log"}, pickle.HIGHEST_PROTOCOL)


def _restored(cls: type[GameState], snapshot: bytes, kept: list) -> GameState:
    state = cls.__new__(cls)
    state.__dict__.update(pickle.loads(snapshot))
    state.log = copy_log(kept)
    return state


def check_illegal(state: GameState, candidates: list, kept: list | None = None) -> None:
    """Every candidate not among its seat's legal actions is refused, changing nothing;
    for every actor, near misses of its legal actions too (see `near_misses`)."""
    kept = copy_log(state.log) if kept is None else kept
    before = _but_log(state)
    actors = state.actors()
    legal = {seat: state.legal_actions(seat) for seat in actors}
    known = {seat: {_key(a) for a in legal[seat]} for seat in actors}
    candidates = candidates + [(seat, a) for seat in actors for a in near_misses(legal[seat])]
    # The engine's apply puts back every field of the state (from its snapshot) after
    # each refusal, so the state can differ between trials only if a game replaces
    # apply: then each trial is compared (naming it), else once at the end.
    each = type(state).apply is not GameState.apply
    for seat, action in candidates:
        if seat in actors and state.open_action_space(seat):
            continue  # an open action space cannot say what is illegal by listing
        if seat in actors and _trial_key(action) in known[seat]:
            continue
        if not _refused(state, seat, action, "illegal action"):
            raise KitFailure(
                f"seat {seat}: apply accepted {shown(action)}, which legal_actions leaves out "
                "(the list and apply must agree exactly)"
            )
        if each and _but_log(state) != before:
            raise KitFailure(f"seat {seat}: rejected action {shown(action)} changed the state")
    if _but_log(state) != before:
        raise KitFailure("a rejected action changed the state")
    check_log(state, kept, "a rejected action changed the log's earlier entries")


def near_misses(legal: list, limit: int = 24) -> list:
    """Actions that look legal: a legal action with a whole number one off or zero, or a
    field taken from another legal action of the same type. Most are illegal; those
    that are legal must be listed (a rule naming the first of identical items, say)."""
    out = []
    for action in legal[:limit]:
        if not isinstance(action, dict):
            continue
        for key, value in action.items():
            if key == "type":
                continue
            if isinstance(value, int) and not isinstance(value, bool):
                out += [{**action, key: v} for v in (value - 1, value + 1, 0) if v != value]
            out += [
                {**action, key: other[key]}
                for other in legal[:limit]
                if other.get("type") == action["type"] and key in other and other[key] != value
            ][:3]
    unique = {_trial_key(a): a for a in out}
    return list(unique.values())


# ---- other games' moves: a phone of the wrong table must be refused -----------------
SAMPLE_SEEDS = (1, 2, 3)  # at the fewest and the most seats: every kind of move of the five
SAMPLE_STEPS = 3000  # log entries of a sampling playout at most (the longest games end before)
NO_SUCH_MOVE = {"type": "no-such-move"}  # nobody's


@functools.cache
def listed_games() -> tuple[GameDef, ...]:
    """Every game the catalogue (assets/games.toml) names with its package: the
    registry a new game joins, so the kit sends its moves to the others unasked."""
    listed = tomllib.loads((ASSETS / "games.toml").read_text(encoding="utf-8"))["game"]
    return tuple(importlib.import_module(e["module"]).GAME for e in listed if e.get("module"))


def shape(action) -> str:
    """An action's type and the kinds of its fields: moves of one shape meet the same
    reading code in a game, so one of each is enough."""
    if not isinstance(action, dict):
        return _key(action)
    return _key({k: v if k == "type" else type(v).__name__ for k, v in action.items()})


_SAMPLED: dict[type[GameState], tuple] = {}


def sample_moves(cls: type[GameState]) -> tuple:
    """One move of each type and shape that short seeded random games of `cls` meet
    (legal to some seat at some step, or drawn for SYSTEM): what the game reads.
    Kept per process: the games are a fraction of a second each."""
    if cls not in _SAMPLED:
        _SAMPLED[cls] = _sampled(cls)
    return _SAMPLED[cls]


def _sampled(cls: type[GameState]) -> tuple:
    found: dict[str, object] = {}
    met: set = set()  # `_layout`s already shaped: most moves repeat one, and shape() is JSON

    def keep(action) -> None:
        layout = _layout(action)
        if layout is None or layout not in met:
            met.add(layout)
            found.setdefault(shape(action), action)

    for seats in sorted({cls.min_seats, cls.max_seats}):
        for seed in SAMPLE_SEEDS:
            state, rng = cls(seats, None, seed), Rng(seed)
            while not state.is_over() and len(state.log) < SAMPLE_STEPS:
                for seat in state.actors():
                    if not state.open_action_space(seat):
                        for legal in state.legal_actions(seat):
                            keep(legal)
                seat = rng.choice(state.actors())
                action = state.sample_action(seat, rng)
                keep(action)
                state.apply(seat, action, scratch=True)  # a legal move on a state of our own
    return tuple(found.values())


def _layout(action) -> tuple | None:
    """A move's type and its fields' names and kinds, in its own order: the same layout
    is the same `shape` (None: not a table with a name for a type; shape it)."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return None
    return tuple((k, v if k == "type" else type(v)) for k, v in action.items())


def foreign_actions(cls: type[GameState], games: Sequence[GameDef] | None = None) -> list:
    """The moves of every game of `games` (by default the listed ones) but `cls`, one
    of each shape, and a move of nobody's: `check_malformed` sends them all."""
    games = listed_games() if games is None else games
    moves = {shape(a): a for g in games if g.state_cls is not cls for a in sample_moves(g.state_cls)}
    return [*moves.values(), NO_SUCH_MOVE]


def nested(levels: int, container: type = list):
    """A value `levels` deep ([[[...]]] or {"k": {"k": ...}}), built without recursion."""
    value: object = 0
    for _ in range(levels):
        value = [value] if container is list else {"k": value}
    return value


DEEP_LIST = nested(100_000)
DEEP_DICT = nested(100_000, dict)
NOT_ACTIONS: list = [
    None,
    3,
    1.5,
    True,
    "pass",
    [],
    ["type", "pass"],
    {},
    {"type": None},
    {"type": 7},
    {"type": {"k": "v"}},
    {"type": ["pass"]},
    {"kind": "pass"},
    DEEP_LIST,
    {"type": DEEP_LIST},
    {"type": "pass", "k": DEEP_DICT},
    {"type": "x" * 100_000},
]
BAD_VALUES: list = [
    "x",
    "",
    1.5,
    True,
    False,
    None,
    [],
    {},
    [1, 2],
    {"a": 1},
    -1,
    2**64,
    -(2**64),
    10**100,
    float("inf"),
    -float("inf"),
    float("nan"),
    -0.0,
    DEEP_LIST,
    DEEP_DICT,
    "x" * 100_000,
    list(range(10_000)),
]


def malformed_variants(action, rng: Rng, limit: int = 60) -> list:
    """Broken copies of a legal action: each field missing, of a wrong type or
    absurd, and an extra field."""
    if not isinstance(action, dict):
        return []
    out = [{**action, "kit-extra": 1}]
    for key in [k for k in action if k != "type"]:
        out.append({k: v for k, v in action.items() if k != key})
        out += [{**action, key: bad} for bad in BAD_VALUES]
    if len(out) > limit:
        rng.shuffle(out)
        out = out[:limit]
    return out


def check_malformed(cls: type[GameState], state: GameState, rng: Rng, foreign: list, kept: list | None = None) -> None:
    """Malformed actions and `foreign` ones (other games' moves) are refused with
    IllegalAction by every actor and change nothing."""
    kept = copy_log(state.log) if kept is None else kept
    pristine, before = _snapshot(state), _but_log(state)
    for seat in state.actors():
        open_space = state.open_action_space(seat)
        legal = state.legal_actions(seat)
        known = {_key(a) for a in legal}
        types = {a["type"] for a in legal}  # a legal action is a table with a "type" name
        samples = [rng.choice(legal)] if legal else []
        trials = NOT_ACTIONS + foreign + [m for a in samples for m in malformed_variants(a, rng)]
        for action in trials:
            # Equal text means equal data: `in legal` (==) rules most trials out before
            # their text is made (some carry 100,000 characters).
            kind = action.get("type") if isinstance(action, dict) else None
            if isinstance(kind, str) and kind in types and action in legal and _trial_key(action) in known:
                continue  # another game's move that is also one of this game's legal ones
            if _refused(state, seat, action, "malformed action"):
                continue
            if not open_space:  # an open action space cannot say what is malformed by listing
                raise KitFailure(
                    f"seat {seat}: apply accepted {shown(action)}, which legal_actions leaves out "
                    "(a malformed action, or the list and apply disagree)"
                )
            state.__dict__.update(_restored(cls, pristine, kept).__dict__)  # it was legal after all: take it back
        if _but_log(state) != before:
            raise KitFailure(f"seat {seat}: a refused malformed action changed the state")
        check_log(state, kept, f"seat {seat}: a refused malformed action changed the log's earlier entries")


def playout(
    cls: type[GameState],
    num_seats: int,
    seed: int,
    options: dict | None = None,
    stats: PlayoutStats | None = None,
    checkpoint_every: int = 5,
    max_steps: int = 20000,
    check_hidden_info: bool = True,
    malformed_every: int = 3,
    foreign: list | None = None,
) -> GameState:
    """One random game to its end with every check of the kit; `foreign`: the other
    games' moves it is sent (by default `foreign_actions(cls)`)."""
    stats = stats if stats is not None else PlayoutStats()
    foreign = foreign_actions(cls) if foreign is None else foreign
    state = cls(num_seats, options, seed)
    rng = Rng(seed * 7919 + 17)
    seen: list[tuple[int, object]] = []
    kept = copy_log(state.log)  # the kit's copy of the log (see "The log" above)
    step = 0
    try:
        while not state.is_over():
            if step >= max_steps:
                raise KitFailure(f"game not over after {max_steps} steps")
            state.invariants()
            check_round_trip(cls, state, with_log=False)
            actors = state.actors()
            if not actors:
                raise KitFailure("nobody may act but the game is not over")
            if step % checkpoint_every == 0:
                check_log(state, kept)
                if check_hidden_info:
                    check_hidden(state, rng, stats)
                check_observation_detached(cls, state, kept)
                check_restored_acts_alike(cls, state)
                # Recent actions, as they were and as if a seat not to act sent them.
                idle = [s for s in range(num_seats) if s not in actors]
                others = [(s, a) for s in idle for _, a in seen[-2:]]
                check_illegal(state, seen[-12:] + others, kept)
                if step % (checkpoint_every * malformed_every) == 0:
                    check_malformed(cls, state, rng, foreign, kept)
            seat = rng.choice(actors)
            action = state.sample_action(seat, rng)
            if seat != SYSTEM and not state.open_action_space(seat):
                seen.append((seat, action))
            secret = others_views(state, seat) if seat != SYSTEM and state.secret_step(seat, action) else None
            state.apply(seat, action)
            kept += copy_log(state.log[len(kept) :])
            if secret is not None:
                check_secret(state, seat, action, secret)
                stats.secret_steps += 1
            if step % checkpoint_every == 0:
                check_words(state, seat, action)
            step += 1
        state.invariants()
        check_round_trip(cls, state, with_log=True)
        check_log(state, kept)
        if json.dumps(state.log, sort_keys=True) != json.dumps(kept, sort_keys=True):
            raise KitFailure("the log's earlier entries changed (a value of another type)")
        winners = state.winners()
        if not winners or any(not 0 <= w < num_seats for w in winners):
            raise KitFailure(f"bad winners {winners}")
        if len(state.scores()) != num_seats:
            raise KitFailure("scores() must give one score per seat")
        replayed = cls.replay(num_seats, state.options, seed, state.log)
        if replayed.to_json() != state.to_json():
            raise KitFailure("replaying the log gives another state")
    except Exception as exc:
        raise KitFailure(f"{cls.game_id} seats={num_seats} seed={seed} options={options} step={step}: {exc}") from exc
    stats.games += 1
    stats.steps += step
    stats.max_steps = max(stats.max_steps, step)
    for w in state.winners():
        stats.wins[w] = stats.wins.get(w, 0) + 1
    return state


def run_playouts(
    cls: type[GameState],
    games: int,
    seats: list[int] | None = None,
    options: list[dict | None] | None = None,
    first_seed: int = 1,
    first_game: int = 0,
    **kwargs,
) -> PlayoutStats:
    """`games` playouts spread over seat counts and option sets; returns the figures.
    `first_game`: a shard of a longer run says where it starts in it, so that each of
    its seeds plays the seat count and options it plays in the whole run."""
    seat_counts = seats or list(range(cls.min_seats, cls.max_seats + 1))
    option_sets = options or [None]
    stats = PlayoutStats()
    for i in range(games):
        k = first_game + i
        playout(
            cls,
            seat_counts[k % len(seat_counts)],
            first_seed + i,
            option_sets[(k // len(seat_counts)) % len(option_sets)],
            stats,
            **kwargs,
        )
    if cls.hidden_information and kwargs.get("check_hidden_info", True) and not stats.hidden_resampled:
        raise KitFailure(f"{cls.game_id} claims hidden information but determinize never resampled anything")
    return stats


def check_bot_fair(cls: type[GameState], bot, games: int = 20, seats: int = 2, first_seed: int = 1) -> int:
    """A bot must choose the same action on a state and on a determinization of
    it for its seat: it cannot be using what it should not see. The bot must be
    deterministic for a given rng (bound search by iterations, not seconds).
    Returns the number of checks made."""
    checks = 0
    for seed in range(first_seed, first_seed + games):
        state = cls(seats, None, seed)
        rng = Rng(seed)
        step = 0
        while not state.is_over() and step < 400:
            seat = rng.choice(state.actors())
            if seat != SYSTEM and step % 7 == 0:
                k = rng.next64()
                twin = state.determinize(seat, Rng(rng.next64()))
                a = bot.choose(state, seat, Rng(k))
                b = bot.choose(twin, seat, Rng(k))
                if _key(a) != _key(b):
                    raise KitFailure(f"seed {seed} step {step}: bot {bot.name} peeks at hidden information")
                checks += 1
            state.apply(seat, state.sample_action(seat, rng))
            step += 1
    return checks


def assert_rejected(state: GameState, seat: int, action, rule: str) -> None:
    """For rules tests: the action raises IllegalAction naming `rule`, and changes nothing."""
    before = state.to_json()
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        if exc.rule != rule:
            raise AssertionError(f"{shown(action)} was refused by rule {exc.rule!r}, not {rule!r}") from exc
    else:
        raise AssertionError(f"{shown(action)} was accepted; rule {rule!r} should refuse it")
    if state.to_json() != before:
        raise AssertionError(f"refusing {shown(action)} changed the state")

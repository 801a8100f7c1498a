"""Which sounds a move makes: the bridge from the rules to game/app/audio.py.

    before = moment(state)                          # (Session.moment keeps them)
    state.apply(seat, action)                       # (Session.apply does this)
    for name in cues(gdef, before, moment(state), seat, action, humans):
        app.audio.play(name)

Each game declares its own sounds on its GameDef (`cues=Cues(...)`: what an
action's type says, what its public observations tell); this module adds what
the contract tells of every game: the end ("winner", once `is_over()` turns
true) and, in a turn-based game, "your_turn" when the one seat to act becomes a
person's (a game whose lone actor is not always on its turn says how it reads
its turns: Relleno's last seat choosing a time card). It reads only public
observations, the contract and the action, so it is pure and the same for
every scene. What it cannot see, the scene plays itself:
- "token_land": Wok Up's tokens touching the table, from the scene's own
  animation (the rules only learn where they settled);
- "countdown_tick": each second of Wok Up's countdown before the signal;
- menus' "ui_move", "ui_confirm", "ui_back".

Press answers ("slap", "wokup_shout") come out of the claim action itself,
which the scene submits the moment the button is pressed: the sound does not
wait for the claim window to close.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.gamedef import GameDef
from ..engine.state import SYSTEM, GameState

# The effects every game has (from the contract) and those only scenes play.
CONTRACT_CUES = {"winner", "your_turn"}
SCENE_CUES = {"token_land", "countdown_tick", "ui_move", "ui_confirm", "ui_back"}


@dataclass(frozen=True)
class Moment:
    """A state as a move is heard against it: its public view and, from the
    contract, whether the game is over and who is to act. A table keeps one per
    state version (Session.moment): a move's after is the next one's before, so
    its view is read, never changed."""

    view: dict
    over: bool
    actors: tuple[int, ...]


def moment(state: GameState) -> Moment:
    return Moment(state.observation(None), state.is_over(), tuple(state.actors()))


def game_cues(gdef: GameDef) -> set[str]:
    """Every effect `gdef`'s moves can cue."""
    return set(gdef.cues.effects) | {"winner"} | (set() if gdef.realtime else {"your_turn"})


def _turn(gdef: GameDef, m: Moment) -> int | None:
    """Whose turn it is: the one seat to act, if there is one (SYSTEM does not
    take turns), unless the game reads its turns itself."""
    if gdef.cues.turn is not None:
        return gdef.cues.turn(m.view)
    seats = [s for s in m.actors if s != SYSTEM]
    return seats[0] if len(seats) == 1 else None


def cues(gdef: GameDef, before: Moment, after: Moment, seat: int, action: dict, humans=frozenset()) -> list[str]:
    """The effect names to play after `seat` did `action` (in order).
    `humans`: the seats a person plays, who hear "your_turn" when it comes."""
    spec = gdef.cues
    out = list(spec.by_type.get(action.get("type", ""), ()))
    if spec.extra is not None:
        out += spec.extra(before.view, after.view, action)
    turn = None if gdef.realtime else _turn(gdef, after)  # real time: no turns
    if after.over and not before.over:
        out.append("winner")
    elif turn is not None and turn != _turn(gdef, before) and turn in frozenset(humans):
        out.append("your_turn")
    return out

"""Choosing several cards one at a time: a several-step action kept in the state.

A table game often asks for "some of your cards" (discard any of them, play cards
that cover a recipe). Listing every combination drowns the player (15 with four
cards, a thousand with ten) and a phone's buttons with it, since a phone shows the
legal actions as buttons. So the seat picks cards one at a time, as at a real
table: the state keeps the cards picked so far (a sorted list of card names, JSON),
`legal_actions` lists only the next steps, and the finishing step is the game's
own full action naming exactly the picked cards ({"type": "fill", "recipe": r,
"cards": [...]}), so the log says what was played, the words stay the game's and
a bot still thinks in full moves (`toward`, `steps_to`).

The steps: {"type": "pick", "card": c} adds one card still unpicked (one of each
different card is listed: a second copy is picked by picking it again),
{"type": "unpick", "card": c} puts one back, {"type": "cancel"} puts all back.
Every step stays on the seat's turn (undo takes it back) and changes nothing but
the picked list; the game checks the finishing action against it (`is_picked`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from .actions import fields, str_field
from .bots import RandomBot
from .rng import Rng
from .state import IllegalAction, require

STEPS = ("pick", "unpick", "cancel")


def _left(pool: list[str], picked: list[str]) -> Counter:
    return Counter(pool) - Counter(picked)


def steps(pool: list[str], picked: list[str], can_pick: bool = True) -> list[dict]:
    """The next steps from `pool` (the cards that may be picked, with repeats):
    pick each different card left (if `can_pick`), put back each different
    picked card, cancel once something is picked."""
    out = [{"type": "pick", "card": c} for c in sorted(_left(pool, picked))] if can_pick else []
    out += [{"type": "unpick", "card": c} for c in sorted(set(picked))]
    return out + ([{"type": "cancel"}] if picked else [])


def step(action: dict, pool: list[str], picked: list[str]) -> list[str]:
    """The picked cards after the step `action`; checked first (IllegalAction
    naming the rule), so the caller changes its state only with the result."""
    if action["type"] == "cancel":
        fields(action)
        require(bool(picked), "nothing-picked", "no card is picked")
        return []
    fields(action, ["card"])
    card = str_field(action, "card", rule="card-in-hand")
    if action["type"] == "pick":
        require(_left(pool, picked)[card] > 0, "card-in-hand", "pick a card of your hand not picked yet")
        return sorted(picked + [card])
    require(card in picked, "card-picked", "put back a card you picked")
    rest = list(picked)
    rest.remove(card)
    return rest


def is_picked(cards: list[str], picked: list[str]) -> bool:
    """A finishing action names exactly the cards picked (in any order)."""
    return Counter(cards) == Counter(picked)


def toward(plan: dict, picked: list[str], key: str = "cards") -> dict:
    """The next step toward the full action `plan` (a bot's or a tutorial's move):
    put back a picked card it does not play, pick one it plays, or `plan` itself
    once the picked cards are its cards (its field `key`). A plan that picks nothing
    cancels first."""
    if key not in plan:
        return {"type": "cancel"} if picked and plan["type"] != "cancel" else plan
    if not picked:  # the usual step, told without counting (bots' playouts ask it at every move)
        return {"type": "pick", "card": min(plan[key])} if plan[key] else plan
    want, have = Counter(plan[key]), Counter(picked)
    extra, missing = have - want, want - have
    if extra:
        return {"type": "unpick", "card": min(extra)}
    if missing:
        return {"type": "pick", "card": min(missing)}
    return plan


def steps_to(plan: dict, picked: list[str], key: str = "cards") -> list[dict]:
    """Every step from `picked` to the full action `plan`, `plan` last."""
    out, have = [], list(picked)
    while True:
        nxt = toward(plan, have, key)
        out.append(nxt)
        if nxt is plan:
            return out
        if nxt["type"] == "cancel":
            have = []
        elif nxt["type"] == "pick":
            have = sorted(have + [nxt["card"]])
        else:
            have.remove(nxt["card"])


def holding(plans: list[dict], picked: list[str], key: str = "cards") -> list[dict]:
    """The plans that play every card picked so far: a bot that has begun to pick
    keeps to them, so it never undoes its own steps (and always finishes)."""
    have = Counter(picked)
    return [p for p in plans if key in p and not have - Counter(p[key])]


def as_picked(picked: list[str], action, key: str = "cards") -> list[dict] | None:
    """A whole action of a log written before its cards were picked one at a time
    (a save of an older version): its picks, then itself; None if it is not one."""
    if picked or not isinstance(action, dict) or not isinstance(action.get(key), list):
        return None
    if not action[key] or not all(isinstance(c, str) for c in action[key]):
        return None
    return steps_to(action, [], key)


def replay(cls, num_seats: int, options: dict, seed: int, log: list[dict], upgrade: Callable) -> Any:
    """`GameState.replay` for a game whose cards are picked one at a time, reading
    older logs too: an entry the rules refuse is replaced by what `upgrade(state,
    seat, action)` gives (a list of actions, [] to drop it; None: it stays refused),
    so an unfinished game saved before the change resumes. The state's log then
    holds the upgraded entries, and the next save writes them."""
    state = cls(num_seats, options, seed)
    for entry in log:
        seat, action = entry["seat"], entry["action"]
        try:
            state.apply(seat, action)
        except IllegalAction:
            steps = upgrade(state, seat, action)
            if steps is None:
                raise
            for step in steps:
                state.apply(seat, step)
    return state


class ForwardRandomBot(RandomBot):
    """The random level of a game with picking: any legal step, but never one that
    puts a picked card back while another is possible, so its discards and fills
    go forward (a uniformly random player would pick and put back for ages, each
    step shown after the bots' thinking delay)."""

    def choose(self, state: Any, seat: int, rng: Rng) -> dict:
        legal = state.legal_actions(seat)
        forward = [a for a in legal if a["type"] not in ("unpick", "cancel")]
        return rng.choice(forward or legal)

"""Information-set Monte Carlo tree search (Cowling, Powley, Whitehouse 2012).

Single-observer ISMCTS: every iteration draws a determinization of the hidden
information consistent with what the searching seat sees, then descends one
shared tree of action sequences, choosing among the actions *available in this
determinization* by UCB with availability counts, plays out at random (or by a
game's cheap policy) and backs up a reward per seat. The most-visited root
action wins. Actions are compared by their canonical JSON text.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from typing import Any

from .bots import Bot
from .rng import Rng
from .state import SYSTEM, Action, GameState


def action_key(action: Action) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def win_rewards(state: GameState) -> list[float]:
    """1 shared among the winners, 0 for the others; a cut-off game by score rank."""
    n = state.num_seats
    if state.is_over():
        winners = state.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    scores = state.scores()
    lo, hi = min(scores), max(scores)
    span = (hi - lo) or 1.0
    return [(v - lo) / span * 0.5 for v in scores]


class _Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.seat = seat  # the seat whose action led to this node


class IsmctsBot(Bot):
    """A search bot; `iterations` and `seconds` bound the thinking, whichever first."""

    name = "ismcts"

    def __init__(
        self,
        iterations: int = 400,
        seconds: float = 0.8,
        exploration: float = 0.7,
        rollout_depth: int = 200,
        rewards: Callable[[Any], list[float]] = win_rewards,
        rollout_policy: Callable[[Any, int, Rng], Action] | None = None,
    ) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.rewards = rewards
        self.rollout_policy = rollout_policy

    def _act(self, state: GameState, seat: int, rng: Rng) -> Action:
        if self.rollout_policy is not None:
            return self.rollout_policy(state, seat, rng)
        return state.sample_action(seat, rng)

    def choose(self, state: Any, seat: int, rng: Rng) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        by_key = {action_key(a): a for a in legal}
        root = _Node(seat)
        deadline = time.monotonic() + self.seconds
        for i in range(self.iterations):
            if i >= 8 and time.monotonic() > deadline:
                break
            self._iterate(root, state.determinize(seat, rng), seat, rng)
        best = max(
            (k for k in root.children if k in by_key),
            key=lambda k: (root.children[k].visits, root.children[k].reward),
        )
        return by_key[best]

    def _iterate(self, root: _Node, sim: GameState, me: int, rng: Rng) -> None:
        node, path = root, [root]
        first = True
        # Selection and expansion.
        while not sim.is_over():
            actors = sim.actors()
            actor = me if first and me in actors else rng.choice(actors)
            first = False
            # The table's chance and open action spaces without a listed sample
            # are not searched: they are played at random.
            listed = [] if actor == SYSTEM else sim.legal_actions(actor)
            if not listed:
                sim.apply(actor, sim.sample_action(actor, rng), scratch=True)
                continue
            legal = {action_key(a): a for a in listed}
            untried = [k for k in legal if k not in node.children]
            for k in legal:
                if k in node.children:
                    node.children[k].avail += 1
            if untried:
                key = rng.choice(untried)
                child = node.children[key] = _Node(actor)
                child.avail = 1
                sim.apply(actor, legal[key], scratch=True)
                path.append(child)
                break
            log_avail = {k: math.log(max(1, node.children[k].avail)) for k in legal}
            key = max(
                legal,
                key=lambda k: (
                    node.children[k].reward / node.children[k].visits
                    + self.exploration * math.sqrt(log_avail[k] / node.children[k].visits)
                ),
            )
            node = node.children[key]
            sim.apply(actor, legal[key], scratch=True)
            path.append(node)
        # Playout.
        for _ in range(self.rollout_depth):
            if sim.is_over():
                break
            actor = rng.choice(sim.actors())
            sim.apply(actor, self._act(sim, actor, rng), scratch=True)
        rewards = self.rewards(sim)
        for n in path:
            n.visits += 1
            if n.seat != SYSTEM and n.seat >= 0:
                n.reward += rewards[n.seat]

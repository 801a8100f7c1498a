"""Cheater Chefs bots. Both levels see only what their seat sees: they judge
moves on determinizations (the hidden hands, deck and orders resampled from
what the seat has seen), never on the true state.

* "easy" (GreedyBot): one determinization, the move that brings its own team
  closest to finishing; rivals do not worry it.
* "hard" (ISMCTS from game.engine.search): searches its own moves and the
  rivals' replies over many determinizations, scoring positions by how far
  each team is from finishing compared with the closest rival team.
"""
from __future__ import annotations

import math

from game.engine.bots import Bot
from game.engine.rng import Rng
from game.engine.search import IsmctsBot

from .data import content
from .rules import ChefsState

# Estimated turns to get an ingredient that is not in hand: commoner is faster.
DRAW_TURNS = {6: 2.0, 4: 2.6, 3: 3.2}
ANTIDOTE = "antidote"
WIN = 100.0


def distance(state: ChefsState, seat: int) -> float:
    """About how many turns this seat needs to fulfil its order from here."""
    data = content()
    order, anti = state.order(seat), state.options["anti_order"]
    counter, hand = state.counters[seat], state.hands[seat]
    wanted = (set(data.ingredients) - set(order)) if anti else set(order)
    got: set[str] = set()
    turns = 0.0
    antidotes = sum(1 for c in hand if data.traps.get(c, {}).get("effect") == ANTIDOTE)
    for card in counter:
        kind = card["card"]
        useful = kind in wanted and kind not in got and len(got) < 4
        if card["poison"]:
            cure = 1.0 if antidotes else 3.5
            antidotes = max(0, antidotes - 1)
            turns += cure if useful else cure + 1.0  # cured, then discarded
        else:
            turns += 0.0 if useful else 1.0  # an extra card must be discarded
        if useful:
            got.add(kind)
    missing = 4 - len(got)
    in_hand = sorted({c for c in hand if c in wanted and c not in got},
                     key=lambda c: data.ingredients[c]["copies"])
    if anti:
        turns += min(missing, len(in_hand)) + max(0, missing - len(in_hand)) * DRAW_TURNS[6]
    else:
        for kind in wanted - got:
            turns += 1.0 if kind in in_hand else DRAW_TURNS.get(data.ingredients[kind]["copies"], 3.2)
    return turns


def team_distance(state: ChefsState, seat: int) -> float:
    dists = [distance(state, s) for s in state.members(seat)]
    return sum(dists) if state.options["mode"] == "menu" else min(dists)


def team_values(state: ChefsState) -> dict[int, float]:
    """Each team's standing: WIN for the winner, else minus its distance."""
    values = {}
    for seat in range(state.num_seats):
        team = state.teams[seat]
        if team not in values:
            if state.winning_team is not None:
                values[team] = WIN if team == state.winning_team else -WIN
            else:
                values[team] = -team_distance(state, seat)
    return values


def advantage(state: ChefsState, seat: int, values: dict[int, float], rival_weight: float) -> float:
    mine = values[state.teams[seat]]
    rivals = [v for t, v in values.items() if t != state.teams[seat]]
    return mine - rival_weight * max(rivals)


def heuristic_rewards(state: ChefsState) -> list[float]:
    """Rewards in [0, 1] per seat for the search: a win is 1, otherwise the
    lead over the closest rival team, squashed."""
    values = team_values(state)
    out = []
    for seat in range(state.num_seats):
        lead = advantage(state, seat, values, 1.0)
        out.append(1.0 if lead >= WIN else 0.0 if lead <= -WIN else 0.5 + 0.5 * math.tanh(lead / 4))
    return out


class GreedyBot(Bot):
    """The move that looks best one turn ahead on a determinization."""

    name = "easy"

    def __init__(self, samples: int = 1, rival_weight: float = 0.0) -> None:
        self.samples = samples
        self.rival_weight = rival_weight

    def choose(self, state: ChefsState, seat: int, rng: Rng):
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            det = state.determinize(seat, rng)
            for i, action in enumerate(legal):
                sim = det.clone()
                sim.apply(seat, action)
                totals[i] += advantage(sim, seat, team_values(sim), self.rival_weight)
        best = max(totals)
        return rng.choice([a for a, v in zip(legal, totals) if v == best])


def hard_bot(iterations: int = 600, seconds: float = 0.8) -> IsmctsBot:
    bot = IsmctsBot(iterations=iterations, seconds=seconds, exploration=0.5, rollout_depth=0,
                    rewards=heuristic_rewards)
    bot.name = "hard"
    return bot

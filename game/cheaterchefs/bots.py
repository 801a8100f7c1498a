"""Cheater Chefs bots. They see only what their seat sees: every move is
judged on determinizations (sample_world), never on the true state.

* "easy": one sampled world, the move that brings its own team closest to
  finishing; rivals do not worry it.
* "hard": twelve sampled worlds in which the rivals' secret orders follow what
  they have built, the move that best balances its own progress against the
  closest rival team's (so it poisons, steals and swaps where it hurts).
A search bot (ISMCTS, 300-800 iterations, heuristic leaves) was tried and lost
to "hard": each turn offers up to ~300 moves, too many to search in a second.
"""

from __future__ import annotations

from game.engine import picking
from game.engine.bots import Bot
from game.engine.rng import Rng

from .data import content
from .rules import ChefsState

# Estimated turns to get an ingredient that is not in hand: commoner is faster.
DRAW_TURNS = {6: 2.0, 4: 2.6, 3: 3.2}
ANTIDOTE = "antidote"
WIN = 100.0


def sample_world(state: ChefsState, seat: int, rng: Rng, belief: float = 4.0) -> ChefsState:
    """A determinization whose rival orders follow what the rivals built: an
    order is `belief` times likelier per ingredient it shares with that rival's
    unpoisoned counter (chefs mostly lay down what they need). Uses only public
    counters and the seat's own order, so it stays fair."""
    world = state.determinize(seat, rng)
    if belief == 1.0 or state.is_over():
        return world
    orders = content().orders
    free = sorted(o for o in orders if o != state.orders[seat])
    for rival in range(state.num_seats):
        if rival == seat:
            continue
        built = {c["card"] for c in state.counters[rival] if not c["poison"]}
        weights = [belief ** len(built & set(orders[o]["ingredients"])) for o in free]
        pick = rng.random() * sum(weights)
        for order, w in zip(free, weights):  # noqa: B007 (the order drawn is the one the loop stops at)
            pick -= w
            if pick < 0:
                break
        world.orders[rival] = order
        free.remove(order)
    return world


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
    in_hand = {c for c in hand if c in wanted and c not in got}
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


class GreedyBot(Bot):
    """The move that looks best one turn ahead on a determinization."""

    def __init__(self, samples: int, rival_weight: float, belief: float, name: str) -> None:
        self.name = name
        self.samples = samples
        self.belief = belief
        self.rival_weight = rival_weight

    def choose(self, state: ChefsState, seat: int, rng: Rng):
        """Weighs whole moves (a discard with all its cards) and plays the next
        step of the best; once it has picked a card it keeps to the discards
        holding it, so it never undoes its own steps."""
        moves = state.moves(seat)
        if state.picked:
            moves = picking.holding(moves, state.picked)
        if len(moves) == 1:
            return picking.toward(moves[0], state.picked)
        totals = [0.0] * len(moves)
        for _ in range(self.samples):
            det = sample_world(state, seat, rng, self.belief)
            for i, action in enumerate(moves):
                sim = _after(det, seat, action)
                totals[i] += advantage(sim, seat, team_values(sim), self.rival_weight)
        best = max(totals)
        return picking.toward(rng.choice([a for a, v in zip(moves, totals) if v == best]), state.picked)


def _after(state: ChefsState, seat: int, action) -> ChefsState:
    """The world after the whole move `action`, played step by step (on a copy of
    its own: no log copied, no snapshot taken for a refusal that would end the search)."""
    sim = state.unlogged_clone()
    for step in picking.steps_to(action, sim.picked):
        sim.apply(seat, step, scratch=True)
    return sim


def easy_bot() -> GreedyBot:
    return GreedyBot(samples=1, rival_weight=0.0, belief=1.0, name="easy")


def hard_bot() -> GreedyBot:
    return GreedyBot(samples=12, rival_weight=1.0, belief=4.0, name="hard")

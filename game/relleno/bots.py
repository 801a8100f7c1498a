"""Relleno bots. They see only what their seat sees: the heuristics read the
seat's own hand and public piles; the search plays on determinizations.

* "easy": greedy. Fills the recipe worth most to it now, else restocks and
  reserves the recipe it could fill best after restocking; gives up as its
  time card the card its best fill needs least; never plays early arrivals.
* "hard": information-set MCTS (game/engine/search.py) over determinizations,
  rollouts played by the easy policy with some noise and cut after about two
  days, the leaves judged by points plus what the cards promise (`value`).
"""

from __future__ import annotations

from game.engine.bots import Bot
from game.engine.rng import Rng

from .data import content
from .filling import points
from .rules import RECIPES_PER_SEAT, Phase, RellenoState

ABILITY_WORTH = {"none": 0.0, "bonus_fill": 0.5, "extra_restock": 1.0, "bad_batch": 0.3, "early_arrival": 0.6}
PROVIDE_WORTH = 0.5  # a filling in the left column: future fills
CARD_COST = 0.15  # each card played sits on the discard pile until a restock
EARLY_WORTH = 0.006  # per hour earlier, in points: only breaks ties
HAND_PROMISE = 0.6  # a filling in hand, at the start of the game, in points
PILE_PROMISE = 0.3  # a filling on the discard pile: a restock away


def _card(card: str):
    return content().cards[card]


def gain(state: RellenoState, seat: int, recipe: str, cards: list[str]) -> float:
    """What filling `recipe` with `cards` is worth to `seat` now."""
    owned = state.owned(seat)
    more = points(owned + [recipe])["total"] - points(owned)["total"]
    c = _card(recipe)
    return more + PROVIDE_WORTH * len(c.provides) + ABILITY_WORTH[c.ability] - CARD_COST * len(cards)


def _best_fill(state: RellenoState, seat: int, hand: list[str]) -> float:
    fills = state.fills(seat, hand)
    return max((gain(state, seat, a["recipe"], a["cards"]) for a in fills), default=-1.0)


def _keep_worth(card: str) -> float:
    c = _card(card)
    return 3.0 * len(c.points) + len(c.provides)


def greedy(state: RellenoState, seat: int, rng: Rng, noise: float = 0.0):
    """The easy bot's move; `noise` > 0 jitters the values (for rollouts)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]

    def jitter(value: float) -> float:
        return value + (rng.random() * noise if noise else 0.0)

    if state.phase == Phase.CHOOSE:
        hand = state.hands[seat]
        plain = [a for a in legal if not a["early"]]

        def keep(a) -> float:
            rest = [c for c in hand if c != a["card"]]
            time = _card(a["card"]).time or 0
            return _best_fill(state, seat, rest) - EARLY_WORTH * time / 60

        return max(plain, key=lambda a: jitter(keep(a)))
    if state.phase == Phase.BAD_BATCH:
        return min(legal, key=lambda a: jitter(_keep_worth(a["card"])))
    fills = [a for a in legal if a["type"] in ("fill", "bonus_fill")]
    if fills:
        best = max(fills, key=lambda a: jitter(gain(state, seat, a["recipe"], a["cards"])))
        if gain(state, seat, best["recipe"], best["cards"]) > 0 or state.phase == Phase.BONUS:
            return best
    if state.phase == Phase.BONUS:
        return {"type": "skip_bonus"}
    everything = state.hands[seat] + state.discards[seat]
    reserves = [a for a in legal if a["type"] == "restock" and "reserve" in a]
    if not reserves:
        return {"type": "restock"}

    def later(a) -> float:
        covers = [f for f in state.fills(seat, everything) if f["recipe"] == a["reserve"]]
        return max((gain(state, seat, f["recipe"], f["cards"]) for f in covers), default=-1.0)

    return max(reserves, key=lambda a: jitter(later(a)))


class GreedyBot(Bot):
    name = "easy"

    def choose(self, state: RellenoState, seat: int, rng: Rng):
        return greedy(state, seat, rng)


def worth(state: RellenoState, seat: int) -> float:
    """Points now, plus what the cards promise while the deck lasts: fillings in
    hand are ready, those on the discard pile need a restock first."""
    left = (len(state.deck) + len(state.reserved) + len(state.under)) / (RECIPES_PER_SEAT * state.num_seats)
    ready = sum(len(_card(c).provides) for c in state.hands[seat] + state.fronts[seat])
    later = sum(len(_card(c).provides) for c in state.discards[seat])
    return points(state.owned(seat))["total"] + left * (HAND_PROMISE * ready + PILE_PROMISE * later)


def lead(state: RellenoState, seat: int) -> float:
    """The seat's worth over its best rival's; the true outcome once the game is over."""
    if state.is_over():
        winners = state.winners()
        return 100.0 / len(winners) if seat in winners else -100.0
    mine = worth(state, seat)
    return mine - max(worth(state, s) for s in range(state.num_seats) if s != seat)


class LookaheadBot(Bot):
    """Each move tried on a few determinizations, the rest of the day played by
    the easy policy for every seat (the secret choices still to come included),
    the move with the best mean lead kept."""

    name = "hard"

    def __init__(self, samples: int = 3, seconds: float = 0.7) -> None:
        self.samples = samples
        self.seconds = seconds

    def choose(self, state: RellenoState, seat: int, rng: Rng):
        legal = _candidates(state, seat)
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        worlds = [state.determinize(seat, rng) for _ in range(self.samples)]
        for world in worlds:
            for i, action in enumerate(legal):
                totals[i] += lead(_play_day(world, seat, action, rng), seat)
        best = max(totals)
        return legal[totals.index(best)]


def _candidates(state: RellenoState, seat: int) -> list[dict]:
    """The legal moves worth trying: for each recipe only its two cheapest covers."""
    legal = state.legal_actions(seat)
    kept: dict[tuple, list[dict]] = {}
    out = []
    for a in legal:
        if a["type"] in ("fill", "bonus_fill"):
            kept.setdefault((a["type"], a["recipe"]), []).append(a)
        else:
            out.append(a)
    for group in kept.values():
        group.sort(key=lambda a: sum(_keep_worth(c) for c in a["cards"]))
        out += group[:2]
    return out


def _play_day(world: RellenoState, seat: int, action, rng: Rng) -> RellenoState:
    sim = world.clone()
    sim.apply(seat, action)
    day = sim.day
    while not sim.is_over() and sim.day == day:
        actor = sim.actors()[0]
        sim.apply(actor, greedy(sim, actor, rng))
    return sim


def easy_bot() -> GreedyBot:
    return GreedyBot()


def hard_bot() -> LookaheadBot:
    return LookaheadBot()

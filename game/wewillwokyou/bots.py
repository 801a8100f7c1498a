"""Bots for We Will Wok You, weakest first: random, greedy, strong.

* greedy: one look ahead over whole actions (a coin, a row, a Wok card with the
  cards it would lay) scored by `outlook`: the seat's best end score now plus what
  its coins, spare cards and symbols promise.
* strong: information-set Monte Carlo tree search (game.engine.search) over
  determinizations of the only hidden thing, the deck order, with quick rollouts
  played by `rollout_policy` and a reward mixing the win and the score margin.

Every bot reads only the state through its seat's eyes: the legal actions, the
public table and its own hand (other hands are on the public record, see rules.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.engine.bots import Bot, RandomBot
from game.engine.rng import Rng
from game.engine.search import IsmctsBot

from . import symbols
from .data import SYMBOLS, content
from .rules import WokState
from .scoring import best_score

# What a Wok card is worth at a glance, for rollouts (no scoring search there).
GLANCE: dict[str, int] = {  # an independent Wok card shows its points
    "group": 8,
    "hard": 8,
    "experimental": 5,
    "alternative": 8,
    "free": 6,
    "concert": 9,
    "double_man": 4,
    "mighty_man": 8,
    "changing_man": 4,
}


def glance(wok: int) -> int:
    w = content().woks[wok]
    return int(w["points"]) if w["kind"] == "independent" else GLANCE[w["kind"]]


def outlook(state: WokState, seat: int) -> float:
    """The seat's end score if the game ended now, plus the promise of what it holds."""
    score = best_score(state.held(seat), state.woks[seat])
    if state.is_over():
        return score
    hand = state.hands[seat]
    # Symbols towards the next Wok card: the best of the four, stars counted.
    best_symbols = max(sum(len(symbols.shows(c)) for c in hand if symbols.fits(c, t)) for t in SYMBOLS)
    return score + 0.6 * state.coins[seat] + 0.8 * len(hand) + 1.5 * min(best_symbols, 4)


def _lay_plan(state: WokState, seat: int) -> list[int]:
    """Cards to lay for a Wok card: each step the layable card worth least to keep
    (most symbols first, then blank-less common ingredients)."""
    laid: list[int] = list(state.pending["laid"]) if state.pending else []
    hand = list(state.hands[seat])
    while symbols.shown(laid) < symbols.NEED:
        options = symbols.layable(hand, laid)
        card = max(options, key=lambda c: (len(symbols.shows(c)), -ingredient_rarity(c), -c))
        hand.remove(card)
        laid.append(card)
    return laid


def ingredient_rarity(card: int) -> float:
    counts = {"broccoli": 14, "chicken": 13, "carrot": 11, "tuna": 10, "octopus": 8, "prawn": 7}
    return 1.0 / counts.get(content().cards[card].ingredient, 10)


def _after(state: WokState, seat: int, action: dict, plan: list[int] | None = None) -> WokState:
    """The state after `action`; with a lay `plan`, after laying it and taking the Wok card."""
    sim = state.unlogged_clone()  # a copy of its own: no snapshot taken for a refusal either
    if plan is not None:
        for card in plan:
            sim.hands[seat].remove(card)
            sim.front[seat].append(card)
        sim.woks[seat].append(action["wok"])
        sim.offer.remove(action["wok"])
        return sim
    sim.apply(seat, action, scratch=True)
    return sim


class GreedyBot(Bot):
    """The action whose result has the best outlook (ties: the first listed)."""

    name = "greedy"

    def choose(self, state: WokState, seat: int, rng: Rng):
        legal = state.legal_actions(seat)
        if state.pending is not None:
            return self._continue(state, seat, legal)
        best, best_value = legal[0], -math.inf
        for action in legal:
            if action["type"] == "take_wok":
                plan = _lay_plan(state, seat)
                value = max(outlook(_after(state, seat, {"type": "choose", "wok": w}, plan), seat) for w in state.offer)
            else:
                value = outlook(_after(state, seat, action), seat)
            if value > best_value:
                best, best_value = action, value
        return best

    def _continue(self, state: WokState, seat: int, legal: list[dict]):
        lays = [a for a in legal if a["type"] == "lay"]
        if lays:
            plan = _lay_plan(state, seat)
            laid = state.pending["laid"] if state.pending else []
            return next(a for a in lays if a["card"] == plan[len(laid)])
        chooses = [a for a in legal if a["type"] == "choose"]
        return max(chooses, key=lambda a: outlook(_after(state, seat, a), seat))


def rollout_policy(state: WokState, seat: int, rng: Rng):
    """A quick sensible move for playouts: no scoring search, a little chance."""
    if state.pending is not None:
        laid = state.pending["laid"]
        if symbols.shown(laid) == symbols.NEED:
            return {"type": "choose", "wok": max(state.offer, key=lambda w: (glance(w) + rng.random() * 4, w))}
        return {"type": "lay", "card": symbols.layable(state.hands[seat], laid)[0]}
    legal = state.legal_actions(seat)
    kinds = {a["type"] for a in legal}
    roll = rng.random()
    if "take_wok" in kinds and roll < 0.7:
        return {"type": "take_wok"}
    buys = [a for a in legal if a["type"] == "buy"]
    if buys and roll < 0.85:
        return max(buys, key=lambda a: len(state.rows[a["row"]]) / state.price(a["row"]) + rng.random() * 0.3)
    coins = [a for a in legal if a["type"] == "coin"]
    if coins:
        return max(coins, key=lambda a: (state.lines[a["line"]] + rng.random(), a["line"]))
    return rng.choice(legal)


def margin_rewards(state: WokState) -> list[float]:
    """0.7 for a win (shared) plus up to 0.3 for the score margin over the best rival;
    a playout cut short is judged by each seat's outlook."""
    scores: list[float]
    if state.is_over():
        scores, winners = list(state.scores()), state.winners()
    else:
        scores = [outlook(state, s) for s in range(state.num_seats)]
        winners = [s for s, v in enumerate(scores) if v == max(scores)]
    out = []
    for s, v in enumerate(scores):
        rival = max(x for t, x in enumerate(scores) if t != s)
        win = 0.7 / len(winners) if s in winners else 0.0
        out.append(win + 0.3 / (1 + math.exp(-(v - rival) / 8)))
    return out


class StrongBot(IsmctsBot):
    """ISMCTS for every real decision; the cards to lay for a Wok card follow the
    greedy plan (searching them would spend the time budget on near-equal choices)."""

    name = "strong"

    def __init__(self, iterations: int = 80, seconds: float = 0.8) -> None:
        super().__init__(
            iterations=iterations,
            seconds=seconds,
            exploration=0.5,
            rollout_depth=40,
            rewards=margin_rewards,
            rollout_policy=rollout_policy,
        )

    def choose(self, state: WokState, seat: int, rng: Rng):
        pending = state.pending
        if pending is not None and symbols.shown(pending["laid"]) < symbols.NEED:
            return GreedyBot().choose(state, seat, rng)
        return super().choose(state, seat, rng)


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}

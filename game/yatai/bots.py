"""Bots for Yatai, weakest first: random, greedy, strong.

* greedy: picks the tile whose line promises most at a glance (`line_promise`), and
  every other choice by one step of look-ahead on its own `outlook` (its score if the
  game ended now plus what its queues, fridge and crate promise).
* strong: plans whole turns. For each different line it could run (the order of a
  line's actions is free, so a line is its tiles as a set) it plays the rest of its
  turn on determinizations of the bag, each step the best by one step of look-ahead,
  and keeps the line with the best `standing`: its outlook against the best rival's,
  so that sending guests to a rival whose queue is nearly full counts as it should.
  A line that draws guests is sampled on several bag orders, the others on one.

Both read the state only through their seat's eyes: every look-ahead runs on a
`determinize`d copy, whose bag order is resampled (the kit checks it).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.engine.bots import Bot, RandomBot
from game.engine.rng import Rng

from .data import content
from .rules import CRATE, EXTRA_ROUND, QUEUE, Choice, Phase, YataiState, line_tiles, slide

Score = Callable[[YataiState, int], float]


# What a pending bonus choice promises: a dish on the menu (2 points and a dish to
# cook), a second guest (a majority and its own bonus), a special token (its back).
PENDING = {Choice.MENU: 2.5, Choice.PICK: 1.5, Choice.TOKEN: 2.0}


def outlook(state: YataiState, seat: int, result: list[dict] | None = None) -> float:
    """The seat's score if the game ended now, plus the promise of its stall."""
    total = (result or state.scoring())[seat]["total"]
    if state.is_over():
        return total
    chef = state.chefs[seat]
    queue, dishes, fridge = chef["queue"], chef["dishes"], chef["fridge"]
    promise = 1.2 * len(queue) + 0.6 * len(dishes) + 0.45 * len(fridge) - 0.35 * len(chef["crate"])
    promise += 0.5 * sum(q == d for q, d in zip(queue, dishes))
    promise += 0.3 * sum(d in queue for d in fridge)
    if len(queue) == QUEUE:
        promise -= 2.5  # a penalty is coming unless the queue moves
    if state.round >= EXTRA_ROUND:
        promise *= 0.5  # only what can still be served counts
    if state.turn == seat:
        for choice in state.pending:  # a bonus not yet taken is worth about its points
            kind = choice["kind"]
            promise += choice["sign"] * choice["steps"] * 1.2 if kind == Choice.REVIEW else PENDING.get(kind, 0.0)
    return total + promise


def own(state: YataiState, seat: int) -> float:
    return outlook(state, seat)


def standing(state: YataiState, seat: int) -> float:
    """Outlook against the best rival's."""
    result = state.scoring()
    values = [outlook(state, s, result) for s in range(state.num_seats)]
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def after(state: YataiState, seat: int, action: dict) -> YataiState:
    """The state after `action`, on a copy of its own (no log copied, no snapshot
    taken for a refusal: it would end the search, the copy thrown away)."""
    sim = state.unlogged_clone()
    sim.apply(seat, action, scratch=True)
    return sim


def best_step(state: YataiState, seat: int, score: Score, tokens: bool = True) -> dict:
    """The legal action whose result scores best (ties: the first listed); without
    `tokens`, special tokens are kept (a plan's shortcut: they rarely change it)."""
    legal = state.legal_actions(seat)
    if not tokens:
        legal = [a for a in legal if a["type"] != "use"] or legal
    if len(legal) == 1:
        return legal[0]
    return max(legal, key=lambda a: score(after(state, seat, a), seat))


def line_promise(state: YataiState, seat: int, tiles: list[int]) -> float:
    """What a line's actions are worth at a glance, for the greedy bot."""
    chef, data = state.chefs[seat], content()
    value = 0.0
    for number in tiles:
        tile = data.tiles[number]
        kind, n = tile["action"], tile["count"]
        if kind == "serve":
            dish = chef["dishes"] or "taiyaki" in chef["tokens"]
            ready = chef["queue"] and dish and len(chef["fridge"]) >= n and len(chef["crate"]) + n <= CRATE
            value += 2.5 + 0.5 * n if ready else 0.0
        elif kind == "cook":
            value += 0.7 * n if len(chef["dishes"]) + n <= state.stove_size(seat) else 0.0
        elif kind == "drinks":
            value += 0.5 * n if len(chef["fridge"]) + n <= state.fridge_size(seat) else 0.0
        elif kind == "recycle":
            value += 1.3 if chef["crate"] else 0.0
        else:
            value += 0.8 * n if len(chef["queue"]) + n < QUEUE else -0.3
    return value


class GreedyBot(Bot):
    name = "greedy"

    def choose(self, state: YataiState, seat: int, rng: Rng) -> dict:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == Phase.TILE and not state.pending:
            inserts = [a for a in legal if a["type"] == "insert"]
            return max(inserts, key=lambda a: line_promise(state, seat, _line_after(state, a)))
        return best_step(state.determinize(seat, rng), seat, own)


def _line_after(state: YataiState, action: dict) -> list[int]:
    return line_tiles(slide(state.grid, action["tile"], action["arrow"])[0], action["arrow"])


def _draws(tiles: list[int]) -> bool:
    return any(content().tiles[t]["action"] == "customers" for t in tiles)


class StrongBot(Bot):
    name = "strong"

    def __init__(self, samples: int = 3, seconds: float = 0.6, at_least: int = 5) -> None:
        self.samples = samples  # bag orders tried for a line that draws guests
        # Lines are planned most promising first; past `seconds` planning stops once
        # `at_least` lines were planned (the fairness test gives unlimited seconds, so
        # that the choice depends on the rng alone).
        self.seconds = seconds
        self.at_least = at_least

    def choose(self, state: YataiState, seat: int, rng: Rng) -> dict:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase != Phase.TILE or state.pending:
            return best_step(state.determinize(seat, rng), seat, standing)
        worlds = [state.determinize(seat, Rng(rng.next64())) for _ in range(self.samples)]
        lines: dict[tuple, tuple[dict, list[int]]] = {}
        for action in legal:  # a special token before the tile: never worth its back here
            if action["type"] == "insert":
                tiles = _line_after(state, action)
                lines.setdefault(tuple(sorted(tiles)), (action, tiles))
        order = sorted(lines.values(), key=lambda at: -line_promise(state, seat, at[1]))
        deadline = time.monotonic() + self.seconds
        best, best_value = order[0][0], float("-inf")
        for i, (action, tiles) in enumerate(order):
            if i >= self.at_least and time.monotonic() > deadline:
                break
            tries = worlds if _draws(tiles) else worlds[:1]
            value = sum(self._play_turn(w, seat, action) for w in tries) / len(tries)
            if value > best_value:
                best, best_value = action, value
        return best

    @staticmethod
    def _play_turn(world: YataiState, seat: int, insert: dict) -> float:
        sim = after(world, seat, insert)
        while not sim.is_over() and sim.turn == seat:
            sim.apply(seat, best_step(sim, seat, standing, tokens=False), scratch=True)
        return standing(sim, seat)


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}

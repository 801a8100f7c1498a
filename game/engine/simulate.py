"""Bot-only games for figures: `python -m game simulate --game G ...`.

Every seat is played by a bot (levels given per seat, cycling); each game
prints its scores, winners and length, and the summary prints the win share
per seat and per bot level and the games per second.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import TextIO

from .gamedef import GameDef
from .rng import Rng
from .state import SYSTEM, GameState


def play(
    gdef: GameDef, seats: int, seed: int, levels: list[str], options: dict | None = None, max_steps: int = 100_000
) -> tuple[GameState, int]:
    """One bot-only game; returns the final state and the number of seat turns."""
    state = gdef.state_cls(seats, options, seed)
    bots = [gdef.make_bot(levels[s % len(levels)]) for s in range(seats)]
    rng = Rng(seed ^ 0x5EED)
    turns = 0
    for _ in range(max_steps):
        if state.is_over():
            break
        seat = rng.choice(state.actors())
        if seat == SYSTEM:
            action = state.sample_action(seat, rng)
        else:
            action = bots[seat].choose(state, seat, rng)
            turns += 1
        state.apply(seat, action)
    else:
        raise RuntimeError(f"{gdef.id} seed {seed}: no end after {max_steps} steps")
    return state, turns


def run(
    gdef: GameDef,
    seats: int,
    games: int,
    seed: int,
    levels: list[str],
    options: dict | None = None,
    out: TextIO = sys.stdout,
) -> dict:
    wins_seat: dict[int, float] = {}
    wins_level: dict[str, float] = {}
    totals: Counter = Counter()
    lengths = []
    start = time.perf_counter()
    for g in range(games):
        state, turns = play(gdef, seats, seed + g, levels, options)
        winners = state.winners()
        for w in winners:
            wins_seat[w] = wins_seat.get(w, 0.0) + 1 / len(winners)
            level = levels[w % len(levels)]
            wins_level[level] = wins_level.get(level, 0.0) + 1 / len(winners)
        extra = gdef.stats(state) if gdef.stats else {}
        totals.update(extra)
        lengths.append(turns)
        fig = " ".join(f"{k}={v}" for k, v in extra.items())
        print(
            f"game {g + 1} seed {seed + g}: scores {state.scores()} winners {winners} turns {turns} {fig}".rstrip(),
            file=out,
        )
    elapsed = time.perf_counter() - start
    summary = {
        "games": games,
        "mean_turns": sum(lengths) / games,
        "win_share_by_seat": {s: round(wins_seat.get(s, 0.0) / games, 3) for s in range(seats)},
        "win_share_by_level": {k: round(v / games, 3) for k, v in wins_level.items()},
        "games_per_second": round(games / elapsed, 2),
        **{f"mean_{k}": round(v / games, 2) for k, v in totals.items()},
    }
    print("summary: " + " ".join(f"{k}={v}" for k, v in summary.items()), file=out)
    return summary

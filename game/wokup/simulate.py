"""Bot-only Wok Up games on the physics table: `python -m game simulate --game wokup`.

The loop plays what a table of bots would do in game time: every throw runs
on the pymunk table (as fast as the machine allows) and its outcome is
applied as the logged "settle"; every look, each bot plans its claims from
its own observation, and the claims reach the rules in arrival order (with a
random delivery delay, as from buzzer boxes) while the rules order them by
time. Prints per game and overall: throws per round, rounds, game length in
game minutes, share of thrown tokens landing in the wok, share of each face
up, winners, and games per second.
"""
from __future__ import annotations

import sys
import time
from collections import Counter
from typing import TextIO

from game.engine import SYSTEM
from game.engine.rng import Rng

from . import bots, geometry
from .rules import MS, WokUpState, _timing
from .table import Table, throw_rng


def _claims_in_window(plans: list[tuple[int, int, dict]]) -> list[tuple[int, int, dict]]:
    """The planned claims the first one's window lets in (passes dropped)."""
    claims = [p for p in plans if p[2]["type"] != "pass"]
    if not claims:
        return []
    end = claims[0][0] + _timing("window_ms")
    return [p for p in claims if p[0] < end]


def _look(state: WokUpState, players: list[bots.ReflexBot], rng: Rng, figures: Counter) -> None:
    """One look at the settled wok: the bots' claims and a resolve, or passes and the next signal."""
    plans = sorted((a["t"], s, a) for s in range(state.num_seats) for a in players[s].plan(state.observation(s), rng))
    deadline = state.look_start + _timing("look_ms")
    claims = [p for p in _claims_in_window(plans) if p[0] < deadline]
    if claims:
        latency = [(t + rng.randrange(40 * MS), s, a) for t, s, a in claims]
        for _, seat, action in sorted(latency, key=lambda p: p[0]):
            state.apply(seat, action)  # arrival order: the rules sort by "t"
        state.apply(SYSTEM, {"type": "resolve", "t": state.window_end()})
        figures.update(c["type"] + "-" + c["result"] for c in state.last["claims"])
        return
    for _, seat, action in plans:
        if action["type"] == "pass" and action["t"] < deadline:
            state.apply(seat, action)
    state.apply(SYSTEM, state.legal_actions(SYSTEM)[0])  # the signal (or a dead round's clear)


def play(seats: int, seed: int, levels: list[str], options: dict | None = None,
         max_steps: int = 20_000) -> tuple[WokUpState, Counter]:
    state = WokUpState(seats, options, seed)
    players = [bots.make(levels[s % len(levels)]) for s in range(seats)]
    table = Table()
    wok = geometry.wok()
    rng = Rng(seed ^ 0xB0751)
    figures: Counter = Counter()
    for _ in range(max_steps):
        if state.is_over():
            break
        if state.phase == "look":
            _look(state, players, rng, figures)
        elif state.phase == "flight":
            thrown = state.flight_ids()
            table.load(state.table)
            table.throw([tuple(f) for f in state.flight], seats, throw_rng(seed, len(state.log)))
            took = table.run_to_rest()
            state.apply(SYSTEM, {"type": "settle", "t": state.now + int(took * 1e9), "tokens": table.outcome()})
            present = state.decks_present()
            for tok in state.table:
                if tok["id"] in thrown:
                    figures["tokens"] += 1
                    figures["in_wok"] += not tok["off"] and wok.in_wok(tok["x"], tok["y"], present)
                    figures["face" + str(tok["face"])] += 1
            figures["throws"] += 1
        else:  # a winner picks the deck to turn, after a moment's thought
            seat = state.actors()[0]
            action = dict(players[seat].choose(state, seat, rng))
            action["t"] = state.now + int(players[seat].think_delay * 1e9)
            state.apply(seat, action)
    else:
        raise RuntimeError(f"wokup seed {seed}: no end after {max_steps} steps")
    figures["rounds"] = state.round
    return state, figures


def _ratio(a: float, b: float) -> float:
    return round(a / b, 3) if b else 0.0


def run(seats: int, games: int, seed: int, levels, options: dict | None = None, out: TextIO = sys.stdout) -> dict:
    levels = [levels] if isinstance(levels, str) else list(levels)
    total: Counter = Counter()
    wins_level: Counter = Counter()
    start = time.perf_counter()
    for g in range(games):
        state, fig = play(seats, seed + g, levels, options)
        winners = state.winners()
        for w in winners:
            wins_level[levels[w % len(levels)]] += 1 / len(winners)
        total.update(fig)
        total["minutes"] += state.now / 60e9
        print(f"game {g + 1} seed {seed + g}: cards {state.scores()} winners {winners} rounds {fig['rounds']} "
              f"throws/round {_ratio(fig['throws'], fig['rounds'])} minutes {state.now / 60e9:.1f} "
              f"in-wok {_ratio(fig['in_wok'], fig['tokens'])} front-up {_ratio(fig['face0'], fig['tokens'])}",
              file=out)
    elapsed = time.perf_counter() - start
    summary = {
        "games": games,
        "throws_per_round": _ratio(total["throws"], total["rounds"]),
        "rounds_per_game": _ratio(total["rounds"], games),
        "game_minutes": _ratio(total["minutes"], games),
        "in_wok_share": _ratio(total["in_wok"], total["tokens"]),
        "front_up_share": _ratio(total["face0"], total["tokens"]),
        "back_up_share": _ratio(total["face1"], total["tokens"]),
        "wrong_slaps_per_game": _ratio(total["slap-wrong"] + total["slap-wrong-gives"], games),
        "wokup_wins_per_game": _ratio(total["wokup-won"], games),
        "win_share_by_level": {k: round(v / games, 3) for k, v in wins_level.items()},
        "games_per_second": round(games / elapsed, 2),
    }
    print("summary: " + " ".join(f"{k}={v}" for k, v in summary.items()), file=out)
    return summary


def simulate(seats, games, seed, bot_level, options=None, out: TextIO = sys.stdout) -> None:
    """GAME.simulate: the CLI's entry point."""
    run(seats, games, seed, bot_level, options, out)

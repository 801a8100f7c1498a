"""Bot-only Wok Up games on the physics table: `python -m game simulate --game wokup`.

The table is the scene's own driver (driver.py) run as fast as the machine
allows: every throw runs on the pymunk table and its outcome is applied as
the logged "settle"; every look, each bot plans its claims from its own
observation, and the claims reach the rules in arrival order (with a random
delivery delay, as from buzzer boxes) while the rules order them by time.
Prints per game and overall: throws per round, rounds, game length in game
minutes, share of thrown tokens landing in the wok, share of each face up,
winners, and games per second.
"""

from __future__ import annotations

import io
import math
import sys
import time
from collections import Counter
from typing import TextIO

from . import bots, geometry
from .driver import Driver
from .rules import MS, WokUpState

Player = str | bots.Level  # a level's name, or a level itself (the scripted human at some speed)


def play(seats: int, seed: int, levels: list[Player], options: dict | None = None) -> tuple[WokUpState, Counter]:
    state = WokUpState(seats, options, seed)
    wok = geometry.wok()
    figures: Counter = Counter()

    def apply(seat: int, action: dict) -> None:
        thrown = state.flight_ids() if action["type"] == "settle" else []
        state.apply(seat, action)
        if action["type"] == "settle":
            present = state.decks_present()
            for tok in state.table:
                if tok["id"] in thrown:
                    figures["tokens"] += 1
                    figures["in_wok"] += not tok["off"] and wok.in_wok(tok["x"], tok["y"], present)
                    figures["face" + str(tok["face"])] += 1
            figures["throws"] += 1
        elif action["type"] == "resolve":
            figures.update(c["type"] + "-" + c["result"] for c in state.last["claims"])

    players = {s: bots.make(levels[s % len(levels)]) for s in range(seats)}
    driver = Driver(lambda: state, apply, players, seed ^ 0xB0751, delivery=lambda rng: rng.randrange(40 * MS))
    driver.run_until(math.inf)
    if not state.is_over():
        raise RuntimeError(f"wokup seed {seed}: the table stopped before the end")
    figures["rounds"] = state.round
    return state, figures


def _ratio(a: float, b: float) -> float:
    return round(a / b, 3) if b else 0.0


def run(seats: int, games: int, seed: int, levels, options: dict | None = None, out: TextIO = sys.stdout) -> dict:
    levels = [levels] if isinstance(levels, str) else list(levels)
    total: Counter[str] = Counter()
    minutes = 0.0
    wins_level: dict[str, float] = {}
    start = time.perf_counter()
    for g in range(games):
        state, fig = play(seats, seed + g, levels, options)
        winners = state.winners()
        for w in winners:
            level = _name(levels[w % len(levels)])
            wins_level[level] = wins_level.get(level, 0.0) + 1 / len(winners)
        total.update(fig)
        minutes += state.now / 60e9
        print(
            f"game {g + 1} seed {seed + g}: cards {state.scores()} winners {winners} rounds {fig['rounds']} "
            f"throws/round {_ratio(fig['throws'], fig['rounds'])} minutes {state.now / 60e9:.1f} "
            f"in-wok {_ratio(fig['in_wok'], fig['tokens'])} front-up {_ratio(fig['face0'], fig['tokens'])}",
            file=out,
        )
    elapsed = time.perf_counter() - start
    summary = {
        "games": games,
        "throws_per_round": _ratio(total["throws"], total["rounds"]),
        "rounds_per_game": _ratio(total["rounds"], games),
        "game_minutes": _ratio(minutes, games),
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


def _name(player: Player) -> str:
    return player if isinstance(player, str) else player.id


def human_share(level: str, games: int, seed: int, seats: int = 2, human: bots.Level | None = None) -> float:
    """The scripted human's win share against `seats - 1` bots of `level`: half the games
    with the human in the first seat (seeds `seed`..), half in the last (`seed + 1000`..)."""
    human = human or bots.human()
    won = 0.0
    half = games // 2
    for first, offset in ((True, 0), (False, 1000)):
        order: list[Player] = [human] + [level] * (seats - 1) if first else [level] * (seats - 1) + [human]
        summary = run(seats, half, seed + offset, order, None, io.StringIO())
        won += summary["win_share_by_level"].get(human.id, 0.0) * half
    return won / (2 * half)


def simulate(seats, games, seed, bot_level, options=None, out: TextIO = sys.stdout) -> None:
    """GAME.simulate: the CLI's entry point."""
    run(seats, games, seed, bot_level, options, out)

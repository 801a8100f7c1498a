"""Can a newcomer win at Wok Up against the bots? The "average human" model
(assets/wokup/bots.toml, level "average-human": reaction times lognormal around
520 ms plus the reading time of each card kind, a blurred eye, missed cards and
misreads) plays against each offered level, both seat orders, and its win
share is printed, with the misread rate swept because it decides the most.

    .venv/bin/python tools/wokup_newcomer.py [--games 50] [--seed 1] [--seats 2]

Figures go into assets/wokup/DESIGN.md ("Bots").
"""

import argparse
import dataclasses
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from game.wokup import bots
from game.wokup.simulate import run


def share(level: str, games: int, seed: int, seats: int) -> float:
    """The model's win share against `seats - 1` bots of `level`, half the games in each seat order."""
    won = 0.0
    half = games // 2
    for first, offset in ((True, 0), (False, 1000)):
        order = [bots.HUMAN_MODEL] + [level] * (seats - 1) if first else [level] * (seats - 1) + [bots.HUMAN_MODEL]
        summary = run(seats, half, seed + offset, order, None, io.StringIO())
        won += summary["win_share_by_level"].get(bots.HUMAN_MODEL, 0.0) * half
    return won / (2 * half)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--misreads", default="0,0.01,0.02,0.04")
    p.add_argument("--median", type=float, help="the model's median reaction (ms) instead of bots.toml's")
    p.add_argument("--levels", default=",".join(lvl for lvl in bots.LEVELS if lvl != "random"))
    args = p.parse_args()
    table = bots.levels()
    model = table[bots.HUMAN_MODEL]
    if args.median:
        model = dataclasses.replace(model, reaction_ms=(args.median, model.reaction_ms[1]))
    levels = args.levels.split(",")
    print(
        f"{args.seats} seats, {args.games} games per cell, seeds {args.seed}.., median reaction "
        f"{model.reaction_ms[0]:g} ms (fair share {1 / args.seats:.0%})"
    )
    print("misread  " + "  ".join(f"{lvl:>8s}" for lvl in levels))
    for misread in map(float, args.misreads.split(",")):
        table[bots.HUMAN_MODEL] = dataclasses.replace(model, misread=misread)
        row = [share(lvl, args.games, args.seed, args.seats) for lvl in levels]
        print(f"{misread:7.3f}  " + "  ".join(f"{v:8.0%}" for v in row), flush=True)
    table[bots.HUMAN_MODEL] = model


if __name__ == "__main__":
    main()

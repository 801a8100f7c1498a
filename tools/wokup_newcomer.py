"""Can a human win at Wok Up against the bots, and is each level a real step?
The scripted human (assets/wokup/bots.toml, level "average-human": lognormal
reaction times plus the reading time of each card kind, a blurred eye, missed
cards and misreads) plays against each offered level, both seat orders, and its
win share is printed for each median reaction time and misread rate asked for.

    .venv/bin/python tools/wokup_newcomer.py [--games 100] [--seed 1] [--seats 2]
        [--medians 600,900,1200] [--misreads 0.02] [--levels gentle,relaxed,normal,sharp]

Figures go into assets/wokup/DESIGN.md ("Bots").
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from game.wokup import bots
from game.wokup.simulate import human_share


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--misreads", default="0.02", help="the model's misread rates, comma separated")
    p.add_argument("--medians", help="the model's median reactions (ms), comma separated; default bots.toml's")
    p.add_argument("--levels", default=",".join(lvl for lvl in bots.LEVELS if lvl != "random"))
    args = p.parse_args()
    medians = [float(m) for m in args.medians.split(",")] if args.medians else [bots.human().reaction_ms[0]]
    levels = args.levels.split(",")
    print(
        f"{args.seats} seats, {args.games} games per cell, seeds {args.seed}.. and {args.seed + 1000}.., "
        f"the human's win share (fair share {1 / args.seats:.0%}); a level's own share is 1 minus it heads-up"
    )
    print("median  misread  " + "  ".join(f"{lvl:>8s}" for lvl in levels))
    for median in medians:
        for misread in map(float, args.misreads.split(",")):
            model = bots.human(median, misread)
            row = [human_share(lvl, args.games, args.seed, args.seats, model) for lvl in levels]
            print(f"{median:6.0f}  {misread:7.3f}  " + "  ".join(f"{v:8.0%}" for v in row), flush=True)


if __name__ == "__main__":
    main()

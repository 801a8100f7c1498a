"""Find colours close to a palette's own that stay apart for colour-blind eyes.

    python tools/palette_search.py seats|decks|wokup|wewillwokyou|cheaterchefs|yatai [--target 12]

A seeded hill climb over sRGB: it lowers the shortfall of every pair below
`--target` CIEDE2000 under normal vision, protanopia, deuteranopia and
tritanopia (game/media/cvd.py), plus a pull back toward each original colour
(so "red" stays red) and a floor on lightness where the colour is drawn as
text on the dark panels. It prints a proposal; a person copies it into the
game's data with the reason. Deterministic (seed 1).
"""

from __future__ import annotations

import argparse
import random
import sys
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.app import catalogue
from game.media import cvd, palettes

PALETTES = palettes.palettes(e.gdef for e in catalogue.load() if e.gdef is not None)


def cost(pal: dict, orig: dict, target: float, min_l: float, pull: float) -> float:
    total = 0.0
    for vision in cvd.VISIONS:
        seen = {k: cvd.simulate(c, vision) for k, c in pal.items()}
        for a, b in combinations(pal, 2):
            d = cvd.delta_e2000(seen[a], seen[b])
            if d < target:
                total += (target - d) ** 2
    for k, c in pal.items():
        total += pull * cvd.delta_e2000(c, orig[k]) ** 2 / 100
        low = min_l - cvd.lab(c)[0]
        if low > 0:
            total += low**2
    return total


def search(orig: dict, target: float, min_l: float, pull: float, steps: int) -> dict:
    rng = random.Random(1)
    pal = dict(orig)
    best = cost(pal, orig, target, min_l, pull)
    for i in range(steps):
        k = rng.choice(list(pal))
        size = 40 if i < steps // 2 else 12
        trial = dict(pal)
        trial[k] = tuple(min(255, max(0, v + rng.randint(-size, size))) for v in pal[k])
        c = cost(trial, orig, target, min_l, pull)
        if c < best:
            pal, best = trial, c
    return pal


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("palette", choices=sorted(PALETTES))
    ap.add_argument("--target", type=float, default=cvd.MIN_DELTA_E + 2)
    ap.add_argument("--min-l", type=float, default=0.0)
    ap.add_argument("--pull", type=float, default=1.0)
    ap.add_argument("--steps", type=int, default=6000)
    args = ap.parse_args()
    orig = {k: cvd.parse(v) for k, v in PALETTES[args.palette]().items()}
    pal = search(orig, args.target, args.min_l, args.pull, args.steps)
    for k, c in pal.items():
        print(
            f"{k:12s} {orig[k]} -> {c}  #{c[0]:02x}{c[1]:02x}{c[2]:02x}  L={cvd.lab(c)[0]:.0f}"
            f"  moved ΔE00 {cvd.delta_e2000(c, orig[k]):.1f}"
        )
    print("closest pair per vision:", cvd.worst(pal))


if __name__ == "__main__":
    main()

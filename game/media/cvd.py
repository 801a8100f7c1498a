"""Can players with a colour-vision deficiency tell a game's colours apart?

Simulation: Machado, Oliveira & Fernandes (2009), "A Physiologically-based
Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), the
matrices of its table for severity 1.0 (protanopia, deuteranopia,
tritanopia), applied to linear-light sRGB as the paper's model is linear in
cone responses. Distance: CIEDE2000 (Sharma, Wu & Dalal 2005 formulation) in
CIELAB with a D65 white.

`MIN_DELTA_E` is the smallest CIEDE2000 difference we accept between two
colours that mean different things. 2.3 is a just-noticeable difference side
by side; a player at a TV two metres away compares a small token with a
legend or a seat panel across the screen, so we ask for about four times
that. Labels, pictures and patterns back every colour up, so this is a floor
for the colour alone, not the only cue.
Pure Python: no pygame, no numpy.
"""

from __future__ import annotations

import math
from itertools import combinations

MIN_DELTA_E = 10.0

MACHADO_2009 = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO_2009)

RGB = tuple[int, int, int]


def parse(colour) -> RGB:
    """(r, g, b), [r, g, b] or "#rrggbb" -> (r, g, b)."""
    if isinstance(colour, str):
        h = colour.lstrip("#")
        r, g, b = (int(h[i : i + 2], 16) for i in (0, 2, 4))
        return r, g, b
    r, g, b = colour[:3]
    return int(r), int(g), int(b)


def _to_linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(c: float) -> int:
    c = min(1.0, max(0.0, c))
    c = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(c * 255)


def simulate(colour, vision: str) -> RGB:
    """How `colour` looks to a dichromat with `vision` (or "normal")."""
    rgb = parse(colour)
    if vision == "normal":
        return rgb
    m = MACHADO_2009[vision]
    lin = [_to_linear(v) for v in rgb]
    r, g, b = (_to_srgb(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))
    return r, g, b


def lab(colour) -> tuple[float, float, float]:
    r, g, b = (_to_linear(v) for v in parse(colour))
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
    xn, yn, zn = 0.95047, 1.0, 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x / xn), f(y / yn), f(z / zn)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e2000(c1, c2) -> float:
    """CIEDE2000 colour difference between two sRGB colours."""
    return ciede2000(lab(c1), lab(c2))


def ciede2000(lab1, lab2) -> float:
    """CIEDE2000 between two CIELAB colours (Sharma, Wu & Dalal 2005)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    C1, C2 = math.hypot(a1, b1), math.hypot(a2, b2)
    Cm = (C1 + C2) / 2
    G = 0.5 * (1 - math.sqrt(Cm**7 / (Cm**7 + 25**7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if C1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if C2p else 0.0
    dLp, dCp = L2 - L1, C2p - C1p
    if C1p * C2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dHp = 2 * math.sqrt(C1p * C2p) * math.sin(math.radians(dhp / 2))
    Lm, Cmp = (L1 + L2) / 2, (C1p + C2p) / 2
    if C1p * C2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    T = (
        1
        - 0.17 * math.cos(math.radians(hm - 30))
        + 0.24 * math.cos(math.radians(2 * hm))
        + 0.32 * math.cos(math.radians(3 * hm + 6))
        - 0.20 * math.cos(math.radians(4 * hm - 63))
    )
    d_theta = 30 * math.exp(-(((hm - 275) / 25) ** 2))
    Rc = 2 * math.sqrt(Cmp**7 / (Cmp**7 + 25**7))
    Sl = 1 + 0.015 * (Lm - 50) ** 2 / math.sqrt(20 + (Lm - 50) ** 2)
    Sc = 1 + 0.045 * Cmp
    Sh = 1 + 0.015 * Cmp * T
    Rt = -math.sin(math.radians(2 * d_theta)) * Rc
    return math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh))


def collisions(palette: dict, minimum: float = MIN_DELTA_E) -> list[tuple[str, str, str, float]]:
    """Every (vision, name a, name b, ΔE00) where two colours of `palette`
    ({name: colour}) come closer than `minimum`, worst first."""
    found = []
    for vision in VISIONS:
        seen = {name: simulate(c, vision) for name, c in palette.items()}
        for a, b in combinations(palette, 2):
            d = delta_e2000(seen[a], seen[b])
            if d < minimum:
                found.append((vision, a, b, round(d, 1)))
    return sorted(found, key=lambda f: f[3])


def worst(palette: dict) -> dict[str, tuple[str, str, float]]:
    """For each vision, the closest pair of the palette and its ΔE00."""
    out = {}
    for vision in VISIONS:
        seen = {name: simulate(c, vision) for name, c in palette.items()}
        pairs = [(delta_e2000(seen[a], seen[b]), a, b) for a, b in combinations(palette, 2)]
        d, a, b = min(pairs)
        out[vision] = (a, b, round(d, 1))
    return out

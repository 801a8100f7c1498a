"""A seeded random generator whose whole state is one integer.

Game states keep their RNG inside them so that every chance event replays from
the seed, and so that the state serialises to JSON as plain numbers.
`random.Random` would work but its state is 625 integers; splitmix64 is small,
fast enough in pure Python, and statistically sound for shuffling cards.
"""

from __future__ import annotations

import math
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        # splitmix64 (Steele, Lea, Flood 2014)
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def randrange(self, n: int) -> int:
        """An integer in [0, n), unbiased (rejection sampling)."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        bits = n.bit_length()
        if bits > 64:
            while True:
                r = self.next64()
                if r < n:
                    return r
        return self._below(n, 64 - bits)

    def _below(self, n: int, shift: int) -> int:
        """randrange(n) for n of 64 bits or fewer (shift = 64 - its bits)."""
        while True:
            r = self.next64() >> shift
            if r < n:
                return r

    def randint(self, a: int, b: int) -> int:
        return a + self.randrange(b - a + 1)

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self.random()

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        # Box-Muller; the second value is dropped so the state stays one integer.
        u1 = 1.0 - self.random()
        u2 = self.random()
        return mu + sigma * math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher-Yates in place."""
        below = self._below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1, 64 - (i + 1).bit_length())
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next64())

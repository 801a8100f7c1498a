"""Long kit runs cut into shards that xdist spreads over the cores."""

from __future__ import annotations


def seed_shards(games: int, period: int, shards: int, first_seed: int = 1) -> list[tuple[int, int]]:
    """(first_seed, games) for `shards` calls of `run_playouts` playing the `games`
    consecutive seeds from `first_seed`. run_playouts gives game i the seat count
    and option set of i modulo (seat counts x option sets) = `period`; each shard
    but the last is a whole number of periods long, so every seed plays exactly
    what it played when the seeds were one run. (Or `period` 1, and each shard
    tells run_playouts where it starts: `first_game=first_seed - 1`.)"""
    size = -(-games // shards)
    size = -(-size // period) * period
    cuts = []
    seed, left = first_seed, games
    while left > 0:
        cuts.append((seed, min(size, left)))
        seed, left = seed + size, left - size
    return cuts

"""Yatai's sounds (game/media/cues.py plays them): a tile slid into the grid, a
guest served, a special token or points taken."""

from game.engine.gamedef import Cues

CUES = Cues(
    effects=frozenset({"card_flip", "guest_served", "coin_taken"}),
    by_type={"insert": ("card_flip",), "serve": ("guest_served",), "take": ("coin_taken",)},
)

"""Cheater Chefs' sounds (game/media/cues.py plays them)."""

from game.engine.gamedef import Cues

from .data import content


def _played(before: dict, after: dict, action: dict) -> list[str]:
    """A card played: an ingredient turns over, a trap sounds, and its effect if it has one."""
    if action.get("type") != "play":
        return []
    effect = content().effect(str(action.get("card")))  # an applied play names its card
    return ["card_flip" if effect is None else "trap_played"] + ([effect] if effect in ("poison", "antidote") else [])


CUES = Cues(
    effects=frozenset({"card_flip", "trap_played", "poison", "antidote"}),
    by_type={
        "swap": ("card_flip",),
        "move": ("card_flip",),
        "discard_ingredient": ("card_flip",),
        "discard_hand": ("card_flip",),
    },
    extra=_played,
)

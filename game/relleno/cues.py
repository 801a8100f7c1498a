"""Relleno's sounds (game/media/cues.py plays them): a time card laid face down,
a recipe filled, the discards taken back."""

from game.engine.gamedef import Cues


def _times_revealed(before: dict, after: dict, action: dict) -> list[str]:
    """The day's time cards turn over together once the last one is laid."""
    shown = [any(t is not None for t in o.get("times") or []) for o in (before, after)]
    return ["time_card"] if shown[1] and not shown[0] else []


CUES = Cues(
    effects=frozenset({"card_flip", "time_card", "card_won"}),
    by_type={
        "time_card": ("card_flip",),
        "fill": ("card_won",),
        "bonus_fill": ("card_won",),
        "restock": ("card_flip",),
        "remove": ("card_flip",),
    },
    extra=_times_revealed,
    # Whose turn it is to fill or restock: in the day's choice of time cards the
    # last seat still choosing is alone to act but not on its turn.
    turn=lambda obs: obs.get("current"),
)

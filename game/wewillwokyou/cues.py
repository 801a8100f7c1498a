"""We Will Wok You's sounds (game/media/cues.py plays them)."""

from game.engine.gamedef import Cues


def _wok_taken(before: dict, after: dict, action: dict) -> list[str]:
    woks = [sum(len(s["woks"]) for s in o["seats"]) for o in (before, after)]
    return ["card_won"] if woks[1] > woks[0] else []


CUES = Cues(
    effects=frozenset({"coin_taken", "row_bought", "card_flip", "card_won"}),
    by_type={"coin": ("coin_taken",), "buy": ("row_bought",), "lay": ("card_flip",)},
    extra=_wok_taken,
)

"""Wok Up's sounds (game/media/cues.py plays them): real time, so no turns."""

from game.engine.gamedef import Cues


def _judged(before: dict, after: dict, action: dict) -> list[str]:
    """A claim window closed: a wrong slap buzzes, a won card sounds."""
    out = []
    if action.get("type") == "resolve":
        results = {c.get("result") for c in (after.get("last") or {}).get("claims", [])}
        if results & {"wrong", "wrong-gives"}:
            out.append("wrong_slap")
        if "won" in results:
            out.append("card_won")
    return out


CUES = Cues(
    effects=frozenset({"throw_signal", "slap", "wokup_shout", "wrong_slap", "card_won", "card_flip"}),
    by_type={
        "signal": ("throw_signal",),
        "slap": ("slap",),
        "wokup": ("wokup_shout",),
        "turn": ("card_flip",),
        "take": ("card_flip",),
    },
    extra=_judged,
)

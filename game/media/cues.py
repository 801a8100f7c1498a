"""Which sounds a move makes: the bridge from the rules to game/app/audio.py.

    before = state.observation(None)
    state.apply(seat, action)                       # (TableScene.submit does this)
    for name in cues(gid, before, state.observation(None), seat, action, humans):
        app.audio.play(name)

`cues` reads only public observations and the action, so it is pure and the
same for every scene. What it cannot see, the scene plays itself:
- "token_land": Wok Up's tokens touching the table, from the scene's own
  animation (the rules only learn where they settled);
- "countdown_tick": each second of Wok Up's countdown before the signal;
- menus' "ui_move", "ui_confirm", "ui_back".

Press answers ("slap", "wokup_shout") come out of the claim action itself,
which the scene submits the moment the button is pressed: the sound does not
wait for the claim window to close.
"""

from __future__ import annotations

# Every effect a game can cue, for the docs and the coverage test.
GAME_CUES = {
    "wokup": {"throw_signal", "slap", "wokup_shout", "wrong_slap", "card_won", "card_flip", "winner"},
    "wewillwokyou": {"coin_taken", "row_bought", "card_flip", "card_won", "your_turn", "winner"},
    "cheaterchefs": {"card_flip", "trap_played", "poison", "antidote", "your_turn", "winner"},
    "relleno": {"card_flip", "time_card", "card_won", "your_turn", "winner"},
    "yatai": {"card_flip", "guest_served", "coin_taken", "your_turn", "winner"},
}
SCENE_CUES = {"token_land", "countdown_tick", "ui_move", "ui_confirm", "ui_back"}


# What an action's type alone says; the functions below add what the
# observations tell (a card won, a poisoning, the end, whose turn it is).
BY_TYPE = {
    "wokup": {
        "signal": ["throw_signal"],
        "slap": ["slap"],
        "wokup": ["wokup_shout"],
        "turn": ["card_flip"],
        "take": ["card_flip"],
    },
    "wewillwokyou": {"coin": ["coin_taken"], "buy": ["row_bought"], "lay": ["card_flip"]},
    "cheaterchefs": {
        "swap": ["card_flip"],
        "move": ["card_flip"],
        "discard_ingredient": ["card_flip"],
        "discard_hand": ["card_flip"],
    },
    # Relleno: a time card laid face down, a recipe filled, the discards taken back.
    "relleno": {
        "time_card": ["card_flip"],
        "fill": ["card_won"],
        "bonus_fill": ["card_won"],
        "restock": ["card_flip"],
        "remove": ["card_flip"],
    },
    # Yatai: a tile slid into the grid, a guest served, a special token or points taken.
    "yatai": {"insert": ["card_flip"], "serve": ["guest_served"], "take": ["coin_taken"]},
}


def cues(game_id: str, before: dict, after: dict, seat: int, action: dict, humans=frozenset()) -> list[str]:
    """The effect names to play after `seat` did `action` (in order).
    `humans`: the seats a person plays, who hear "your_turn" when it comes."""
    fn = {
        "wokup": _wokup,
        "wewillwokyou": _wewillwokyou,
        "cheaterchefs": _cheaterchefs,
        "relleno": _relleno,
        "yatai": _yatai,
    }.get(game_id)
    if fn is None:
        return []
    out = list(BY_TYPE[game_id].get(action.get("type"), []))
    extra, over, turn = fn(before, after, action)
    out += extra
    if over(after) and not over(before):
        out.append("winner")
    elif turn and turn(after) != turn(before) and turn(after) in frozenset(humans):
        out.append("your_turn")
    return out


def _wokup(before: dict, after: dict, action: dict):
    out = []
    if action.get("type") == "resolve":
        results = {c.get("result") for c in (after.get("last") or {}).get("claims", [])}
        if results & {"wrong", "wrong-gives"}:
            out.append("wrong_slap")
        if "won" in results:
            out.append("card_won")
    return out, lambda o: str(o.get("phase")) == "over", None  # real time: no turns


def _wewillwokyou(before: dict, after: dict, action: dict):
    woks = [sum(len(s["woks"]) for s in o["seats"]) for o in (before, after)]
    return ["card_won"] if woks[1] > woks[0] else [], lambda o: o.get("result") is not None, lambda o: o.get("turn")


def _cheaterchefs(before: dict, after: dict, action: dict):
    out = []
    if action.get("type") == "play":
        from game.cheaterchefs.data import content  # pure data, loaded once

        effect = content().effect(action.get("card"))
        out.append("card_flip" if effect is None else "trap_played")
        if effect in ("poison", "antidote"):
            out.append(effect)
    return out, lambda o: bool(o.get("over")), lambda o: o.get("current")


def _relleno(before: dict, after: dict, action: dict):
    """The day's time cards turn over together once the last one is laid."""
    revealed = any(t is not None for t in after.get("times") or []) and not any(
        t is not None for t in before.get("times") or []
    )
    return ["time_card"] if revealed else [], lambda o: str(o.get("phase")) == "over", lambda o: o.get("current")


def _yatai(before: dict, after: dict, action: dict):
    """Turns pass in seat order; the last round's extra turn ends in the scoring."""
    return [], lambda o: str(o.get("phase")) == "over", lambda o: o.get("turn")

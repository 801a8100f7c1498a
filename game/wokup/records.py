"""Wok Up's results for the arcade's hall of fame, read from a game's log:
each seat's fastest correct slap, in milliseconds from the moment the wok
settled (the look began) to the slap. Pure: no pygame."""

from __future__ import annotations

from .rules import MS, WokUpState


def records(state: WokUpState) -> list[dict[str, float]]:
    """Per seat, what the hall of fame keeps: cards won, and the fastest winning slap."""
    fastest = fastest_slaps(state)
    out: list[dict[str, float]] = []
    for cards, ms in zip(state.won, fastest, strict=True):
        rec = {"most_cards": float(len(cards))}
        if ms is not None:
            rec["fastest_slap_ms"] = round(ms, 1)
        out.append(rec)
    return out


def fastest_slaps(state: WokUpState) -> list[float | None]:
    """Per seat, its fastest slap that won a card (None: it won none by slapping)."""
    replay = WokUpState(state.num_seats, state.options, state.seed)
    best: list[float | None] = [None] * state.num_seats
    for entry in state.log:
        look = replay.look_start
        replay.apply(entry["seat"], entry["action"])
        if entry["action"].get("type") != "resolve":
            continue
        for claim in replay.last["claims"]:
            if claim["type"] == "slap" and claim["result"] == "won":
                ms = (claim["t"] - look) / MS
                seat = claim["seat"]
                best[seat] = ms if best[seat] is None else min(best[seat], ms)
    return best

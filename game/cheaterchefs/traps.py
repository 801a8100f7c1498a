"""The trap effects: where each may be aimed and what it does.

A trap action is {"type": "play", "card": <trap id>, **target}. The target is
{"seat", "pos"} (a card on a counter), plus "mine" (a card of your own counter)
for the long swap, or only {"seat"} (a hand) for the fire. `problem` names the
broken rule of a target, or None: the legal targets are exactly the candidates
without a problem, so listing and checking cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.actions import is_int

MAX_COUNTER = 6  # rulebook: at most six ingredient cards on a counter


def _card_problem(state, seat: int, target: dict, rival: bool, poisoned: bool) -> str | None:
    s, p = target.get("seat"), target.get("pos")
    if not is_int(s) or not 0 <= s < state.num_seats:
        return "target-seat"
    if rival and s == seat:
        return "trap-hits-a-rival"
    counter = state.counters[s]
    if not is_int(p) or not 0 <= p < len(counter):
        return "target-card"
    if counter[p]["poison"] and not poisoned:
        return "poisoned-card-untouchable"
    if poisoned and not counter[p]["poison"]:
        return "antidote-needs-poison"
    return None


def _own_card_problem(state, seat: int, pos) -> str | None:
    counter = state.counters[seat]
    if not is_int(pos) or not 0 <= pos < len(counter):
        return "own-card"
    return "poisoned-card-untouchable" if counter[pos]["poison"] else None


def _card_targets(state, seat: int, rival: bool) -> list[dict]:
    return [
        {"seat": s, "pos": p}
        for s in range(state.num_seats)
        if not (rival and s == seat)
        for p in range(len(state.counters[s]))
    ]


# ---- each effect: candidates, problem, resolve --------------------------


def _rival_card_problem(state, seat, t):
    return _card_problem(state, seat, t, rival=True, poisoned=False)


def _poison(state, seat, t):
    state.counters[t["seat"]][t["pos"]]["poison"] = True
    return [state.counters[t["seat"]][t["pos"]]["card"]]


def _antidote_problem(state, seat, t):
    return _card_problem(state, seat, t, rival=False, poisoned=True)


def _antidote(state, seat, t):
    state.counters[t["seat"]][t["pos"]]["poison"] = False
    return [state.counters[t["seat"]][t["pos"]]["card"]]


def _steal_problem(state, seat, t):
    if len(state.counters[seat]) >= MAX_COUNTER:
        return "counter-holds-six"
    return _rival_card_problem(state, seat, t)


def _steal(state, seat, t):
    card = state.counters[t["seat"]].pop(t["pos"])
    state.counters[seat].append(card)
    return [card["card"]]


def _knock_off(state, seat, t):
    card = state.counters[t["seat"]].pop(t["pos"])
    state.discard.append(card["card"])
    return [card["card"]]


def _long_swap_targets(state, seat):
    return [{"mine": m, **t} for m in range(len(state.counters[seat])) for t in _card_targets(state, seat, rival=True)]


def _long_swap_problem(state, seat, t):
    return _own_card_problem(state, seat, t.get("mine")) or _rival_card_problem(state, seat, t)


def _long_swap(state, seat, t):
    mine, theirs = state.counters[seat], state.counters[t["seat"]]
    m, p = t["mine"], t["pos"]
    mine[m], theirs[p] = theirs[p], mine[m]
    return [mine[m]["card"], theirs[p]["card"]]  # taken, given


def _fire_problem(state, seat, t):
    s = t.get("seat")
    if not is_int(s) or not 0 <= s < state.num_seats:
        return "target-seat"
    if s == seat:
        return "trap-hits-a-rival"
    return None if state.hands[s] else "fire-needs-a-hand"


def _fire(state, seat, t):
    burnt = state.hands[t["seat"]]
    state.discard.extend(burnt)
    state.hands[t["seat"]] = []
    return list(burnt)


class Effect:
    def __init__(self, keys: tuple, candidates: Callable, problem: Callable, resolve: Callable) -> None:
        self.keys = frozenset(("type", "card") + keys)  # the fields of a well-formed action
        self.candidates = candidates
        self.problem = problem
        self.resolve = resolve  # returns the ingredient(s) it touched, for "what happened"

    def targets(self, state, seat: int) -> list[dict]:
        return [t for t in self.candidates(state, seat) if self.problem(state, seat, t) is None]


def _rivals_cards(state, seat):
    return _card_targets(state, seat, rival=True)


def _any_cards(state, seat):
    return _card_targets(state, seat, rival=False)


EFFECTS: dict[str, Effect] = {
    "poison": Effect(("seat", "pos"), _rivals_cards, _rival_card_problem, _poison),
    "antidote": Effect(("seat", "pos"), _any_cards, _antidote_problem, _antidote),
    "steal": Effect(("seat", "pos"), _rivals_cards, _steal_problem, _steal),
    "knock_off": Effect(("seat", "pos"), _rivals_cards, _rival_card_problem, _knock_off),
    "long_swap": Effect(("mine", "seat", "pos"), _long_swap_targets, _long_swap_problem, _long_swap),
    "fire": Effect(("seat",), lambda state, seat: [{"seat": s} for s in range(state.num_seats)], _fire_problem, _fire),
}

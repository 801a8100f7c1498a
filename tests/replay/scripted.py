"""Scripted logs for the turn games' highlights: from a seed, each seat's actions are
chosen to build one moment (or to come near it and stop short), and the script
notes where and how it built it, by the rules' own measures, so a test can hold the
highlight finder to exactly that move, those seats and those words."""

from __future__ import annotations

from collections.abc import Callable

from game.cheaterchefs.data import content as chefs_content
from game.cheaterchefs.progress import ORDER_SIZE, wanted
from game.cheaterchefs.rules import ChefsState
from game.engine import Rng
from game.relleno.rules import RellenoState
from game.wewillwokyou.rules import WokState
from game.yatai.rules import YataiState

# ---- We Will Wok You: one seat cooks, the others never take a Wok card ----------------


def wewillwokyou(seed: int, cooks: bool = True) -> WokState:
    """Three seats buy the fullest row they can afford (else take a coin) to the game's end;
    seat 0 takes a Wok card whenever its hand shows four identical symbols, laying the
    first cards it may and choosing the first Wok card on offer. With `cooks` False it
    lays them and cancels every time: nobody ever holds a Wok."""
    state = WokState(3, None, seed)
    while not state.is_over():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        kinds = {a["type"] for a in legal}
        if state.pending is not None:
            step = next(a for a in legal if a["type"] in ("lay", "choose"))  # four symbols shown: choose
            action = {"type": "cancel"} if step["type"] == "choose" and not cooks else step
        elif seat == 0 and "take_wok" in kinds and not (state.log and state.log[-1]["action"]["type"] == "cancel"):
            action = {"type": "take_wok"}  # (once a turn: a turn whose Wok was cancelled goes on without)
        elif buys := [a for a in legal if a["type"] == "buy"]:
            action = max(buys, key=lambda a: len(state.rows[a["row"]]))
        else:
            action = legal[0]
        state.apply(seat, action)
    return state


# ---- Relleno: the first day's time cards ------------------------------------------------


def relleno(cards: list[str], seed: int = 1) -> RellenoState:
    """Three seats, each playing the named time card on the first day (no early arrival)."""
    state = RellenoState(3, None, seed)
    for seat, card in enumerate(cards):
        state.apply(seat, {"type": "time_card", "card": card, "early": []})
    return state


# ---- Yatai: the seats serve whenever they can ---------------------------------------------


def yatai(seed: int, serves: int) -> tuple[YataiState, list[tuple[int, int, int]]]:
    """Two seats play at random from the seed, except that a seat that can serve serves
    (with the most drinks it can, and a taiyaki when it has one), until `serves` serves;
    returns the state and each serve as (moves applied, seat, points the table gave)."""
    state, rng, served = YataiState(2, None, seed), Rng(seed), []
    while len(served) < serves:
        seat = state.actors()[0]
        options = [a for a in state.legal_actions(seat) if a["type"] == "serve"]
        action = (
            max(options, key=lambda a: (len(a["drinks"]), a["taiyaki"])) if options else state.sample_action(seat, rng)
        )
        state.apply(seat, action)
        if action["type"] == "serve":
            served.append((len(state.log), seat, state.last["points"]))
    return state, served


# ---- Cheater Chefs: a cook and a trapper ------------------------------------------------------


def _progress(state: ChefsState, seat: int) -> int:
    return wanted(state.counters[seat], state.order(seat), False)


def _discard(state: ChefsState, seat: int, cards: list[str]) -> None:
    for card in cards:
        state.apply(seat, {"type": "pick", "card": card})
    state.apply(seat, {"type": "discard_hand", "cards": cards})


def cheaterchefs(
    seed: int, aim: Callable[[int, int, str], bool], stop: Callable[[ChefsState, list], bool]
) -> tuple[ChefsState, list[tuple[int, int, int]]]:
    """Two seats, seat 0 first. Seat 0 cooks: it plays an ingredient its order still needs,
    else discards every card it does not need (never a trap). Seat 1 plays a trap on seat
    0 when `aim(progress before, progress lost, effect)` says so (the one costing most),
    else discards all but its traps. Until `stop(state, traps)`; returns the state and each trap
    sprung as (moves applied, seat 0's progress before, progress lost)."""
    state, traps = ChefsState(2, {"first_seat": 0}, seed), []
    effect = chefs_content().effect
    while not (state.is_over() or stop(state, traps)):
        seat = state.actors()[0]
        hand = state.hands[seat]
        if seat == 0:
            need = set(state.order(0)) - {c["card"] for c in state.counters[0] if not c["poison"]}
            play = [a for a in state.legal_actions(0) if a["type"] == "play" and a["card"] in need]
            if play:
                state.apply(0, play[0])
            else:
                _discard(state, 0, [c for c in hand if c not in need] or hand[:1])
            continue
        before, best = _progress(state, 0), None
        for action in state.legal_actions(1):
            if action["type"] != "play" or not effect(action["card"]) or action.get("seat") != 0:
                continue
            after = state.clone()
            after.apply(1, action)
            lost = before - _progress(after, 0)
            if aim(before, lost, str(effect(action["card"]))) and (best is None or lost > best[0]):
                best = (lost, action)
        if best is not None:
            state.apply(1, best[1])
            traps.append((len(state.log), before, best[0]))
        else:
            _discard(state, 1, [c for c in hand if not effect(c)] or hand[:1])
    return state, traps


def setback(before: int, lost: int, effect: str) -> bool:
    """Any trap that sets the cook back, but at one ingredient from the order only poison."""
    return lost > 0 and (before < ORDER_SIZE - 1 or effect == "poison")


def early_setback(before: int, lost: int, effect: str) -> bool:
    """A trap that sets the cook back while it is still two ingredients or more away."""
    return lost > 0 and before < ORDER_SIZE - 1

"""Highlights: each game's moments worth showing, found by scanning a game's log.
Wok Up's claims are scripted to the millisecond; the other games' moments are
checked against what the replayed table shows at the moment's move in seeded bot
games, and found exactly (move, seats, words) in logs scripted to build each one,
never in a scripted near miss (scripted.py)."""

from __future__ import annotations

import pytest

from game.cheaterchefs.progress import ORDER_SIZE
from game.engine import SYSTEM, Rng, gamedef
from game.engine.highlights import Highlight, find
from game.engine.replay import Player
from game.wokup import recipes
from game.wokup.rules import MS, Phase, WokUpState
from game.yatai.rules import YataiState

from . import scripted
from .conftest import as_replay, finished

NAMES = ["Ana", "Bao", "Chloé", "Diego"]


def _throw_until(state: WokUpState, rng: Rng, done, limit: int = 2000) -> None:
    """The table throws (its physics' outcomes drawn at random) until `done(state)` in a look."""
    for _ in range(limit):
        if state.phase == Phase.LOOK and done(state):
            return
        action = state.sample_action(SYSTEM, rng)
        if action["type"] not in ("pause", "resume"):
            state.apply(SYSTEM, action)
    raise AssertionError("the table never got there")


def _two_slaps(gap_ms: int) -> WokUpState:
    state = WokUpState(3, {"target": 1}, 2)
    _throw_until(state, Rng(2), lambda s: bool(s.complete_decks()))
    deck, t0 = state.complete_decks()[0], state.now + 200 * MS
    state.apply(1, {"type": "slap", "deck": deck, "t": t0})
    state.apply(0, {"type": "slap", "deck": deck, "t": t0 + gap_ms * MS})
    state.apply(SYSTEM, {"type": "resolve", "t": state.window_end()})
    return state


def test_wokup_a_card_won_by_12_ms_is_a_close_claim_and_by_45_none():
    scan = gamedef.find("wokup").highlights
    close = _two_slaps(12)
    (h,) = find(scan, close)
    assert (h.kind, h.seats, h.words, h.at) == ("close-claim", (1, 0), {"ms": 12}, len(close.log))
    assert h.told(NAMES) == "Bao beat Ana by 12 ms"
    player = Player(gamedef.find("wokup").state_cls, as_replay(close))
    assert player.lines[-1]["text"].endswith("(by 12 ms)"), "the theatre's moves say the margin"
    assert find(scan, _two_slaps(45)) == []
    assert find(scan, _two_slaps(2))[0].score > h.score  # the closer, the more worth showing


def test_wokup_a_shout_at_exactly_ten():
    scan = gamedef.find("wokup").highlights
    for seed in range(1, 40):
        state = WokUpState(2, {"target": 1}, seed)
        try:
            _throw_until(state, Rng(seed), lambda s: recipes.wokup_ready(s.wok_content()), limit=300)
        except AssertionError:
            continue
        most = max(state.wok_content().counts.values())
        state.apply(0, {"type": "wokup", "t": state.now + 300 * MS})
        state.apply(SYSTEM, {"type": "resolve", "t": state.window_end()})
        found = [h for h in find(scan, state) if h.kind == "exact-ten"]
        assert [h.seats for h in found] == ([(0,)] if most == recipes.WOKUP_AT else []), (seed, most)
        if found:
            assert found[0].told(NAMES) == "Ana shouted Wok'up! at exactly ten"
            return
    pytest.fail("no seed reached a wok of exactly ten")


def _seen_at(game: str, state, h: Highlight):
    """The replayed table just before and at the highlight's move."""
    player = Player(gamedef.find(game).state_cls, as_replay(state))
    return player.seek(h.at - 1).clone(), player.seek(h.at)


def test_wewillwokyou_the_biggest_wok():
    state = finished("wewillwokyou", 1)
    (h,) = find(gamedef.find("wewillwokyou").highlights, state)
    woks = [w["points"] for r in state.result for w in r["woks"]]
    assert h.words["points"] == max(woks) and h.at == len(state.log)
    assert max(w["points"] for w in state.result[h.seats[0]]["woks"]) == max(woks)


def test_relleno_a_day_won_by_a_minute():
    state = finished("relleno", 3)
    found = find(gamedef.find("relleno").highlights, state)
    assert found and found[0].words["minutes"] == min(h.words["minutes"] for h in found)  # best first: the closest
    for h in found:
        before, at = _seen_at("relleno", state, h)
        first, second = h.seats
        assert before.phase == "choose" and at.phase != "choose"
        assert at.times[second] - at.times[first] == h.words["minutes"] <= 5
        assert at.order.index(first) < at.order.index(second) and at.day == h.words["day"]
    best = found[0]
    first, second = (NAMES[s] for s in best.seats)
    assert f"{first} beat {second} to the kitchen by {best.words['minutes']} min" in best.told(NAMES)


def test_yatai_the_best_serve():
    state = finished("yatai", 2)
    (h,) = find(gamedef.find("yatai").highlights, state)
    _before, at = _seen_at("yatai", state, h)
    assert state.log[h.at - 1]["action"]["type"] == "serve" and at.last["points"] == h.words["points"]
    player = Player(gamedef.find("yatai").state_cls, as_replay(state))
    served = [player.seek(i + 1).last["points"] for i, e in enumerate(state.log) if e["action"]["type"] == "serve"]
    assert h.words["points"] == max(served) and served.index(max(served)) == [
        i for i, e in enumerate(state.log) if e["action"]["type"] == "serve"
    ].index(h.at - 1)


def test_cheaterchefs_traps_and_a_win_denied():
    state = finished("cheaterchefs", 4)
    found = find(gamedef.find("cheaterchefs").highlights, state)
    assert found[0].kind == "win-denied" and {h.kind for h in found[1:]} == {"trap"}
    for h in found:
        before, at = _seen_at("cheaterchefs", state, h)
        thrower, target = h.seats
        assert state.log[h.at - 1] == {"seat": thrower, "action": state.log[h.at - 1]["action"]}
        assert state.log[h.at - 1]["action"]["seat"] == target
        assert at.team_progress(target) < before.team_progress(target)
        assert (before.team_progress(target) >= 3) == (h.kind == "win-denied")
    thrower, target = (NAMES[s] for s in found[0].seats)
    assert found[0].told(NAMES) == f"{thrower} stopped {target} one ingredient from winning"


def test_a_game_without_highlights_and_a_scan_that_fails(caplog):
    state = finished("yatai", 1)
    assert find(None, state) == []

    def broken(_state):
        raise KeyError("oops")

    assert find(broken, state) == [] and "highlights" in caplog.text


def test_a_highlight_round_trips_as_data():
    h = Highlight("close-claim", 12, 88.0, "{p0} beat {p1} by {ms} ms", (1, 0), {"ms": 12})
    assert Highlight.of(h.as_data()) == h
    assert h.told(["Ana"]) == "? beat Ana by 12 ms"


# ---- scripted logs: each moment built on purpose, and a near miss ---------------------------


def _found(game: str, state) -> list[tuple]:
    """The highlights found, as (kind, move, seats, words)."""
    return [(h.kind, h.at, h.seats, h.words) for h in find(gamedef.find(game).highlights, state)]


def test_wewillwokyou_scripted_the_one_cook_s_biggest_wok_and_nobody_cooking():
    state = scripted.wewillwokyou(1)
    assert state.woks[1:] == [[], []] and len(state.woks[0]) >= 2  # only seat 0 took Wok cards
    biggest = max(w["points"] for w in state.result[0]["woks"])
    assert _found("wewillwokyou", state) == [("biggest-wok", len(state.log), (0,), {"points": biggest})]
    assert find(gamedef.find("wewillwokyou").highlights, state)[0].told(NAMES) == (
        f"Ana cooked the biggest wok: {biggest} points"
    )
    print(f"seed 1: {len(state.log)} moves, seat 0's woks {[w['points'] for w in state.result[0]['woks']]}")
    near = scripted.wewillwokyou(1, cooks=False)  # four symbols laid, then cancelled, every time
    assert any(e["action"]["type"] == "cancel" for e in near.log) and near.woks == [[], [], []]
    assert _found("wewillwokyou", near) == []


def test_relleno_scripted_a_day_won_by_one_minute_and_a_close_pair_behind_the_first():
    state = scripted.relleno(["vicki", "bruno", "gus"])  # 6:02, 6:03 and 8:31 (minutes 362, 363, 511)
    assert _found("relleno", state) == [("close-day", 3, (0, 1), {"day": 1, "minutes": 1})]
    assert find(gamedef.find("relleno").highlights, state)[0].told(NAMES) == (
        "Day 1: Ana beat Bao to the kitchen by 1 min"
    )
    # 362, 398, 395: Chloé is 3 minutes ahead of Bao, but 33 behind Ana, who won the day alone.
    near = scripted.relleno(["vicki", "clara", "farah"])
    assert near.order == [0, 2, 1] and _found("relleno", near) == []


def test_yatai_scripted_the_best_serve_and_an_equal_one_that_comes_later():
    state, served = scripted.yatai(1, serves=4)
    at, seat, points = max(served, key=lambda s: (s[2], -s[0]))  # the most points, the first of them
    assert points > max(p for a, _s, p in served if a != at)
    assert _found("yatai", state) == [("best-serve", at, (seat,), {"points": points})]
    print(f"seed 1: serves (move, seat, points) {served}")
    # Cut before it: the two serves of equal points before it; the first one is the moment.
    earlier, served = scripted.yatai(1, serves=2)
    assert served[0][2] == served[1][2]
    assert _found("yatai", earlier) == [("best-serve", served[0][0], (served[0][1],), {"points": served[0][2]})]
    cut = YataiState.replay(2, None, 1, earlier.log[: served[0][0] - 1])  # just before the first serve
    assert _found("yatai", cut) == []


def test_cheaterchefs_scripted_a_trap_then_a_poisoned_win_denied_and_the_poison_held_back():
    def denied(_state, traps):
        return any(before == ORDER_SIZE - 1 for _at, before, _lost in traps)

    state, traps = scripted.cheaterchefs(25, scripted.setback, denied)
    (trap_at, trap_before, _l), (deny_at, _b, _l2) = traps
    assert trap_before < ORDER_SIZE - 1 and deny_at == len(state.log)
    assert state.log[deny_at - 1]["action"]["card"] == "poison"
    assert _found("cheaterchefs", state) == [("win-denied", deny_at, (1, 0), {}), ("trap", trap_at, (1, 0), {})]
    print(f"seed 25: traps (move, progress before, lost) {traps}")
    # The same table, but the poison is held back when the cook is one ingredient away.
    near, traps = scripted.cheaterchefs(25, scripted.early_setback, lambda s, t: False)
    assert [t[0] for t in traps] == [trap_at] and near.is_over()
    assert _found("cheaterchefs", near) == [("trap", trap_at, (1, 0), {})]

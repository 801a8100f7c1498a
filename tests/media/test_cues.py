"""Every game event that should make a sound does: whole games of random legal
moves (mistakes included) are played through the rules, each move's cues are
played through the audio module, and the test listens to its requests
(audio.requests). The scenes will call the same `cues` (see game/media/cues.py)."""

import pytest

from game.app import catalogue
from game.app.audio import EFFECTS, Audio
from game.engine.rng import Rng
from game.media.cues import SCENE_CUES, cues, game_cues, moment

GAME_CUES = {e.id: game_cues(e.gdef) for e in catalogue.load() if e.gdef is not None}


def play_listening(gid: str, seats: int, seed: int, audio: Audio, steps: int = 20_000):
    """A game of random legal moves; yields (before, after, seat, action, requests made for it)."""
    gdef = catalogue.find(gid).gdef
    state = gdef.state_cls(seats, None, seed)
    rng = Rng(seed)
    for _i in range(steps):
        if state.is_over():
            return
        seat = rng.choice(state.actors())
        action = state.sample_action(seat, rng)  # random legal moves: mistakes included
        before = moment(state)
        state.apply(seat, action)
        after = moment(state)
        start = len(audio.requests)
        for name in cues(gdef, before, after, seat, action, humans=range(seats)):
            audio.play(name)
        yield before.view, after.view, seat, action, [r.name for r in audio.requests[start:]]
    raise AssertionError(f"{gid} seed {seed} did not end")


@pytest.fixture
def audio():
    a = Audio(record=True)
    yield a
    a.close()


def test_every_cue_is_an_effect_with_a_file():
    names = set().union(*GAME_CUES.values()) | SCENE_CUES
    assert names <= set(EFFECTS), names - set(EFFECTS)
    assert set(EFFECTS) <= names | {"ui_move"}, set(EFFECTS) - names  # every effect has a moment


@pytest.mark.parametrize(
    "gid, seats, seeds",
    [("wokup", 3, (1, 2)), ("wewillwokyou", 3, (1,)), ("cheaterchefs", 4, (1, 2)), ("relleno", 3, (1, 2))]
    + [("yatai", 2, (1,))],
)
def test_the_moments_of_a_game_sound(gid, seats, seeds, audio):
    heard = set()
    for seed in seeds:
        winners = 0
        for before, after, _seat, action, played in play_listening(gid, seats, seed, audio):
            heard |= set(played)
            kind = action.get("type")
            # the checks read the observations, not the cue code's reasoning
            if gid == "wokup":
                if kind == "slap":
                    assert played[0] == "slap", "a slap sounds at once, before any judgement"
                won = sum(map(len, after["won"])) > sum(map(len, before["won"]))
                assert won == ("card_won" in played), (kind, played)
                if kind == "signal":
                    assert "throw_signal" in played
            elif gid == "wewillwokyou":
                assert (after["box_coins"] != before["box_coins"] and kind == "coin") <= ("coin_taken" in played)
                woks = sum(len(s["woks"]) for s in after["seats"]) > sum(len(s["woks"]) for s in before["seats"])
                assert woks == ("card_won" in played)
                if kind == "buy":
                    assert "row_bought" in played
            elif gid == "relleno":
                shown = [any(t is not None for t in o["times"]) for o in (before, after)]
                assert (shown[1] and not shown[0]) == ("time_card" in played), (action, played)
                if kind in ("fill", "bonus_fill"):
                    assert "card_won" in played
            elif gid == "yatai":
                assert (kind == "serve") == ("guest_served" in played), (action, played)
            else:
                p_before = sum(sum(c["poison"] for c in k) for k in before["counters"])
                p_after = sum(sum(c["poison"] for c in k) for k in after["counters"])
                assert (p_after > p_before) == ("poison" in played), (action, played)
                assert (p_after < p_before) <= ("antidote" in played)
            winners += played.count("winner")
        assert winners == 1, f"{gid} seed {seed}: the winner sounded {winners} times"
    assert heard == GAME_CUES[gid], f"never heard: {GAME_CUES[gid] - heard}; unexpected: {heard - GAME_CUES[gid]}"

"""The real-time bots: they claim only what they see, after a human delay that
depends on their level, make mistakes, and beat random claimers."""

import itertools

from game.engine.rng import Rng
from game.wokup import bots
from game.wokup.geometry import wok
from game.wokup.rules import MS
from game.wokup.simulate import play

from .helpers import DECK, in_wok, place, table


def _table_with_a_complete_card():
    s = table(3, tokens=[*in_wok(("chili-5", 0))])
    return s


def test_a_bot_slaps_the_complete_card_after_its_reaction_time():
    s = _table_with_a_complete_card()
    times = {}
    for level in ("relaxed", "normal", "sharp"):
        plans = [bots.make(level).plan(s.observation(0), Rng(k)) for k in range(60)]
        slaps = [p[0] for p in plans if p[0]["type"] == "slap"]
        right = [a for a in slaps if a["deck"] == DECK["plenty"]]
        assert len(right) >= 0.6 * len(plans)  # a few miss it (and may slap wrongly instead)
        slaps = right
        assert all(a["t"] >= 180 * MS for a in slaps)  # nobody is faster than a human
        times[level] = sum(a["t"] for a in slaps) / len(slaps)
    assert times["sharp"] < times["normal"] < times["relaxed"]


def test_a_bot_that_sees_nothing_passes_or_sometimes_slaps_by_mistake():
    s = table(3)
    plans = [bots.make("relaxed").plan(s.observation(1), Rng(k)) for k in range(400)]
    kinds = [p[0]["type"] for p in plans]
    assert kinds.count("pass") > 300 and kinds.count("slap") > 0


def test_a_bot_out_of_the_round_plans_nothing():
    s = _table_with_a_complete_card()
    s.out[2] = True
    assert bots.make("sharp").plan(s.observation(2), Rng(1)) == []


def test_a_bots_eye_misjudges_tokens_on_the_edge_of_the_wok():
    s = table(3)
    card = wok().cards[0]
    place(s, ("chili-5", 0.0, card.y - card.half_length - wok().token_radius + 1.0, 0))  # 1 mm inside the rule
    seen = [bots.make("relaxed").perceive(s.observation(0), Rng(k)).counts["chili"] for k in range(100)]
    assert 0 < seen.count(5) < 100  # sometimes in, sometimes out


def test_sharp_bots_beat_random_claimers():
    wins = 0
    for seed in range(10):
        state, _ = play(2, seed, ["sharp", "random"])
        wins += 0 in state.winners()
    assert wins >= 8


def test_each_level_is_quicker_and_surer_than_the_one_below():
    """The ladder (DESIGN.md, "Bots"): every step up reacts sooner, reads the wok's edge
    better, misses fewer complete cards and slaps hastily less often."""
    offered = [bots.levels()[lvl] for lvl in bots.LEVELS if lvl != "random"]
    for lower, upper in itertools.pairwise(offered):
        assert upper.reaction_ms[0] <= lower.reaction_ms[0] - 150, (lower.id, upper.id)
        assert upper.jitter < lower.jitter and upper.miss < lower.miss and upper.slip < lower.slip, (lower.id, upper.id)
        assert upper.pass_ms < lower.pass_ms, (lower.id, upper.id)

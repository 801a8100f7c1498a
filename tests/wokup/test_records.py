"""Wok Up's hall-of-fame results, read back from a whole game played by bots."""

import math

from game.wokup import GAME, bots
from game.wokup.driver import Driver
from game.wokup.rules import WokUpState


def test_records_are_the_cards_won_and_the_fastest_winning_slap():
    state = WokUpState(3, None, 4)
    holder = [state]

    def apply(seat, action):
        holder[0].apply(seat, action)

    Driver(lambda: holder[0], apply, {s: bots.make("sharp") for s in range(3)}, 4).run_until(math.inf)
    assert state.is_over()
    recs = GAME.records(state)
    assert [r["most_cards"] for r in recs] == [len(w) for w in state.won]
    slaps = [r["fastest_slap_ms"] for r in recs if "fastest_slap_ms" in r]
    assert slaps and all(0 <= ms < 10_000 for ms in slaps), slaps
    winner = state.winners()[0]
    assert recs[winner]["most_cards"] >= state.options["target"]

"""Wok Up in words: the table's events and each claim's fate."""

from game.engine import SYSTEM
from game.wokup import words
from game.wokup.rules import WokUpState

NAMES = ["Ana", "Bao", "Chloé"]


def test_a_signal_names_the_throwers_and_a_slap_its_deck():
    s = WokUpState(3, None, 1)
    signal = s.legal_actions(SYSTEM)[0]
    s.apply(SYSTEM, signal)
    throwers = [NAMES[seat] for seat, _tok in s.flight]
    assert s.describe(SYSTEM, signal, NAMES) == "Throw! " + " & ".join(throwers)


def test_claim_lines_say_who_won_and_who_is_out():
    last = {
        "claims": [
            {"seat": 0, "type": "slap", "deck": 1, "result": "won"},
            {"seat": 2, "type": "wokup", "result": "wrong"},
        ],
        "won": [[0, "x"]],
    }
    lines = words.claim_lines(last, NAMES)
    assert lines == [
        (f"Ana wins the {words.deck_name(1)} recipe", 0, "won"),
        ("Chloé: wrong Wok'up!, out this round", 2, "wrong"),
    ]


def test_a_covered_card_given_to_the_other_player_is_told():
    last = {"claims": [{"seat": 1, "type": "slap", "deck": 3, "result": "wrong-gives"}], "won": [[0, "x"]]}
    assert [kind for _t, _s, kind in words.claim_lines(last, NAMES)] == ["wrong", "covered"]

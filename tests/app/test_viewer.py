"""Who may see what at a table (game/app/viewer.py): a pure function of the seats,
their phones and the turn, checked here without pygame."""

from __future__ import annotations

import subprocess
import sys

from game.app.viewer import View, who_sees


def test_the_viewer_module_runs_without_pygame():
    code = "import sys; sys.modules['pygame'] = None; import game.app.viewer"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_lone_human_sees_the_table_as_theirs_all_game():
    assert who_sees(View(), [0], [1]) == View(viewer=0)
    assert who_sees(View(), [2], [2]) == View(viewer=2)


def test_nothing_private_the_seat_to_act_sees_it_and_a_realtime_table_nobody():
    assert who_sees(View(), [0, 1], [1], private=False) == View(viewer=1)
    assert who_sees(View(), [0, 1], [0, 1], private=False, realtime=True) == View()
    assert who_sees(View(curtain_for=1), [0, 1], [], private=False) == View(), "the curtain never stays"


def test_two_humans_with_hidden_cards_pass_the_screen_behind_a_curtain():
    down = who_sees(View(), [0, 1], [1])
    assert down == View(curtain_for=1)
    lifted = View(viewer=1)  # the seat confirmed (TableScene.handle)
    assert who_sees(lifted, [0, 1], [1]) == lifted, "its own turn: the view stays open"
    assert who_sees(lifted, [0, 1], [0]) == View(curtain_for=0), "the next human's turn: the curtain falls"
    assert who_sees(lifted, [0, 1], [2]) == View(), "a bot's turn: the view closes, nobody's curtain"


def test_a_seat_with_a_phone_sees_its_hand_there_and_the_tv_keeps_the_others_curtained():
    assert who_sees(View(), [0, 1], [0], phoned=[0]) == View(), "seat 0 plays on its phone"
    assert who_sees(View(), [0, 1], [1], phoned=[0]) == View(curtain_for=1)
    assert who_sees(View(), [0], [0], phoned=[0]) == View(), "a lone human with a phone: the TV shows the public table"
    assert who_sees(View(), [0, 1], [1], phoned=[0, 1], private=False) == View(viewer=1), (
        "phones matter only for privacy"
    )


def test_a_turn_that_brought_something_stays_open_until_seen():
    open_ = View(viewer=0)
    shown = who_sees(open_, [0, 1], [1], just_played=0)
    assert shown == View(viewer=0, reveal=0)
    assert who_sees(shown, [0, 1], [1]) == shown, "still looking: nothing moves"
    assert who_sees(open_, [0, 1], [1], just_played=1) == View(curtain_for=1), "someone else's move reveals nothing"
    assert who_sees(View(viewer=0, reveal=0), [0, 1], [0, 1], private=False) == View(viewer=0, reveal=0)

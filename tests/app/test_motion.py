"""Motion: things glide eased from where they were drawn to where they lie, cards
won and coins fly, points rise, reveals flip, whose turn pulses; it never changes
the game and is off where nobody watches (tests, screenshots, watch)."""

import pygame
import pytest

from game.app import shots
from game.app.app import App
from game.app.motion import FLIP, GLIDE, Motion, ease
from game.engine import Rng
from game.wokup import words as wokup_words


def test_ease_leaves_fast_and_arrives_gently():
    assert ease(0) == 0 and ease(1) == 1 and ease(2) == 1
    assert ease(0.25) > 0.5  # more than half the way in a quarter of the time
    steps = [ease(k / 10) - ease((k - 1) / 10) for k in range(1, 11)]
    assert steps == sorted(steps, reverse=True)


def test_a_thing_drawn_elsewhere_glides_there_and_arrives():
    m = Motion()
    a, b = pygame.Rect(0, 0, 10, 10), pygame.Rect(100, 50, 20, 20)
    m.tick(0.0)
    assert m.place("card", a) == a  # first seen: drawn where it lies
    m.tick(0.02)
    mid = m.place("card", b)
    assert mid.topleft == (0, 0)  # starts where it was
    m.tick(0.02 + GLIDE / 2)
    mid = m.place("card", b)
    assert 50 < mid.x < 100 and 25 < mid.y < 50 and 10 < mid.w < 20
    m.tick(0.02 + GLIDE + 0.01)
    assert m.place("card", b) == b and not m.busy


def test_no_glide_after_an_absence_or_a_resize_and_none_when_off():
    m = Motion()
    m.tick(0.0)
    m.place("card", pygame.Rect(0, 0, 10, 10))
    m.tick(0.1)  # a frame where the card was not drawn (a hidden hand)
    m.tick(0.2)
    assert m.place("card", pygame.Rect(300, 0, 10, 10)).x == 300
    m.tick(0.3, scale=0.5)  # the window was resized: everything moved at once
    assert m.place("card", pygame.Rect(150, 0, 5, 5)).x == 150
    off = Motion(enabled=False)
    off.tick(0.0)
    off.place("card", pygame.Rect(0, 0, 1, 1))
    off.tick(0.1)
    assert off.place("card", pygame.Rect(9, 9, 1, 1)).x == 9
    off.fly("common.coin", pygame.Rect(0, 0, 1, 1), pygame.Rect(5, 5, 1, 1))
    off.reveal("x")
    assert not off.busy and off.flip("x") == 1


def test_a_reveal_narrows_to_nothing_then_widens():
    m = Motion()
    m.tick(0.0)
    m.reveal("deck")
    widths = []
    for k in range(11):
        m.tick(k * FLIP / 10)
        widths.append(m.flip("deck"))
    assert widths[0] == pytest.approx(1) and min(widths) < 0.05 and widths[-1] == pytest.approx(1)


def test_headless_tables_draw_without_motion(app):
    scene = shots.table(app, "wewillwokyou", 1, "start")
    assert not app.motion and not scene.motion.enabled


@pytest.mark.parametrize("gid", ["wewillwokyou", "cheaterchefs", "wokup"])
def test_motion_never_changes_the_game(gid):
    logs = []
    for motion in (False, True):
        app = App(size=(640, 360), window=False)
        app.motion = motion
        scene = shots.table(app, gid, 4, "start")
        app.push(scene)
        rng = Rng(4)
        for _i in range(60 if gid != "wokup" else 300):
            if gid == "wokup":
                app.step()  # the table runs in game time: the same every run
            elif not scene.state.is_over():  # random legal moves (searching bots are timed, not repeatable)
                seat = rng.choice(scene.state.actors())
                scene.submit(seat, scene.state.sample_action(seat, rng))
            app.draw()
        logs.append(list(scene.state.log))
        app.quit()
    assert logs[0] == logs[1]


def test_a_coin_taken_flies_and_the_count_rises(app):
    app.motion = True
    scene = shots.table(app, "wewillwokyou", 1, "start")
    app.push(scene)
    seat = scene.state.turn
    assert scene.submit(seat, {"type": "coin", "line": 0})
    assert [f.picture for f in scene.motion.flights] == ["wewillwokyou.coin"]
    assert [r.text for r in scene.motion.rises] == ["+1"]
    app.draw()  # drawn mid-flight without trouble; input is not held meanwhile
    assert scene.submit(scene.state.turn, {"type": "coin", "line": 1})


def test_a_poisoned_card_flips_on_the_counter(app):
    from tests.cheaterchefs.helpers import cards, table

    app.motion = True
    scene = shots.table(app, "cheaterchefs", 1, "start")
    scene.session.state = table(hands=[["poison"], ["rice"]], counters=[cards("onion"), cards("tomato")])
    scene._update_viewer()
    app.push(scene)
    app.draw()
    assert scene.submit(0, {"type": "play", "card": "poison", "seat": 1, "pos": 0})
    scene.motion.tick(scene.clock + FLIP / 2)
    assert scene.motion.flip(("cell", 1, 0)) < 0.2


def test_a_decided_claim_shows_its_margin():
    slap = {"type": "slap", "deck": 2}
    last = {
        "claims": [
            {**slap, "seat": 0, "t": 5_000_000_000, "result": "won"},
            {**slap, "seat": 1, "t": 5_012_400_000, "result": "late"},
            {"type": "slap", "deck": 3, "seat": 2, "t": 5_001_000_000, "result": "won"},
        ],
        "won": [],
    }
    assert wokup_words.margin_text(last) == "by 12 ms"
    last["claims"][1]["t"] = 5_000_000_000
    assert wokup_words.margin_text(last) == "a tie, drawn by lot"
    assert wokup_words.margin_text({"claims": last["claims"][2:], "won": []}) == ""

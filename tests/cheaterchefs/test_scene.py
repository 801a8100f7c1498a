"""The scene turns presses and taps into legal actions and shows only what the viewer may see."""

import time

import pytest

from game.app import shots
from game.app.app import STEP
from game.app.session import Session, default_seats
from game.app.table_making import make_table
from game.cheaterchefs import GAME
from game.cheaterchefs.scene import LEFT, ROW_W, TOP
from game.input import PlayerEvent

from .helpers import cards, table


def press(app, control, pos=None, device="keyboard-1"):
    t = time.monotonic_ns()
    app.step([PlayerEvent(device, control, True, t, None, pos), PlayerEvent(device, control, False, t, None, pos)])


def scene_with(app, humans: int, state=None):
    seats = default_seats(2, list(GAME.bots))
    for i, cfg in enumerate(seats):
        cfg.kind = "human" if i < humans else "bot"
        cfg.controller = None  # pointer and keyboard act for the open view
    session = Session(GAME, seats, None, 3, None)
    if state is not None:
        session.state = state
    scene = make_table(app, session)
    scene._update_viewer()
    app.push(scene)
    return scene


def test_a_trap_is_aimed_by_keys_then_by_tapping_the_lit_card(app):
    state = table(hands=[["egg", "poison"], ["rice"]], counters=[cards("onion"), cards("tomato", "garlic")])
    scene = scene_with(app, 1, state)
    app.draw()
    assert [label for label, _g in scene.rows][:2] == ["Egg", "Poisoned!"]
    press(app, "down")
    press(app, "confirm")
    assert scene.group == "card:poison"
    app.draw()
    target = next(t.rect for t in scene.targets if t.key == "cell1.1")  # Bao's garlic
    press(app, "point", target.center)  # first tap lights it
    assert scene.rows[scene.index][1] == {"type": "play", "card": "poison", "seat": 1, "pos": 1}
    press(app, "point", target.center)  # second tap plays it
    assert scene.state.counters[1][1] == {"card": "garlic", "poison": True}
    assert scene.state.log[-1]["seat"] == 0 and scene.group is None


def test_back_returns_from_a_target_choice(app):
    state = table(hands=[["poison"], []], counters=[[], cards("tomato")])
    scene = scene_with(app, 1, state)
    app.draw()
    press(app, "confirm")
    assert scene.group == "card:poison"
    press(app, "back")
    assert scene.group is None and scene.state.log == []


def test_a_single_action_choice_acts_at_once(app):
    state = table(hands=[["egg"], []])
    scene = scene_with(app, 1, state)
    app.draw()
    press(app, "confirm")
    assert [c["card"] for c in scene.state.counters[0]] == ["egg"]


def test_a_discard_is_chosen_card_by_card(app):
    """Issue 26: the list offered every combination (15 for four cards, 9 fit)."""
    state = table(hands=[["egg", "egg", "poison", "rice"], ["rice"]])
    scene = scene_with(app, 1, state)
    app.draw()
    labels = [label for label, _g in scene.rows]
    for _i in range(labels.index("Discard from hand")):
        press(app, "down")
    press(app, "confirm")
    app.draw()
    assert scene.group == "discard_hand"
    assert [label for label, _a in scene.rows] == [
        "Add Egg to the discard",
        "Add Poisoned! to the discard",
        "Add Rice to the discard",
    ]
    press(app, "confirm")  # egg
    app.draw()
    assert scene.state.picked == ["egg"] and scene.group == "discard_hand"
    assert scene.rows[scene.index][1] == {"type": "pick", "card": "egg"}, "the cursor stays on the cards"
    assert len(scene.rows) <= 9
    press(app, "confirm")  # the second egg
    assert scene.state.picked == ["egg", "egg"]
    app.draw()
    keep = next(
        t.rect
        for i, t in enumerate(scene.targets)
        if t.key == f"row{scene.rows.index(('Keep Egg', {'type': 'unpick', 'card': 'egg'}))}"
    )
    press(app, "point", keep.center)
    app.draw()
    assert scene.state.picked == ["egg"] and scene.group == "discard_hand"
    first = next(t.rect for t in scene.targets if t.key == "row0")
    assert scene.rows[0][0] == "Discard Egg"
    press(app, "point", first.center)
    assert scene.state.discard == ["egg"] and scene.state.current == 1 and scene.group is None


def test_back_puts_the_last_picked_card_back(app):
    scene = scene_with(app, 1)
    scene.until_human()
    seat = scene.my_turn()
    card = scene.state.observation(seat)["hand"][0]
    assert scene.submit(seat, {"type": "pick", "card": card})
    app.draw()
    assert scene.group == "discard_hand"
    press(app, "back")
    app.draw()
    assert scene.state.picked == [] and scene.my_turn() == seat


def test_two_humans_see_their_hands_only_behind_the_curtain(app):
    scene = scene_with(app, 2)
    current = scene.state.current
    assert scene.viewer is None and scene.curtain_for == current
    app.draw()
    assert scene.rows == []  # nothing private is listed while the curtain is up
    press(app, "confirm")
    assert scene.viewer == current
    app.draw()
    assert scene.rows


@pytest.mark.parametrize("moment", ["six", "aiming", "discarding", "end"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_moments_draw_in_both_languages(app, moment, lang):
    app.set_language(lang)
    scene = scene_with(app, 2)
    type(scene).moments()[moment](scene)
    app.draw()
    if moment == "end":
        assert scene.state.is_over() and scene.state.winners()
    if moment == "aiming":
        assert scene.group is not None and scene.group.startswith("card:")
    if moment == "six":
        assert scene.state.num_seats == 6
    app.set_language("en")


def test_the_end_pulses_in_live_parts_alone(app):
    """Issue 25: the end table's header, winning row and sparks followed the clock in the
    drawing itself, so every frame of the end was drawn whole (10 % of a core, idle at
    1080p). They are live parts: after the first frame only their areas are repainted,
    and those lie within the header and the winning rows."""
    app.motion = True  # as in a window: live parts move
    scene = shots.table(app, "cheaterchefs", 1, "end")
    app.reset_to(scene)
    scene.session.bots = None  # nothing happens but the clock
    app.step()
    app.draw()
    for _i in range(60):  # past the glides the end's last moves started
        scene.clock += STEP
        app.draw()
    ui, obs = scene.ui, scene.state.observation(None)
    assert obs["over"] and obs["winners"]
    header = ui.rect(0, 0, LEFT + ROW_W, TOP)  # above the counters
    rows = [ui.rect(LEFT, y, ROW_W, h) for y, h in map(scene._row_box, obs["winners"])]
    places = [header, *(row.inflate(ui.px(30), ui.px(30)) for row in rows)]
    shown = []
    for _i in range(10):
        scene.clock += STEP
        assert scene.changes() == "live", scene.changes()
        shown += scene.draw_live(app.stage)
    assert shown and all(any(place.contains(r) for place in places) for r in shown), (shown, places)
    assert all(any(place.colliderect(r) for r in shown) for place in places), "each of them pulses"
    scene.close()


def test_the_end_stands_still_without_motion(app):
    """Motion off (a kiosk's reduced motion): the end is drawn once, its pulses painted
    still in place, and nothing is drawn again while only the clock moves."""
    app.motion = False
    scene = shots.table(app, "cheaterchefs", 1, "end")
    app.reset_to(scene)
    scene.session.bots = None
    app.step()
    app.draw()
    still = app.screen.copy()
    for _i in range(10):
        scene.clock += STEP
        assert scene.changes() == "none", scene.changes()
    app.draw()  # drawn whole again later (a move elsewhere, the window exposed): the same picture
    assert app.screen.get_view("2").raw == still.get_view("2").raw
    scene.close()

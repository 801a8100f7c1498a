"""The scene turns taps and keys into the rules' actions, and draws every moment."""
import time

import pygame

from game.app import shots
from game.app.app import App
from game.input import PlayerEvent


def _event(control, pos=None):
    return PlayerEvent("mouse", control, True, time.monotonic_ns(), None, pos)


def _scene(moment, seed=3):
    app = App(size=(1280, 720), window=False)
    scene = shots.table(app, "wewillwokyou", seed, moment, seats=2)
    scene.session.bots.bots = {}  # the test plays both seats
    surf = pygame.Surface((1280, 720))
    scene.draw(surf)
    return app, scene, surf


def test_tapping_a_coin_line_takes_a_coin_and_keys_move_the_highlight():
    app, scene, surf = _scene("hand")
    seat = scene.state.turn
    rect, action = next((r, a) for r, a in scene.targets if a["type"] == "coin")
    coins = scene.state.coins[seat]
    assert scene.table_event(_event("point", rect.center))
    assert scene.state.coins[seat] == coins + 1
    assert scene.state.log[-1]["action"] == action
    scene.draw(surf)
    if scene.targets:
        first = scene.focus
        scene.table_event(_event("right"))
        assert scene.focus == (first + 1) % len(scene.targets)
    app.quit()


def test_tapping_a_wok_on_offer_lays_then_takes_that_card():
    app, scene, surf = _scene("laying")
    seat, wanted = scene.state.turn, scene.want_wok
    for _ in range(4):
        if scene.state.pending is None:
            break
        scene.draw(surf)
        lay = next(r for r, a in scene.targets if a["type"] == "lay")
        scene.table_event(_event("point", lay.center))
    assert wanted in scene.state.woks[seat]
    app.quit()


def test_every_moment_draws_at_both_sizes():
    for moment in ("start", "hand", "laying", "end"):
        app, scene, _surf = _scene(moment)
        for size in ((1920, 1080), (1280, 720)):
            app.ui.resize(size)
            scene.draw(pygame.Surface(size))
        app.quit()

"""Synthetic input for driving the app in tests."""

import time

from game.app.session import SeatConfig, Session
from game.app.table_making import make_table
from game.engine import gamedef
from game.input import PlayerEvent


def press(app, control, device="keyboard-1", pos=None, seat=None):
    t = time.monotonic_ns()
    app.step([PlayerEvent(device, control, True, t, seat, pos), PlayerEvent(device, control, False, t, seat, pos)])


def run(app, steps=1):
    for _ in range(steps):
        app.step()


def tap(app, scene, key):
    """Tap the centre of the table target with that key, as drawn now."""
    app.draw()
    rect = next(t.rect for t in scene.targets if t.key == key)
    press(app, "point", pos=rect.center)


def close_claim_session(app, seed: int = 3) -> Session:
    """A seeded Wok Up game of one card, played at its table: seat 0 slaps a complete
    recipe 12 ms before seat 1 on the same card, which ends the game (a close call)."""
    seats = [SeatConfig("Zoé", "red"), SeatConfig("Bao", "blue")]
    session = Session(gamedef.find("wokup"), seats, {"target": 1, "learning": False}, seed, app.saves)
    table = make_table(app, session)
    table._claim_moment(right=True, rival_ms=12)
    table.close()
    assert session.state.is_over() and session.state.winners() == [0]
    return session

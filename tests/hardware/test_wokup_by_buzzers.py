"""A whole Wok Up game played through its scene by two stations of a
simulated box running the real firmware: every claim and every pick is a
button pressed on the box; the station lights follow the game."""

import time

import pytest

from game.app.app import App
from game.app.results import ResultsScene
from game.app.session import SeatConfig, Session
from game.app.table_making import make_table
from game.hardware.manager import BuzzerManager
from game.hardware.simbox import SimBox
from game.wokup import GAME

from .helpers import NET_S, wait_for

# Timing-sensitive: run alone, after the parallel tests (see Makefile and pyproject.toml).
pytestmark = pytest.mark.realtime

STATIONS = {0: "buzzer-0031-0", 1: "buzzer-0031-1"}


def test_a_wokup_game_played_end_to_end_on_buzzer_stations(firmware_built):
    box = SimBox(box_id=0x31)
    app = App(size=(640, 360), window=False)
    manager = BuzzerManager(
        app.queue, {}, lambda: app.devices.seat_of, find=lambda: [(box.port, "test")], scan_every=0.1
    ).start()
    app.buzzers = manager
    app.devices.sources.append(manager.devices)
    try:
        wait_for(lambda: [lk for lk in manager.ready_links() if lk.sync.ready], what="a synced box")
        seats = [SeatConfig("Ana", "red", controller=STATIONS[0]), SeatConfig("Bao", "blue", controller=STATIONS[1])]
        scene = make_table(app, Session(GAME, seats, {"target": 2}, 7, None))
        app.push(scene)
        covered = []  # (seat, deck) of every slap the rules received
        pressed_for = None  # the look (or pick) already answered by a press
        lit = 0  # picks seen with the winner's station lit
        deadline = time.monotonic() + 10 * NET_S  # a net: the game ends when its cards are won
        while not isinstance(app.top, ResultsScene) and time.monotonic() < deadline:
            state = scene.state
            moment = (state.phase, state.round, len(state.log))
            if state.phase == "look" and moment[:2] != (pressed_for or ())[:2]:
                complete = [d for d in state.complete_decks() if state.face_up[d]]
                if complete:
                    seat = len(covered) % 2  # the seats take turns at being quickest
                    box.press(seat, complete[0])
                    box.release(seat, complete[0], box.now_us() + 60_000)
                    covered.append((seat, complete[0]))
                    pressed_for = moment
            elif state.phase == "pick" and pressed_for != moment:
                pick = state.picks[0]
                # The winner's station lights up before it chooses the next recipe.
                wait_for(lambda pick=pick: box.leds()[pick["seat"]] == 1, what="the winner's light")
                lit += 1
                deck = state.legal_actions(pick["seat"])[0]["deck"]
                box.press(pick["seat"], deck)
                box.release(pick["seat"], deck, box.now_us() + 60_000)
                pressed_for = moment
            app.step()
            time.sleep(0.002)
        state = scene.state
        assert isinstance(app.top, ResultsScene), f"not over: phase {state.phase}, cards {state.won}"
        slaps = [(e["seat"], e["action"]["deck"]) for e in state.log if e["action"].get("type") == "slap"]
        assert slaps and set(slaps) <= set(covered), "every slap in the game came from a box press"
        assert max(len(w) for w in state.won) == 2
        assert lit >= 2 and len(slaps) >= 2  # two cards won, each by a slap, each then picked for
    finally:
        app.quit()
        manager.stop()
        box.stop()

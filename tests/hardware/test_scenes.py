"""The seat-assignment and "Buzzer test" scenes, fed PlayerEvents as the manager makes them."""

from game.app.app import App
from game.app.buzzers import BuzzerSeatsScene, BuzzerTestScene
from game.input.events import PlayerEvent
from game.settings import SettingsStore


def press(device, control="wokup", pressed=True):
    return PlayerEvent(device, control, pressed, 1_000_000, None, None, 200_000)


def test_pressing_a_station_gives_it_to_the_seat_asked_for_and_saves_it():
    app = App(size=(1280, 720), window=False)
    scene = BuzzerSeatsScene(app)
    app.push(scene)
    app.step([press("keyboard-1", "down"), press("keyboard-1", "down")])  # seat 3
    app.step([press("buzzer-00a1-2", "deck3")])
    assert app.settings.buzzers == {"00a1:2": 2} and scene.seat == 3
    app.step([press("keyboard-1", "up"), press("buzzer-0007-0")])  # seat 3 again, another station
    assert app.settings.buzzers == {"0007:0": 2}
    assert SettingsStore(app.store.path).load().buzzers == {"0007:0": 2}
    app.draw()
    app.quit()


def test_the_test_scene_lights_a_button_while_it_is_held():
    app = App(size=(1280, 720), window=False)
    scene = BuzzerTestScene(app)
    app.push(scene)
    app.step([press("buzzer-0002-1", "deck4")])
    assert ("0002", 1, "deck4") in scene.held and "station 2" in scene.last
    app.step([press("buzzer-0002-1", "deck4", pressed=False)])
    assert ("0002", 1, "deck4") not in scene.held
    app.draw()
    app.quit()

"""Settings > Sound changes, saves, applies and lets you hear the volumes."""

from game.app.app import App
from game.app.menus import SettingsScene
from game.app.sound_menu import SoundScene
from game.settings import SettingsStore
from tests.app.drive import press


def test_sound_screen_changes_are_saved_applied_and_heard():
    app = App(size=(1280, 720), window=False)
    app.audio.record = True
    app.push(SettingsScene(app))
    labels = [it.label for it in app.top.menu.items]
    for _i in range(labels.index("Sound")):
        press(app, "down")
    press(app, "confirm")
    assert isinstance(app.top, SoundScene)
    press(app, "down")  # Volume 80% -> 100%
    press(app, "confirm")
    assert app.settings.master_volume == 1.0 and app.audio.master == 1.0
    assert app.audio.requests[-1].name == "ui_confirm"
    press(app, "confirm")  # -> 0%
    assert app.settings.master_volume == 0.0 and not app.audio.play("slap")
    for _i in range(4):  # down to the buffer line
        press(app, "down")
    press(app, "confirm")
    assert app.settings.audio_buffer == 1024
    saved = SettingsStore(app.store.path).load()
    assert (saved.master_volume, saved.audio_buffer) == (0.0, 1024)
    press(app, "back")
    assert isinstance(app.top, SettingsScene)
    assert any(it.label == "Sound" and it.value == "0%" for it in app.top.menu.items)
    app.draw()
    app.quit()

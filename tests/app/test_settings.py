"""Settings: a broken file is reported by file and line, the arcade starts on
defaults, and the user's file is never overwritten silently."""

import tomllib

import pytest

from game.app.app import App
from game.app.menus import SettingsScene, TitleScene
from game.settings import Settings, SettingsStore, to_toml
from game.userdirs import config_dir

from .drive import press


@pytest.fixture
def path():
    p = config_dir() / "settings.toml"
    p.parent.mkdir(parents=True, exist_ok=True)
    return p


def test_round_trip_of_every_setting(path):
    store = SettingsStore(path)
    s = store.load()
    s.language, s.fullscreen, s.bot_delay, s.window = "fr", True, 1.2, [1920, 1080]
    s.bindings["keyboard-2"]["wokup"] = ["right ctrl"]
    s.buzzers = {"00a1:0": 3}
    store.save()
    again = SettingsStore(path).load()
    assert again == s


def test_toml_syntax_error_names_file_and_line_and_keeps_defaults(path):
    path.write_text('language = "fr"\nbot_delay = = 2\n')
    store = SettingsStore(path)
    s = store.load()
    assert s == Settings()
    assert str(path) in store.problem and "line 2" in store.problem


@pytest.mark.parametrize(
    "text, key, line",
    [
        ('fullscreen = false\nlanguage = "xx"\n', "language", 2),
        ("bot_delay = 99\n", "bot_delay", 1),
        ("\n\nwindow = [10]\n", "window", 3),
        ("volume = 3\n", "volume", 1),
        ('[bindings."keyboard-1"]\njump = ["x"]\n', "jump", 2),
        ("master_volume = 1.5\n", "master_volume", 1),
        ('language = "en"\nmusic_volume = "loud"\n', "music_volume", 2),
        ("effects_volume = true\n", "effects_volume", 1),
        ("\nmute = 1\n", "mute", 2),
        ("audio_buffer = 300\n", "audio_buffer", 1),
        ('table_music = "yes"\n', "table_music", 1),
        ('phones = "on"\n', "phones", 1),
        ("\nphones_port = 80\n", "phones_port", 2),
    ],
)
def test_bad_values_name_the_key_and_line(path, text, key, line):
    path.write_text(text)
    store = SettingsStore(path)
    assert store.load() == Settings()
    assert f"'{key}'" in store.problem and f"line {line}" in store.problem


def test_saving_over_a_broken_file_moves_it_aside_and_says_so(path):
    path.write_text("this is not toml [\n")
    store = SettingsStore(path)
    store.load()
    note = store.save()
    assert note and "broken" in note
    assert path.with_name("settings.toml.broken").read_text() == "this is not toml [\n"
    assert SettingsStore(path).load() == Settings()


def test_app_starts_on_defaults_with_a_message_when_the_file_is_broken(path):
    path.write_text("language = \n")
    app = App(size=(1280, 720), window=False)
    app.push(TitleScene(app))
    app.step()
    app.draw()
    assert "line 1" in app.notice and app.settings == Settings()
    app.quit()
    assert path.read_text() == "language = \n", "loading must never rewrite the user's file"


def test_changing_language_in_settings_is_saved_and_applied(path):
    app = App(size=(1280, 720), window=False)
    app.push(SettingsScene(app))
    press(app, "confirm")  # Language: English -> Français
    assert app.settings.language == "fr"
    assert 'language = "fr"' in path.read_text()
    from game.i18n import _

    assert _("Settings") == "Réglages"
    app.quit()


def test_written_file_is_valid_toml_for_defaults():
    import tomllib

    doc = tomllib.loads(to_toml(Settings()))
    assert doc["language"] == "en" and "keyboard-1" in doc["bindings"]


def test_saving_keeps_the_users_comments_and_layout(path):
    path.write_text('# my arcade\nlanguage = "en"  # for the guests\n\n[bindings."keyboard-1"]\nup = ["w"]  # mine\n')
    store = SettingsStore(path)
    store.load().language = "fr"
    store.save()
    text = path.read_text()
    assert "# my arcade" in text and "# for the guests" in text and "# mine" in text
    assert tomllib.loads(text)["language"] == "fr"
    assert SettingsStore(path).load().language == "fr"


def test_sound_settings_round_trip_and_defaults(path):
    store = SettingsStore(path)
    s = store.load()
    assert (s.master_volume, s.music_volume, s.effects_volume, s.mute, s.audio_buffer) == (0.8, 0.6, 1.0, False, 512)
    s.master_volume, s.music_volume, s.effects_volume = 0.5, 0.0, 1.0
    s.mute, s.table_music, s.audio_buffer = True, True, 256
    store.save()
    text = path.read_text()
    assert "master_volume = 0.5" in text and "audio_buffer = 256" in text and "mute = true" in text
    assert SettingsStore(path).load() == s


def test_phones_settings_round_trip_and_are_off_by_default(path):
    store = SettingsStore(path)
    s = store.load()
    assert s.phones is False and s.phones_port == 8765
    s.phones, s.phones_port = True, 9000
    store.save()
    again = SettingsStore(path).load()
    assert again.phones is True and again.phones_port == 9000


def test_a_broken_file_that_cannot_be_moved_aside_is_never_written_over(path, monkeypatch):
    from game import schema

    path.write_text("this is not toml [\n")
    store = SettingsStore(path)
    store.load()

    def refuse(*_args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(schema.os, "replace", refuse)
    note = store.save()
    assert "not saved" in note and path.read_text() == "this is not toml [\n"

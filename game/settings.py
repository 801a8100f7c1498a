"""Settings and key bindings, kept in a TOML file in the user's config folder.

A broken file never stops the arcade: loading returns the defaults plus a
message naming the file, the line and the problem. Saving over a file that
did not load first moves it aside (`settings.toml.broken`) and says so: the
user's file is never overwritten silently.
"""

from __future__ import annotations

import copy
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import tomlkit

from .i18n import LANGUAGES
from .input.events import Control
from .kiosk import config as kiosk_config
from .userdirs import atomic_write, config_dir

# Three keyboard zones share one keyboard for menus and turn-based games; the
# number rows and Space/Enter give two Wok Up seats their six claim keys.
DEFAULT_BINDINGS: dict[str, dict[str, list[str]]] = {
    "keyboard-1": {
        "up": ["w"],
        "down": ["s"],
        "left": ["a"],
        "right": ["d"],
        "confirm": ["e"],
        "back": ["q"],
        "deck0": ["1"],
        "deck1": ["2"],
        "deck2": ["3"],
        "deck3": ["4"],
        "deck4": ["5"],
        "wokup": ["space"],
    },
    "keyboard-2": {
        "up": ["up"],
        "down": ["down"],
        "left": ["left"],
        "right": ["right"],
        "confirm": ["return"],
        "back": ["backspace"],
        "deck0": ["6"],
        "deck1": ["7"],
        "deck2": ["8"],
        "deck3": ["9"],
        "deck4": ["0"],
        "wokup": ["right shift"],
    },
    "keyboard-3": {
        "up": ["i"],
        "down": ["k"],
        "left": ["j"],
        "right": ["l"],
        "confirm": ["o"],
        "back": ["u"],
        "deck0": ["y"],
        "deck1": ["h"],
        "deck2": ["n"],
        "deck3": ["b"],
        "deck4": ["g"],
        "wokup": ["m"],
    },
}
# The controls a keyboard zone binds (menu is Escape, point is the mouse).
CONTROLS = [str(c) for c in Control if c not in (Control.MENU, Control.POINT)]


@dataclass
class Settings:
    language: str = "en"
    fullscreen: bool = False
    # The window's size in pixels; [0, 0]: the size of the screen it opens on.
    window: list[int] = field(default_factory=lambda: [0, 0])
    bot_delay: float = 0.7  # seconds a bot "thinks" before its move shows
    learning_mode: bool = False
    bindings: dict = field(default_factory=lambda: copy.deepcopy(DEFAULT_BINDINGS))
    # Buzzer stations by box id and station: {"<box>:<station>": seat}
    buzzers: dict = field(default_factory=dict)
    # The [kiosk] table: kiosk mode, statistics database, operator PIN (game/kiosk/config.py)
    kiosk: kiosk_config.KioskSettings = field(default_factory=kiosk_config.KioskSettings)
    # Sound (game/app/audio.py). Volumes are 0.0-1.0; the effects' and music's
    # are multiplied by the master volume.
    master_volume: float = 0.8
    music_volume: float = 0.6
    effects_volume: float = 1.0
    mute: bool = False
    table_music: bool = False  # music plays in menus; at the tables only if this is on
    # Samples per mixer buffer: 512 is 11.6 ms at 44.1 kHz. 256 halves the wait
    # for a slap's sound but crackles (underruns) on some audio stacks.
    audio_buffer: int = 512
    # Phones as private screens (game/web): off by default; the TCP port the
    # arcade serves the phones' page on, on the local network.
    phones: bool = False
    phones_port: int = 8765


AUDIO_BUFFERS = (128, 256, 512, 1024, 2048, 4096)
VOLUMES = ("master_volume", "music_volume", "effects_volume")
TOP_LEVEL = (
    "language",
    "fullscreen",
    "window",
    "bot_delay",
    "learning_mode",
    *VOLUMES,
    "mute",
    "table_music",
    "audio_buffer",
    "phones",
    "phones_port",
)


class SettingsStore:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / "settings.toml"
        self.settings = Settings()
        self.problem: str | None = None  # what went wrong at load, for the screen
        self._loaded_cleanly = True
        self._text: str | None = None  # the file as loaded, so saving keeps the user's comments

    def load(self) -> Settings:
        self.settings, self.problem, self._text = Settings(), None, None
        self._loaded_cleanly = True
        if not self.path.exists():
            return self.settings
        try:
            text = self.path.read_text(encoding="utf-8")
            doc = tomllib.loads(text)
            self.settings = _from_doc(doc, text, self.path)
            self._text = text
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError) as exc:
            self.problem = _describe(exc, self.path)
            self._loaded_cleanly = False
            self.settings = Settings()
        return self.settings

    def save(self) -> str | None:
        """Write the settings; returns a message if a broken file was moved aside."""
        note = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self._loaded_cleanly and self.path.exists():
            aside = self.path.with_name(self.path.name + ".broken")
            os.replace(self.path, aside)
            note = f"{self.path} could not be read; it was kept as {aside}"
            self._loaded_cleanly = True
        text = to_toml(self.settings, self._text)
        atomic_write(self.path, text, private=True)  # the PIN's hash, a database password
        self._text = text
        return note


def _describe(exc: Exception, path: Path) -> str:
    if isinstance(exc, tomllib.TOMLDecodeError):
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        reason = re.sub(r"\s*\(at line.*\)", "", str(exc))
        where = f"{path}, line {m.group(1)}" if m else str(path)
        return f"{where}: {reason}. Using default settings."
    if isinstance(exc, OSError):
        return f"{path}: cannot read ({exc.strerror}). Using default settings."
    return f"{exc}. Using default settings."


def _line_of(text: str, key: str) -> str:
    for number, line in enumerate(text.splitlines(), 1):
        if re.match(rf"\s*\"?{re.escape(key)}\"?\s*=", line):
            return f", line {number}"
    return ""


def _from_doc(doc: dict, text: str, path: Path) -> Settings:
    s = Settings()

    def bad(key: str, what: str) -> ValueError:
        return ValueError(f"{path}{_line_of(text, key)}: '{key}' {what}")

    known = {*TOP_LEVEL, "bindings", "buzzers", "kiosk"}
    for key in doc:
        if key not in known:
            raise bad(key, "is not a setting")
    if "language" in doc:
        if doc["language"] not in LANGUAGES:
            raise bad("language", f"must be one of {', '.join(LANGUAGES)}")
        s.language = doc["language"]
    for key in ("fullscreen", "learning_mode", "mute", "table_music", "phones"):
        if key in doc:
            if not isinstance(doc[key], bool):
                raise bad(key, "must be true or false")
            setattr(s, key, doc[key])
    if "window" in doc:
        w = doc["window"]
        sized = isinstance(w, list) and len(w) == 2 and all(isinstance(v, int) and 320 <= v <= 8000 for v in w)
        if not (sized or w == [0, 0]):
            raise bad("window", "must be [width, height] in pixels, or [0, 0] for the screen's size")
        s.window = list(w)
    if "bot_delay" in doc:
        d = doc["bot_delay"]
        if isinstance(d, bool) or not isinstance(d, (int, float)) or not 0 <= d <= 10:
            raise bad("bot_delay", "must be a number of seconds from 0 to 10")
        s.bot_delay = float(d)
    for key in VOLUMES:
        if key in doc:
            v = doc[key]
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
                raise bad(key, "must be a number from 0 to 1 (0.5 is half volume)")
            setattr(s, key, float(v))
    if "audio_buffer" in doc:
        v = doc["audio_buffer"]
        if isinstance(v, bool) or v not in AUDIO_BUFFERS:
            raise bad("audio_buffer", f"must be one of {', '.join(map(str, AUDIO_BUFFERS))} (samples)")
        s.audio_buffer = v
    if "phones_port" in doc:
        v = doc["phones_port"]
        if isinstance(v, bool) or not isinstance(v, int) or not 1024 <= v <= 65535:
            raise bad("phones_port", "must be a port number from 1024 to 65535")
        s.phones_port = v
    if "bindings" in doc:
        b = doc["bindings"]
        if not isinstance(b, dict):
            raise bad("bindings", "must be a table")
        for zone, controls in b.items():
            if zone not in DEFAULT_BINDINGS or not isinstance(controls, dict):
                raise bad(zone, "is not a keyboard zone (keyboard-1, keyboard-2, keyboard-3)")
            for control, keys in controls.items():
                if control not in CONTROLS:
                    raise bad(control, f"is not a control ({', '.join(CONTROLS)})")
                if not (isinstance(keys, list) and all(isinstance(k, str) for k in keys)):
                    raise bad(control, "must be a list of key names")
                s.bindings[zone][control] = list(keys)
    if "buzzers" in doc:
        z = doc["buzzers"]
        if not isinstance(z, dict) or not all(isinstance(v, int) and 0 <= v < 6 for v in z.values()):
            raise bad("buzzers", 'must map "box:station" to a seat number 0-5')
        s.buzzers = dict(z)
    if "kiosk" in doc:
        s.kiosk = kiosk_config.from_doc(doc["kiosk"], bad)
    return s


def to_toml(s: Settings, previous: str | None = None) -> str:
    """The settings as TOML, written by tomlkit. Given the file as it was
    (`previous`, which loaded cleanly), its comments, order and layout are kept
    and only the values change."""
    doc = tomlkit.parse(previous) if previous else tomlkit.document()
    if not previous:
        doc.add(tomlkit.comment("Wok Arcade settings. Edit freely: a mistake is reported, never fatal."))
        doc.add(tomlkit.nl())
    for key in TOP_LEVEL:
        doc[key] = getattr(s, key)
    buzzers = tomlkit.table()
    for k, v in sorted(s.buzzers.items()):
        buzzers[k] = v
    doc["buzzers"] = buzzers
    bindings = doc.get("bindings") or tomlkit.table(is_super_table=True)
    for zone, controls in s.bindings.items():
        table = bindings.get(zone) or tomlkit.table()
        for control, keys in controls.items():
            table[control] = keys
        bindings[zone] = table
    doc["bindings"] = bindings
    kiosk = doc.get("kiosk") or tomlkit.table()
    for key, value in kiosk_config.as_table(s.kiosk).items():
        kiosk[key] = value
    doc["kiosk"] = kiosk
    return tomlkit.dumps(doc)

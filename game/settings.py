"""Settings and key bindings, kept in a TOML file in the user's config folder.

A broken file never stops the arcade: every value is checked against its type
(`Settings`, msgspec: game/schema.py) once, at load, and a file that does not
fit gives the defaults plus a message naming the file, the line and the problem. Saving over a file that
did not load first moves it aside (`settings.toml.broken`) and says so: the
user's file is never overwritten silently.
"""

from __future__ import annotations

import copy
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import msgspec
import tomlkit
from msgspec import Meta

from . import kiosk_settings, schema
from .i18n import LANGUAGES
from .input.events import Control
from .userdirs import atomic_write, config_dir

log = logging.getLogger(__name__)

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
# The controls a keyboard zone binds (menu is Escape, point is the mouse, action a phone's move).
CONTROLS = [str(c) for c in Control if c not in (Control.MENU, Control.POINT, Control.ACTION)]
AUDIO_BUFFERS = (128, 256, 512, 1024, 2048, 4096)

# The types of the file's values, in words for the messages (game/schema.py).
# Language, Zone and ControlName are Literals built from lists at run time, which
# msgspec checks but a static checker cannot read: for mypy they are plain str.
if TYPE_CHECKING:
    Language = str
    Zone = str
    ControlName = str
else:
    Language = Annotated[Literal[tuple(LANGUAGES)], Meta(description=f"one of {', '.join(LANGUAGES)}")]
    Zone = Literal[tuple(DEFAULT_BINDINGS)]
    ControlName = Literal[tuple(CONTROLS)]
Switch = Annotated[bool, Meta(description="true or false")]
Volume = Annotated[float, Meta(ge=0, le=1, description="a number from 0 to 1 (0.5 is half volume)")]
Bindings = Annotated[
    dict[Zone, dict[ControlName, list[str]]],
    Meta(description=f"a list of key names for each control ({', '.join(CONTROLS)}) of keyboard-1, -2 or -3"),
]
Window = Annotated[
    list[Annotated[int, Meta(ge=0, le=8000)]],
    Meta(min_length=2, max_length=2, description="[width, height] in pixels, or [0, 0] for the screen's size"),
]


class Settings(msgspec.Struct, forbid_unknown_fields=True):
    language: Language = "en"
    fullscreen: Switch = False
    # The window's size in pixels; [0, 0]: the size of the screen it opens on.
    window: Window = msgspec.field(default_factory=lambda: [0, 0])
    # seconds a bot "thinks" before its move shows
    bot_delay: Annotated[float, Meta(ge=0, le=10, description="a number of seconds from 0 to 10")] = 0.7
    learning_mode: Switch = False
    bindings: Bindings = msgspec.field(default_factory=lambda: copy.deepcopy(DEFAULT_BINDINGS))
    # Buzzer stations by box id and station: {"<box>:<station>": seat}
    buzzers: Annotated[
        dict[str, Annotated[int, Meta(ge=0, le=5)]],
        Meta(description='a table of "box:station" = a seat number from 0 to 5'),
    ] = msgspec.field(default_factory=dict)
    # The [kiosk] table: kiosk mode, statistics database, operator PIN (game/kiosk_settings.py)
    kiosk: Annotated[kiosk_settings.KioskSettings, Meta(description="a [kiosk] table")] = msgspec.field(
        default_factory=kiosk_settings.KioskSettings
    )
    # Sound (game/app/audio.py). Volumes are 0.0-1.0; the effects' and music's
    # are multiplied by the master volume.
    master_volume: Volume = 0.8
    music_volume: Volume = 0.6
    effects_volume: Volume = 1.0
    mute: Switch = False
    table_music: Switch = False  # music plays in menus; at the tables only if this is on
    # Samples per mixer buffer: 512 is 11.6 ms at 44.1 kHz. 256 halves the wait
    # for a slap's sound but crackles (underruns) on some audio stacks.
    audio_buffer: Annotated[
        Literal[AUDIO_BUFFERS], Meta(description=f"one of {', '.join(map(str, AUDIO_BUFFERS))} samples")  # type: ignore[valid-type]
    ] = 512
    # Phones as private screens (game/web): off by default; the TCP port the
    # arcade serves the phones' page on, on the local network.
    phones: Switch = False
    phones_port: Annotated[int, Meta(ge=1024, le=65535, description="a port number from 1024 to 65535")] = 8765
    # Finished games kept to be watched again (the replay theatre), in days; older ones go.
    replay_days: Annotated[int, Meta(ge=1, le=3650, description="a whole number of days from 1 to 3650")] = 30


TOP_LEVEL = tuple(f for f in Settings.__struct_fields__ if f not in ("bindings", "buzzers", "kiosk"))


class SettingsStore:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / "settings.toml"
        self.settings = Settings()
        self.problem: str | None = None  # what went wrong at load, for the screen
        self._loaded_cleanly = True
        self._text: str | None = None  # the file as loaded, so saving keeps the user's comments

    def load(self) -> Settings:
        """The file's settings, every value checked against `Settings`; a file
        that does not fit gives the defaults, a message naming file, line, key
        and problem (logged), and stays as it is until the settings are saved."""
        self.settings, self.problem, self._text = Settings(), None, None
        self._loaded_cleanly = True
        if not self.path.exists():
            return self.settings
        try:
            settings, text = schema.read_toml(self.path, Settings)
            self.settings, self._text = _complete(settings, text, self.path), text
        except schema.SchemaError as exc:
            log.warning("%s", exc)
            self.problem = f"{exc}. Using default settings."
            self._loaded_cleanly = False
            self.settings = Settings()
        return self.settings

    def save(self) -> str | None:
        """Write the settings; returns a message if a broken file was moved aside."""
        note = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self._loaded_cleanly and self.path.exists():
            aside = schema.set_aside(self.path, self.problem or "")
            if aside == self.path:  # it could not be moved: never written over
                return f"{self.path} could not be read nor moved aside: the settings were not saved"
            note = f"{self.path} could not be read; it was kept as {aside}"
            self._loaded_cleanly = True
        text = to_toml(self.settings, self._text)
        atomic_write(self.path, text, private=True)  # the PIN's hash, a database password
        self._text = text
        return note


def _complete(s: Settings, text: str, path: Path) -> Settings:
    """What the types cannot say: a window is [0, 0] or both sides 320 pixels or
    more; the bindings of a file are changes to the default ones."""
    if s.window != [0, 0] and min(s.window) < 320:
        raise schema.fault(str(path), text, ["window"], "must be [width, height] in pixels (320 or more) or [0, 0]")
    bindings = copy.deepcopy(DEFAULT_BINDINGS)
    for zone, controls in s.bindings.items():
        bindings[zone].update(controls)
    s.bindings = bindings
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
    for key, value in kiosk_settings.as_table(s.kiosk).items():
        kiosk[key] = value
    doc["kiosk"] = kiosk
    return tomlkit.dumps(doc)

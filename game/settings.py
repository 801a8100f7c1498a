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

from .i18n import LANGUAGES


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "wok-arcade"


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "wok-arcade"


# Three keyboard zones share one keyboard for menus and turn-based games; the
# number rows and Space/Enter give two Wok Up seats their six claim keys.
DEFAULT_BINDINGS: dict[str, dict[str, list[str]]] = {
    "keyboard-1": {
        "up": ["w"], "down": ["s"], "left": ["a"], "right": ["d"],
        "confirm": ["e"], "back": ["q"],
        "deck0": ["1"], "deck1": ["2"], "deck2": ["3"], "deck3": ["4"], "deck4": ["5"],
        "wokup": ["space"],
    },
    "keyboard-2": {
        "up": ["up"], "down": ["down"], "left": ["left"], "right": ["right"],
        "confirm": ["return"], "back": ["backspace"],
        "deck0": ["6"], "deck1": ["7"], "deck2": ["8"], "deck3": ["9"], "deck4": ["0"],
        "wokup": ["right shift"],
    },
    "keyboard-3": {
        "up": ["i"], "down": ["k"], "left": ["j"], "right": ["l"],
        "confirm": ["o"], "back": ["u"],
        "deck0": ["y"], "deck1": ["h"], "deck2": ["n"], "deck3": ["b"], "deck4": ["g"],
        "wokup": ["m"],
    },
}
CONTROLS = ["up", "down", "left", "right", "confirm", "back",
            "deck0", "deck1", "deck2", "deck3", "deck4", "wokup"]


@dataclass
class Settings:
    language: str = "en"
    fullscreen: bool = False
    window: list[int] = field(default_factory=lambda: [1280, 720])
    bot_delay: float = 0.7  # seconds a bot "thinks" before its move shows
    learning_mode: bool = False
    bindings: dict = field(default_factory=lambda: copy.deepcopy(DEFAULT_BINDINGS))
    # Buzzer stations by box id and station: {"<box>:<station>": seat}
    buzzers: dict = field(default_factory=dict)


class SettingsStore:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / "settings.toml"
        self.settings = Settings()
        self.problem: str | None = None  # what went wrong at load, for the screen
        self._loaded_cleanly = True

    def load(self) -> Settings:
        self.settings, self.problem = Settings(), None
        self._loaded_cleanly = True
        if not self.path.exists():
            return self.settings
        try:
            text = self.path.read_text(encoding="utf-8")
            doc = tomllib.loads(text)
            self.settings = _from_doc(doc, text, self.path)
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
        atomic_write(self.path, to_toml(self.settings))
        return note


def atomic_write(path: Path, text: str) -> None:
    """Write to a temporary file, flush it to disk, then rename over the target."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


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

    known = {"language", "fullscreen", "window", "bot_delay", "learning_mode", "bindings", "buzzers"}
    for key in doc:
        if key not in known:
            raise bad(key, "is not a setting")
    if "language" in doc:
        if doc["language"] not in LANGUAGES:
            raise bad("language", f"must be one of {', '.join(LANGUAGES)}")
        s.language = doc["language"]
    for key in ("fullscreen", "learning_mode"):
        if key in doc:
            if not isinstance(doc[key], bool):
                raise bad(key, "must be true or false")
            setattr(s, key, doc[key])
    if "window" in doc:
        w = doc["window"]
        if not (isinstance(w, list) and len(w) == 2 and all(isinstance(v, int) and 320 <= v <= 8000 for v in w)):
            raise bad("window", "must be [width, height] in pixels")
        s.window = list(w)
    if "bot_delay" in doc:
        d = doc["bot_delay"]
        if isinstance(d, bool) or not isinstance(d, (int, float)) or not 0 <= d <= 10:
            raise bad("bot_delay", "must be a number of seconds from 0 to 10")
        s.bot_delay = float(d)
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
            raise bad("buzzers", "must map \"box:station\" to a seat number 0-5")
        s.buzzers = dict(z)
    return s


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} to TOML")


def to_toml(s: Settings) -> str:
    lines = ["# Wok Arcade settings. Edit freely: a mistake is reported, never fatal.", ""]
    for key in ("language", "fullscreen", "window", "bot_delay", "learning_mode"):
        lines.append(f"{key} = {_toml_value(getattr(s, key))}")
    lines += ["", "[buzzers]"]
    lines += [f"{_toml_value(k)} = {v}" for k, v in sorted(s.buzzers.items())]
    for zone, controls in s.bindings.items():
        lines += ["", f'[bindings."{zone}"]']
        lines += [f"{c} = {_toml_value(keys)}" for c, keys in controls.items()]
    return "\n".join(lines) + "\n"

"""Where the arcade keeps the user's files, by the platform's conventions
(platformdirs: XDG folders on Linux, Application Support on macOS, AppData on
Windows): settings in the config folder, saves and statistics in the data
folder, logs and crash reports in the log folder, emulated buzzer boxes'
links in the runtime folder. Each call reads the environment afresh, so tests
point them at temporary folders with XDG_* variables."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import PlatformDirs

APP = "wok-arcade"


def _dirs() -> PlatformDirs:
    return PlatformDirs(APP, appauthor=False)


def config_dir() -> Path:
    return Path(_dirs().user_config_dir)


def data_dir() -> Path:
    return Path(_dirs().user_data_dir)


def log_dir() -> Path:
    return Path(_dirs().user_log_dir)


def runtime_dir() -> Path:
    return Path(_dirs().user_runtime_dir)


def atomic_write(path: Path, text: str, private: bool = False) -> None:
    """Write to a temporary file, flush it to disk, rename it over the target,
    and flush the folder (so the rename itself survives a power cut). `private`:
    only its owner may read it (0600: the settings with the PIN's hash and the
    statistics database's password), whatever the umask and the old file's mode."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o666)
    if private and os.name == "posix":
        os.fchmod(fd, 0o600)  # a leftover .tmp keeps its mode through os.open
    with open(fd, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)

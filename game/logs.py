"""The arcade's log: a rotating file in the user's log folder (what went wrong,
buzzer boxes coming and going, bots failing, saves that could not be written),
warnings on stderr too, and `faulthandler` writing a hard crash's Python
stacks (a segfault in a driver, a deadlock killed by the watchdog) to its own
file beside it. Library code only calls `logging.getLogger(__name__)`; the
entry points (`python -m game`, kiosk) call `setup()` once."""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import sys
from pathlib import Path

from .userdirs import log_dir

LOG_NAME = "arcade.log"
FAULTS_NAME = "faults.log"
LIBRARIES = ("aiohttp",)
_faults_file = None  # kept open for faulthandler for the life of the process


def log_file() -> Path:
    return log_dir() / LOG_NAME


def setup(level: int = logging.INFO) -> Path:
    """Send the `game` loggers to the rotating file (and warnings to stderr)."""
    global _faults_file
    folder = log_dir()
    folder.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(
        folder / LOG_NAME, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    console = logging.StreamHandler(sys.stderr)
    console.setLevel(logging.WARNING)
    console.setFormatter(logging.Formatter("wok-arcade: %(message)s"))
    root = logging.getLogger("game")
    root.setLevel(level)
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.addHandler(console)
    # Libraries the arcade runs (aiohttp's server for the phones) log under their
    # own names: their warnings go to the arcade's file too, not to stderr.
    for name in LIBRARIES:
        lib = logging.getLogger(name)
        lib.setLevel(logging.WARNING)
        for old in list(lib.handlers):
            lib.removeHandler(old)
        lib.addHandler(handler)
    if _faults_file is None:
        _faults_file = open(folder / FAULTS_NAME, "a", encoding="utf-8")  # noqa: SIM115 (open for life)
        faulthandler.enable(_faults_file)
    return folder / LOG_NAME

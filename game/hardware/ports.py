"""Which serial ports may hold a buzzer box.

A port is only a candidate: the box is accepted once it has said HELLO.
Candidates are USB serial ports with the VID:PID of the boards the
firmware runs on, the stable links the udev rule makes
(firmware/99-wok-arcade.rules), emulated boxes announced by
``python -m game buzzers emulate``, and any port named on request.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from serial.tools import list_ports

from ..userdirs import runtime_dir

# (VID, PID): what the board's USB serial bridge reports.
KNOWN_USB = {
    (0x2341, 0x0043): "Arduino Uno R3 (16U2)",
    (0x2341, 0x0001): "Arduino Uno (8U2)",
    (0x2341, 0x0243): "Arduino Uno R3",
    (0x2341, 0x0010): "Arduino Mega 2560",
    (0x2341, 0x0042): "Arduino Mega 2560 R3",
    (0x2A03, 0x0043): "Arduino Uno (arduino.org)",
    (0x2A03, 0x0042): "Arduino Mega 2560 (arduino.org)",
    (0x1A86, 0x7523): "CH340 (Nano and Uno clones)",
    (0x1A86, 0x5523): "CH341",
    (0x0403, 0x6001): "FTDI FT232R (Nano, Duemilanove)",
    (0x0403, 0x6015): "FTDI FT231X",
    (0x10C4, 0xEA60): "CP2102 (clones)",
}
UDEV_DIR = Path("/dev/wokbox")


def emulated_dir() -> Path:
    """Where emulated boxes leave a link to their pty, one per box."""
    return runtime_dir() / "boxes"


def usb_candidates() -> list[tuple[str, str]]:
    """(device, what it is) of every USB serial port a box could be on."""
    out = []
    for info in list_ports.comports():
        name = KNOWN_USB.get((info.vid, info.pid)) if info.vid is not None else None
        if name:
            out.append((info.device, name))
    return out


def linked_candidates() -> list[tuple[str, str]]:
    out = []
    for folder, what in ((UDEV_DIR, "udev link"), (emulated_dir(), "emulated box")):
        if folder.is_dir():
            for link in sorted(folder.iterdir()):
                if link.exists():  # a link left by a box that is gone points nowhere
                    out.append((str(link.resolve()), f"{what} {link.name}"))
    return out


def candidates(extra: Sequence[str] = ()) -> list[tuple[str, str]]:
    """Every candidate port once, as (device, what it is)."""
    seen: dict[str, str] = {}
    for device, what in [*usb_candidates(), *linked_candidates(), *((d, "named") for d in extra)]:
        seen.setdefault(os.path.realpath(device), what)
    return list(seen.items())


def all_ports() -> list[tuple[str, str]]:
    """Every serial port, for the diagnostics listing."""
    return [(p.device, f"{p.description} [{p.hwid}]") for p in list_ports.comports()]

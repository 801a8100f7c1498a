"""Simulated boxes that the arcade finds like real ones.

`start_boxes` runs the real firmware on simavr when the harness and the
firmware image are built (``make -C firmware all sim``), and the Python
`FakeBox` otherwise; each box is announced by a link in
`ports.emulated_dir()`, which the arcade scans.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from .fakebox import FakeBox
from .ports import emulated_dir
from .simbox import FIRMWARE_ELF, HARNESS, SimBox


def simavr_available() -> bool:
    return (
        Path(os.environ.get("WOKBOX_SIM", HARNESS)).exists()
        and Path(os.environ.get("WOKBOX_ELF", FIRMWARE_ELF)).exists()
    )


@dataclass
class Emulated:
    box_id: int
    box: SimBox | FakeBox
    link: Path

    @property
    def kind(self) -> str:
        return "simavr (real firmware)" if isinstance(self.box, SimBox) else "Python fake"

    def press(self, station: int, button: int, hold_ms: int = 80) -> None:
        if isinstance(self.box, SimBox):
            t = self.box.press(station, button)
            self.box.release(station, button, t + hold_ms * 1000)
        else:
            now = time.monotonic_ns()
            self.box.press(station, button, now)
            self.box.press(station, button, now + hold_ms * 1_000_000, pressed=False)

    def stop(self) -> None:
        self.box.stop()
        self.link.unlink(missing_ok=True)


def start_boxes(
    count: int, first_id: int = 1, ppms: list[float] | None = None, python_fake: bool = False
) -> list[Emulated]:
    folder = emulated_dir()
    folder.mkdir(parents=True, exist_ok=True)
    use_sim = simavr_available() and not python_fake
    out = []
    for i in range(count):
        box_id = first_id + i
        ppm = (ppms or [0.0])[i % len(ppms or [0.0])]
        box = SimBox(box_id=box_id, ppm=ppm) if use_sim else FakeBox(box_id=box_id, ppm=ppm)
        link = folder / f"box-{box_id:04x}"
        link.unlink(missing_ok=True)
        link.symlink_to(box.port)
        out.append(Emulated(box_id, box, link))
    return out

"""A real window for measurements (the idle bench, the kiosk soak): the desktop's
X display when there is one, else a private Xvfb server started for the run.

SDL's dummy video driver presents nothing, so what a window costs (handing each
frame to the X server) never shows there; under Xvfb it does, as on a cabinet
without a GPU.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def has_display() -> bool:
    return bool(os.environ.get("DISPLAY")) and os.environ.get("SDL_VIDEODRIVER", "x11") not in ("dummy", "offscreen")


@contextmanager
def real_display(size: tuple[int, int] = (1920, 1080)) -> Iterator[int | None]:
    """Within: DISPLAY names a real X display and SDL uses it. Yields the pid of
    the Xvfb started for it (None: the desktop's own display)."""
    if has_display():
        yield None
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise RuntimeError("no display and no Xvfb to make one (Debian: apt install xvfb)")
    read, write = os.pipe()
    screen = f"{size[0]}x{size[1]}x24"
    proc = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", screen, "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as answer:  # Xvfb picks a free display number and writes it once ready
        number = answer.readline().strip()
    saved = {k: os.environ.get(k) for k in ("DISPLAY", "SDL_VIDEODRIVER")}
    try:
        if not number:
            raise RuntimeError("Xvfb did not start")
        os.environ["DISPLAY"], os.environ["SDL_VIDEODRIVER"] = f":{number}", "x11"
        yield proc.pid
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        proc.terminate()
        proc.wait(10)


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

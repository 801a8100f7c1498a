"""Launches a simulated buzzer box: the real firmware on simavr, its serial
port on a pseudo-terminal that pyserial opens like a USB port.

    with SimBox(box_id=3) as box:
        port = serial.Serial(box.port, protocol.BAUD)
        t = box.press(0, 5)          # device time of the press, in us
        box.release(0, 5, t + 80_000, bounce=(300, 200))

Build the harness and firmware first: ``make -C firmware all sim``. Like
an Uno, which resets when its port is opened, the box boots when its pty is
first opened (after 0.1 s standing in for the bootloader), and control
commands wait until then. Times are device microseconds (the firmware's
micros(), unwrapped to 64 bits).
"""

from __future__ import annotations

import os
import queue
import subprocess
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, cast

FIRMWARE_DIR = Path(__file__).resolve().parents[2] / "firmware"
HARNESS = FIRMWARE_DIR / "build" / "sim" / "wokbox-sim"
FIRMWARE_ELF = FIRMWARE_DIR / "build" / "uno" / "wokbox.elf"
REPLY_TIMEOUT_S = 10.0


class SimBoxError(RuntimeError):
    pass


class SimBox:
    """One simulated box in its own subprocess; stop() (or the with block)
    ends it, and it also ends by itself if this process dies."""

    def __init__(
        self,
        box_id: int | None = None,
        ppm: float = 0.0,
        held: Iterable[tuple[int, int]] = (),
        harness: str | os.PathLike | None = None,
        firmware: str | os.PathLike | None = None,
    ):
        harness = Path(harness) if harness else Path(os.environ.get("WOKBOX_SIM", HARNESS))
        firmware = Path(firmware) if firmware else Path(os.environ.get("WOKBOX_ELF", FIRMWARE_ELF))
        for path in (harness, firmware):
            if not path.exists():
                raise SimBoxError(f"{path} is missing: run `make -C firmware all sim`")
        args = [str(harness), "--ppm", str(ppm)]
        if box_id is not None:
            args += ["--id", str(box_id)]
        for station, button in held:
            args += ["--hold", f"{station}:{button}"]
        args.append(str(firmware))

        self._lines: queue.Queue[str | None] = queue.Queue()
        self._lock = threading.Lock()
        # The harness exits when its stdin closes, so it cannot outlive us. A
        # session of its own puts it in a scheduling group of its own (Linux's
        # autogroup), as a real box has a CPU of its own: on a machine crowded
        # by other work it still gets its share (about a third of a core keeps
        # the simulated 16 MHz in step with the wall clock) instead of a slice
        # of whatever shares the test's session.
        self._proc = subprocess.Popen(
            args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
            start_new_session=True,
        )
        # All three are pipes (PIPE above); typeshed types Popen's streams Optional whatever was asked.
        self._stdin, self._stdout, self._stderr_pipe = (
            cast(IO[str], self._proc.stdin),
            cast(IO[str], self._proc.stdout),
            cast(IO[str], self._proc.stderr),
        )
        self._stderr: list[str] = []
        self._readers = [
            threading.Thread(target=self._read_stdout, daemon=True),
            threading.Thread(target=self._read_stderr, daemon=True),
        ]
        for reader in self._readers:
            reader.start()
        try:
            ready = self._next_line()
            if not ready.startswith("ready "):
                raise SimBoxError(f"unexpected first line from the harness: {ready!r}")
        except BaseException:
            self.stop()
            raise
        self.port = ready.split(" ", 1)[1]

    def _read_stdout(self) -> None:
        for line in self._stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def _read_stderr(self) -> None:
        for line in self._stderr_pipe:
            self._stderr.append(line.rstrip("\n"))

    def _next_line(self) -> str:
        try:
            line = self._lines.get(timeout=REPLY_TIMEOUT_S)
        except queue.Empty:
            raise SimBoxError("the harness did not answer") from None
        if line is None:
            raise SimBoxError("the harness exited: " + " / ".join(self._stderr[-5:]))
        return line

    def command(self, line: str) -> str:
        """Sends one control command; returns the text after "ok"."""
        return self.commands([line])[0]

    def commands(self, lines: list[str]) -> list[str]:
        """Several commands in one write: the harness answers them all at one
        simulated instant, before the simulation runs on."""
        with self._lock:
            if self._proc.poll() is not None:
                raise SimBoxError("the harness is not running")
            self._stdin.write("".join(line + "\n" for line in lines))
            self._stdin.flush()
            replies = [self._next_line() for _line in lines]
        for line, reply in zip(lines, replies):
            if not reply.startswith("ok"):
                raise SimBoxError(f"{line!r}: {reply}")
        return [reply[3:] for reply in replies]

    def now_us(self) -> int:
        return int(self.command("now"))

    def ideal_us(self) -> int:
        """The device time the wall clock has reached (the simulation may lag
        behind it on a busy host): bytes written now enter the UART then."""
        now, stats = self.commands(["now", "stats"])
        return int(now) + int(dict(kv.split("=") for kv in stats.split())["lag_us"])

    def sim_deadline(self, seconds: float) -> Callable[[], bool]:
        """A timeout on the simulated clock: expired once the simulation has
        run `seconds` of device time past the moment the host's bytes sent
        now are taken in. A busy host slows the simulation, never shortens
        the wait."""
        until = self.ideal_us() + seconds * 1e6
        return lambda: self.now_us() > until

    def together(self, edges: Iterable[tuple]) -> list[int]:
        """Edges (verb, station, button, us from now[, bounce]), verb "press"
        or "release", all scheduled from one simulated instant however late
        they arrive; returns each one's device time."""
        lines = []
        for verb, station, button, after_us, *bounce in edges:
            line = f"{verb} {station} {button} +{int(after_us)}"
            if bounce and bounce[0]:
                line += " " + ",".join(str(int(d)) for d in bounce[0])
            lines.append(line)
        return [int(t) for t in self.commands(lines)]

    def _edge(self, verb: str, station: int, button: int, at_us: int | None, bounce: Iterable[int]) -> int:
        line = f"{verb} {station} {button} {'-' if at_us is None else int(at_us)}"
        bounce = list(bounce)
        if bounce:
            line += " " + ",".join(str(int(d)) for d in bounce)
        return int(self.command(line))

    def press(self, station: int, button: int, at_us: int | None = None, bounce: Iterable[int] = ()) -> int:
        """Presses at device time at_us (default now); bounce lists the
        intervals (an even count) after which the contact toggles again.
        Returns the device time of the first edge."""
        return self._edge("press", station, button, at_us, bounce)

    def release(self, station: int, button: int, at_us: int | None = None, bounce: Iterable[int] = ()) -> int:
        return self._edge("release", station, button, at_us, bounce)

    def leds(self) -> list[int]:
        return [int(v) for v in self.command("led").split()]

    def stats(self) -> dict[str, int]:
        return {k: int(v) for k, v in (kv.split("=") for kv in self.command("stats").split())}

    def stop(self) -> None:
        if self._proc.poll() is None:
            try:
                self._stdin.close()  # the harness exits on end of input
                self._proc.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                self._proc.kill()
                self._proc.wait()
        for reader in self._readers:  # they end at the pipes' end of file
            reader.join(timeout=2)

    def __enter__(self) -> SimBox:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def __del__(self) -> None:
        if getattr(self, "_proc", None) is not None and self._proc.poll() is None:
            self._proc.kill()

"""Builds what the firmware tests need, once per session. A missing
toolchain is a failure with the install line, never a skip."""
import subprocess
from pathlib import Path

import pytest

from game.hardware.simbox import FIRMWARE_DIR

FIRMWARE = FIRMWARE_DIR
PACKAGES = "gcc-avr avr-libc arduino-core-avr arduino-mk simavr libsimavr-dev libelf-dev"


def make(*targets: str) -> str:
    try:
        result = subprocess.run(["make", "-C", str(FIRMWARE), *targets],
                                capture_output=True, text=True, timeout=600)
    except FileNotFoundError:
        pytest.fail("`make` is missing: apt-get install make " + PACKAGES)
    if result.returncode != 0:
        pytest.fail(f"`make -C firmware {' '.join(targets)}` failed (the firmware tests need "
                    f"apt-get install {PACKAGES}):\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return result.stdout


@pytest.fixture(scope="session")
def host_build() -> Path:
    """The host unit tests and the example-frame printer."""
    make("test")
    return FIRMWARE / "build" / "test"


@pytest.fixture(scope="session")
def sim_build() -> None:
    """The Uno firmware ELF and the simavr harness."""
    make("all", "sim")

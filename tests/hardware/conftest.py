"""The simulated boxes run the real firmware: build it once per session. A
missing toolchain or simavr is a failure with the install line, never a skip."""
import os

import pytest

from tests.firmware.conftest import make


@pytest.fixture(scope="session")
def firmware_built() -> None:
    make("all", "sim")


def prioritise(box) -> None:
    """The simulated resonator keeps real time only if the simulator gets the
    CPU when it needs it; on a busy machine, ask for more (root only)."""
    try:
        os.setpriority(os.PRIO_PROCESS, box._proc.pid, -10)
    except (PermissionError, OSError):
        pass

"""The simulated boxes run the real firmware: build it once per session. A
missing toolchain or simavr is a failure with the install line, never a skip."""

import pytest

from tests.firmware.conftest import make


@pytest.fixture(scope="session")
def firmware_built() -> None:
    make("all", "sim")

"""Fixtures of the phone tests: a server on loopback, and Debian's Chromium
driven headless by Playwright (installed by tools/install-system-deps.sh; the
tests never download a browser)."""

import fcntl
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game.input.events import EventQueue
from game.web.bench import CHROMIUM_ARGS
from game.web.server import PhoneServer
from game.web.views import page_words

CHROMIUM = os.environ.get("WOK_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = CHROMIUM_ARGS  # the bench's: a closed network, a fresh headless browser
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def events():
    return EventQueue()


@pytest.fixture
def server(events):
    srv = PhoneServer(events, port=0, host="127.0.0.1", words=page_words()).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip("no Chromium: sh tools/install-system-deps.sh test")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


AXE_DIR = Path(__file__).parent  # package.json: axe-core, pinned (package-lock.json)


@pytest.fixture(scope="session")
def axe_script() -> str:
    """axe-core's script, installed into tests/web/node_modules by npm from the
    pinned package-lock.json the first time a test asks for it."""
    script = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
    # Test workers run in parallel: one installs, the others wait for it (npm ci starts by emptying node_modules).
    with open(AXE_DIR / ".npm-install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not script.exists():
            npm = shutil.which("npm")
            if npm is None:
                pytest.skip("no npm: sh tools/install-system-deps.sh test")
            subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=AXE_DIR, check=True, timeout=300)
    return script.read_text(encoding="utf-8")

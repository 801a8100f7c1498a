"""deploy/systemd/wok-arcade.service: `systemd-analyze verify` passes on it
verbatim, and it says what the kiosk needs.

verify also checks that every ExecStart= program exists and is executable, and
the cabinet's programs (cage, the arcade's venv in /opt) are not on a build
machine. So the unit is verified inside a temporary root (`--root`) holding
this machine's own system units (for the dependencies: sysinit.target, ...),
the unit file as it is in the repository, and an empty executable at each path
the unit runs. Nothing in the unit is rewritten. Skipped only when
systemd-analyze is missing (`tools/install-system-deps.sh test` installs it;
in CI a missing binary fails)."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[2] / "deploy" / "systemd" / "wok-arcade.service"


def unit() -> configparser.ConfigParser:
    cp = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",))
    cp.optionxform = str
    cp.read(UNIT, encoding="utf-8")
    return cp


def programs(cp: configparser.ConfigParser) -> list[str]:
    """The program of each Exec*= line (its prefixes like '-' or '+' taken off)."""
    out = []
    for key, value in cp["Service"].items():
        if key.startswith("Exec") and value.strip():
            out.append(value.split()[0].lstrip("-@:+!|"))
    return out


@pytest.fixture
def analyze() -> str:
    found = shutil.which("systemd-analyze")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("systemd-analyze is missing: run tools/install-system-deps.sh test")
        pytest.skip("systemd-analyze is missing (tools/install-system-deps.sh test installs systemd)")
    return found


def systemd_units_dir() -> Path:
    for d in ("/usr/lib/systemd/system", "/lib/systemd/system"):
        if Path(d, "sysinit.target").exists():
            return Path(d)
    pytest.fail("no system units (sysinit.target) to verify against")


def test_systemd_analyze_verify_passes(analyze, tmp_path):
    root = tmp_path / "root"
    (root / "usr/lib/systemd").mkdir(parents=True)
    shutil.copytree(systemd_units_dir(), root / "usr/lib/systemd/system", symlinks=True)
    (root / "etc/systemd/system").mkdir(parents=True)
    shutil.copy(UNIT, root / "etc/systemd/system" / UNIT.name)
    for program in programs(unit()):
        stub = root / program.lstrip("/")
        stub.parent.mkdir(parents=True, exist_ok=True)
        stub.write_text("#!/bin/sh\n")
        stub.chmod(0o755)
    result = subprocess.run(
        [analyze, "verify", f"--root={root}", UNIT.name], capture_output=True, text=True, timeout=60
    )
    # verify exits 0 on unknown keys and bad values (it only warns): silence is the pass.
    assert result.returncode == 0 and result.stdout + result.stderr == "", result.stdout + result.stderr


def test_verify_would_catch_a_mistake(analyze, tmp_path):
    """The check above is not vacuous: a misspelt key is reported."""
    root = tmp_path / "root"
    (root / "usr/lib/systemd").mkdir(parents=True)
    shutil.copytree(systemd_units_dir(), root / "usr/lib/systemd/system", symlinks=True)
    (root / "etc/systemd/system").mkdir(parents=True)
    text = UNIT.read_text().replace("WatchdogSec=", "WatchdogSecs=")
    (root / "etc/systemd/system" / UNIT.name).write_text(text)
    result = subprocess.run(
        [analyze, "verify", f"--root={root}", UNIT.name], capture_output=True, text=True, timeout=60
    )
    assert "WatchdogSecs" in result.stdout + result.stderr


def seconds(text: str) -> float:
    text = text.strip()
    for suffix, factor in (("ms", 0.001), ("min", 60), ("s", 1)):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * factor
    return float(text)


def test_the_unit_says_what_the_kiosk_needs():
    cp = unit()
    s, u = cp["Service"], cp["Unit"]
    assert s["Type"] == "notify" and s["NotifyAccess"] == "all"
    assert s["Restart"] == "always" and seconds(s["RestartSec"]) <= 2
    assert 2 <= seconds(s["WatchdogSec"]) <= 10
    # systemd stops restarting eventually, but only after the arcade's own fall-back
    # (3 crashes within 60 s) has had its chance.
    assert int(u["StartLimitBurst"]) > 3 and seconds(u["StartLimitIntervalSec"]) >= 60
    assert "python -m game kiosk" in s["ExecStart"] and s["ExecStart"].startswith("/usr/bin/cage ")
    assert "-u WATCHDOG_PID" in s["ExecStart"]
    assert s["User"] != "root" and s["PAMName"] and s["TTYPath"] == "/dev/tty1"
    assert cp["Install"]["WantedBy"] == "graphical.target"


def test_the_unit_gives_the_arcade_files_enough_for_the_phone_server_with_room_to_spare():
    # Before: no LimitNOFILE, systemd's 1,024; 1,100 slow connections used them all and the arcade died
    # at the next file it opened (issue 23).
    from game.web.gate import FILES

    limit = int(unit()["Service"]["LimitNOFILE"].split(":")[0])
    assert limit >= 4 * (FILES + 512), (limit, FILES)

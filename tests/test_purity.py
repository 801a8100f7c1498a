"""Rules are pure: the engine, every game's rules, bots and GameDef, the
hardware layer and the kiosk back end load with pygame made unimportable."""

import subprocess
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"
SHARED = {"engine", "app", "input", "hardware", "kiosk"}


def pure_modules() -> list[str]:
    mods = [f"game.engine.{p.stem}" for p in (GAME / "engine").glob("*.py") if p.stem != "__init__"]
    mods += [f"game.hardware.{p.stem}" for p in (GAME / "hardware").glob("*.py") if p.stem != "__init__"]
    # The kiosk back end has no screens at all: every module, scene or not.
    mods += ["game.kiosk"] + [
        f"game.kiosk.{p.stem}" for p in (GAME / "kiosk").glob("*.py") if p.stem not in ("__init__", "__main__")
    ]
    for pkg in sorted(p for p in GAME.iterdir() if (p / "__init__.py").exists() and p.name not in SHARED):
        mods.append(f"game.{pkg.name}")
        mods += [f"game.{pkg.name}.{p.stem}" for p in pkg.glob("*.py") if p.stem not in ("__init__", "scene")]
    return mods


def test_no_pygame_below_the_scenes():
    mods = pure_modules()
    assert "game.engine.state" in mods and "game.kiosk.notify" in mods
    code = "import sys\nsys.modules['pygame'] = None\n" + "".join(f"import {m}\n" for m in mods)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=GAME.parent)
    assert result.returncode == 0, result.stderr[-2000:]

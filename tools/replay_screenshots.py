"""The replay theatre's screens as PNGs in docs/screenshots/replays/ (headless):
the list, each game's replay half-way, Wok Up's kept instant replay of a close
claim, and attract mode's show of a real moment, at 1920x1080 and 1280x720.

    python tools/replay_screenshots.py [--out docs/screenshots/replays]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["wokup", "wewillwokyou", "relleno", "yatai", "cheaterchefs"]
SIZES = ["1920x1080", "1280x720"]


def shots() -> list[tuple[str, str | None, str]]:
    """(scene, game, file name without the size) of every screenshot."""
    out: list[tuple[str, str | None, str]] = [("replays", None, "list")]
    out += [("replay", game, f"replay-{game}") for game in GAMES]
    out += [("replay-close-claim", "wokup", "replay-wokup-close")]  # the kept instant replay, at its claim
    out += [("attract-moment", "wokup", "attract-moment")]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "replays")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for scene, game, name in shots():
        for size in SIZES:
            cmd = [sys.executable, "-m", "game", "screenshot", "--scene", scene, "--size", size]
            cmd += ["--out", str(args.out / f"{name}-{size}.png"), "--seed", "1"]
            cmd += ["--game", game] if game else []
            subprocess.run(cmd, check=True, cwd=ROOT, env=env)
    return 0


if __name__ == "__main__":
    sys.exit(main())

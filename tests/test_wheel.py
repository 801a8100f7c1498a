"""The arcade as a new user gets it: a wheel built from the repository, installed
in a fresh virtual environment outside the checkout, runs its commands there
(assets, fonts and catalogues come from the installed package, not the source)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(cmd, cwd, env=None, timeout=600):
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_wheel_runs_outside_the_checkout(tmp_path):
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", dist, ROOT], tmp_path)
    wheel = next(dist.glob("wok_arcade-*.whl"))
    venv = tmp_path / "venv"
    # No pip of its own (ensurepip takes seconds): this pip installs into it. No
    # bytecode compiled ahead for every dependency: what the arcade imports is
    # compiled as it runs (the venv is writable), the rest was never checked here.
    _run([sys.executable, "-m", "venv", "--without-pip", venv], tmp_path)
    py = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", py, "install", "--quiet", "--no-compile", wheel], tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_STATE_HOME=str(tmp_path / "state"),
    )
    home = tmp_path / "elsewhere"
    home.mkdir()
    where = _run([py, "-c", "import game, game.resources as r; print(game.__file__); print(r.root())"], home, env)
    assert str(venv) in where and str(ROOT) not in where, where
    out = _run([py, "-m", "game", "screenshot", "--scene", "chooser", "--size", "640x360", "--out", "c.png"], home, env)
    assert (home / "c.png").stat().st_size > 1000, out
    out = _run(
        [
            py,
            "-m",
            "game",
            "simulate",
            "--game",
            "cheaterchefs",
            "--seats",
            "2",
            "--games",
            "2",
            "--seed",
            "1",
            "--bots",
            "easy",
        ],
        home,
        env,
    )
    assert "summary: games=2" in out
    out = _run([py, "-m", "game", "buzzers", "list"], home, env)
    assert "box" in out.lower() or "no " in out.lower(), out

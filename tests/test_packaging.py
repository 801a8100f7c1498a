"""The wheel ships every package and every asset: pyproject.toml lists the
packages by hand (assets/ is mapped to game.assets, which setuptools' discovery
cannot follow), so this test says what is missing."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _wanted() -> set[str]:
    code = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")}
    assets = {
        ".".join(("game", *d.relative_to(ROOT).parts))
        for d in [ROOT / "assets", *(ROOT / "assets").rglob("*")]
        if d.is_dir() and "__pycache__" not in d.parts
    }
    return code | assets


def test_pyproject_lists_every_package_and_asset_folder():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    wanted = _wanted()
    assert not wanted - listed, f"add to [tool.setuptools] packages: {sorted(wanted - listed)}"
    assert not listed - wanted, f"no such package: {sorted(listed - wanted)}"

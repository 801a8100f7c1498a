"""Every file the arcade ships is read through here.

The top-level assets/ folder (cards, boards, fonts, catalogues, rules screens)
is installed inside the package as `game.assets` (pyproject.toml maps it), so
an installed wheel finds its files with importlib.resources wherever it lives,
a zip included. Run from a checkout that was never installed, the folder is
read where it lies. What is read is a `Traversable` (`/`, `read_text`,
`read_bytes`, `open`, `iterdir`, `is_file`); `str()` of it names the file in
messages.
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

CHECKOUT_ASSETS = Path(__file__).resolve().parents[1] / "assets"


@lru_cache(maxsize=1)
def root() -> Traversable:
    """The assets folder as installed (or the checkout's, never installed)."""
    try:
        return resources.files("game.assets")
    except ModuleNotFoundError:
        return CHECKOUT_ASSETS


def asset(*parts: str) -> Traversable:
    """A file or folder under assets/, e.g. asset("wokup", "cards.toml")."""
    return root().joinpath(*parts)


def read_text(*parts: str) -> str:
    return asset(*parts).read_text(encoding="utf-8")


@cache
def read_bytes(*parts: str) -> bytes:
    """A file's bytes, cached: fonts are opened once per size from memory."""
    return asset(*parts).read_bytes()


def exists(*parts: str) -> bool:
    return asset(*parts).is_file()


def matching(folder: Traversable, suffix: str) -> list[Traversable]:
    """The files of `folder` ending with `suffix`, sorted by name."""
    return sorted((f for f in folder.iterdir() if f.name.endswith(suffix)), key=lambda f: f.name)

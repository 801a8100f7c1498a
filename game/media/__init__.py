"""Pictures and sounds, the parts that need no pygame: where the vendored files
are, what the manifests say, the colour-vision check. The pygame side is in
`game/app/pictures.py` and `game/app/audio.py`; the tools that make the files
are `tools/pictures.py` and `tools/sounds.py`.
"""

from __future__ import annotations

from importlib.resources.abc import Traversable

from .. import resources


def asset_path(*parts: str) -> Traversable:
    """A file under `assets/`, as installed (game/resources.py). Installed
    wheels are unpacked on disk, so `str()` of it is a path pygame can open."""
    return resources.asset(*parts)


def credits() -> list[dict]:
    """The Credits screen's list (`assets/credits.toml`): one dict per vendored set,
    sound or font, with `what`, `work`, `authors`, `licence`, `licence_url`, `note`."""
    import tomllib

    return tomllib.loads(asset_path("credits.toml").read_text(encoding="utf-8"))["credit"]

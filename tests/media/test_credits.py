"""The Credits screen's list covers every vendored picture, sound and font."""

import tomllib

from game.media import asset_path, manifest


def test_every_vendored_file_is_credited_with_a_licence():
    with open(asset_path("credits.toml"), "rb") as f:
        credits = tomllib.load(f)["credit"]
    root = asset_path()
    covered = {p for c in credits for pattern in c["files"] for p in root.glob(pattern)}
    vendored = {
        p
        for folder in ("pictures", "sounds", "fonts")
        for p in (root / folder).rglob("*")
        if p.suffix in (".png", ".wav", ".ogg", ".ttf")
    }
    assert vendored, "nothing vendored?"
    assert not vendored - covered, f"not credited: {sorted(str(p.relative_to(root)) for p in vendored - covered)}"
    assert all(c["licence"] and c["authors"] and c["work"] for c in credits)
    assert any(manifest.load().set["title"] in c["work"] for c in credits)

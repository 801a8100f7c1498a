"""The arcade's pictures for the phone page: one stylesheet per game.

The page draws a card as `<div class="pic" data-pic="relleno.chocolate">`; the
game's stylesheet `/pictures/<game>.css` gives every picture of that game
(assets/pictures/pictures.toml, ids namespaced `<game>.`) as a data: URI
background. One request for all of a game's pictures, not one per picture:
the gate lets a connection make 8 requests (game/web/gate.py), a hand shows a
dozen pictures, and on a slow network each request is a round trip. The
sheet is made once per game from the vendored PNGs (the TV's own files),
gzipped, and served with a long cache life under a name that carries its
hash, so a phone fetches it once per arcade version.

Only the manifest's files can be served: the route looks the game id up in
the sheets made from the manifest, never builds a path from the request.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import logging
import re
from dataclasses import dataclass
from functools import cache

from ..media import manifest as M

log = logging.getLogger(__name__)

SAFE_ID = re.compile(r"^[a-z0-9][a-z0-9._-]*$")  # nothing a CSS string or a URL needs to escape


@dataclass(frozen=True)
class Sheet:
    game: str
    css: bytes  # the stylesheet, plain
    gz: bytes  # the same, gzipped (what a browser is sent)
    tag: str  # a short hash of the contents: the page asks /pictures/<game>.css?v=<tag>
    ids: frozenset[str]


def games(manifest: M.Manifest | None = None) -> set[str]:
    """The game ids the manifest has pictures for ("common" is shared, not a game)."""
    manifest = manifest or M.load()
    return {p.game for p in manifest.pictures.values()} - {"common"}


@cache
def sheet(game: str) -> Sheet | None:
    """The stylesheet of `game`'s pictures, or None for a game the manifest does not know."""
    return make_sheet(game, M.load())


def warm() -> None:
    """Make every game's sheet (the phone server does it on its own thread at start,
    so the first view of a game, built on the frame thread, finds it made: 6-18 ms each)."""
    for game in sorted(games()):
        sheet(game)


def make_sheet(game: str, manifest: M.Manifest) -> Sheet | None:
    if game not in games(manifest):
        return None
    by_file: dict[str, list[str]] = {}  # drawn picture id -> the item ids drawn with it
    for pic in manifest.pictures.values():
        if pic.game != game or not SAFE_ID.match(pic.id):
            continue
        drawn = manifest.resolve(pic.id)
        if drawn is not None:
            by_file.setdefault(drawn.id, []).append(pic.id)
    rules = []
    for drawn_id, ids in sorted(by_file.items()):
        path = manifest.file(drawn_id)
        try:
            data = path.read_bytes() if path is not None else b""
        except OSError as exc:
            log.warning("phone pictures: %s: %s", drawn_id, exc)
            continue
        if not data:
            log.warning("phone pictures: %s has no file (run tools/pictures.py)", drawn_id)
            continue
        selector = ",".join(f'.pic[data-pic="{i}"]' for i in sorted(ids))
        uri = "data:image/png;base64," + base64.b64encode(data).decode("ascii")
        rules.append(f'{selector}{{background-image:url("{uri}")}}\n')
    css = "".join(rules).encode("ascii")
    every = frozenset(i for ids in by_file.values() for i in ids)
    return Sheet(game, css, gzip.compress(css, 9, mtime=0), hashlib.sha256(css).hexdigest()[:12], every)

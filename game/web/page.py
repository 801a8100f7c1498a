"""The phone page as one response: index.html with its style and script inlined.

On a slow phone network every request is a round trip (Chrome's "Fast 3G":
562 ms); the page, then its script and style, then the WebSocket took three
before the hand could be drawn. Inlined, the script runs as the page arrives
and opens the socket one round trip sooner. The Content-Security-Policy still
allows no script but this one: it names the inlined script and style by their
SHA-256 (CSP level 2 hashes), so an injected one would not run.

A seat's first load carries its first messages too (`with_boot`: the welcome's
words and the seat's view, as a JSON data block the page reads before its socket
opens), so the hand is drawn after one round trip, not two. A data block is not
run, so the CSP needs nothing more; every `<` in it is escaped, so no text in a
view can close the block.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
from dataclasses import dataclass
from importlib import resources

SCRIPT_TAG = '<script src="app.js"></script>'
STYLE_TAG = '<link rel="stylesheet" href="style.css">'


BOOT_LEVEL = 6  # gzip level of a page with a seat's messages, compressed per request (~1 ms)


@dataclass(frozen=True)
class Page:
    html: bytes
    gz: bytes
    csp: str
    at: int  # where a boot block goes: just before the script that reads it

    def with_boot(self, messages: list[str]) -> tuple[bytes, bytes]:
        """The page with `messages` (JSON texts, as the socket would send them) in a
        data block: (plain, gzipped)."""
        body = self.html[: self.at] + _block(messages) + self.html[self.at :]
        return body, gzip.compress(body, BOOT_LEVEL, mtime=0)


def _block(messages: list[str]) -> bytes:
    data = "[" + ",".join(messages) + "]"
    # `<` only occurs inside JSON strings, where \u003c means the same: no `</script` or `<!--`.
    return ('<script type="application/json" id="boot">' + data.replace("<", "\\u003c") + "</script>").encode("utf-8")


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def build(package: str = __package__) -> Page:
    static = resources.files(package).joinpath("static")
    html = static.joinpath("index.html").read_text(encoding="utf-8")
    script = static.joinpath("app.js").read_text(encoding="utf-8")
    style = static.joinpath("style.css").read_text(encoding="utf-8")
    if SCRIPT_TAG not in html or STYLE_TAG not in html:
        raise ValueError(f"static/index.html must load its script and style as {SCRIPT_TAG} and {STYLE_TAG}")
    html = html.replace(STYLE_TAG, f"<style>{style}</style>").replace(SCRIPT_TAG, f"<script>{script}</script>")
    csp = (
        f"default-src 'self'; script-src {_hash(script)}; style-src 'self' {_hash(style)}; "
        "connect-src 'self' ws: wss:; img-src 'self' data:; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    body = html.encode("utf-8")
    at = body.index(b"<script>")
    return Page(body, gzip.compress(body, 9, mtime=0), csp, at)

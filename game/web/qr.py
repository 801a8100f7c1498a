"""QR codes of seat links, with segno (pure Python, no imaging library needed).

`matrix(url)` is what the seats screen draws with pygame (one filled square
per True module, the quiet zone included); `png(url)` is the same as PNG
bytes, for tools and screenshots.
"""

from __future__ import annotations

import io

import segno

BORDER = 4  # the quiet zone the standard asks for, in modules


def make(url: str) -> segno.QRCode:
    # Level M survives a smudge or a glare on the TV; boost_error keeps the
    # version (size) the same while raising the level where it fits.
    return segno.make(url, error="m", micro=False, boost_error=True)


def matrix(url: str, border: int = BORDER) -> list[list[bool]]:
    """Rows of modules, dark = True, with `border` light modules around."""
    return [[bool(v) for v in row] for row in make(url).matrix_iter(scale=1, border=border)]


def png(url: str, scale: int = 8, border: int = BORDER) -> bytes:
    out = io.BytesIO()
    make(url).save(out, kind="png", scale=scale, border=border)
    return out.getvalue()

"""The arcade's font files (ui.py draws text with them, pictures.py its placeholder)."""

from __future__ import annotations

import io

from .. import resources


def font_file(bold: bool = False) -> io.BytesIO:
    """The arcade's font (DejaVu Sans), read once from the installed assets."""
    return io.BytesIO(resources.read_bytes("fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"))

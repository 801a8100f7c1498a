"""Where a long word on a phone's card may break: soft hyphens (U+00AD) put in by
Pyphen, from the LibreOffice hyphenation dictionaries it ships for the arcade's six
languages.

A card at 360 px is about 90 px wide: "Knoblauch" does not fit, and the page's
`hyphens: auto` needs the browser's own dictionaries, which Chromium on Linux
only fetches as a component (Debian's headless Chromium has none; so do many
phones for some languages): the word broke anywhere ("Knoblauc|h"). A soft hyphen
is invisible until the line breaks there, where it shows as "-"; the text
alternatives stay as they are (a screen reader reads the caption from `alt`).
"""

from __future__ import annotations

import re
from functools import cache

import pyphen

SHY = "\u00ad"
MIN_WORD = 7  # shorter words fit a card at 360 px
_WORD = re.compile(rf"\w{{{MIN_WORD},}}")


@cache
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    found = pyphen.language_fallback(lang.replace("-", "_")) or pyphen.language_fallback(f"{lang}_{lang.upper()}")
    return pyphen.Pyphen(lang=found) if found else None


def soft(text: str, lang: str) -> str:
    """`text` with soft hyphens where its long words may break, in language `lang`."""
    dic = _dictionary(lang)
    if dic is None or not text:
        return text
    return _WORD.sub(lambda m: dic.inserted(m.group(0), hyphen=SHY), text)


def items(panels: list[dict], lang: str) -> list[dict]:
    """The panels with their items' captions and lines breakable (new dicts; alt kept)."""
    out = []
    for panel in panels:
        its = [
            {**it, "text": soft(it.get("text", ""), lang), "lines": [soft(x, lang) for x in it.get("lines", [])]}
            if isinstance(it, dict)
            else it
            for it in panel.get("items", [])
        ]
        out.append({**panel, "items": its})
    return out


def pads(pads: list[dict], lang: str) -> list[dict]:
    """The pads with their labels breakable; the text alternative is the plain label."""
    return [{**p, "alt": p.get("alt") or p["label"], "label": soft(p["label"], lang)} for p in pads]

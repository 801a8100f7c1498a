"""Every player-facing string goes through `_()`.

Catalogues are gettext `.po` files: `assets/locale/<lang>.po` for the arcade and
`assets/<game>/locale/<lang>.po` for each game, merged at load. `.po` files are
read directly (no compiled `.mo`), so translators edit one text file and no
build step stands between them and the screen.

Translation happens when a string is drawn, so switching the language in the
settings changes every scene at once. Text defined at import time is marked
with `N_()` (a no-op marker) and translated with `_()` where it is shown.
"""
from __future__ import annotations

import ast
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[1] / "assets"
LANGUAGES = {"en": "English", "fr": "Français"}
_catalogue: dict[str, str] = {}
_language = "en"


def N_(message: str) -> str:
    """Marks a string for translation without translating it (yet)."""
    return message


def _(message: str) -> str:
    return _catalogue.get(message) or message


def language() -> str:
    return _language


def catalogue_files(lang: str) -> list[Path]:
    return sorted([ASSETS / "locale" / f"{lang}.po", *ASSETS.glob(f"*/locale/{lang}.po")])


def set_language(lang: str) -> None:
    global _language, _catalogue
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    merged: dict[str, str] = {}
    if lang != "en":
        for path in catalogue_files(lang):
            if path.exists():
                merged.update(read_po(path))
    _catalogue, _language = merged, lang


def read_po(path: Path) -> dict[str, str]:
    """msgid -> msgstr of a .po file (no plurals or contexts: we use neither)."""
    entries: dict[str, str] = {}
    msgid = msgstr = None
    target = None

    def flush():
        if msgid and msgstr:
            entries[msgid] = msgstr

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            msgid, msgstr, target = _unquote(line[6:], path, number), None, "id"
        elif line.startswith("msgstr "):
            msgstr, target = _unquote(line[7:], path, number), "str"
        elif line.startswith('"'):
            if target == "id":
                msgid += _unquote(line, path, number)
            elif target == "str":
                msgstr += _unquote(line, path, number)
        else:
            raise ValueError(f"{path}:{number}: cannot read {line!r}")
    flush()
    return entries


def _unquote(text: str, path: Path, number: int) -> str:
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError) as exc:
        raise ValueError(f"{path}:{number}: bad string {text!r}") from exc
    if not isinstance(value, str):
        raise ValueError(f"{path}:{number}: bad string {text!r}")
    return value


def marked_strings(paths: list[Path]) -> set[str]:
    """Every literal passed to _() or N_() in the given Python files."""
    found: set[str] = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "N_")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found

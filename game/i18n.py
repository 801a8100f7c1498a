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
from importlib.resources.abc import Traversable
from pathlib import Path

from . import resources

ASSETS = resources.CHECKOUT_ASSETS  # where `python -m game i18n` writes (a developer's checkout)
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


def catalogue_files(lang: str) -> list[Traversable]:
    """The arcade's catalogue and each game's, as installed."""
    root = resources.root()
    folders = [root, *sorted((f for f in root.iterdir() if f.is_dir()), key=lambda f: f.name)]
    return [f / "locale" / f"{lang}.po" for f in folders if (f / "locale" / f"{lang}.po").is_file()]


def set_language(lang: str) -> None:
    global _language, _catalogue
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    merged: dict[str, str] = {}
    if lang != "en":
        for path in catalogue_files(lang):
            merged.update(read_po(path))
    _catalogue, _language = merged, lang


def read_po(path: Traversable) -> dict[str, str]:
    """msgid -> msgstr of a .po file (no plurals or contexts: we use neither)."""
    entries: dict[str, str] = {}
    msgid = msgstr = ""
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
            msgid, msgstr, target = _unquote(line[6:], path, number), "", "id"
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


def _unquote(text: str, path: Traversable, number: int) -> str:
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


GAME_DIR = Path(__file__).resolve().parent
SHARED_PACKAGES = {"engine", "app", "input", "hardware", "kiosk", "web"}


def domains() -> dict[Path, set[str]]:
    """Each French catalogue and the strings it must translate: the arcade's
    (shared code, plus the chooser's pitches) and one per game package."""
    import tomllib

    games = [
        p for p in GAME_DIR.iterdir() if p.is_dir() and (p / "__init__.py").exists() and p.name not in SHARED_PACKAGES
    ]
    shared = [p for p in GAME_DIR.rglob("*.py") if not any(g in p.parents for g in games)]
    with open(ASSETS / "games.toml", "rb") as f:
        pitches = {g["pitch"] for g in tomllib.load(f)["game"]}
    out = {ASSETS / "locale" / "fr.po": marked_strings(shared) | pitches}
    for g in games:
        out[ASSETS / g.name / "locale" / "fr.po"] = marked_strings(sorted(g.rglob("*.py")))
    return out


def update_catalogues() -> None:
    """`python -m game i18n`: add missing entries (empty) and drop stale ones."""
    for path, wanted in domains().items():
        if not wanted and not path.exists():
            continue
        have = read_po(path) if path.exists() else {}
        kept = {m: have.get(m, "") for m in sorted(wanted)}
        missing = [m for m in kept if not kept[m]]
        stale = sorted(set(have) - wanted)
        write_po(path, kept)
        print(f"{path}: {len(kept)} strings, {len(missing)} to translate, {len(stale)} stale removed")


def write_po(path: Path, entries: dict[str, str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["# French catalogue. Fill every msgstr; `python -m game i18n` keeps it in step.", ""]
    for msgid in sorted(entries):
        lines += [f"msgid {_quote(msgid)}", f"msgstr {_quote(entries[msgid])}", ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

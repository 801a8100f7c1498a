"""Every player-facing string goes through `_()` (or `ngettext()` for counts).

The words are English in the code; catalogues are gettext `.po` files, one per
language and *domain*: `assets/locale/<lang>.po` for the arcade (shared code
and `games.toml`) and `assets/<game>/locale/<lang>.po` for each game, merged
at load. Babel does the catalogue work: `babel.messages.extract` finds the
strings, `Catalog.update` brings each catalogue in step, `babel.messages.pofile`
reads and writes them (`python -m game i18n`, every language at once).

Decision: no compiled `.mo` files are committed and there is no build step.
At load each language's merged catalogue is compiled in memory
(`babel.messages.mofile.write_mo` into a BytesIO) to a `gettext.GNUTranslations`,
so `ngettext` follows that language's plural rule (the catalogue's
Plural-Forms header), translators edit one text file, and the installed wheel
needs nothing but the `.po` files it ships. Compiling ~500 strings takes a few
milliseconds and is done once per language per run.

Translation happens when a string is drawn, so switching the language in the
settings changes every scene at once. Text defined at import time is marked
with `N_()` (a no-op marker) and translated with `_()` where it is shown.
Words in data files are listed by the file itself: a top-level
`translate = ["name", ...]` names the keys whose values are player-facing;
they are extracted into the catalogue of the file's folder and shown
through `_()`.

Numbers and clock times are written the local way with `number()` and
`clock()` (Babel's CLDR data: "12 345,5" in French, "12.345,5" in German).
"""

from __future__ import annotations

import ast
import datetime
import functools
import gettext
import io
import re
import string
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path

from babel import Locale
from babel.dates import format_skeleton, format_time
from babel.lists import format_list
from babel.messages import extract, mofile, pofile
from babel.messages.catalog import Catalog, Message
from babel.numbers import format_decimal, format_percent

from . import resources

SOURCE = "en"  # the language of the code's strings: it has no catalogue
# Each language by its own name, in the order the settings list offers them.
LANGUAGES = {
    "en": "English",
    "fr": "Français",
    "es": "Español",
    "de": "Deutsch",
    "nl": "Nederlands",
    "it": "Italiano",
}
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]
# `_("text")`, `N_("text")` (marks only), `ngettext("one", "many", n)`.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}

ASSETS = resources.CHECKOUT_ASSETS  # where `python -m game i18n` writes (a developer's checkout)
GAME_DIR = Path(__file__).resolve().parent
SHARED_PACKAGES = {"engine", "app", "input", "hardware", "kiosk", "web", "media"}
ARCADE = "arcade"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_compiled: dict[str, gettext.NullTranslations] = {}
_language = SOURCE
_locale = Locale.parse(SOURCE)


# ---- at run time -------------------------------------------------------------
def N_(message: str) -> str:
    """Marks a string for translation without translating it (yet)."""
    return message


def _(message: str) -> str:
    # gettext("") is the catalogue's header, never a word for the screen.
    return _translations.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` under the current language's plural rule."""
    return _translations.ngettext(singular, plural, n)


def language() -> str:
    return _language


def number(value: float, decimals: int = 0) -> str:
    """A number written the local way (grouping and decimal signs)."""
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=_locale)


def names(items: Iterable[str]) -> str:
    """Names (seats, cards) joined as a sentence of the current language says
    them: "Ana and Bao", "Ana, Bao et Chloé" (CLDR's list patterns)."""
    return format_list(list(items), locale=_locale)


def winners(items: Iterable[str]) -> str:
    """The winners' headline, the same words on every screen (a game's end, the
    results, the phones): "Ana wins!", "Ana and Bao win!"."""
    who = list(items)
    return ngettext("{names} wins!", "{names} win!", len(who)).format(names=names(who))


def percent(fraction: float) -> str:
    """0.8 as "80%" in English, "80 %" in French or German."""
    return format_percent(fraction, locale=_locale)


def clock(hour: int, minute: int) -> str:
    """A 24-hour clock time written the local way ("6:24" in Spanish, "06:24" in
    German). English has no 24-hour habit of its own in CLDR (its short time is
    "6:24 AM"): it keeps the digital clock of the cards, "6:24"."""
    return _clock(_language, _locale, hour, minute)


# A table writes the same times every frame it is drawn, and Babel parses the pattern each time.
@functools.lru_cache(maxsize=4096)
def _clock(language: str, locale: Locale, hour: int, minute: int) -> str:
    t = datetime.time(hour, minute)
    if language == SOURCE:
        return format_time(t, "H:mm", locale=locale)
    return format_skeleton("Hm", t, locale=locale)


def day(d: datetime.date) -> str:
    """A day of the month written the local way: "Nov 26", "26 nov.", "26. Nov."."""
    return format_skeleton("MMMd", d, locale=_locale)


def catalogue_files(lang: str) -> list[Traversable]:
    """The arcade's catalogue and each game's, as installed."""
    root = resources.root()
    folders = [root, *sorted((f for f in root.iterdir() if f.is_dir()), key=lambda f: f.name)]
    return [f / "locale" / f"{lang}.po" for f in folders if (f / "locale" / f"{lang}.po").is_file()]


def set_language(lang: str) -> None:
    global _language, _translations, _locale
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    if lang not in _compiled:
        _compiled[lang] = compile_catalogues(lang) if lang != SOURCE else gettext.NullTranslations()
    _translations, _language, _locale = _compiled[lang], lang, Locale.parse(lang)
    _locale.list_patterns  # noqa: B018 - CLDR's data loads on first use: here, not in a table's frame


def compile_catalogues(lang: str) -> gettext.GNUTranslations:
    """Every installed catalogue of `lang` merged and compiled in memory.
    Untranslated and fuzzy entries are left out: their English shows."""
    merged = Catalog(locale=lang)
    for path in catalogue_files(lang):
        with path.open("rb") as f:
            catalog = pofile.read_po(f, locale=lang)
        # The plural rule the translators wrote their forms for (the file's
        # Plural-Forms), not the installed Babel's CLDR rule: CLDR 42 gave French,
        # Spanish and Italian a third form ("many", 1 000 000), which the catalogues'
        # two forms lack, so every plural but the first showed in English.
        merged.mime_headers = [(k, v) for k, v in catalog.mime_headers if k == "Plural-Forms"]
        for message in catalog:
            if message.id and complete(message) and not message.fuzzy:
                merged[message.id] = message
    buffer = io.BytesIO()
    mofile.write_mo(buffer, merged)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def complete(message: Message) -> bool:
    forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return bool(forms) and all(forms)


# ---- extraction and catalogues (`python -m game i18n`, the tests) ---------------
def domains() -> dict[str, list[Path]]:
    """Each domain and its source files: the arcade's (shared code and
    games.toml) and one per game package (its code and its data folder)."""
    games = sorted(
        p for p in GAME_DIR.iterdir() if p.is_dir() and (p / "__init__.py").exists() and p.name not in SHARED_PACKAGES
    )
    shared = sorted(p for p in GAME_DIR.rglob("*.py") if not any(g in p.parents for g in games))
    out = {ARCADE: [*shared, ASSETS / "games.toml"]}
    for g in games:
        out[g.name] = sorted(g.rglob("*.py")) + sorted((ASSETS / g.name).glob("*.toml"))
    return out


def catalogue_path(domain: str, lang: str) -> Path:
    folder = ASSETS if domain == ARCADE else ASSETS / domain
    return folder / "locale" / f"{lang}.po"


def extract_toml(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel extraction method for data files: the values of the keys the file
    lists in its top-level `translate`, wherever they appear."""
    doc = tomllib.loads(fileobj.read().decode("utf-8"))
    keys = set(doc.get("translate", []))

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k in keys and isinstance(v, str):
                    yield 0, None, v, []
                else:
                    yield from walk(v)
        elif isinstance(node, list):
            for v in node:
                yield from walk(v)

    yield from walk(doc)


def template(files: list[Path]) -> Catalog:
    """The strings the given files mark, with the files they come from."""
    catalog = Catalog(fuzzy=False)
    for path in files:
        if not path.exists():
            continue
        method = extract_toml if path.suffix == ".toml" else "python"
        literal = _literal_arguments(path) if method == "python" else None
        with path.open("rb") as f:
            found = extract.extract(method, f, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",))
            for lineno, message, comments, context in found:
                parts = [message] if isinstance(message, str) else list(message)
                if literal is not None and not all(p in literal for p in parts):
                    continue
                root = GAME_DIR.parent
                where = str(path.relative_to(root)) if path.is_relative_to(root) else path.name
                catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def _literal_arguments(path: Path) -> set[str]:
    """The string literals passed straight to a keyword (`_("x")`): Babel's
    tokenizer also takes the key of `_(WORDS["key"])`, which is no message."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS:
            found |= {a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return found


def read_catalogue(path: Path | Traversable, lang: str) -> Catalog:
    with path.open("rb") as f:
        return pofile.read_po(f, locale=lang)


FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)  # no churn in the headers


def write_catalogue(path: Path, catalog: Catalog) -> None:
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    catalog.project, catalog.version, catalog.fuzzy = "Wok Arcade", "1", False
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    pofile.write_po(buffer, catalog, ignore_obsolete=True, include_lineno=False, sort_output=True, width=100)
    # Babel's version in the header would rewrite every catalogue at each Babel release.
    fixed = b'"Generated-By: Babel\\n"'
    path.write_bytes(re.sub(rb'"Generated-By: Babel[^"]*"', lambda _m: fixed, buffer.getvalue()))


def update_catalogues() -> dict[Path, Report]:
    """`python -m game i18n`: every catalogue of every language in step with
    the code (new strings added empty, stale ones dropped), then what is left
    to translate, per catalogue."""
    reports = {}
    for domain, files in domains().items():
        tpl = template(files)
        for lang in TRANSLATED:
            path = catalogue_path(domain, lang)
            if not len(tpl) and not path.exists():
                continue
            catalog = read_catalogue(path, lang) if path.exists() else new_catalogue(domain, lang)
            catalog.update(tpl, no_fuzzy_matching=True, update_header_comment=False)
            catalog.header_comment = header(domain, lang)
            catalog.obsolete.clear()  # stale entries are dropped, not kept as #~ comments
            write_catalogue(path, catalog)
            reports[path] = check(tpl, catalog)
    return reports


def new_catalogue(domain: str, lang: str) -> Catalog:
    return Catalog(locale=lang, project="Wok Arcade", header_comment=header(domain, lang), fuzzy=False)


def header(domain: str, lang: str) -> str:
    what = "the arcade" if domain == ARCADE else f"the game {domain}"
    return (
        f"# {LANGUAGES[lang]} ({lang}) words of {what}.\n"
        "# Fill every msgstr, keeping each {placeholder} and %-specifier of the English;\n"
        "# use the terms of assets/locale/glossary.md. `python -m game i18n` keeps this\n"
        "# file in step with the code (new strings empty, stale ones dropped)."
    )


# ---- strictness ----------------------------------------------------------------
@dataclass
class Report:
    missing: list[str] = field(default_factory=list)  # in the code, untranslated here
    stale: list[str] = field(default_factory=list)  # here, no longer in the code
    fuzzy: list[str] = field(default_factory=list)  # marked for review
    placeholders: list[str] = field(default_factory=list)  # a translation's placeholders differ

    def problems(self) -> list[str]:
        out = []
        for what, items in (
            ("untranslated", self.missing),
            ("stale", self.stale),
            ("fuzzy", self.fuzzy),
            ("placeholders differ", self.placeholders),
        ):
            out += [f"{what}: {item!r}" for item in items]
        return out


def check(tpl: Catalog, catalog: Catalog) -> Report:
    report = Report()
    wanted = {m.id if isinstance(m.id, str) else m.id[0]: m for m in tpl if m.id}
    for key, source in sorted(wanted.items()):
        message = catalog.get(source.id)
        if message is None or not complete(message):
            report.missing.append(key)
            continue
        if message.fuzzy:
            report.fuzzy.append(key)
        if not same_placeholders(source.id, message.string):
            report.placeholders.append(f"{key} -> {message.string}")
    for message in catalog:
        key = message.id if isinstance(message.id, str) else (message.id[0] if message.id else "")
        if key and key not in wanted:
            report.stale.append(key)
    report.stale += sorted(m.id if isinstance(m.id, str) else m.id[0] for m in catalog.obsolete.values())
    return report


_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[diouxXeEfFgGcrsa%]")


def placeholders(text: str) -> set[str]:
    """`{name}` fields and `%s`-style specifiers ("%%" is a literal sign)."""
    found = {m.group() for m in _PERCENT.finditer(text) if m.group() != "%%"}
    try:
        found |= {"{" + name + "}" for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}
    except ValueError:
        found.add("<unbalanced braces>")
    return found


def same_placeholders(source, translation) -> bool:
    """A plain string keeps the English placeholders exactly; in a plural the
    last form keeps the plural's and no form invents one ("un seul" may drop {n})."""
    if isinstance(source, str):
        return placeholders(source) == placeholders(translation)
    allowed = placeholders(source[0]) | placeholders(source[1])
    forms = list(translation)
    return placeholders(forms[-1]) == placeholders(source[1]) and all(placeholders(f) <= allowed for f in forms)


def status() -> dict[Path, Report]:
    """Each catalogue of each language checked against the code, without writing."""
    out = {}
    for domain, files in domains().items():
        tpl = template(files)
        for lang in TRANSLATED:
            path = catalogue_path(domain, lang)
            if len(tpl) or path.exists():
                out[path] = check(tpl, read_catalogue(path, lang) if path.exists() else Catalog(locale=lang))
    return out

"""Every marked string is translated in every language, placeholders kept;
plurals follow each language's rule; switching language changes the screens."""

import pygame
import pytest

from game import i18n
from game.app import shots, table_pictures
from game.app.app import App


def test_every_catalogue_of_every_language_is_complete_and_in_step():
    """Fails for a string missing, stale, untranslated or fuzzy in any
    language, or whose placeholders differ from the English; lists them all."""
    problems = []
    for path, report in i18n.status().items():
        problems += [f"{path.relative_to(i18n.ASSETS.parent)}: {p}" for p in report.problems()]
    assert not problems, (
        f"{len(problems)} catalogue problems (run `python -m game i18n`, then translate):\n" + "\n".join(problems)
    )


def test_counts_are_written_with_plurals_not_parentheses():
    """A count in a sentence ("serve with 1 drink(s)") goes through ngettext, so
    each language writes its own singular and plural."""
    hedged = []
    for files in i18n.domains().values():
        for m in i18n.template(files):
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            hedged += [i for i in ids if i and "{" in i and ("(s)" in i or "(es)" in i)]
    assert not hedged, hedged


def test_every_language_has_a_catalogue_for_the_arcade_and_each_game():
    for domain in i18n.domains():
        for lang in i18n.TRANSLATED:
            assert i18n.catalogue_path(domain, lang).exists(), (domain, lang)


def test_extraction_sees_every_marker_and_only_literal_messages(tmp_path):
    src = tmp_path / "m.py"
    src.write_text(
        'x = _("Hello")\ny = N_("World")\nz = f(_("{n} cards"))\nw = _(name)\n'
        'v = _(WORDS["key"])\nn = ngettext("{n} token", "{n} tokens", k)\n'
    )
    ids = {m.id for m in i18n.template([src]) if m.id}
    assert ids == {"Hello", "World", "{n} cards", ("{n} token", "{n} tokens")}


def test_data_files_name_their_player_facing_keys(tmp_path):
    data = tmp_path / "cards.toml"
    data.write_text('translate = ["name"]\n[[card]]\nid = "a"\nname = "Apple"\n[[card]]\nid = "b"\nname = "Pear"\n')
    ids = {m.id for m in i18n.template([data]) if m.id}
    assert ids == {"Apple", "Pear"}


@pytest.mark.parametrize(
    ("source", "translation", "same"),
    [
        ("{name} wins", "{name} gagne", True),
        ("{name} wins", "{nom} gagne", False),
        ("{a} and {b}", "{b} et {a}", True),
        ("{n} left", "il en reste", False),
        ("%d%% done", "%d %% fait", True),
        ("%s wins", "gagne", False),
        ("%(who)s wins", "%(qui)s gagne", False),
        (("{n} token", "{n} tokens"), ("un jeton", "{n} jetons"), True),
        (("{n} token", "{n} tokens"), ("{n} jeton", "jetons"), False),
        (("{n} token", "{n} tokens"), ("{n} jeton", "{m} jetons"), False),
    ],
)
def test_placeholders_must_match_between_source_and_translation(source, translation, same):
    assert i18n.same_placeholders(source, translation) is same


def test_the_strictness_check_reports_each_kind_of_problem():
    from babel.messages.catalog import Catalog

    tpl = Catalog()
    for msgid in ("Kept", "New", "{n} left", "Review"):
        tpl.add(msgid)
    cat = Catalog(locale="de")
    cat.add("Kept", "Behalten")
    cat.add("Gone", "Weg")
    cat.add("{n} left", "noch {m}")
    cat.add("Review", "Prüfen", flags=["fuzzy"])
    report = i18n.check(tpl, cat)
    assert report.missing == ["New"]
    assert report.stale == ["Gone"]
    assert report.fuzzy == ["Review"]
    assert report.placeholders == ["{n} left -> noch {m}"]


def test_plurals_follow_each_languages_rule():
    """French counts 0 and 1 as singular, English only 1: gettext's Plural-Forms
    from the compiled catalogue decide, not an `n == 1` in the code."""
    forms = {}
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        forms[lang] = [i18n.ngettext("{n} game", "{n} games", n).format(n=n) for n in (0, 1, 2)]
    assert forms["en"] == ["0 games", "1 game", "2 games"]
    assert forms["fr"] == ["0 partie", "1 partie", "2 parties"]
    assert forms["de"] == ["0 Partien", "1 Partie", "2 Partien"]
    assert forms["it"] == ["0 partite", "1 partita", "2 partite"]


def test_numbers_and_clock_times_are_written_the_local_way():
    i18n.set_language("fr")
    assert i18n.number(12345.5, 1) == "12\u202f345,5"
    assert i18n.clock(6, 24) == "06:24"
    i18n.set_language("es")
    assert i18n.clock(6, 24) == "6:24"
    i18n.set_language("de")
    assert (i18n.clock(6, 24), i18n.percent(0.8)) == ("06:24", "80\xa0%")
    i18n.set_language("en")
    assert (i18n.number(12345), i18n.clock(6, 24)) == ("12,345", "6:24")


def test_names_are_joined_the_way_each_language_says_them():
    """Seats and cards in a sentence: "Ana and Bao", "Ana et Bao", never a bare comma."""
    from game.web.views import status

    joined = {}
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            joined[lang] = (i18n.names(["Ana", "Bao"]), i18n.names(["Ana", "Bao", "Chloé"]), i18n.names(["Ana"]))
        i18n.set_language("fr")
        waiting = status([1, 2], 0, ["Ana", "Bao", "Chloé"], False, [])
    finally:
        i18n.set_language("en")
    print(joined)
    assert joined["en"] == ("Ana and Bao", "Ana, Bao, and Chloé", "Ana")
    assert joined["fr"][:2] == ("Ana et Bao", "Ana, Bao et Chloé")
    assert joined["de"][1] == "Ana, Bao und Chloé" and joined["es"][0] == "Ana y Bao"
    assert waiting.endswith("Bao et Chloé"), waiting


def test_the_empty_string_is_never_the_catalogue_header():
    i18n.set_language("fr")
    assert i18n._("") == ""


def _frame(scene_name, lang, game=None):
    app = App(size=(1280, 720), window=False)
    app.set_language(lang)
    shots.build(app, scene_name, game)
    app.step()
    app.draw()
    data = pygame.image.tobytes(app.screen, "RGB")
    app.quit()
    return data


def test_switching_to_french_changes_every_scene(toy_catalogue):
    for name in ("title", "chooser", "settings", "controls", "rules"):
        assert _frame(name, "en") != _frame(name, "fr"), f"{name} looks the same in French"
    for name in ("seats", "curtain", "pause", "results"):
        assert _frame(name, "en", "toy-snap") != _frame(name, "fr", "toy-snap"), name
    i18n.set_language("fr")
    assert i18n._("Play") == "Jouer"
    i18n.set_language("en")
    assert i18n._("Play") == "Play"


def test_the_settings_list_names_each_language_in_itself_and_the_choice_persists():
    from game.app.menus import SettingsScene
    from game.settings import SettingsStore
    from game.userdirs import config_dir

    from .drive import press

    app = App(size=(1280, 720), window=False)
    app.push(SettingsScene(app))
    seen = []
    for _step in i18n.LANGUAGES:
        seen.append(app.top.menu.items[0].value)
        press(app, "confirm")  # the Language item cycles
    assert seen == list(i18n.LANGUAGES.values())
    assert seen[2:] == ["Español", "Deutsch", "Nederlands", "Italiano"]
    for lang in ("de", "it"):
        while app.settings.language != lang:
            press(app, "confirm")
        assert SettingsStore(config_dir() / "settings.toml").load().language == lang
    app.quit()


def test_switching_language_in_settings_redraws_every_scene_without_a_restart(toy_catalogue):
    """One app, one scene stack: the settings' language switch (App.set_language)
    changes what an already built scene draws, in every language."""
    for name, game in (("chooser", None), ("rules", "wokup"), ("table", "wokup"), ("pause", "toy-snap")):
        app = App(size=(1280, 720), window=False)
        shots.build(app, name, game)
        frames = {}
        for lang in ("en", "de", "it"):
            app.set_language(lang)
            app.draw()
            frames[lang] = pygame.image.tobytes(app.screen, "RGB")
        app.quit()
        assert len(set(frames.values())) == 3, f"{name} did not change with the language"


def _shape(text: str) -> list[str]:
    """A rules page's outline: per line, heading, picture (with its moment), list item,
    numbered step, text or blank."""
    out = []
    for line in text.splitlines():
        figure = table_pictures.figure_in(line, "")
        kind = (
            f"![{figure.moment}]"
            if figure
            else "#"
            if line.startswith("#")
            else "-"
            if line.startswith("- ")
            else "1."
            if line[:3].rstrip(" .").isdigit()
            else "text"
        )
        out.append(kind if line.strip() else "")
    return out


def test_every_rules_page_exists_in_every_language_with_the_english_outline():
    """The rules screen falls back to English silently (game/app/rules_screen.py):
    a missing or half-translated page must fail here instead."""
    folder = i18n.ASSETS / "rules"
    games = sorted({p.name.split(".")[0] for p in folder.glob("*.en.md")})
    assert len(games) >= 5
    problems = []
    for game in games:
        english = _shape((folder / f"{game}.en.md").read_text(encoding="utf-8"))
        for lang in i18n.TRANSLATED:
            page = folder / f"{game}.{lang}.md"
            if not page.exists():
                problems.append(f"{page.name} is missing")
            elif _shape(page.read_text(encoding="utf-8")) != english:
                problems.append(f"{page.name} does not follow {game}.en.md line by line")
    assert not problems, "\n".join(problems)


def test_the_glossary_has_a_column_per_language():
    text = (i18n.ASSETS / "locale" / "glossary.md").read_text(encoding="utf-8")
    header = "| English | Français | Español | Deutsch | Nederlands | Italiano |"
    assert (
        header
        == "| " + " | ".join(i18n.LANGUAGES[lang] if lang != "en" else "English" for lang in i18n.LANGUAGES) + " |"
    )
    assert text.count(header) >= 6  # the arcade and the five games


def test_key_names_follow_the_language():
    # The French Controls screen showed "Enter / Backspace / Space / R-Shift".
    from game.input.devices import key_label

    try:
        i18n.set_language("fr")
        assert [key_label(k) for k in ("return", "backspace", "space", "right shift", "e")] == [
            "Entrée",
            "Retour arrière",
            "Espace",
            "Maj D",
            "E",
        ]
    finally:
        i18n.set_language("en")
    assert key_label("return") == "Enter"


def test_every_plural_form_of_every_catalogue_is_reached():
    """Each count shows one of the catalogue's own forms, whatever plural rule the
    installed Babel's CLDR data has: Babel 2.19 gave French, Spanish and Italian a
    third form that the catalogues lack, and "32 recipes left" showed in English."""
    from babel.messages import pofile

    try:
        for lang in i18n.TRANSLATED:
            i18n.set_language(lang)
            for domain in i18n.domains():
                path = i18n.catalogue_path(domain, lang)
                with path.open("rb") as f:
                    plurals = [m for m in pofile.read_po(f, locale=lang) if isinstance(m.id, tuple) and m.string]
                for m in plurals:
                    for n in (0, 1, 2, 5, 21, 32, 100, 1_000_000):
                        got = i18n.ngettext(m.id[0], m.id[1], n)
                        assert got in m.string, (lang, m.id, n, got)
    finally:
        i18n.set_language("en")

"""Every marked string has its French translation; switching language changes the screens."""

import pygame

from game import i18n
from game.app import shots
from game.app.app import App


def test_french_catalogues_cover_every_marked_string_and_nothing_stale():
    problems = []
    for path, wanted in i18n.domains().items():
        have = i18n.read_po(path) if path.exists() else {}
        missing = sorted(m for m in wanted if not have.get(m))
        stale = sorted(set(have) - wanted)
        if missing:
            problems.append(f"{path}: no French for {missing[:5]}{' ...' if len(missing) > 5 else ''}")
        if stale:
            problems.append(f"{path}: stale entries {stale[:5]} (run python -m game i18n)")
    assert not problems, "\n".join(problems)


def test_marked_string_extraction_sees_both_markers(tmp_path):
    src = tmp_path / "m.py"
    src.write_text('x = _("Hello")\ny = N_("World")\nz = f(_("{n} cards"))\nw = _(name)\n')
    assert i18n.marked_strings([src]) == {"Hello", "World", "{n} cards"}


def test_po_reader_handles_continuations_and_escapes(tmp_path):
    po = tmp_path / "x.po"
    po.write_text('msgid ""\nmsgstr "header"\n\nmsgid "a \\"b\\""\nmsgstr ""\n"c "\n"d"\n')
    assert i18n.read_po(po) == {'a "b"': "c d"}


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

"""Every scene is laid out at every common window shape (16:9, 16:10, 4:3, 21:9,
TVs, laptops, an odd 1600x700): drawn at each size, the boxes the scene reports
while drawing (texts, cards, chips: Ui.boxes) never overlap and never leave the
window. Tables are checked in many situations, reached by random legal moves."""

import pygame
import pytest

from game.app import layout, shots
from game.app.app import App
from game.app.pause import PauseScene
from game.app.results import ResultsScene
from game.app.session import default_seats
from game.app.table_making import make_table
from game.engine import Rng

MENUS = [n for n in shots.names() if n not in ("table", "bots", "curtain", "pause", "results")]


def assert_laid_out(app, what: str) -> None:
    found = []
    for size in layout.all_sizes():
        found += [f"{what} at {size[0]}x{size[1]}: {p}" for p in layout.check(app, size)]
    assert not found, "\n".join(found[:12])


def emptied(app):
    """The app with its scenes closed and gone, for the next scene to be built in it: one app
    for many scenes (a new app each cost more than drawing it: the mixer's close, 30 ms, and
    the text measures forgotten). Its language and window are as they were: layout.check
    and layout.sweep put them back."""
    for scene in app.scenes:
        close = getattr(scene, "close", None)
        if close:
            close()
    app.scenes = []
    return app


def only(app, scene):
    emptied(app).push(scene)
    return scene


def test_the_checker_finds_overlaps_and_boxes_outside():
    area = pygame.Rect(0, 0, 100, 100)
    ok = [
        ("text", pygame.Rect(0, 0, 10, 10)),
        ("text", pygame.Rect(10, 0, 10, 10)),
        ("card", pygame.Rect(0, 20, 50, 50)),
    ]
    assert layout.problems(ok + [("text", pygame.Rect(5, 25, 10, 10))], area) == []  # a tag on its card
    assert layout.problems([("text", pygame.Rect(0, 0, 10, 10)), ("text", pygame.Rect(5, 5, 10, 10))], area)
    assert layout.problems([("chip", pygame.Rect(0, 0, 10, 10)), ("card", pygame.Rect(5, 5, 10, 10))], area)
    assert layout.problems([("text", pygame.Rect(45, 15, 10, 10)), ("card", pygame.Rect(0, 20, 50, 50))], area)
    assert layout.problems([("card", pygame.Rect(95, 0, 10, 10))], area)
    ring = ("frame", pygame.Rect(0, 20, 30, 30))  # a glow around part of the card: lies on it
    assert layout.problems(ok + [ring, ("text", pygame.Rect(5, 25, 10, 10))], area) == []
    assert layout.problems(ok + [ring, ("text", pygame.Rect(25, 25, 10, 10))], area)  # cut through
    banner = ("banner", pygame.Rect(0, 60, 100, 20))  # a claim's result over the table for a moment
    assert layout.problems([banner, ("text", pygame.Rect(5, 65, 30, 10))], area) == []
    assert layout.problems(ok + [banner], area), "a banner over a card hides it while it is up"
    assert layout.problems([banner, ("text", pygame.Rect(5, 75, 30, 10))], area)  # its word off its edge
    under = [("text", pygame.Rect(0, 0, 10, 10)), ("cover", pygame.Rect(0, 0, 50, 50))]
    assert layout.problems(under + [("text", pygame.Rect(5, 5, 10, 10))], area) == []  # hidden by the cover


def test_a_window_of_any_shape_shows_the_whole_16_9_stage_centred():
    app = App(size=(1600, 700), window=False)
    assert app.stage_rect == pygame.Rect(178, 0, 1244, 700)  # bars at the sides, nothing cropped
    app.screen = pygame.Surface((1024, 768))
    app._set_stage(app.screen)
    assert app.stage_rect == pygame.Rect(0, 96, 1024, 576)  # 4:3: bars above and below
    app.quit()


@pytest.mark.parametrize("name", MENUS)
def test_menus_and_screens(name):
    app = App(size=(1920, 1080), window=False)
    shots.build(app, name, None, 1)
    assert_laid_out(app, name)
    app.quit()


def random_table(app, gid: str, seats: int, actions: int, seed: int = 5):
    """A table of `seats` (two humans, the rest bots) after `actions` random legal moves,
    with the view of the human to act open (or the curtain down for them)."""
    session = shots.session_for(app, gid, seed, seats)
    scene = make_table(app, session)
    rng = Rng(seed)
    for _i in range(actions):
        if scene.state.is_over():
            break
        seat = rng.choice(scene.state.actors())
        scene.submit(seat, scene.state.sample_action(seat, rng))
    human = next((s for s in scene.state.actors() if s in session.humans()), None)
    if human is not None:
        scene.viewer, scene.curtain_for = human, None
    app.push(scene)
    return scene


@pytest.mark.parametrize(
    "gid, seats",
    [("wewillwokyou", 2), ("wewillwokyou", 4), ("cheaterchefs", 2), ("cheaterchefs", 4), ("cheaterchefs", 6)]
    + [("relleno", 2), ("relleno", 4), ("relleno", 6), ("yatai", 2), ("yatai", 4)],
)
def test_turn_based_tables_in_many_situations(gid, seats):
    app = App(size=(1920, 1080), window=False)
    for actions in (0, 15, 40, 90, 100_000):
        scene = random_table(emptied(app), gid, seats, actions)
        assert_laid_out(app, f"{gid} {seats} seats after {len(scene.state.log)} moves")
        if scene.state.is_over():
            app.push(ResultsScene(app, scene.session))
            assert_laid_out(app, f"{gid} results")
    app.quit()


@pytest.mark.parametrize(
    "moment", ["start", "midflight", "slap", "wrong_slap", "wokup", "learning", "counts", "end", "replay"]
)
def test_wok_up_moments(moment):
    app = App(size=(1920, 1080), window=False)
    shots.build(app, f"table:{moment}", "wokup", 1)
    assert_laid_out(app, f"wokup {moment}")
    app.quit()


def test_a_wok_up_replay_with_every_seat_pressing_stays_off_the_mats():
    app = App(size=(1920, 1080), window=False)
    session = shots.session_for(app, "wokup", 1, 6)
    scene = make_table(app, session)
    app.push(scene)
    type(scene).moments()["replay"](scene)
    first = scene.replay.marks[0][1]
    scene.replay.marks = [(seat, first + seat * 3e6) for seat in range(6)]  # six presses, 3 ms apart
    assert scene.replay.playing
    assert_laid_out(app, "wokup replay, six presses")
    app.quit()


@pytest.mark.parametrize("seats", [2, 3, 5, 6])
def test_wok_up_with_every_number_of_seats(seats):
    app = App(size=(1920, 1080), window=False)
    session = shots.session_for(app, "wokup", 2, seats)
    session.seats[:] = default_seats(seats, list(session.gdef.bots))
    scene = make_table(app, session)
    app.push(scene)
    scene.run_for(20)
    assert_laid_out(app, f"wokup {seats} seats")
    app.quit()


def test_curtain_and_pause_over_a_table():
    app = App(size=(1920, 1080), window=False)
    shots.build(app, "curtain", "cheaterchefs", 1)
    assert_laid_out(app, "curtain")
    app.push(PauseScene(app, app.top))
    assert_laid_out(app, "pause")
    app.quit()


# Every table moment and every screen, in every language, at a TV's, a laptop's and a 4:3
# size: no text over text, out of its box or through a frame, none under ui.MIN_TEXT; every
# seat with its keys shown (game/app/seat_keys.py), so a hint over a word is found too.
SWEEP_SIZES = [(1920, 1080), (1280, 720), (1024, 768)]


def _seat_counts() -> list[tuple[str, int]]:
    from game.app import catalogue

    return [(e.id, n) for e in catalogue.load() if e.playable for n in range(e.players[0], e.players[1] + 1)]


KEYED = ["keyboard-1", "keyboard-2", "keyboard-3"]


def keyed(scene):
    """Every seat shows its keys, as a human's on a shared keyboard: keyboards 1-3, then
    keyboard 2 again for the seats after (its labels are the longest: "Eingabe",
    "Rücktaste"). Set after the moment is reached, so the bots played the way there."""
    for seat, cfg in enumerate(scene.session.seats):
        cfg.kind, cfg.controller = "human", KEYED[seat] if seat < len(KEYED) else "keyboard-2"
    return scene


@pytest.mark.parametrize("gid, seats", _seat_counts())
def test_every_moment_at_every_seat_count_size_and_language(gid, seats):
    from game import i18n

    app = App(size=(1920, 1080), window=False)
    moments = list(type(make_table(app, shots.session_for(app, gid, 1, seats))).moments())
    found = []
    for moment in moments:
        only(app, keyed(shots.table(app, gid, 1, moment, seats)))
        found += [f"{gid} {seats} seats {moment} {p}" for p in layout.sweep(app, SWEEP_SIZES, list(i18n.LANGUAGES))]
    app.quit()
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:20])


GAME_SCREENS = ["rules", "seats", "curtain", "pause", "results", "tutorial", "history"]


@pytest.mark.parametrize("name", [n for n in shots.names() if n not in ("table", "bots")])
def test_every_screen_in_every_language_and_size(name):
    from game import i18n
    from game.app import catalogue

    games = [e.id for e in catalogue.load() if e.playable] if name in GAME_SCREENS else [None]
    found = []
    app = App(size=(1920, 1080), window=False)
    for game in games:
        shots.build(emptied(app), name, game, 1)
        found += [f"{name} {game or ''} {p}" for p in layout.sweep(app, SWEEP_SIZES, list(i18n.LANGUAGES))]
    app.quit()
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:20])


def test_a_focus_ring_is_not_drawn_over_a_panel_covering_the_table():
    """Relleno's 'Time cards revealed' panel had the focused book card's ring drawn over
    it, every day and in the rules picture: a ring under a cover is not drawn."""
    app = App(size=(1920, 1080), window=False)
    scene = shots.table(app, "relleno", 1, "reveal", 4)
    app.push(scene)
    rings = []
    real = scene.live
    scene.live = lambda surf, area, paint: (rings.append(pygame.Rect(area)), real(surf, area, paint))[1]
    app.draw()
    assert scene.focused() is not None and app.ui.covers, "the moment shows a focus and a panel over the table"
    assert not [r for r in rings if r.collidelist(app.ui.covers) >= 0]
    app.quit()


def test_the_layout_check_sees_the_words_on_cached_faces(monkeypatch):
    """Cheater Chefs' order chips are cached faces: their names are reported where the
    chip lies (each inside its chip's box), and a name too long for a chip even on
    two lines at MIN_TEXT fails the sweep ("Pomme de terre" was cut off, unseen)."""
    import game.cheaterchefs.scene as chefs

    app = App(size=(1920, 1080), window=False)
    scene = shots.table(app, "cheaterchefs", 1, "start", 2)
    scene.viewer, scene.curtain_for = 0, None  # Ana's kitchen open: her order's chips shown
    app.push(scene)
    app.ui.boxes = []
    app.draw()
    chips = [r for kind, r in app.ui.boxes if kind == "chip"]
    words = [r for kind, r in app.ui.boxes if kind == "text" and r.collidelist(chips) >= 0]
    app.ui.boxes = None
    assert len(chips) == 4 and len(words) >= 4 and all(r.collidelist(chips) >= 0 for r in words)
    assert layout.sweep(app, [(1920, 1080)], ["fr"]) == []
    real, long = chefs.words, "Pomme de terre de Noirmoutier nouvelle récolte"
    monkeypatch.setattr(chefs, "words", lambda entry, field: long if field == "name" else real(entry, field))
    found = layout.sweep(app, [(1280, 720)], ["fr"])
    app.quit()
    assert any(long in p for p in found), found[:5]


def test_the_last_move_beside_a_long_prompt_fits_on_its_line(monkeypatch):
    """We Will Wok You's bottom line: the prompt on the left, the last move on the right. A
    row of three bought ("Ana ha comprado la hilera A por 4: 1 Brócoli, 1 Zanahoria, 1 Pulpo")
    beside the laying prompt overflowed in Spanish and French, and ran over the prompt at
    1280x720: the sweep saw it only when a busy machine cut the bots' search short."""
    from game.wewillwokyou.scene import WokScene

    app = App(size=(1920, 1080), window=False)
    scene = shots.table(app, "wewillwokyou", 1, "laying", 3)
    app.push(scene)
    long = "Ana ha comprado la hilera A por 4: 1 Brócoli, 1 Zanahoria, 1 Pulpo"
    monkeypatch.setattr(WokScene, "last_move_text", lambda self, exclude=None: long)
    found = layout.sweep(app, SWEEP_SIZES, ["es", "fr"])
    app.quit()
    assert not found, "\n".join(found[:8])

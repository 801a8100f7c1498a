"""A frame draws and presents only what changed (App.frame, game/app/live.py):
an untouched table presents nothing, a pulsing ring only its own area, a moving
token only where it was and where it is; what is on screen is always what a
whole frame would show."""

import pygame
import pytest

from game.app import forward, shots
from game.app.app import STEP, App
from game.app.kiosk_screens import AttractScene
from game.app.table_drawing import _split
from game.app.table_making import make_table
from game.app.theatre import ReplayScene
from game.app.ui import ACCENT
from game.engine.rng import Rng
from game.wokup.scene import WokUpScene

from .toy_scene import ToyScene

SIZE = (640, 360)


class Presents:
    """Counts what the loop gives the window: whole flips and updated rectangles."""

    def __init__(self, monkeypatch) -> None:
        self.flips, self.rects = 0, []
        monkeypatch.setattr(pygame.display, "flip", self._flip)
        monkeypatch.setattr(pygame.display, "update", self._update)

    def _flip(self) -> None:
        self.flips += 1

    def _update(self, rects) -> None:
        self.rects.append(list(rects))

    def clear(self) -> None:
        self.flips, self.rects = 0, []


def loop(app: App, steps: int) -> None:
    """The real loop's frame work (App.run), without its waiting for the wall clock."""
    for _i in range(steps):
        app.step()
        app.present(app.frame())


def watched_app() -> App:
    app = App(size=SIZE, window=False)
    app.motion = True  # as in a window: eased moves and live parts on
    return app


class RingScene(ToyScene):
    private_views = False
    """The toy table with a token that can be sent elsewhere and a choice ringed."""

    token_at = pygame.Rect(40, 200, 40, 40)

    def draw_table(self, surf):
        super().draw_table(surf)
        rect = self.motion.place("token", self.token_at)
        pygame.draw.rect(surf, (200, 60, 60), rect)
        self.target(pygame.Rect(400, 250, 120, 60), do=lambda seat, ev: True, key="choice")


class OpenToy(ToyScene):
    private_views = False  # no "pass to" curtain: the table itself is on screen


def toy_table(app: App, scene_class=OpenToy):
    session = shots.session_for(app, "toy-snap", 1, 2)
    table = scene_class(app, session)
    app.push(table)
    return table


def test_an_untouched_table_presents_nothing(monkeypatch, toy_catalogue):
    app = watched_app()
    presents = Presents(monkeypatch)
    toy_table(app)
    loop(app, 3)
    assert presents.flips >= 1, "the first frame is presented whole"
    presents.clear()
    loop(app, 120)  # two seconds nobody touches
    print(f"untouched toy table, 120 steps: {presents.flips} flips, {len(presents.rects)} updates")
    assert presents.flips == 0 and presents.rects == []
    app.quit()


def test_a_pulsing_ring_presents_only_its_area(monkeypatch, toy_catalogue):
    app = watched_app()
    presents = Presents(monkeypatch)
    table = toy_table(app, RingScene)
    loop(app, 3)
    assert table.my_turn() is not None, "a human is to act: the focus ring pulses"
    presents.clear()
    loop(app, 30)
    ring = pygame.Rect(400, 250, 120, 60).inflate(app.ui.px(10) + 4, app.ui.px(10) + 4)
    assert presents.flips == 0
    assert presents.rects and all(rects == [ring] for rects in presents.rects), presents.rects[:3]
    app.quit()


def test_a_moving_token_presents_only_its_rectangles(monkeypatch, toy_catalogue):
    app = watched_app()
    presents = Presents(monkeypatch)
    table = toy_table(app, RingScene)
    loop(app, 3)
    table.token_at = pygame.Rect(300, 200, 40, 40)  # the token lies elsewhere now: it glides there
    app.dirty = True  # as a move does
    loop(app, 1)
    presents.clear()
    loop(app, 40)  # the glide (0.32 s) and its landing
    path = pygame.Rect(40, 200, 40, 40).union(pygame.Rect(300, 200, 40, 40))
    margin = app.ui.px(16)
    ring = pygame.Rect(400, 250, 120, 60).inflate(app.ui.px(10) + 4, app.ui.px(10) + 4)
    shown = [r for rects in presents.rects for r in rects if r != ring]  # the focus ring pulses meanwhile
    assert presents.flips == 0 and shown
    assert all(path.inflate(2 * margin, 2 * margin).contains(r) for r in shown), shown
    assert all(r.w <= 40 + 2 * margin + 60 for r in shown), "each rectangle is the token's, not the path's"
    assert not table.motion.settling, "it landed"
    presents.clear()
    loop(app, 10)
    assert presents.flips == 0 and all(rects == [ring] for rects in presents.rects), "landed: only the ring pulses"
    app.quit()


def test_a_glide_draws_only_its_own_area(monkeypatch, toy_catalogue):
    """While a token glides over a table otherwise still, the frames after the move's are
    drawn (not only presented) in the glide's area alone, clipped, over the last frame
    with its live parts taken off: no whole draw until it landed, and the picture equals
    a whole frame's, pixel for pixel, at points along the glide."""
    app = watched_app()
    Presents(monkeypatch)
    table = toy_table(app, RingScene)
    loop(app, 3)
    table.token_at = pygame.Rect(300, 200, 40, 40)
    app.dirty = True  # as a move does: this frame is drawn whole, the glide starts
    loop(app, 1)
    areas: list[pygame.Rect] = []
    draw_part = table.draw_part
    monkeypatch.setattr(
        table,
        "draw_part",
        lambda surf: (
            areas.extend(map(pygame.Rect, table._mend)),
            draw_part(surf),
        )[1],
    )
    drawn, mended, compared = app.drawn, app.mended, 0
    while table.motion.settling:
        loop(app, 1)
        if len(areas) in (2, 7, 12):  # early, midway, near the end: the screen as a whole frame draws it
            shown = app.screen.copy()
            app.draw()
            assert app.screen.get_view("2").raw == shown.get_view("2").raw, f"frame {len(areas)} differs"
            compared += 1
        assert len(areas) < 60, "the glide never ends"
    margin = app.ui.px(16)
    path = pygame.Rect(40, 200, 40, 40).union(pygame.Rect(300, 200, 40, 40)).inflate(2 * margin, 2 * margin)
    print(f"glide: {len(areas)} frames drawn in part (areas {[a.size for a in areas]}), {app.drawn - drawn} whole")
    assert app.drawn == drawn, "no whole draw while it glides"
    assert app.mended - mended == len(areas) >= 10 and compared == 3
    assert all(path.contains(a) for a in areas), areas
    assert all(a.h == 40 + 2 * margin and a.w < 40 + 2 * margin + 60 for a in areas), "the token's two places"
    app.quit()


def test_a_glide_along_the_stages_edge_is_drawn_in_part(monkeypatch, toy_catalogue):
    """A token gliding along the stage's right edge, its ring reaching past it: the part past
    the edge is not seen, so the frames are still drawn in part, not thrown away and drawn
    whole (We Will Wok You's market cards glide there)."""
    app = watched_app()
    Presents(monkeypatch)
    table = toy_table(app, RingScene)
    table.token_at = pygame.Rect(610, 20, 30, 40)
    app.dirty = True
    loop(app, 80)  # it glided there and landed
    assert glide(app, table, pygame.Rect(610, 300, 30, 40), 10) == (0, 10) and table.motion.settling
    app.quit()


def glide(app: App, table, to: pygame.Rect, frames: int) -> tuple[int, int]:
    """The toy's token sent to `to` (that frame drawn whole, as a move's), then `frames`
    frames while it glides: how many of those were drawn whole, how many in part."""
    table.token_at = to
    app.dirty = True
    loop(app, 1)
    drawn, mended = app.drawn, app.mended
    loop(app, frames)
    return app.drawn - drawn, app.mended - mended


class PanelScene(RingScene):
    """The toy table with a breathing ring at its top left and, when `panel` is set, a
    panel over its middle (as a buy's reveal lies over We Will Wok You's table)."""

    panel = False
    ring_at = pygame.Rect(20, 20, 100, 60)

    def covered(self):
        return self.panel

    def setting(self):
        return (*super().setting(), self.panel)

    def draw_table(self, surf):
        super().draw_table(surf)
        self.draw_turn(surf, self.ring_at, ACCENT)
        if self.panel:
            self.ui.shade(surf, 150)
            self.ui.panel(surf, pygame.Rect(160, 80, 320, 200))


def test_a_glide_under_a_panel_is_drawn_in_part_away_from_the_still_live_parts(monkeypatch, toy_catalogue):
    """Under a panel the live parts are painted in place and stand still; a glide (a coin
    flying to a seat behind a buy's reveal) was drawn whole every frame for it. Away from
    those parts it is drawn in part, and the picture equals a whole frame's; a glide over
    one of them is still drawn whole."""
    app = watched_app()
    Presents(monkeypatch)
    table = toy_table(app, PanelScene)
    table.panel = True
    app.dirty = True
    loop(app, 3)
    assert glide(app, table, pygame.Rect(300, 300, 40, 40), 6) == (0, 6) and table.motion.settling
    shown = app.screen.copy()
    app.draw()
    assert app.screen.get_view("2").raw == shown.get_view("2").raw, "drawn in part, it differs from a whole frame"
    table.token_at = pygame.Rect(40, 90, 40, 40)  # just under the ring
    app.dirty = True
    loop(app, 80)  # landed
    assert glide(app, table, pygame.Rect(40, 30, 40, 40), 4) == (4, 0), "into the ring painted in place: whole"
    app.quit()


class FlipScene(RingScene):
    """The toy table with a card that turns over in its place (a recipe turned at Wok Up)."""

    card_at = pygame.Rect(400, 40, 60, 90)

    def draw_table(self, surf):
        super().draw_table(surf)
        wide = self.motion.flip("card", self.card_at)
        card = self.card_at.inflate(round(self.card_at.w * (wide - 1)), 0)
        pygame.draw.rect(surf, (230, 220, 200), card)


def test_a_card_turning_over_in_its_place_is_drawn_there_alone(monkeypatch, toy_catalogue):
    """A flip narrows a card about its middle within its place: given that place, the frames
    while it turns are drawn only there (each was drawn whole), and the picture equals a
    whole frame's midway and once it has turned."""
    app = watched_app()
    Presents(monkeypatch)
    table = toy_table(app, FlipScene)
    loop(app, 3)
    table.motion.reveal("card")
    app.dirty = True  # as a move does: this frame is drawn whole, the flip starts
    loop(app, 1)
    whole, mended, compared = 0, app.mended, 0
    while table.motion.busy:
        drawn = app.drawn
        loop(app, 1)
        whole += app.drawn - drawn
        if app.mended - mended in (5, 15):
            shown = app.screen.copy()
            app.draw()
            assert app.screen.get_view("2").raw == shown.get_view("2").raw, "midway, it differs from a whole frame"
            compared += 1
        assert app.mended - mended < 200, "the flip never ends"
    loop(app, 2)
    shown = app.screen.copy()
    app.draw()
    assert app.screen.get_view("2").raw == shown.get_view("2").raw, "turned, it differs from a whole frame"
    assert whole == 0 and app.mended - mended >= 10 and compared == 2, (whole, app.mended - mended)
    app.quit()


def test_a_flight_and_rising_points_draw_only_their_own_area(monkeypatch, toy_catalogue):
    """A picture flying across the table and points rising are drawn in their own area too
    (their places are known before drawing), equal to a whole frame along the way."""
    app = watched_app()
    Presents(monkeypatch)
    table = toy_table(app, RingScene)
    loop(app, 3)
    table.motion.fly("wewillwokyou.coin", pygame.Rect(60, 80, 40, 40), pygame.Rect(420, 120, 40, 40))
    table.motion.rise("+3", (900, 700), ACCENT)
    drawn, mended, frames = app.drawn, app.mended, 0
    while table.motion.settling:
        loop(app, 1)
        frames += 1
        if frames in (3, 12, 40):
            shown = app.screen.copy()
            app.draw()
            assert app.screen.get_view("2").raw == shown.get_view("2").raw, f"frame {frames} differs"
        assert frames < 120, "the motion never ends"
    print(f"a flight and points rising: {app.mended - mended} frames drawn in part, {app.drawn - drawn} whole")
    assert app.drawn == drawn and app.mended - mended == frames > 40
    app.quit()


def test_a_flight_started_after_still_frames_starts_at_its_source(monkeypatch, toy_catalogue):
    """A still table draws nothing, so the motion's clock (ticked in a frame drawn) stood
    still meanwhile: a flight and rising points started in a step after a pause (a bot's
    move, a claim judged) began part-way along, or after half a second never showed at all.
    They start at the scene's time: the first frame draws the flight at its source."""
    app = watched_app()
    Presents(monkeypatch)
    table = toy_table(app, RingScene)
    loop(app, 60)  # a second of a still table: nothing drawn
    src, dst = pygame.Rect(60, 80, 40, 40), pygame.Rect(420, 120, 40, 40)
    app.step()  # a step applies a move, whose `on_applied` starts them:
    table.motion.fly("wewillwokyou.coin", src, dst)
    table.motion.rise("+3", (900, 700), ACCENT)
    app.present(app.frame())
    assert table.motion.flights and table.motion.rises, "dropped before they were ever drawn"
    coin = table.motion.damage(0)[0]  # where the frame drew the coin
    print(f"the flight's first frame: drawn at {coin}, its source {src}")
    assert abs(coin.centerx - src.centerx) + abs(coin.centery - src.centery) <= 2
    app.quit()


def test_faces_a_move_changed_are_drawn_in_part_after_its_frame(monkeypatch):
    """Yatai's stalls are faces: a move's frame is drawn whole with the faces it changed
    still as they were, and the frames after it paint them one a frame, each frame drawn
    only where that face lies; at rest, the picture is what a whole frame shows."""
    app = watched_app()
    Presents(monkeypatch)
    table = shots.table(app, "yatai", 1, "midgame")
    app.reset_to(table)
    table.session.bots = None
    loop(app, 130)  # past the glows of the moment's set-up
    drawn, mended = app.drawn, app.mended
    lagged = 0
    for _move in range(8):  # moves, most changing the stall of the seat that played
        seat = next(s for s in table.state.actors() if s >= 0)
        table.submit(seat, table.state.legal_actions(seat)[0])
        loop(app, 1)
        lagged += table.faces.lagging  # the move's frame left its new faces for the next frames
        whole = app.drawn
        loop(app, 10)
        assert app.drawn == whole and not table.faces.lagging, "the faces came, drawn in part"
    print(f"yatai, 8 moves: {app.drawn - drawn} frames drawn whole, {app.mended - mended} in part, {lagged} lagged")
    assert app.drawn - drawn == 8 and lagged >= 2 and app.mended - mended >= lagged
    shown = app.screen.copy()
    app.draw()
    assert app.screen.get_view("2").raw == shown.get_view("2").raw, "the frames drawn in part differ from a whole one"
    table.close()
    app.quit()


@pytest.mark.parametrize(
    ("game", "scene"),
    [("yatai", "bots"), ("relleno", "bots"), ("relleno", "table:midgame"), ("wewillwokyou", "bots")],
)
def test_a_bots_move_is_drawn_only_in_the_regions_it_changed(monkeypatch, game, scene):
    """At a table of bots, a move's frame draws only the regions of the picture whose part
    changed (Yatai: its top line and left column; Relleno: its top lines, and the book, the
    order or the seats a move changed), each clipped in turn: faces drawn in a place keep
    theirs as they were, which the frames after it bring, each drawn in part. At rest the
    picture is what a whole frame shows, pixel for pixel; at a table with humans too
    (`table:midgame`: their keys shown, their moves played here as well, drawn whole)."""
    app = watched_app()
    Presents(monkeypatch)
    table = shots.build(app, scene, game, 1)
    table.session.bots = None  # the moves are played here, one at a time
    loop(app, 130)  # past the glows of the set-up
    assert scene != "bots" or table.my_turn() is None
    bot, rng = forward.quick_bot(table.session.gdef), Rng(1)
    parted = 0
    for move in range(40):  # the set-up's moves pass the turn (lit stalls change): drawn whole
        seat = next(s for s in table.state.actors() if s >= 0)
        before = table.regions() or []
        assert table.submit(seat, bot.choose(table.state, seat, rng))
        whole, mended = app.drawn, app.mended
        app.step()
        rects = app.frame()
        app.present(rects)
        if app.mended > mended:  # a move's frame drawn in part: only where its regions changed
            parted += 1
            after = table.regions() or []
            assert rects is not None and len(after) == len(before)
            changed = [rect for (rect, key), (_r, was) in zip(after, before) if key != was]
            kept = [rect for (rect, key), (_r, was) in zip(after, before) if key == was]
            drawn = [rect for rect in rects if rect not in table.damage()]  # not the live parts
            if not changed:  # a hidden move: drawn in the smallest region, where faces are seen
                changed = [min((rect for rect, _key in after), key=lambda r: r.w * r.h)]
                kept.remove(changed[0])
            # The changed regions, top first, in at most two passes under half the stage; the
            # others in the next frames (the picture at rest is checked below). A region kept
            # is drawn only by an area where something glides (a coin flying to a seat).
            assert any(area.contains(changed[0]) for area in drawn), "the topmost changed region first"
            glides = table.motion.damage(app.ui.px(16)) or []
            assert not any(area.colliderect(rect) and area.collidelist(glides) < 0 for area in drawn for rect in kept)
        else:
            assert app.drawn == whole + 1
        loop(app, 10)
        assert not table.faces.lagging, "the faces came"
        shown = app.screen.copy()
        app.draw()
        assert app.screen.get_view("2").raw == shown.get_view("2").raw, f"move {move}: differs from a whole frame"
        if table.state.is_over():
            break
    print(f"{game} {scene}, {move + 1} moves: {parted} frames of a move drawn in part")
    assert parted >= 8
    table.close()
    app.quit()


class RowsScene(OpenToy):
    """The toy table cut into six rows, each showing one word."""

    words = ["a", "b", "c", "d", "e", "f"]

    def look(self):
        return (*super().look(), *self.words)

    def regions(self):
        w, h = self.app.stage.get_size()
        return [(pygame.Rect(0, i * h // 6, w, h // 6), word) for i, word in enumerate(self.words)]

    def draw_table(self, surf):
        for i, word in enumerate(self.words):
            self.ui.text(surf, word, (100, 20 + 180 * i), 60, ACCENT)


def rows_table(monkeypatch, scene_class) -> tuple[App, Presents, RowsScene, list[pygame.Rect]]:
    """A toy table cut into rows (its own words to change), drawn: the app, what it
    presents, the table and its rows."""
    app = watched_app()
    presents = Presents(monkeypatch)
    table = toy_table(app, scene_class)
    table.words = list(table.words)
    loop(app, 3)
    return app, presents, table, [rect for rect, _word in table.regions()]


def test_regions_past_two_passes_or_half_the_stage_come_in_the_next_frame(monkeypatch, toy_catalogue):
    """Three rows apart changed: the top two are drawn in the move's frame (two passes), the
    third in the next, and the picture is then what a whole frame shows. Rows one above the
    other are drawn as one area while under half the stage. What a frame left is never left
    again: with more than two areas to draw then, the frame is drawn whole. A change of the
    table's setting (a word over it) is drawn whole: the picture changes as one."""
    app, presents, table, rows = rows_table(monkeypatch, RowsScene)

    def changed(*words: tuple[int, str]) -> list[pygame.Rect] | None:
        """What the next frame presents after these rows changed (None: a whole flip)."""
        presents.clear()
        for i, word in words:
            table.words[i] = word
        loop(app, 1)
        return None if presents.flips else presents.rects[0]

    drawn = changed((0, "g"), (2, "h"), (4, "i"))
    assert drawn is not None and rows[0] in drawn and rows[2] in drawn and rows[4] not in drawn
    assert changed() == [rows[4]], "the row left for later comes next"
    loop(app, 3)
    shown = app.screen.copy()
    app.draw()
    assert app.screen.get_view("2").raw == shown.get_view("2").raw, "drawn over two frames, unlike a whole frame"
    assert changed((1, "j"), (2, "k")) == [rows[1].union(rows[2])], "rows one above the other: one area"
    # Rows 0-2 are half the stage: 0 and 1 as one area, then no room for 2 nor 4, next frame.
    assert changed((0, "l"), (1, "m"), (2, "n"), (4, "o")) == [rows[0].union(rows[1])]
    assert changed() == [rows[2], rows[4]]
    assert changed((0, "p"), (2, "q"), (4, "s")) == [rows[0], rows[2]]
    assert changed((0, "t"), (2, "u")) is None, "row 4 left, then three areas: whole"
    table.flash("Not now")  # a word over the table: its setting changed
    assert changed((0, "v")) is None, "the setting changed: whole"
    app.quit()


class GlidingRows(RowsScene):
    """The rows, with a token that can be sent along the bottom one."""

    token_at = pygame.Rect(40, 310, 30, 30)

    def draw_table(self, surf):
        super().draw_table(surf)
        pygame.draw.rect(surf, (200, 60, 60), self.motion.place("token", self.token_at))


def test_a_row_changed_while_a_token_glides_is_drawn_in_part(monkeypatch, toy_catalogue):
    """A row changed while a token still glides in another (a bot's buy at We Will Wok You
    while the last coin still flies to a seat) is drawn in that row and where the token
    glides, not whole; the picture is a whole frame's, pixel for pixel, then and once it
    landed."""
    app, presents, table, rows = rows_table(monkeypatch, GlidingRows)
    table.token_at = pygame.Rect(500, 310, 30, 30)
    app.dirty = True  # as a move does: this frame is drawn whole, the glide starts
    loop(app, 3)
    assert table.motion.settling
    presents.clear()
    drawn, mended = app.drawn, app.mended
    table.words[0] = "g"
    loop(app, 1)
    assert app.drawn == drawn and app.mended == mended + 1 and not presents.flips, "drawn in part"
    areas = presents.rects[0]
    assert rows[0] in areas and len(areas) == 2 and any(rows[5].contains(a) for a in areas), areas
    for when in ("gliding", "landed"):
        shown = app.screen.copy()
        app.draw()
        assert app.screen.get_view("2").raw == shown.get_view("2").raw, f"{when}: differs from a whole frame"
        loop(app, 40)
    assert not table.motion.settling
    app.quit()


def test_relleno_reveal_with_every_card_turned_is_not_drawn_each_frame():
    """Relleno's reveal reads the clock only while its cards turn over: once they have,
    the panel stays up without the table being drawn again each frame."""
    app = watched_app()
    table = shots.table(app, "relleno", 1, "reveal")
    app.reset_to(table)
    table.session.bots = None
    app.step()
    app.draw()
    assert table.reveal_at is not None and table.clock < table.reveal_at + 3, "the reveal is up"
    table.clock += STEP
    assert table.changes() != "whole", table.changes()
    table.close()
    app.quit()


def test_relleno_reveal_turns_its_cards_over_in_their_rows_alone(monkeypatch):
    """While the reveal's time cards turn over, one after another, only their rows are
    painted and presented (live parts), and what is shown is what a whole frame shows;
    once every card has turned, one whole frame, then nothing until the reveal goes."""
    app = watched_app()
    presents = Presents(monkeypatch)
    table = shots.table(app, "relleno", 1, "reveal")
    app.reset_to(table)
    table.session.bots = None
    loop(app, 1)
    table.reveal_at, app.dirty = table.clock, True  # the cards begin to turn
    loop(app, 1)
    presents.clear()
    loop(app, 30)  # half a second: the cards turning
    box = table.ui.rect(260, 180, 1400, 140 + 92 * len(table.revealed))
    assert presents.flips == 0 and len(presents.rects) == 30
    assert all(box.contains(rect) for rects in presents.rects for rect in rects)
    shown = app.screen.copy()
    app.draw()
    assert app.screen.get_view("2").raw == shown.get_view("2").raw, "the turning cards differ from a whole frame"
    loop(app, 60)  # every card has turned
    presents.clear()
    loop(app, 60)
    assert presents.flips == 0 and not any(presents.rects), "the turned cards stand still"
    table.close()
    app.quit()


def test_a_drawing_that_reads_the_clock_is_drawn_whole_each_frame(monkeypatch, toy_catalogue):
    """Safety: a scene animating from `clock` outside a live part is never frozen."""

    class Clocked(OpenToy):
        def draw_table(self, surf):
            super().draw_table(surf)
            pygame.draw.circle(surf, ACCENT, (100 + round(100 * self.clock) % 300, 300), 10)

    app = watched_app()
    presents = Presents(monkeypatch)
    toy_table(app, Clocked)
    loop(app, 3)
    presents.clear()
    loop(app, 10)
    assert presents.flips == 10
    app.quit()


GAMES = ["relleno", "yatai", "wewillwokyou", "cheaterchefs", "wokup"]


@pytest.mark.parametrize("game", GAMES)
def test_live_frames_show_what_a_whole_frame_shows(game):
    """Every moment of every game comes to rest when nothing happens; then, after frames
    where only live parts were repainted, the picture equals the whole frame drawn at
    the same scene time, pixel for pixel."""
    app = watched_app()
    table = shots.table(app, game, 1, "start")
    checked = 0
    for moment in type(table).moments():
        table.close()
        table = shots.table(app, game, 1, moment)
        app.reset_to(table)
        table.session.bots = None  # nothing moves but the clock
        app.step()
        app.draw()
        for _i in range(90):  # past any glide or rising points a moment's set-up started
            table.clock += STEP
            app.draw()
        shown = table.curtain_for is None  # behind the curtain motion waits for the table to show
        assert not (shown and table.motion.busy), f"{game} {moment}: still moving with nothing happening"
        if table.changes() != "live":
            continue
        for _i in range(7):
            table.clock += STEP
            table.draw_live(app.stage)
        live = app.screen.copy()
        app.draw()
        assert app.screen.get_view("2").raw == live.get_view("2").raw, f"{game} {moment}: live frame differs"
        checked += 1
    print(f"{game}: {checked} moments with live parts checked")
    table.close()
    app.quit()


def test_a_table_moment_with_live_parts_exists():
    """The check above is not empty: a real table waiting for its human repaints live parts."""
    app = watched_app()
    table = make_table(app, shots.session_for(app, "yatai", 1))
    app.push(table)
    type(table).moments()["choosing"](table)
    table.session.bots = None
    app.step()
    app.draw()
    assert table.changes() == "live" and table.draw_live(app.stage)
    table.close()
    app.quit()


def test_the_last_scene_leaving_ends_the_loop_quietly(monkeypatch, toy_catalogue):
    """Quit from the title pops the last scene during a step: the frame after it draws
    nothing and nothing fails (no 'a scene failed', no title opened again)."""
    app = watched_app()
    Presents(monkeypatch)
    recovered = []
    monkeypatch.setattr(app, "recover", lambda: recovered.append(True))
    toy_table(app)
    loop(app, 2)
    app.pop()
    assert app.frame() == [] and not app.running and not recovered
    app.quit()


def test_the_hall_of_fame_presents_only_its_moving_banner(monkeypatch, toy_catalogue):
    """Attract mode's hall of fame is drawn again only when it drifts a pixel; the frames
    between give the window the banner's last and next places, put back and painted
    over the picture kept, which is what a whole frame shows."""
    app = App(size=SIZE, window=False, kiosk=True)
    app.motion = True
    app.settings.kiosk.games = ["toy-snap"]
    app.mode.start()
    attract = app.top
    assert isinstance(attract, AttractScene)
    presents = Presents(monkeypatch)
    loop(app, 3)
    presents.clear()
    drawn = app.drawn
    loop(app, 120)  # two seconds, before the first demo
    assert app.top is attract
    banner = attract.banner_rect().size
    moved = presents.rects
    print(f"hall of fame, 120 steps: {app.drawn - drawn} drawn whole, {presents.flips} flips, {len(moved)} updates")
    assert app.drawn - drawn <= 6, "drawn whole only when it drifted a pixel (a few times in 2 s)"
    assert presents.flips == app.drawn - drawn and len(moved) >= 100
    assert all(r.size == banner for rects in moved for r in rects), moved[:3]
    shown = app.screen.copy()
    app.draw()
    assert app.screen.get_view("2").raw == shown.get_view("2").raw, "the banner's frames differ from a whole one"
    app.quit()


def test_the_theatre_draws_its_table_at_the_size_shown_and_only_when_it_changes(monkeypatch):
    """A replay at rest presents nothing; a move shown draws the table once, straight at
    the size of its view (its own Ui at that scale), never whole and then scaled down."""
    app = watched_app()
    shots.build(app, "replay", "relleno", 1)
    theatre = app.top
    assert isinstance(theatre, ReplayScene)
    drawn_on: list[tuple[int, int]] = []
    table_draw = theatre.table.draw
    monkeypatch.setattr(theatre.table, "draw", lambda surf: (drawn_on.append(surf.get_size()), table_draw(surf)))
    smoothscale = pygame.transform.smoothscale
    scaled: list[tuple[int, int]] = []
    monkeypatch.setattr(pygame.transform, "smoothscale", lambda s, size: (scaled.append(size), smoothscale(s, size))[1])
    presents = Presents(monkeypatch)
    loop(app, 3)
    drawn_on.clear()
    presents.clear()
    loop(app, 60)  # paused: a second of nothing
    assert presents.flips == 0 and presents.rects == [] and drawn_on == []
    theatre.step(1)
    loop(app, 60)  # the move shown, its glides if any
    view = app.ui.rect(30, 96, 1360, 765).size
    print(f"theatre: one move shown, the table drawn {len(drawn_on)} times at {set(drawn_on)}; {presents.flips} flips")
    assert drawn_on and set(drawn_on) == {view} and view not in scaled, "drawn at its size, not scaled to it"
    assert theatre.table.ui.u == pytest.approx(view[0] / 1920, abs=0.002)
    assert presents.flips == len(drawn_on) or presents.flips == len(drawn_on) + 1
    app.quit()


def test_wokup_tokens_in_flight_are_drawn_in_part(monkeypatch):
    """Wok Up's throw: its tokens' places this frame (the pymunk bodies) and last frame's
    are known before drawing, so the frames after the throw's first are drawn only where
    tokens were and are while only tokens move (in one area, or two when they fly apart),
    whole only where those would cover half the stage (tokens spread over the table); the picture
    equals a whole frame's, pixel for pixel, at points along the flight."""
    app = watched_app()
    Presents(monkeypatch)
    table = shots.table(app, "wokup", 1, "settled")
    app.reset_to(table)
    loop(app, 2)
    waited = 0
    while not table.driver.flying():  # the next throw starts
        loop(app, 1)
        waited += 1
        assert waited < 60 * 30, "no throw came"
    look = table.look()  # the throw's first frame was drawn whole (its look changed)
    stage = app.stage.get_rect()
    mended, frames, compared, whole, wide = app.mended, 0, 0, [], 0
    while table.driver.flying() and table.look() == look:
        splash = table._clock < table.splash_until
        drawn, part = app.drawn, app.mended
        app.step()
        own = [r for r in (pygame.Rect(r).clip(stage) for r in table.own_moves()) if r.w and r.h]
        spread = pygame.Rect(own[0]).unionall(own[1:]) if own else pygame.Rect(0, 0, 0, 0)
        wide += bool(own) and _split(own, stage.w * stage.h // 2) is None  # one area or two
        app.present(app.frame())
        frames += 1
        if app.drawn > drawn and table.look() == look and not (splash and table._clock >= table.splash_until):
            whole.append((frames, spread.size))  # not the frame the splash went or the throw landed in
        if app.mended > part and app.mended - mended in (1, 12, 24):  # frames drawn in part, along the way
            shown = app.screen.copy()
            app.draw()
            assert app.screen.get_view("2").raw == shown.get_view("2").raw, f"frame {frames} differs"
            compared += 1
        assert frames < 600, "the throw never lands"
    print(f"wokup throw: {frames} frames, {app.mended - mended} drawn in part, whole {len(whole)}: {whole}")
    assert compared == 3
    assert len(whole) == wide, "drawn whole only where the tokens' area covered half the stage"
    assert app.mended - mended >= frames - wide - 2 and app.mended - mended >= 24
    table.close()
    app.quit()


def test_wokup_claims_paint_only_their_decks_on_the_table_layer(monkeypatch):
    """A bot's claim landing at Wok Up (a recipe won, a deck turned over) changes a deck of
    the table's painted layer (felt, wok, decks): the claim's frame paints that deck's area
    again, in place, not a new layer whole (a new 1080p layer painted whole was 6-8 ms:
    most of the claim's frame). The picture then equals a whole frame drawn with the layer
    painted afresh, pixel for pixel."""
    app = watched_app()
    Presents(monkeypatch)
    table = shots.table(app, "wokup", 1, "settled")
    app.reset_to(table)
    painted: list[pygame.Rect] = []
    paint = WokUpScene._paint_static

    def spy(scene, layer) -> None:
        painted.append(layer.get_clip())
        paint(scene, layer)

    monkeypatch.setattr(WokUpScene, "_paint_static", spy)
    loop(app, 2)

    def shown_decks() -> list:
        return [(len(deck), up and deck[-1]) for deck, up in zip(table.state.decks, table.state.face_up, strict=True)]

    layer, changes = table._static, []
    for _frame in range(60 * 60):
        decks = shown_decks()
        painted.clear()
        loop(app, 1)
        if shown_decks() == decks:
            assert not painted, "the layer is painted only when a deck changed"
            continue
        moves = [entry["action"]["type"] for entry in table.state.log[-2:]]
        changed = [d for d in range(5) if shown_decks()[d] != decks[d]]
        assert table._static is layer, f"{moves}: a new layer painted whole"
        assert painted == [table._deck_area(d) for d in changed], f"{moves}: painted {painted}, decks {changed}"
        changes.append((moves[-1], changed, [r.size for r in painted]))
        shown = app.screen.copy()
        table._static_key = None  # the next frame paints the layer afresh, whole
        app.draw()
        assert app.screen.get_view("2").raw == shown.get_view("2").raw, f"{moves}: differs from a whole frame"
        assert painted[-1] == app.stage.get_rect()
        layer = table._static
        if len(changes) == 6:
            break
    print(f"wokup claims and turns: {changes}")
    assert len(changes) == 6 and {move for move, _d, _s in changes} >= {"resolve", "turn"}
    table.close()
    app.quit()


def test_things_moving_far_apart_are_drawn_in_two_areas_not_whole():
    """A card gliding at the top and a coin flying at the bottom: the frame is drawn in the
    two areas around them (their union would be most of the stage); things spread all over
    it are drawn whole; things close together in one area."""
    half = 1920 * 1080 // 2
    top, bottom = pygame.Rect(1500, 40, 340, 130), pygame.Rect(100, 880, 80, 80)
    assert _split([top, bottom], half) == [top, bottom]
    assert _split([top, top.move(20, 10)], half) == [top.union(top.move(20, 10))]
    spread = [pygame.Rect(x, y, 300, 200) for x in (0, 800, 1600) for y in (0, 440, 860)]
    assert _split(spread, half) is None


@pytest.mark.parametrize("game", GAMES)
def test_no_moment_keeps_a_face_as_big_as_half_the_stage(game):
    """A face is painted once and blitted with its alpha: one as big as the stage (Yatai's
    final scoring was) costs a fresh 8 MB surface at 1080p the frame it comes up (12 ms in
    the yatai/bots bench) and a full-stage alpha blit each whole frame; drawn directly, it
    costs neither. Every moment of every game, drawn, keeps only small faces."""
    app = watched_app()
    table = shots.table(app, game, 1, "start")
    half = SIZE[0] * SIZE[1] // 2
    for moment in type(table).moments():
        table.close()
        table = shots.table(app, game, 1, moment)
        app.reset_to(table)
        app.step()
        app.draw()
        sizes = [face.get_size() for face, _boxes in table.faces._faces.values()]
        big = [(w, h) for w, h in sizes if w * h >= half]
        assert not big, f"{game} {moment}: faces {big}"
    table.close()
    app.quit()

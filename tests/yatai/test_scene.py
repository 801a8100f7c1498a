"""The Yatai table turns taps into legal actions (a tile then an arrow, a lit
tile of the line, a queue, a board space), refuses a wrong choice with a
message, and plays, saves, resumes and undoes through the app."""

from game.app.saves import SaveStore
from game.app.session import Session, default_seats
from game.app.table import action_key
from game.app.table_making import make_table
from game.i18n import language
from game.yatai import GAME
from game.yatai.rules import Choice, Phase
from tests.app.drive import press, tap

from .helpers import begin, cook, empty_crate, fridge, line, queue, space, started, tile


def scene_with(app, state=None, humans: int = 1, saves=None, seats: int = 2):
    configs = default_seats(seats, list(GAME.bots))
    for i, cfg in enumerate(configs):
        cfg.kind = "human" if i < humans else "bot"
        cfg.controller = None  # pointer and keyboard act for the open view
    session = Session(GAME, configs, None, 3, saves)
    if state is not None:
        # A built position is not replayable from the seed: tell its past as silent lines.
        session.state = state
        session._lines = [{"seat": e["seat"], "text": ""} for e in state.log]
        session._told = len(state.log)  # the history counts the entries told (main's ca2d035), not its lines
        session._lines_language = language()
    scene = make_table(app, session)
    scene._update_viewer()
    app.push(scene)
    app.draw()
    return scene


def keys(scene) -> set[str]:
    return {t.key for t in scene.targets}


def on_tile(seats: int = 2):
    state = started(seats)
    begin(state, 0)
    assert state.phase == Phase.TILE
    return state


def test_a_tile_then_an_arrow_lights_the_line_and_slide_inserts_it(app):
    scene = scene_with(app, on_tile())
    tile, played = scene.state.free[1], len(scene.state.log)
    tap(app, scene, f"free:{tile}")
    assert scene.tile_pick == tile and len(scene.state.log) == played
    tap(app, scene, "arrow:4")  # row 2 from the left: lit, not yet played
    assert scene.arrow_pick == 4 and scene.state.phase == Phase.TILE
    grid, out = scene._preview(scene.state.observation(None))
    assert grid[1][0] == tile and out == scene.state.grid[1][2]
    assert scene._line_cells(4) == [(1, 0), (1, 1), (1, 2)]
    tap(app, scene, "button:slide")
    assert scene.state.log[-1]["action"] == {"type": "insert", "tile": tile, "arrow": 4}
    assert scene.state.line == 4 and scene.tile_pick is None


def test_tapping_the_lit_arrow_again_slides_the_tile_in(app):
    scene = scene_with(app, on_tile())
    tile = scene.state.free[0]
    tap(app, scene, f"free:{tile}")
    tap(app, scene, "arrow:1")
    tap(app, scene, "arrow:1")
    assert scene.state.log[-1]["action"] == {"type": "insert", "tile": tile, "arrow": 1}


def test_the_keyboard_picks_a_tile_then_an_arrow_and_confirms(app):
    scene = scene_with(app, on_tile())
    first = scene.state.free[0]
    press(app, "confirm")  # the focus starts on the first free tile
    assert scene.tile_pick == first
    for _ in range(len(scene.state.free)):
        press(app, "right")
    assert scene.focus_key == "arrow:0"
    press(app, "confirm")
    assert scene.arrow_pick == 0 and scene.state.phase == Phase.TILE
    press(app, "confirm")  # the same arrow again: slide it in
    assert scene.state.log[-1]["action"] == {"type": "insert", "tile": first, "arrow": 0}


def test_an_arrow_without_a_tile_is_refused_with_a_message(app):
    scene = scene_with(app, on_tile())
    before = len(scene.state.log)
    tap(app, scene, "arrow:0")
    assert len(scene.state.log) == before and scene.arrow_pick is None
    assert "free tile" in scene.flash_text


def serving_state():
    """Seat 0 runs a serve + recycle column with a red guest, a red dish and a red drink."""
    state = on_tile()
    queue(state, 0, "red")
    cook(state, 0, "red")
    fridge(state, 0, "red", "blue")
    empty_crate(state, 0)
    line(state, "serve_1", "recycle")
    return state


def test_a_lit_tile_with_several_options_shows_them_and_a_button_plays_one(app):
    scene = scene_with(app, serving_state())
    assert "slot:0" in keys(scene)
    tap(app, scene, "slot:0")  # two drinks could go with the dish: choose below
    assert scene.slot_pick == 0
    app.draw()
    options = [a for a in scene._offered.values() if a["type"] == "serve"]
    assert {tuple(a["drinks"]) for a in options} == {("red",), ("blue",)}
    serve = next(a for a in options if a["drinks"] == ["red"])
    tap(app, scene, action_key(serve))
    assert scene.state.log[-1]["action"] == serve
    assert scene.state.pending[0]["kind"] == Choice.BOARD


def test_the_served_guest_is_seated_by_tapping_the_board_and_a_wrong_space_is_refused(app):
    state = serving_state()
    state.apply(0, {"type": "serve", "slot": 0, "drinks": ["red"], "taiyaki": False})
    scene = scene_with(app, state)
    red = space("menu", red=True)  # a red edge space: not for the first guest
    before = scene.state.to_json()
    tap(app, scene, action_key({"type": "board", "space": red}))
    assert scene.state.to_json() == before and "Not allowed" in scene.flash_text
    good = scene.state.board_spaces(0)[0]
    tap(app, scene, action_key({"type": "board", "space": good}))
    assert scene.state.chefs[0]["board"][good] == "red"


def test_drawn_guests_go_to_the_queue_tapped(app):
    state = on_tile()
    line(state, "customers_1", "recycle")
    scene = scene_with(app, state)
    tap(app, scene, "slot:0")
    assert scene.state.pending and scene.state.pending[0]["kind"] == Choice.GUEST
    app.draw()
    guest_taps = [t for t in scene.targets if '"type": "guest"' in t.key or '"type": "replace"' in t.key]
    assert guest_taps
    target = next(t for t in guest_taps if '"seat": 1' in t.key and '"guest"' in t.key)
    press(app, "point", pos=target.rect.center)
    assert scene.state.log[-1]["action"]["seat"] == 1


def test_back_undoes_an_insertion_and_first_clears_a_pick(app):
    scene = scene_with(app)
    scene.play_until(lambda s: s.phase == Phase.TILE and s.turn == 0)
    before = scene.state.to_json()
    tile = scene.state.free[0]
    tap(app, scene, f"free:{tile}")
    press(app, "back")  # clears the pick, undoes nothing
    assert scene.tile_pick is None and scene.state.to_json() == before
    tap(app, scene, f"free:{tile}")
    tap(app, scene, "arrow:3")
    tap(app, scene, "button:slide")
    assert scene.state.to_json() != before and scene.state.can_undo(0)
    press(app, "back")
    assert scene.state.to_json() == before


def test_the_undo_button_takes_back_the_last_action_of_the_turn(app):
    scene = scene_with(app)
    scene.play_until(lambda s: s.phase == Phase.TILE and s.turn == 0)
    assert "button:undo" not in keys(scene) or scene.state.can_undo(0)
    before = scene.state.to_json()
    assert scene.submit(0, scene.state.legal_actions(0)[0])
    tap(app, scene, "button:undo")
    assert scene.state.to_json() == before


def test_a_yatai_game_saves_and_resumes_through_the_app(app, tmp_path):
    store = SaveStore(tmp_path / "saves")
    scene = scene_with(app, saves=store)
    scene.play_until(lambda s: s.round >= 2 and s.phase == Phase.TILE and s.turn == 0)
    assert not scene.state.is_over()
    assert scene.submit(0, scene.state.legal_actions(0)[0])
    assert store.flush()
    games, problems = store.unfinished()
    (save_id, doc), *_ = [g for g in games if g[1]["game"] == "yatai"]
    assert not problems and len(doc["log"]) == len(scene.state.log)
    resumed = Session.resume(doc, store, GAME, save_id)
    assert resumed.state.to_json() == scene.state.to_json()


def test_four_seats_draw_every_stall_and_the_end_lays_out_the_scoring(app):
    scene = scene_with(app, seats=4, humans=0)
    scene.advance(100_000)
    assert scene.state.is_over()
    app.draw()  # the scoring overlay draws from the result, category by category
    assert scene.state.result and all("dishes" in r and "guests" in r for r in scene.state.result)


def reachable(app, scene, action: dict) -> bool:
    """Whether the screen offers `action` to seat 0: a target for it, or the scene's own steps."""
    app.draw()
    if action["type"] == "insert":
        return {f"free:{action['tile']}", f"arrow:{action['arrow']}"} <= keys(scene)
    if "slot" in action:
        if f"slot:{action['slot']}" not in keys(scene):
            return False
        scene.slot_pick = action["slot"]
    if action["type"] in ("guest", "replace"):
        scene.guest_pick = action["guest"]
    app.draw()
    found = action_key(action) in keys(scene)
    scene.slot_pick, scene.guest_pick = None, 0
    single = "slot" in action and [a.get("slot") for a in scene.state.legal_actions(0)].count(action["slot"]) == 1
    return found or single  # a slot with one action plays it on the tap


def test_every_legal_choice_of_a_human_is_on_the_screen(app):
    """A whole 3-seat game: at each of seat 0's decisions, every legal action can be chosen."""
    scene = scene_with(app, seats=3)
    checked = 0
    while not scene.state.is_over():
        if scene.state.turn == 0:
            for action in scene.state.legal_actions(0):
                assert reachable(app, scene, action), action
            checked += 1
        scene.advance(1)
    assert checked > 20


def drawn_texts(app) -> list[str]:
    """Every text drawn in the next frame, in order."""
    app.ui.sizes = []
    try:
        app.draw()
        return [text for text, _size in app.ui.sizes]
    finally:
        app.ui.sizes = None


def test_the_mouse_over_a_board_space_explains_it_and_the_focus_follows_the_mouse(app):
    from game.yatai import words

    scene = scene_with(app, on_tile())
    where = space("menu", red=True)
    title, effect, red = words.legend(where)
    assert title not in drawn_texts(app)
    scene.hover(scene._stall_view(1).cell_rect(where).center)  # any chef's board is explained
    texts = drawn_texts(app)
    assert title in texts, "the space's bonus is named where the mouse is"
    shown = " ".join(t for t in texts if t in effect or t in red)
    assert effect.split()[-1] in shown and red.split()[-1] in shown, (shown, effect, red)
    free = next(t for t in scene.targets if t.key.startswith("free:"))
    scene.hover(free.rect.center)
    assert scene.focus_key == free.key, "the focus follows the mouse onto a target"
    assert title not in drawn_texts(app), "the explanation goes with the mouse"


def test_the_focused_board_space_is_explained_beside_the_board(app):
    from game.yatai import words

    state = serving_state()
    state.apply(0, {"type": "serve", "slot": 0, "drinks": ["red"], "taiyaki": False})
    scene = scene_with(app, state)
    good = scene.state.board_spaces(0)[-1]
    scene.focus_key = action_key({"type": "board", "space": good})
    assert words.legend(good)[0] in drawn_texts(app)


def _line_of(state, first: str, second: str) -> None:
    """Sliding a free tile in at row 1 from the left makes the line (it, first, second)."""
    wanted = [tile(first), tile(second)]
    free = [tile("customers_1"), tile("recycle")]
    rest = [t for t in range(10) if t not in wanted + free] + free
    state.grid = [[*wanted, rest[0]], rest[1:4]]
    state.free = sorted(rest[4:])


def test_a_tile_whose_line_would_skip_an_action_is_warned_before_it_slides_in(app):
    state = on_tile()
    _line_of(state, "cook_1", "serve_1")  # nobody to serve: without a guest tile the serve is lost
    fridge(state, 0, "blue")
    scene = scene_with(app, state)
    tap(app, scene, f"free:{tile('customers_1')}")
    tap(app, scene, "arrow:3")
    assert not [t for t in drawn_texts(app) if t.startswith("Careful")], "a guest drawn first can be served"
    tap(app, scene, f"free:{tile('recycle')}")
    texts = " ".join(drawn_texts(app))
    assert "Careful: this line skips serve with 1 drink" in texts, texts
    assert scene.state.phase == Phase.TILE, "a warning, not a refusal: the player may still slide it in"


def test_many_options_stay_on_the_choice_panel_with_their_focus_ring(app):
    state = on_tile()
    chef = state.chefs[0]
    chef["menu"], chef["food"], chef["stove_up"] = ["red", "blue", "green", "yellow"], [], True
    line(state, "cook_2", "recycle", "drinks_1")  # 4 dishes, 2 to cook: 16 ways
    scene = scene_with(app, state)
    tap(app, scene, "slot:0")
    app.draw()
    ui = scene.ui
    panel = ui.rect(16, 664, 660, 1070 - 664)
    buttons = [t for t in scene.targets if t.key.startswith("{") and '"cook"' in t.key]
    assert len(buttons) == 16
    for t in buttons:
        ring = t.rect.inflate(ui.px(10), ui.px(10))  # TableScene.draw_focus
        assert panel.contains(ring), (tuple(ring), tuple(panel))

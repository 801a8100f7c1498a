"""The app driven with synthetic events, and its screenshots checked for content."""

import pygame
import pytest

from game.app import catalogue
from game.app.app import App
from game.app.menus import ChooserScene, TitleScene
from game.app.pause import PauseScene
from game.app.results import ResultsScene
from game.app.seats import SeatsScene
from game.app.table import TableScene

from .drive import press, run


def distinct_colours(surf, step=8):
    w, h = surf.get_size()
    return len({tuple(surf.get_at((x, y))) for x in range(0, w, step) for y in range(0, h, step)})


def ink_rows(surf):
    """How many pixel rows hold light text: an empty or black screen has none."""
    w, h = surf.get_size()
    return sum(1 for y in range(0, h, 2) if any(sum(surf.get_at((x, y))[:3]) > 330 for x in range(0, w, 4)))


pytestmark = pytest.mark.app(opens="title")


def test_title_to_coming_soon_refused_and_back_to_quit(app, tmp_path, monkeypatch):
    real = catalogue.load
    monkeypatch.setattr(
        catalogue, "load", lambda: [*real(), catalogue.Entry("soon", "Soon Soup", "5", "Not yet.", None)]
    )
    app.draw()
    pygame.image.save(app.screen, tmp_path / "title.png")
    assert distinct_colours(app.screen) > 10 and ink_rows(app.screen) > 20
    press(app, "confirm")  # Play
    assert isinstance(app.top, ChooserScene)
    chooser = app.top
    soon = next(i for i, e in enumerate(chooser.entries) if e.id == "soon")
    while chooser.menu.index != soon:
        press(app, "down")
    press(app, "confirm")
    assert isinstance(app.top, ChooserScene), "a coming-soon game must not start"
    assert "Soon Soup" in chooser.menu.message
    app.draw()
    assert ink_rows(app.screen) > 20
    press(app, "back")
    assert isinstance(app.top, TitleScene)
    quit_index = next(i for i, it in enumerate(app.top.menu.items) if it.label == "Quit")
    while app.top.menu.index != quit_index:
        press(app, "down")
    press(app, "confirm")
    assert not app.running


def test_a_game_is_chosen_seated_played_paused_and_finished(app, toy_catalogue):
    press(app, "confirm")
    assert isinstance(app.top, ChooserScene)
    assert app.top.entries[0].id == "toy-snap"
    press(app, "confirm")
    seats = app.top
    assert isinstance(seats, SeatsScene)
    press(app, "left")  # fewer players: the count row is first
    assert seats.count == 3
    for _ in range(seats.count + 1):
        press(app, "down")
    press(app, "confirm")  # Start
    table = app.top
    assert isinstance(table, TableScene)
    assert [c.is_bot for c in table.session.seats] == [False, True, True]
    press(app, "menu")
    assert isinstance(app.top, PauseScene)
    press(app, "confirm")  # Resume
    assert app.top is table
    app.settings.bot_delay = 0  # the toy's bots think inline: steps, not a clock, bound the test
    for _step in range(5000):  # the end holds 2.5 s of scene time: 150 steps
        if isinstance(app.top, ResultsScene):
            break
        if 0 in table.state.actors():
            press(app, "confirm", seat=0)
        run(app, 1)
    assert isinstance(app.top, ResultsScene)
    app.draw()
    assert ink_rows(app.screen) > 20


def test_curtain_covers_private_view_until_confirmed(toy_catalogue):
    from game.app import shots

    app = App(size=(1280, 720), window=False)
    scene = shots.build(app, "table", "toy-snap", 1)
    assert scene.curtain_for == 0 and scene.viewer is None
    press(app, "confirm", seat=1)  # the wrong seat cannot lift it
    assert scene.curtain_for == 0
    press(app, "confirm", seat=0)
    assert scene.viewer == 0 and scene.curtain_for is None
    app.quit()


def test_missing_gamepad_is_reported_and_a_new_pad_takes_the_seat(toy_catalogue):
    from game.app import shots
    from game.app.table_making import make_table

    app = App(size=(1280, 720), window=False)
    session = shots.session_for(app, "toy-snap", 1, 2)
    session.seats[0].controller = "gamepad-7"  # not plugged in
    scene = make_table(app, session)
    app.push(scene)
    app.step()
    app.draw()
    assert scene.missing == [0]
    app.devices.pads[12] = object()  # a pad appears (SDL gives it a new number)
    app.step()
    assert scene.missing == [] and session.seats[0].controller == "gamepad-12"
    assert app.devices.seat_of["gamepad-12"] == 0
    assert "Gamepad connected" in app.notice
    app.quit()


def test_gamepad_unplugged_mid_game_is_a_notice_not_a_crash():
    import pygame

    app = App(size=(1280, 720), window=False)
    app.devices.pads[3] = object()
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=3))
    app.poll()
    assert 3 not in app.devices.pads and "disconnected" in app.notice
    app.quit()


def test_back_undoes_within_the_turn_only(toy_catalogue, monkeypatch):
    from game.app import shots
    from game.app.table_making import make_table

    app = App(size=(1280, 720), window=False)
    session = shots.session_for(app, "toy-snap", 4, 2)
    scene = make_table(app, session)
    app.push(scene)
    scene.viewer, scene.curtain_for = 0, None
    start = session.state.to_json()
    # The toy's simultaneous picks are sealed: "back" must not take them back.
    press(app, "confirm", seat=0)
    assert len(session.state.log) == 1
    press(app, "back", seat=0)
    assert len(session.state.log) == 1
    # A turn-based action that may be undone: pretend the rules allow it.
    monkeypatch.setattr(type(session.state), "can_undo", lambda self, seat: len(self.log) > 0)
    press(app, "back", seat=0)
    assert session.state.to_json() == start
    app.quit()


def test_controls_screen_remaps_a_key_and_saves_it():
    import pygame

    from game.app.menus import ControlsScene
    from game.settings import SettingsStore

    app = App(size=(1280, 720), window=False)
    app.push(ControlsScene(app))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e", scancode=0))
    app.poll()
    app.step()  # "e" is keyboard-1's confirm: the scene now waits for a key
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z", scancode=0))
    app.poll()
    app.step()
    assert app.settings.bindings["keyboard-1"]["up"] == ["z"]
    assert SettingsStore(app.store.path).load().bindings["keyboard-1"]["up"] == ["z"]
    evs = app.devices.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z), 1, (1280, 720))
    assert [(e.device, e.control) for e in evs] == [("keyboard-1", "up")]
    app.quit()


def test_bench_lists_every_scene(toy_catalogue):
    from game.app import bench, shots

    names = bench.scene_names()
    for name in shots.names():
        if name not in ("table", "bots"):
            assert name in names
    assert "toy-snap/table:start" in names and "toy-snap/table:end" in names
    assert "toy-snap/bots" in names  # frames while every seat's bot thinks
    row = bench.time_scene("toy-snap/table:midgame", (640, 360), 5)
    assert 0 < row["p50_ms"] <= row["p99_ms"] and 0 <= row["cpu_p50_ms"] <= row["cpu_p99_ms"]
    assert 0 <= row["whole_pct"] <= 100


def test_unplugged_buzzer_pauses_the_table_until_the_same_station_returns(toy_catalogue):
    from game.app import shots
    from game.app.controllers import ControllerWaitScene
    from game.app.table_making import make_table

    app = App(size=(1280, 720), window=False)
    present = ["buzzer-00a1-0"]
    app.devices.sources.append(lambda: list(present))
    session = shots.session_for(app, "toy-snap", 1, 2)
    session.seats[0].controller = "buzzer-00a1-0"
    scene = make_table(app, session)
    app.push(scene)
    app.step()
    assert app.top is scene and scene.missing == []
    present.clear()  # the box is unplugged
    app.step()
    assert isinstance(app.top, ControllerWaitScene) and scene.missing == [0]
    clock = scene.clock
    for _ in range(30):
        app.step()
    assert scene.clock == clock, "the table's time must stand still"
    app.draw()
    present.append("buzzer-00a1-0")  # plugged back in
    app.step()
    assert app.top is scene and session.seats[0].controller == "buzzer-00a1-0"
    app.quit()


def test_seat_screen_defaults_seats_to_their_assigned_buzzer_stations(toy_catalogue):
    from game.app import catalogue
    from game.app.seats import SeatsScene

    app = App(size=(1280, 720), window=False)
    app.settings.buzzers = {"00a1:1": 0, "00a1:0": 2, "00b2:0": 1}
    app.devices.sources.append(lambda: ["buzzer-00a1-0", "buzzer-00a1-1"])  # box 00b2 is absent
    scene = SeatsScene(app, catalogue.load()[0])
    assert scene.seats[0].controller == "buzzer-00a1-1"
    assert scene.seats[2].controller == "buzzer-00a1-0"
    assert scene.seats[1].controller == "keyboard-2"
    app.quit()


def test_a_crashing_scene_is_logged_and_the_arcade_returns_to_the_title(monkeypatch):
    import pygame

    from game import logs
    from game.app.scene import Scene

    class Broken(Scene):
        def update(self, dt):
            raise RuntimeError("a bug in a scene")

        def draw(self, surf):
            pass

    log_file = logs.setup()  # the rotating log in this test's own log folder
    app = App(size=(640, 360))  # a real (dummy-driver) window: run() flips it
    app.push(TitleScene(app))
    app.push(Broken(app))
    recover = App.recover

    def recover_then_quit(self):
        recover(self)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(App, "recover", recover_then_quit)
    app.run()
    assert isinstance(app.scenes[0], TitleScene) and len(app.scenes) == 1
    assert "Something went wrong" in app.notice
    text = log_file.read_text()
    assert "a scene failed (Broken)" in text and "RuntimeError: a bug in a scene" in text


def test_bench_traces_a_scene_frame_by_frame(toy_catalogue):
    """`bench --trace`: one line a frame, with its step's and its frame's CPU, how it was
    drawn and the actions applied in its step (what a p99 is made of)."""
    import io

    from game.app import bench

    out = io.StringIO()
    bench.trace_scene("toy-snap/bots", (640, 360), 40, out)
    lines = out.getvalue().splitlines()
    print("\n".join(lines[:5]))
    assert len(lines) == 40 and all(" ms  frame " in line for line in lines)
    assert {line.split()[7] for line in lines} <= {"whole", "part", "live", "none"}
    assert any('"type"' in line for line in lines), "the bots' moves are named in their frames"


def test_the_loop_settles_memory_after_its_first_frame_and_when_a_table_first_shows(monkeypatch):
    """A full pass of the collector over everything loaded took 43-290 ms, a stutter of
    several frames whenever it came. The loop exempts what lives (gc.freeze) after its
    first frame and when a table is first shown; not for a panel over the table, not
    when the table shows again under it."""
    import gc

    from game.app import memory
    from game.app.scene import Scene

    settled: list[tuple[str, int]] = []
    real = memory.settle

    def settle():
        real()
        settled.append((type(app.top).__name__, gc.get_freeze_count()))

    monkeypatch.setattr(memory, "settle", settle)

    class Counting(Scene):
        def __init__(self, app, then):
            super().__init__(app)
            self.frames, self.then = 0, then

        def update(self, dt):
            self.frames += 1
            if self.frames == 3:
                self.then()

        def draw(self, surf):
            pass

    class Table(Counting):
        long_lived = True

    class Panel(Counting):
        overlay = True

    app = App(size=(640, 360))  # a real (dummy-driver) window: run() flips it
    quit_ = lambda: pygame.event.post(pygame.event.Event(pygame.QUIT))  # noqa: E731

    def panel_closes():
        app.pop()
        table.frames, table.then = 0, quit_  # the table shows again, then the evening ends

    table = Table(app, lambda: app.push(Panel(app, panel_closes)))
    app.push(Counting(app, lambda: app.push(table)))
    try:
        app.run()
    finally:
        gc.unfreeze()  # this test's process goes on collecting as before
    assert [name for name, _n in settled] == ["Counting", "Table"], settled
    assert all(frozen > 1000 for _name, frozen in settled), settled  # the modules, data and fonts at least

"""A game quit mid-way resumes from the title screen in the same state."""
import json
import time

from game.app.app import App
from game.app.menus import TitleScene
from game.app.table import TableScene

from .drive import press, run


def _play_a_little(app, toy_catalogue):
    press(app, "confirm")  # Play
    press(app, "confirm")  # the toy game
    for _ in range(app.top.count + 1):
        press(app, "down")
    press(app, "confirm")  # Start
    table = app.top
    app.settings.bot_delay = 0
    deadline = time.monotonic() + 10
    while len(table.state.log) < 6 and time.monotonic() < deadline:
        if 0 in table.state.actors():
            press(app, "confirm", seat=0)
        run(app, 1)
        time.sleep(0.0005)
    return table


def test_quit_mid_game_then_resume_from_title(toy_catalogue):
    app = App(size=(1280, 720), window=False)
    app.push(TitleScene(app))
    table = _play_a_little(app, toy_catalogue)
    saved = table.state.to_json()
    assert len(table.state.log) >= 6
    app.quit()  # as if the window was closed

    app2 = App(size=(1280, 720), window=False)
    title = TitleScene(app2)
    app2.push(title)
    assert title.menu.items[0].label == "Resume"
    press(app2, "confirm")
    resumed = app2.top
    assert isinstance(resumed, TableScene)
    assert resumed.state.to_json() == saved
    assert [s.name for s in resumed.session.seats] == [s.name for s in table.session.seats]
    app2.quit()


def test_damaged_save_is_reported_and_kept_aside(toy_catalogue):
    app = App(size=(1280, 720), window=False)
    app.saves.path.parent.mkdir(parents=True, exist_ok=True)
    app.saves.path.write_text("{not json")
    title = TitleScene(app)
    assert title.menu.items[0].label == "Play"
    assert "damaged" in app.notice
    assert app.saves.path.with_name("current-game.json.broken").exists()
    app.quit()


def test_save_that_no_longer_replays_is_reported(toy_catalogue):
    app = App(size=(1280, 720), window=False)
    app.saves.write({"game": "toy-snap", "seats": [
        {"name": "A", "colour": "red", "kind": "human", "level": "random", "controller": None},
        {"name": "B", "colour": "blue", "kind": "human", "level": "random", "controller": None}],
        "options": {}, "seed": 1, "log": [{"seat": 0, "action": {"type": "bet", "amount": 9}}]})
    app.push(TitleScene(app))
    press(app, "confirm")  # Resume
    assert isinstance(app.top, TitleScene) and "Could not resume" in app.notice
    assert json.loads(app.saves.path.with_name("current-game.json.broken").read_text())["seed"] == 1
    app.quit()

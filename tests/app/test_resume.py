"""A game quit mid-way resumes from the title screen in the same state."""

import json

from game.app.app import App
from game.app.menus import TitleScene
from game.app.resume import ResumeScene
from game.app.table import TableScene

from .drive import press, run


def _play_a_little(app, toy_catalogue):
    press(app, "confirm")  # Play
    press(app, "confirm")  # the toy game
    for _ in range(app.top.count + 1):
        press(app, "down")
    press(app, "confirm")  # Start
    table = app.top
    app.settings.bot_delay = 0  # the toy's bots think inline: no thread, no clock to wait for
    for _step in range(200):
        if len(table.state.log) >= 6:
            break
        if 0 in table.state.actors():
            press(app, "confirm", seat=0)
        run(app, 1)
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
    press(app2, "confirm")  # the list of unfinished games
    assert isinstance(app2.top, ResumeScene) and len(app2.top.games) == 1
    press(app2, "confirm")
    resumed = app2.top
    assert isinstance(resumed, TableScene)
    assert resumed.state.to_json() == saved
    assert [s.name for s in resumed.session.seats] == [s.name for s in table.session.seats]
    app2.quit()


def test_damaged_save_is_reported_and_kept_aside(toy_catalogue):
    app = App(size=(1280, 720), window=False)
    app.saves.folder.mkdir(parents=True, exist_ok=True)
    app.saves.path("x").write_text("{not json")
    title = TitleScene(app)
    assert title.menu.items[0].label == "Play"
    assert "damaged" in app.notice
    assert app.saves.folder.joinpath("x.json.broken").exists()
    app.quit()


def test_save_that_no_longer_replays_is_reported(toy_catalogue):
    app = App(size=(1280, 720), window=False)
    app.saves.write(
        "old",
        {
            "game": "toy-snap",
            "seats": [
                {"name": "A", "colour": "red", "kind": "human", "level": "random", "controller": None},
                {"name": "B", "colour": "blue", "kind": "human", "level": "random", "controller": None},
            ],
            "options": {},
            "seed": 1,
            "log": [{"seat": 0, "action": {"type": "bet", "amount": 9}}],
        },
    )
    app.push(TitleScene(app))
    press(app, "confirm")  # Resume
    assert isinstance(app.top, ResumeScene) and not app.top.games and "Could not resume" in app.notice
    assert json.loads(app.saves.folder.joinpath("old.json.broken").read_text())["seed"] == 1
    app.quit()


def test_the_history_tells_every_action_and_follows_undo_and_language(tmp_path):
    from game import i18n
    from game.app.saves import SaveStore
    from game.app.session import Session, default_seats
    from game.cheaterchefs import GAME

    seats = default_seats(3, list(GAME.bots))
    session = Session(GAME, seats, None, 11, SaveStore(tmp_path / "saves"))
    for _i in range(6):
        seat = session.state.actors()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    lines = session.history()
    assert len(lines) == 6 == len(session.state.log)
    assert all(line["text"].startswith(seats[line["seat"]].name) for line in lines)
    resumed = Session.resume(
        {"seats": [vars(s) for s in seats], "options": {}, "seed": 11, "log": session.state.log}, None, GAME
    )
    assert [line["text"] for line in resumed.history()] == [line["text"] for line in lines]
    i18n.set_language("fr")
    assert resumed.history()[0]["text"] != lines[0]["text"]  # told again in French


def test_two_unfinished_games_keep_their_own_saves_and_a_finished_one_leaves(tmp_path):
    from game.app.saves import SaveStore
    from game.app.session import Session, default_seats
    from game.cheaterchefs import GAME as CHEFS
    from game.wewillwokyou import GAME as WOK

    store = SaveStore(tmp_path / "saves")
    chefs = Session(CHEFS, default_seats(3, list(CHEFS.bots)), None, 5, store)
    wok = Session(WOK, default_seats(2, list(WOK.bots)), None, 6, store)
    for session in (chefs, wok, chefs):
        seat = session.state.actors()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    games, problems = store.unfinished()
    assert not problems and {doc["game"] for _id, doc in games} == {"cheaterchefs", "wewillwokyou"}
    assert {len(doc["log"]) for _id, doc in games} == {1, 2}
    while not wok.state.is_over():
        seat = wok.state.actors()[0]
        wok.apply(seat, wok.state.legal_actions(seat)[0])
    games, _problems = store.unfinished()
    assert [doc["game"] for _id, doc in games] == ["cheaterchefs"]


def test_writes_leave_the_caller_and_the_newest_text_wins(tmp_path):
    from game.app.saves import SaveStore

    store = SaveStore(tmp_path / "saves")
    for n in range(50):
        store.write("g", {"game": "x", "seats": [], "options": {}, "seed": n, "log": []})
    assert store.flush()
    assert store.read("g")["seed"] == 49
    assert not list(store.folder.glob("*.tmp"))


def test_the_single_save_of_earlier_versions_is_still_offered(tmp_path):
    from game.app.saves import SaveStore

    (tmp_path / "current-game.json").write_text(
        json.dumps({"game": "x", "seats": [], "options": {}, "seed": 3, "log": []})
    )
    games, _problems = SaveStore(tmp_path / "saves").unfinished()
    assert [doc["seed"] for _id, doc in games] == [3]

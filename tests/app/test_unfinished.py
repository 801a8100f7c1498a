"""Through the app: every unfinished game is listed and resumes, abandoning asks
first, and the move history lists every action."""

from game.app.app import App
from game.app.confirm import ConfirmScene
from game.app.history import HistoryScene
from game.app.menus import TitleScene
from game.app.pause import PauseScene
from game.app.resume import ResumeScene
from game.app.session import Session, default_seats
from game.app.table import TableScene
from game.app.table_making import make_table
from game.cheaterchefs import GAME as CHEFS
from game.engine import Rng
from game.wewillwokyou import GAME as WOK

from .drive import press


def _played(app, gdef, seats, seed, moves):
    session = Session(gdef, default_seats(seats, list(gdef.bots)), None, seed, app.saves)
    rng = Rng(seed)
    for _i in range(moves):
        seat = rng.choice(session.state.actors())
        session.apply(seat, session.state.sample_action(seat, rng))
    return session


def _choose(app, label):
    menu = app.top.menu
    while menu.items[menu.index].label != label:
        press(app, "down")
    press(app, "confirm")


def test_two_unfinished_games_of_different_kinds_both_resume():
    app = App(size=(1280, 720), window=False)
    chefs = _played(app, CHEFS, 3, 4, 5)
    wok = _played(app, WOK, 2, 5, 7)
    app.saves.flush()
    app.push(TitleScene(app))
    assert app.top.menu.items[0].value == "2 games"
    press(app, "confirm")
    listing = app.top
    assert isinstance(listing, ResumeScene)
    assert {g.entry.title for g in listing.games} == {"Cheater Chefs", "We Will Wok You"}
    assert {g.seats_text() for g in listing.games} == {"Ana, Bao (bot), and Chloé (bot)", "Ana and Bao (bot)"}
    assert {g.progress_text().split(" · ")[0] for g in listing.games} == {"5 moves", "7 moves"}
    app.draw()
    resumed = []
    for row in range(2):
        for _i in range(row):
            press(app, "down")
        press(app, "confirm")
        table = app.top
        assert isinstance(table, TableScene)
        resumed.append(table.state.to_json())
        press(app, "menu")
        _choose(app, "Quit to menu")  # kept: it is still in the list
        assert isinstance(app.top, TitleScene)
        press(app, "confirm")
    assert sorted(resumed) == sorted([chefs.state.to_json(), wok.state.to_json()])
    app.quit()


def test_abandoning_asks_first_and_deleting_from_the_list_too():
    app = App(size=(1280, 720), window=False)
    _played(app, WOK, 2, 5, 3)
    _played(app, CHEFS, 3, 4, 3)
    app.saves.flush()
    app.push(TitleScene(app))
    press(app, "confirm")
    press(app, "confirm")  # the newest
    press(app, "menu")
    assert isinstance(app.top, PauseScene)
    _choose(app, "Abandon this game")
    assert isinstance(app.top, ConfirmScene) and "cannot be resumed" in app.top.question
    press(app, "confirm")  # "No, keep it" is focused first
    assert isinstance(app.top, PauseScene)
    assert len(app.saves.unfinished()[0]) == 2
    _choose(app, "Abandon this game")
    press(app, "down")
    press(app, "confirm")  # Abandon
    assert isinstance(app.top, TitleScene)
    assert len(app.saves.unfinished()[0]) == 1
    press(app, "confirm")  # Resume: the one left
    press(app, "right")  # its Delete button
    press(app, "confirm")
    assert isinstance(app.top, ConfirmScene)
    press(app, "back")  # no
    assert isinstance(app.top, ResumeScene) and len(app.top.games) == 1
    press(app, "confirm")
    press(app, "down")
    press(app, "confirm")  # Delete
    assert isinstance(app.top, TitleScene) and app.top.menu.items[0].label == "Play"
    assert app.saves.unfinished()[0] == []
    app.quit()


def test_the_history_lists_every_action_of_a_played_game_newest_first():
    app = App(size=(1280, 720), window=False)
    session = Session(WOK, default_seats(3, list(WOK.bots)), None, 8, app.saves)
    app.open("title")
    table = make_table(app, session)
    app.push(table)
    table.play_until(lambda state: len(state.log) >= 40)
    press(app, "menu")
    _choose(app, "Move history")
    history = app.top
    assert isinstance(history, HistoryScene)
    replay = WOK.state_cls(3, {}, 8)
    said = []
    for entry in session.state.log:
        replay.apply(entry["seat"], entry["action"])
        said.append(replay.describe(entry["seat"], entry["action"], session.names()))
    assert [e["text"] for e in reversed(session.history())] == said[::-1]
    shown = " ".join(line for _seat, line in history.lines())
    assert shown == " ".join(reversed(said))  # every action, newest first
    assert any(e["seat"] in (1, 2) for e in session.state.log), "the bots' moves are in it too"
    app.draw()
    press(app, "back")
    assert isinstance(app.top, PauseScene)
    app.quit()


def test_the_history_of_a_finished_game_opens_from_the_results(toy_catalogue):
    from game.app.results import ResultsScene

    from .drive import run

    app = App(size=(1280, 720), window=False)
    app.open("title")
    session = Session(toy_catalogue, default_seats(2, list(toy_catalogue.bots), "random"), None, 3, app.saves)
    table = make_table(app, session)
    app.push(table)
    table.play_until(limit=10_000)
    assert session.state.is_over()
    run(app, 200)  # the final table holds, then the results
    assert isinstance(app.top, ResultsScene)
    _choose(app, "Move history")
    history = app.top
    assert isinstance(history, HistoryScene)
    told = [e["text"] for e in reversed(session.history())]
    assert len(told) == len(session.state.log) and " ".join(line for _s, line in history.lines()) == " ".join(told)
    press(app, "back")
    assert isinstance(app.top, ResultsScene)
    app.quit()


def _finished_save(app, gdef):
    """A save on disk whose log plays a whole game (written by hand: the arcade never writes one)."""
    from game.app.session import Session, default_seats

    session = Session(gdef, default_seats(2, list(gdef.bots), "random"), None, 3, None)
    rng = Rng(3)
    while not session.state.is_over():
        seat = rng.choice(session.state.actors())
        session.apply(seat, session.state.sample_action(seat, rng))
    doc = {"game": gdef.id, "seats": [vars(s) for s in session.seats], "options": {}, "seed": 3}
    app.saves.write(session.save_id, {**doc, "log": session.state.log, "saved_at": 1.0})
    app.saves.flush()
    return session.save_id


def test_a_save_whose_game_is_over_is_never_offered_and_is_tidied_away(toy_catalogue):
    """Issue 22: a finished game must not come back as resumable, whatever left its save behind."""
    app = App(size=(1280, 720), window=False)
    save_id = _finished_save(app, toy_catalogue)
    app.push(TitleScene(app))
    app.open("resume")
    assert isinstance(app.top, ResumeScene) and app.top.games == []
    app.saves.flush()
    assert not app.saves.path(save_id).exists(), "tidied away"
    app.quit()

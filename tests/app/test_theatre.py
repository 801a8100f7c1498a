"""The replay theatre in the app: a finished game is kept at its results screen
(home arcade: SQLite in the data folder), listed from the title, watched with the
controls, exported and imported back; a broken file in the shared folder is
named with its problem and never opened."""

from __future__ import annotations

import time

import pytest

from game.app.app import App
from game.app.results import ResultsScene
from game.app.session import SeatConfig, Session
from game.app.theatre import ReplayScene, ReplaysScene, shared_folder
from game.engine import gamedef
from game.userdirs import data_dir
from tests.replay.conftest import finished

from .drive import press, run


def wait_for(app, done, limit: float = 30.0) -> None:
    """Steps the app until `done()` (the database answers on its own thread)."""
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, "the theatre never got its answer"
        run(app, 1)
        time.sleep(0.005)


pytestmark = pytest.mark.app(opens="title")


def finished_session(app, game: str = "yatai") -> Session:
    state = finished(game)
    names = [("Zoé", "red"), ("Bao", "blue"), ("Chloé", "green"), ("Diego", "yellow")][: state.num_seats]
    seats = [SeatConfig(n, c, "human" if i == 0 else "bot") for i, (n, c) in enumerate(names)]
    return Session(
        gdef=gamedef.find(game), seats=seats, options=state.options, seed=state.seed, saves=app.saves, state=state
    )


def test_a_finished_game_is_kept_listed_and_watched_to_the_identical_end(app):
    session = finished_session(app)
    app.push(ResultsScene(app, session))  # the game's end: kept
    app.restart_at("title")
    title = app.top
    title.menu.index = next(i for i, it in enumerate(title.menu.items) if it.label == "Replays")
    press(app, "confirm")
    listing = app.top
    assert isinstance(listing, ReplaysScene)
    wait_for(app, lambda: listing.rows)
    (row,) = listing.rows
    assert row["game"] == "yatai" and [s["name"] for s in row["seats"]] == ["Zoé", "Bao"]
    assert row["highlights"] and row["highlights"][0]["kind"] == "best-serve"
    started = time.perf_counter()
    press(app, "confirm")
    wait_for(app, lambda: isinstance(app.top, ReplayScene))
    print(f"time to open a replay from the database: {(time.perf_counter() - started) * 1000:.0f} ms")
    theatre = app.top
    assert theatre.player.final.to_json() == session.state.to_json()
    app.draw()
    press(app, "deck0")
    assert theatre.player.position == 0 and theatre.table.state is theatre.player.state
    press(app, "right")
    press(app, "right")
    press(app, "left")
    assert theatre.player.position == 1
    press(app, "up")
    press(app, "up")
    assert theatre.speed == 4
    press(app, "confirm")  # play
    wait_for(app, lambda: theatre.player.position >= 3)
    press(app, "confirm")  # pause
    at = theatre.player.position
    run(app, 120)
    assert theatre.player.position == at
    press(app, "deck2")  # the next highlight
    assert theatre.player.position == row["highlights"][0]["at"]
    press(app, "deck4")
    assert theatre.player.at_end and theatre.table.state.to_json() == session.state.to_json()
    app.draw()
    press(app, "back")
    assert app.top is listing


def test_an_exported_replay_is_imported_from_the_shared_folder_and_a_broken_one_refused(app):
    session = finished_session(app, "cheaterchefs")
    results = ResultsScene(app, session)
    app.push(results)
    results._watch()
    theatre = app.top
    assert isinstance(theatre, ReplayScene) and theatre.player.at_end
    press(app, "export", pos=None)
    exported = data_dir() / "exports" / f"cheaterchefs-{session.save_id.replace('-', '')[:12]}.json"
    assert exported.exists() and str(exported) in theatre.message
    shared_folder().mkdir(parents=True)
    (shared_folder() / "from-a-friend.json").write_bytes(exported.read_bytes())
    (shared_folder() / "zz-broken.json").write_text('{"format": "wok-arcade-replay", "version": 1')
    listing = app.open("replays")
    wait_for(app, lambda: listing.rows is not None)
    names = [e.name for e in listing.entries() if not isinstance(e, dict)]
    assert names == ["from-a-friend.json", "zz-broken.json"]
    listing.index = len(listing.entries()) - 1
    press(app, "confirm")
    assert app.top is listing and "zz-broken.json: not valid JSON" in listing.message
    listing.index = len(listing.entries()) - 2
    press(app, "confirm")
    assert isinstance(app.top, ReplayScene) and app.top.player.final.to_json() == session.state.to_json()


def test_a_demo_or_a_game_without_a_save_is_never_kept(app):
    session = finished_session(app)
    session.demo = True
    assert not app.replays.keep(session)
    session.demo, session.saves = False, None
    assert not app.replays.keep(session)
    assert app.replays.listing().result(30) == []


def test_the_theatre_s_words_fit_their_boxes_in_every_language():
    """The list and a replay at its middle and its end, at 1280x720, in every language."""
    from datetime import datetime

    from game import i18n
    from game.app.replays import replay_of

    shown = App(size=(1280, 720), window=False)
    rows, players = [], []
    for game in ("wokup", "cheaterchefs", "relleno"):
        session = finished_session(shown, game)
        replay = replay_of(session)
        state = session.state
        rows.append(
            {
                "id": replay.id,
                "game": game,
                "ended_at": datetime(2026, 11, 26, 14, 42),
                "seats": replay.seats,
                "winners": state.winners(),
                "scores": list(state.scores()),
                "highlights": replay.highlights,
            }
        )
        players.append(shown.replays.player(session))
    scenes = [ReplaysScene(shown, rows), ReplayScene(shown, players[0])]
    players[1].seek(players[1].length // 2)
    scenes += [ReplayScene(shown, players[1]), ReplayScene(shown, players[2], "Today at 15:42: A. beat B. by 12 ms")]
    found = []
    for scene in scenes:
        shown.reset_to(scene)
        for lang in i18n.LANGUAGES:
            shown.set_language(lang)
            shown.ui.overflows = []
            shown.draw()
            found += [f"{scene.name} [{lang}]: {o}" for o in shown.ui.overflows]
    shown.quit()
    assert not found, "\n".join(found)


def test_a_damaged_row_in_the_database_is_named_not_a_crash(app):
    """A shared PostgreSQL holds other cabinets' rows: one damaged shows in the list
    and is refused with a message when chosen, and its broken highlight is skipped."""
    from game.engine.replay import of_game

    state = finished("yatai")
    damaged = [{"seat": e["seat"]} for e in state.log]  # every move without its action
    kept = of_game("yatai", [{"name": "Ana"}, {"name": "Bao"}], state.options, state.seed, damaged, id="bad1")
    kept.highlights.append({"kind": "best-serve", "score": "high"})  # no move, a score that is no number
    app.replays._store().keep_replay(kept, [0], [1, 0])
    listing = app.open("replays")
    wait_for(app, lambda: listing.rows)
    app.draw()
    press(app, "confirm")
    wait_for(app, lambda: listing.opening is None)
    assert app.top is listing and "damaged" in listing.message


def test_the_list_shows_one_game_s_replays_or_all(app):
    for game in ("cheaterchefs", "yatai"):
        app.replays.keep(finished_session(app, game))
    listing = app.open("replays")
    wait_for(app, lambda: listing.rows and len(listing.rows) == 2)
    shown = []
    for _ in range(4):
        shown.append((listing.only, [e["game"] for e in listing.entries()]))
        press(app, "right")
    assert shown == [
        (None, ["yatai", "cheaterchefs"]),  # newest first: kept last, shown first
        ("yatai", ["yatai"]),  # then each game in the catalogue's order
        ("cheaterchefs", ["cheaterchefs"]),
        (None, ["yatai", "cheaterchefs"]),
    ]
    press(app, "left")
    press(app, "left")
    assert listing.only == "cheaterchefs"  # left goes round the other way
    app.draw()

"""The replay theatre in the app: a finished game is kept at its results screen
(home arcade: SQLite in the data folder), listed from the title, watched with the
controls, exported and imported back; a broken file in the shared folder is
named with its problem and never opened."""

from __future__ import annotations

import time

import pytest

from game.app import shots
from game.app.app import App
from game.app.results import ResultsScene
from game.app.session import SeatConfig, Session
from game.app.theatre import ReplayScene, ReplaysScene, player_of_row, shared_folder
from game.engine import gamedef
from game.engine.replay import Player
from game.userdirs import data_dir
from tests.replay.conftest import finished

from .drive import close_claim_session, press, run


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
    scenes.append(shots.build(shown, "replay-close-claim", seed=3))  # Wok Up's instant replay at its claim
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


def test_a_close_claim_s_instant_replay_is_kept_and_plays_in_the_theatre(app):
    """Kept with the game (no window here: the table records because the game is kept),
    listed, watched: on reaching the claim the wok's last second plays slowly, each
    press marked with its time, the margin in words; the theatre holds meanwhile."""
    import json

    session = close_claim_session(app)
    (clip,) = session.clips
    assert clip["at"] == len(session.state.log)  # the resolve that ended the game
    print(f"a close claim's clip: {len(json.dumps(clip, separators=(',', ':')))} bytes, {len(clip['frames'])} frames")
    app.push(ResultsScene(app, session))
    listing = app.open("replays")
    wait_for(app, lambda: listing.rows)
    press(app, "confirm")
    wait_for(app, lambda: isinstance(app.top, ReplayScene))
    theatre = app.top
    assert theatre.clips == {clip["at"]: clip}  # through the database and back
    theatre.seek(clip["at"] - 1)
    assert not theatre.table.clip_playing
    app.ui.sizes = []
    press(app, "right")  # onto the claim
    assert theatre.table.clip_playing
    shown = []
    while theatre.table.clip_playing:
        assert len(shown) < 10 * 60, "the clip never ended"
        shown.append(theatre.table.replay.at(theatre.table.clock))
        app.draw()
        run(app, 1)
    drawn = {text for text, _size in app.ui.sizes}
    seconds = len(shown) / 60
    print(f"played for {seconds:.2f} s of the theatre, game time {shown[0]:.0f} to {shown[-1]:.0f} ns")
    assert shown == sorted(shown) and shown[-1] - shown[0] >= 0.9 * clip["span"] * 1e6  # the frames advance
    assert 3.5 <= seconds <= 4.5  # a second of the table at a quarter of its speed
    assert {"Replay", "Zoé  +0 ms", "Bao  +12 ms"} <= drawn  # each press marked with its time
    assert any("(by 12 ms)" in text for text in drawn)  # the margin in words
    assert theatre.table.hands and {h["seat"] for h in theatre.table.hands} == {0, 1}  # each slap's hand
    press(app, "left")  # moving on stops what the clip showed
    assert not theatre.table.clip_playing and not theatre.table.hands


def test_a_replay_file_without_clips_plays_without_the_instant_replay(app):
    """An exported file keeps the clip; one of version 1 (before clips) still plays, without it."""
    import json

    from game import replayfile
    from game.app.replays import replay_of

    session = close_claim_session(app)
    state = session.state
    text = replayfile.dumps(replay_of(session), state.winners(), list(state.scores()))
    assert replayfile.load(text.encode(), "with.json").replay.clips == session.clips
    old = {**json.loads(text), "version": 1}
    del old["clips"]
    player = replayfile.load(json.dumps(old).encode(), "old.json")
    assert player.replay.clips == [] and player.final.to_json() == state.to_json()
    theatre = ReplayScene(app, player)
    app.push(theatre)
    theatre.seek(player.length - 1)
    press(app, "right")
    assert theatre.player.at_end and not theatre.table.clip_playing
    app.draw()


def test_a_damaged_clip_in_a_kept_row_is_skipped_and_the_replay_plays_on(app):
    """Another cabinet's row on a shared server: its clips are data to check, never to trust."""
    session = close_claim_session(app)
    at = len(session.state.log)
    row = {
        "id": "r1",
        "game": "wokup",
        "seats": [{"name": "Zoé"}, {"name": "Bao"}],
        "options": session.options,
        "seed": session.seed,
        "log": session.state.log,
        "clips": [{"at": [at]}, "a clip", {"at": at, "frames": "none"}],
    }
    theatre = ReplayScene(app, player_of_row(row))
    app.push(theatre)
    theatre.seek(at - 1)
    press(app, "right")
    assert theatre.player.at_end and not theatre.table.clip_playing
    app.draw()


def test_playing_on_the_theatre_waits_for_a_clip_then_moves_on(app):
    """Played through, the replay reaches the close claim, plays its clip, and only then
    its next move; the highlight's jump plays it again."""
    from game.app.replays import replay_of
    from game.app.table_making import make_table

    seats = [SeatConfig("Zoé", "red"), SeatConfig("Bao", "blue")]
    session = Session(gamedef.find("wokup"), seats, {"target": 3, "learning": False}, 3, app.saves)
    table = make_table(app, session)
    table._claim_moment(right=True, rival_ms=12)
    table.run_for(20)  # the game goes on: the table picks for the winner, throws again
    (clip,) = session.clips
    assert len(session.state.log) > clip["at"] + 3
    theatre = ReplayScene(app, Player(session.gdef.state_cls, replay_of(session)))
    app.push(theatre)
    theatre.seek(clip["at"] - 1)
    press(app, "up")
    press(app, "up")  # x4: the moves come fast, the clip keeps its own pace
    press(app, "confirm")  # play
    wait_for(app, lambda: theatre.player.position == clip["at"])
    held = 0
    while theatre.table.clip_playing:
        assert theatre.player.position == clip["at"] and held < 10 * 60, "the theatre did not wait for the clip"
        run(app, 1)
        held += 1
    print(f"the theatre held the claim's move for {held} steps ({held / 60:.1f} s)")
    assert held >= 3 * 60
    wait_for(app, lambda: theatre.player.position > clip["at"])
    press(app, "confirm")  # pause
    theatre.seek(clip["at"] - 1)
    press(app, "deck2")  # the next highlight: the close claim
    assert theatre.player.position == clip["at"] and theatre.table.clip_playing


def test_a_resumed_game_keeps_the_clips_made_before(app):
    """A cabinet that crashed mid-game resumes it from its save: the close claims of before
    still go with its replay."""
    from game.app.table_making import make_table

    seats = [SeatConfig("Zoé", "red"), SeatConfig("Bao", "blue")]
    session = Session(gamedef.find("wokup"), seats, {"target": 3, "learning": False}, 3, app.saves)
    table = make_table(app, session)
    table._claim_moment(right=True, rival_ms=12)
    table.close()
    assert len(session.clips) == 1 and not session.state.is_over()
    app.saves.flush()
    doc = app.saves.read(session.save_id)
    resumed = Session.resume(doc, app.saves, session.gdef, session.save_id)
    assert resumed.clips == session.clips and resumed.state.to_json() == session.state.to_json()


def test_the_theatre_s_moves_show_every_row_of_each_line_they_show():
    """A long move in words ("… filled … with …, then restocked: 1 back in hand") is
    shown whole: its rows were cut at the third before (the end of the line lost)."""
    from game.engine import history

    shown = App(size=(1280, 720), window=False)
    session = finished_session(shown, "relleno")
    player = shown.replays.player(session)
    scene = ReplayScene(shown, player)
    shown.reset_to(scene)
    longest = 0
    for at in range(1, player.length + 1, 7):
        player.seek(at)
        scene.ui.sizes = []
        shown.draw()
        drawn = " ".join(text for text, _size in scene.ui.sizes)
        latest = history.told(player.lines[:at])[-1]["text"]
        assert " ".join(scene.ui.wrap(latest, 26, 410, bold=True)) in drawn, latest
        longest = max(longest, len(scene.ui.wrap(latest, 26, 410, bold=True)))
    shown.quit()
    print(f"the longest latest line: {longest} rows")
    assert longest > 3, "a game with a line of more than three rows"

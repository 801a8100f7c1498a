"""The tables make their sounds: every action applied at a table (the bots' too)
asks the audio module for its cues, the scenes add what the rules never see
(Wok Up's tokens landing and countdown), and a rendered round under SDL's disk
audio driver writes real, non-silent samples."""

import array

import pytest

from game.app import shots
from game.app.table_making import make_table
from game.engine.rng import Rng
from game.input import PlayerEvent
from game.media.cues import cues, moment

from .test_audio import run_fresh

pytestmark = pytest.mark.app(record_audio=True)


def heard(app) -> list[str]:
    return [r.name for r in app.audio.requests if r.kind == "effect"]


@pytest.mark.parametrize(
    "gid, expected",
    [
        ("wewillwokyou", {"coin_taken", "row_bought", "card_won", "card_flip", "your_turn", "winner"}),
        ("cheaterchefs", {"card_flip", "trap_played", "your_turn", "winner"}),
    ],
)
def test_a_whole_game_at_a_table_sounds_its_moments(app, gid, expected):
    scene = shots.table(app, gid, 2, "end")  # seats 0 and 1 human, the rest bots, played to the end
    names = heard(app)
    assert scene.state.is_over()
    assert expected <= set(names), expected - set(names)
    assert names.count("winner") == 1
    assert names.count("your_turn") >= 2


def _observed(monkeypatch, state) -> list[int]:
    """Each public observation of `state` (its log's length then) from now on."""
    counted = []
    real = type(state).observation

    def observation(self, seat):
        if self is state and seat is None:
            counted.append(len(self.log))
        return real(self, seat)

    monkeypatch.setattr(type(state), "observation", observation)
    return counted


@pytest.mark.parametrize("gid", ["relleno", "wewillwokyou", "cheaterchefs"])
def test_each_move_at_a_table_sounds_its_cues_from_one_observation_of_each_state(app, monkeypatch, gid):
    scene = shots.table(app, gid, 2, "start")
    session, gdef = scene.session, scene.session.gdef
    plain = gdef.state_cls(len(session.seats), session.options, session.seed)  # heard move by move, afresh
    counted = _observed(monkeypatch, session.state)
    versions = set()  # the states (by log length) a move is heard against: before it, after it
    rng = Rng(7)
    while not session.state.is_over():
        seat = rng.choice(session.state.actors())
        action = session.state.sample_action(seat, rng)
        before, start = moment(plain), len(heard(app))
        plain.apply(seat, action)
        secret = plain.secret_step(seat, action)  # heard by nobody: no moment after it
        versions |= {len(plain.log) - 1} if secret else {len(plain.log) - 1, len(plain.log)}
        expected = [] if secret else cues(gdef, before, moment(plain), seat, action, session.humans())
        assert session.apply(seat, action) is None
        assert heard(app)[start:] == expected, (len(plain.log), action)
    assert counted == sorted(versions)  # each observed once: a move's after is the next move's before


def test_an_undone_or_replaced_state_has_a_moment_of_its_own(app, monkeypatch):
    session = shots.table(app, "wewillwokyou", 2, "start").session
    rng = Rng(1)
    while True:
        seat = rng.choice(session.state.actors())
        session.apply(seat, session.state.sample_action(seat, rng))
        if session.state.can_undo(seat):
            break
    taken = session.moment()
    assert session.moment() is taken
    session.undo(seat)
    assert session.moment() == moment(session.state) != taken
    session.state = session.state.clone()  # the same moves, another state: its own moment
    counted = _observed(monkeypatch, session.state)
    session.moment()
    assert counted == [len(session.state.log)]


def test_wok_up_sounds_the_throw_the_landing_the_countdown_and_the_claims(app):
    scene = shots.table(app, "wokup", 2, "start")
    scene.run_for(90, lambda s: {"card_won", "wrong_slap"} & set(heard(app)))
    names = heard(app)
    for name in ("throw_signal", "token_land", "countdown_tick", "slap"):
        assert name in names, names
    assert {"card_won", "wrong_slap"} & set(names)
    # tokens land in a burst: one request per step at most, never one per token per frame
    assert names.count("token_land") < 60


def test_menus_sound_and_play_music(app):
    app.open("title")
    for control in ("down", "up", "confirm"):
        app.top.handle(PlayerEvent("keyboard-1", control, True, 0, None, None))
    names = heard(app)
    assert names[:3] == ["ui_move", "ui_move", "ui_confirm"]
    assert any(r.kind == "music" and r.name == "menu" for r in app.audio.requests)


def test_a_rendered_round_is_heard_through_the_disk_driver(tmp_path):
    out = tmp_path / "audio.raw"
    proc = run_fresh(
        """
        import time
        from game.app import shots
        from game.app.app import App
        app = App(size=(640, 360), window=False)
        app.audio.record = True
        scene = shots.bots_table(app, "wokup", 2)
        app.push(scene)
        for _i in range(3000):  # frames, until the tokens have landed and a claim was judged
            app.step()
            app.draw()
            names = {r.name for r in app.audio.requests if r.played}
            if "token_land" in names and names & {"card_won", "wrong_slap"}:
                break
        # The disk driver writes in real time, slower on a busy machine: wait
        # until what the test asks for is written (or a minute, the safety net).
        import array, os
        path, end = os.environ["SDL_DISKAUDIOFILE"], time.monotonic() + 60
        while time.monotonic() < end:
            data = open(path, "rb").read()
            if sum(abs(s) > 300 for s in array.array("h", data[: len(data) // 2 * 2])) > 44100 * 0.2:
                break
            time.sleep(0.1)
        print("played", sorted(names))
        app.quit()
    """,
        {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(out)},
        tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert "throw_signal" in proc.stdout and "token_land" in proc.stdout, proc.stdout
    data = out.read_bytes()
    samples = array.array("h", data[: len(data) // 2 * 2])
    loud = [s for s in samples if abs(s) > 300]
    assert len(loud) > 44100 * 0.2, "the round was (nearly) silent"
    assert max(abs(s) for s in samples) < 32767, "the mix clips"


def test_tables_ask_for_table_music_but_attract_demos_keep_the_attract_music(app):
    app.audio.music("attract")
    demo = shots.session_for(app, "cheaterchefs", 1)
    demo.demo = True
    make_table(app, demo)
    assert [(r.kind, r.name) for r in app.audio.requests if r.kind.startswith("music")] == [("music", "attract")]
    make_table(app, shots.session_for(app, "cheaterchefs", 1))
    assert app.audio.requests[-1].name == "menu"  # heard only if Settings > Sound allows music at tables

"""Relleno's time cards are chosen in secret by every seat at once; the early
arrivals a seat adds to its time card are picked one at a time first. Such a
pick tells the table nothing until the choice is made: the history (the TV's
panel and last-move line), the other phones, the sounds and the replay's move
list are the same as at that moment without the pick."""

from game.app.session import Session, default_seats
from game.engine import picking
from game.engine.replay import Player, of_game
from game.engine.rng import Rng
from game.engine.state import SYSTEM
from game.engine.testkit import listed_games
from game.media.cues import cues, moment
from game.relleno.rules import Phase
from game.web.bridge import PhoneTable
from game.web.views import build_view

RELLENO = next(g for g in listed_games() if g.id == "relleno")
OPTIONS = {"advanced": True}  # early arrivals


def _session(seed: int, log: list[dict] | None = None) -> Session:
    seats = default_seats(3, list(RELLENO.bots))
    if log is None:
        return Session(RELLENO, seats, OPTIONS, seed, None)
    doc = {"seats": [vars(s) for s in seats], "options": OPTIONS, "seed": seed, "log": log}
    return Session.resume(doc, None, RELLENO)


def _picks(state, seat: int) -> list[dict]:
    return [a for a in state.legal_actions(seat) if a["type"] == "pick"] if seat in state.actors() else []


def _moment_to_pick() -> tuple[int, list[dict], dict]:
    """A game played at random (time cards chosen whole) up to a choose phase where
    seat 0 may pick an early arrival: its seed, its log, and that pick."""
    for seed in range(1, 40):
        state, bot, rng = _session(seed).state, picking.ForwardRandomBot(), Rng(seed)
        while not state.is_over():
            if state.phase == Phase.CHOOSE and _picks(state, 0):
                return seed, state.log, _picks(state, 0)[0]
            seat = rng.choice(state.actors())
            if state.phase == Phase.CHOOSE:
                action = rng.choice([a for a in state.legal_actions(seat) if a["type"] == "time_card"])
            else:
                action = bot.choose(state, seat, rng)
            state.apply(seat, action)
    raise AssertionError("seat 0 never had an early arrival to pick")


def _last(session: Session) -> str:
    """The last-move line as the table shows it (TableScene.last_move_text)."""
    return next((line["text"] for line in reversed(session.history()) if line["seat"] != SYSTEM), "")


class _Phones:
    """A server that keeps what each phone is sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, dict]] = []

    def publish(self, seat: int, view: dict) -> None:
        self.sent.append((seat, view))


def test_an_early_arrival_picked_in_secret_tells_the_table_nothing():
    seed, log, pick = _moment_to_pick()
    picked, plain = _session(seed, log), _session(seed, log)
    phones = _Phones()
    bridge = PhoneTable(phones, picked.names(), [0, 1, 2])
    bridge.refresh(picked.state, _last(picked))
    before = moment(picked.state)
    sent, heard = len(phones.sent), []
    picked.listener = lambda seat, action, _before: heard.append(action)  # the scene's sounds and motion
    assert picked.apply(0, pick) is None  # applied (no refusal)
    print("seed", seed, "pick", pick, "last lines", [line["text"] for line in picked.history()[-3:]])

    assert picked.history() == plain.history()
    assert _last(picked) == _last(plain)
    for seat in (1, 2):
        assert build_view(picked.state, seat, picked.names(), _last(picked)) == build_view(
            plain.state, seat, plain.names(), _last(plain)
        )
    assert heard == [] and cues(RELLENO, before, moment(picked.state), 0, pick, humans=[0, 1, 2]) == []
    assert moment(picked.state) == moment(plain.state)  # the scene's motion sees no change either
    bridge.refresh(picked.state, _last(picked))
    assert {seat for seat, _view in phones.sent[sent:]} <= {0}  # only the picker's own phone hears of it
    assert picked.state.observation(0)["picked"] == [pick["card"]]  # its own hand shows the pick

    finish = next(a for a in picked.state.legal_actions(0) if a["type"] == "time_card")
    assert picked.apply(0, finish) is None
    assert picked.history()[-1]["text"] == f"{picked.names()[0]} chose a time card"
    assert heard == [finish]  # the finished choice is heard
    assert len(picked.history()) == len(plain.history()) + 1


def test_the_replay_lists_no_secret_pick():
    seed, log, pick = _moment_to_pick()
    seats = [vars(s) for s in default_seats(3, list(RELLENO.bots))]
    state = _session(seed, log).state
    state.apply(0, pick)
    finish = next(a for a in state.legal_actions(0) if a["type"] == "time_card")
    state.apply(0, finish)
    without = [*log, {"seat": 0, "action": {**finish, "early": []}}]  # the same time card, no early arrival
    lines = {}
    for name, moves in (("picked", state.log), ("plain", without)):
        player = Player(type(state), of_game("relleno", seats, OPTIONS, seed, moves))
        assert len(player.lines) == len(moves)  # one entry per move: the positions stay
        lines[name] = [line for line in player.lines if line["text"]]
    assert lines["picked"] == lines["plain"]
    assert lines["picked"][-1]["text"] == "Ana chose a time card"

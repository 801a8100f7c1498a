"""Cards picked one at a time (game/engine/picking.py) make one line in the move
history per finished choice, not one per pick: the steps of a seat's choice in the
making share one line ("Ana is choosing cards to play"), which the finished choice
replaces, also when other seats moved in between. The steps of a choice made in
secret (Relleno's early arrivals for a time card: `secret_step`) have no line at all.
The replay theatre tells the same history (game/engine/history.py)."""

import pytest

from game.app.session import Session, default_seats
from game.engine import history, picking
from game.engine.replay import Player, Replay
from game.engine.rng import Rng
from game.engine.testkit import listed_games

PICKING = [g for g in listed_games() if g.id in ("relleno", "cheaterchefs")]


def _expected_lines(log: list[dict], secret: list[bool]) -> int:
    """A line per finished move, and one per seat whose last move told was a step."""
    last: dict[int, str] = {}
    for entry, hidden in zip(log, secret, strict=True):
        if not hidden:
            last[entry["seat"]] = entry["action"]["type"]
    finished = sum(1 for e in log if e["action"]["type"] not in picking.STEPS)
    return finished + sum(1 for kind in last.values() if kind in picking.STEPS)


@pytest.mark.parametrize("seed", [11, 12])
@pytest.mark.parametrize("gdef", PICKING, ids=lambda g: g.id)
def test_a_choice_of_cards_is_one_line_of_the_history(gdef, seed):
    options = {"advanced": True} if gdef.id == "relleno" else {}  # early arrivals, picked while others choose
    session = Session(gdef, default_seats(3, list(gdef.bots)), options, seed, None)
    bot, rng = picking.ForwardRandomBot(), Rng(seed)
    steps, secret = 0, []
    while not session.state.is_over():
        seat = rng.choice(session.state.actors())
        action = bot.choose(session.state, seat, rng)
        before = [line["text"] for line in session.history()]
        assert session.apply(seat, action) is None  # applied (no refusal)
        after = [line["text"] for line in session.history()]
        steps += action["type"] in picking.STEPS
        secret.append(session.state.secret_step(seat, action))
        assert len(after) == _expected_lines(session.state.log, secret)
        if secret[-1]:
            assert after == before  # the table learns nothing of a secret step
        else:
            assert after[-1] == session.state.describe(seat, action, session.names())
        assert len(after) <= len(before) + 1
    lines = session.history()
    print(steps, "steps,", sum(secret), "secret,", len(lines), "lines,", len(session.state.log), "moves")
    assert steps > 0 and (sum(secret) > 0) == (gdef.id == "relleno") and len(lines) == len(session.state.log) - steps
    told_again = Session.resume(
        {"seats": [vars(s) for s in session.seats], "options": options, "seed": seed, "log": session.state.log},
        None,
        gdef,
    )
    assert told_again.history() == lines  # a resumed game tells its history the same way
    replay = Replay(gdef.id, [vars(s) for s in session.seats], options, seed, list(session.state.log))
    player = Player(gdef.state_cls, replay)
    for at in (len(session.state.log) // 2, len(session.state.log)):  # the theatre, half-way and at the end
        assert history.told(player.lines[:at]) == _history_at(gdef, session, options, seed, at)


def _history_at(gdef, session: Session, options: dict, seed: int, at: int) -> list[dict]:
    """The live table's history once the first `at` moves were played."""
    doc = {"seats": [vars(s) for s in session.seats], "options": options, "seed": seed, "log": session.state.log[:at]}
    return Session.resume(doc, None, gdef).history()

"""Cards picked one at a time (game/engine/picking.py) make one line in the move
history per finished choice, not one per pick: the steps of a choice in the making
share one line ("Ana is choosing cards to play"), which the finished choice replaces."""

import pytest

from game.app.session import Session, default_seats
from game.engine import picking
from game.engine.rng import Rng
from game.engine.testkit import listed_games

PICKING = [g for g in listed_games() if g.id in ("relleno", "cheaterchefs")]


def _told(session: Session) -> list[str]:
    return [line["text"] for line in session.history()]


@pytest.mark.parametrize("gdef", PICKING, ids=lambda g: g.id)
def test_a_choice_of_cards_is_one_line_of_the_history(gdef):
    session = Session(gdef, default_seats(3, list(gdef.bots)), None, 11, None)
    bot, rng = picking.ForwardRandomBot(), Rng(11)
    choices = steps = 0
    while not session.state.is_over() and len(session.state.log) < 400:
        seat = rng.choice(session.state.actors())
        action = bot.choose(session.state, seat, rng)
        before = _told(session)
        stepping = bool(before) and session.state.log[-1]["action"]["type"] in picking.STEPS
        assert session.apply(seat, action)
        after = _told(session)
        if action["type"] in picking.STEPS:
            steps += 1
        if stepping and session.state.log[-2]["seat"] == seat:
            assert after[:-1] == before[:-1], "the choice's line is replaced, nothing else"
            choices += action["type"] not in picking.STEPS
        else:
            assert after[:-1] == before, "one line added"
    print(steps, "steps,", choices, "choices finished,", len(session.state.log), "moves")
    assert steps > choices > 0
    lines = _told(session)
    assert len(lines) < len(session.state.log)
    told_again = Session.resume(
        {"seats": [vars(s) for s in session.seats], "options": {}, "seed": 11, "log": session.state.log},
        None,
        gdef,
    )
    assert _told(told_again) == lines  # a resumed game tells its history the same way

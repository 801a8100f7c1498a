"""The operator PIN: salted scrypt hashes, constant-time checks, the lockout,
the hidden gesture."""

import pytest

from game.kiosk import pin
from game.kiosk.pin import Gesture, PinGate, Verdict, check_pin, corner_token, hash_pin, valid_pin

FAST = {"n": 2**4}  # a cheap cost for the tests that do not measure it


class Clock:
    def __init__(self) -> None:
        self.t = 5000.0

    def __call__(self) -> float:
        return self.t


def test_hash_and_check():
    stored = hash_pin("2468")
    assert stored.startswith("scrypt$16384$8$1$") and "2468" not in stored
    assert check_pin("2468", stored) and not check_pin("2469", stored) and not check_pin("", stored)
    assert hash_pin("2468") != stored  # a fresh salt each time
    assert check_pin("2468", hash_pin("2468", **FAST))


@pytest.mark.parametrize("bad", ["", "123", "1234567890123", "12a4", "١٢٣٤", None, 1234])
def test_invalid_pins_are_refused(bad):
    assert not valid_pin(bad)
    with pytest.raises(ValueError):
        hash_pin(bad, **FAST)


@pytest.mark.parametrize(
    "stored",
    [
        "",
        "plain1234",
        "md5$1$2$3$aa$bb",
        "scrypt$x$8$1$aa$bb",
        "scrypt$16384$8$1$***$bb",
        "scrypt$99999999$8$1$aaaa$bbbb",
    ],
)
def test_a_malformed_hash_matches_nothing(stored):
    assert not check_pin("1234", stored)


def test_compare_is_constant_time(monkeypatch):
    used = []
    real = pin.hmac.compare_digest
    monkeypatch.setattr(pin.hmac, "compare_digest", lambda a, b: used.append(1) or real(a, b))
    check_pin("1234", hash_pin("1234", **FAST))
    assert used


def test_lockout_after_wrong_tries_then_fresh_count():
    clock = Clock()
    gate = PinGate(hash_pin("1357", **FAST), tries=3, lock_seconds=60, clock=clock)
    assert gate.attempt("0000").tries_left == 2
    assert gate.attempt("0000").verdict is Verdict.WRONG
    third = gate.attempt("0000")
    assert third.verdict is Verdict.LOCKED and third.seconds_left == 60
    clock.t += 30
    locked = gate.attempt("1357")  # even the right PIN waits out the lock
    assert locked.verdict is Verdict.LOCKED and locked.seconds_left == 30
    clock.t += 30
    assert gate.seconds_locked() == 0
    assert gate.attempt("0000").tries_left == 2  # the count started afresh
    assert gate.attempt("1357").verdict is Verdict.OPEN
    assert gate.attempt("0000").tries_left == 2  # success reset the count


def test_lockout_survives_a_restart(tmp_path):
    clock = Clock()
    stored = hash_pin("1357", **FAST)
    state = tmp_path / "operator-pin.json"
    gate = PinGate(stored, tries=2, lock_seconds=100, clock=clock, state_path=state)
    gate.attempt("1")
    gate.attempt("2")
    clock.t += 10
    again = PinGate(stored, tries=2, lock_seconds=100, clock=clock, state_path=state)
    assert again.attempt("1357").verdict is Verdict.LOCKED and again.seconds_locked() == 90
    state.write_text("garbage")
    assert PinGate(stored, tries=2, clock=clock, state_path=state).attempt("1357").verdict is Verdict.OPEN


def test_clock_going_back_never_locks_for_ever():
    clock = Clock()
    gate = PinGate(hash_pin("1357", **FAST), tries=1, lock_seconds=60, clock=clock)
    gate.attempt("0")
    clock.t -= 10_000  # the cabinet's clock was reset
    assert gate.seconds_locked() == 60


def test_no_pin_set():
    assert PinGate("").attempt("1234").verdict is Verdict.NO_PIN


def test_gesture_four_corners_clockwise():
    size = (1920, 1080)
    taps = [(5, 5), (1915, 10), (1910, 1075), (3, 1070)]
    tokens = [corner_token(x, y, size) for x, y in taps]
    assert tokens == list(pin.CORNERS)
    assert corner_token(960, 540, size) is None and corner_token(5, 540, size) is None
    g = Gesture()
    assert [g.feed(t, i * 0.5) for i, t in enumerate(tokens)] == [False, False, False, True]
    # Too slow: nothing; a stray token in between: starts over; a restart mid-way works.
    assert not any(g.feed(t, i * 3.0) for i, t in enumerate(tokens))
    g = Gesture()
    assert not any(
        g.feed(t, 0.1 * i) for i, t in enumerate([tokens[0], tokens[1], None, "confirm", tokens[2], tokens[3]])
    )
    g = Gesture()
    seq = [tokens[0], tokens[1], tokens[0], tokens[1], tokens[2], tokens[3]]
    assert [g.feed(t, 0.1 * i) for i, t in enumerate(seq)][-1] is True

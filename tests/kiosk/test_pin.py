"""The operator PIN: salted scrypt hashes at a stated cost, constant-time checks,
older hashes upgraded, the lockout, files only their owner reads, the hidden gesture."""

import pytest

from game.kiosk import pin
from game.kiosk.pin import Gesture, PinGate, Verdict, check_pin, corner_token, hash_pin, valid_pin

FAST = {"n": 2**4}  # a cheap cost for the tests that do not measure it (gates: cost=FAST["n"])


class Clock:
    def __init__(self) -> None:
        self.t = 5000.0

    def __call__(self) -> float:
        return self.t


def test_hash_and_check():
    stored = hash_pin("246813", **FAST)
    assert stored.startswith("scrypt$16$8$1$") and "246813" not in stored
    assert check_pin("246813", stored) and not check_pin("246814", stored) and not check_pin("", stored)
    assert hash_pin("246813", **FAST) != stored  # a fresh salt each time


def test_the_default_cost_is_scrypt_n_2_17_and_a_pin_has_6_digits(monkeypatch):
    """The cost a hash gets unless a test passes a cheaper one: N=2**17, r=8, p=1
    (128 MiB, README: the cost of an offline search); read at each call."""
    assert (pin.SCRYPT_N, pin.SCRYPT_R, pin.SCRYPT_P) == (2**17, 8, 1)
    assert (pin.MIN_DIGITS, pin.MAX_DIGITS) == (6, 12) and not valid_pin("1234") and valid_pin("123456")
    monkeypatch.setattr(pin, "SCRYPT_N", 2**5)
    assert hash_pin("246813").startswith("scrypt$32$8$1$")
    assert pin.needs_rehash(hash_pin("246813", n=2**4)) and not pin.needs_rehash(hash_pin("246813"))
    assert not pin.needs_rehash("garbage")


def test_an_older_cheaper_hash_opens_and_is_made_again_at_today_s_cost():
    old = hash_pin("246813", n=2**4)
    gate = PinGate(old, cost=2**6)
    first = gate.attempt("246813")
    assert first.verdict is Verdict.OPEN and first.new_hash is not None and first.new_hash.startswith("scrypt$64$8$1$")
    assert check_pin("246813", first.new_hash) and gate.stored_hash == first.new_hash
    assert gate.attempt("246813").new_hash is None  # once is enough
    wrong = PinGate(old, cost=2**6).attempt("246814")
    assert wrong.verdict is Verdict.WRONG and wrong.new_hash is None


def test_a_pin_of_fewer_than_6_digits_opens_nothing_and_is_not_counted():
    """A 4-digit PIN set before (N=2**14) no longer opens: the pad says to set a new one."""
    salt = b"0123456789abcdef"
    four = f"scrypt$16$8$1${pin._b64(salt)}${pin._b64(pin._scrypt('1234', salt, 16, 8, 1))}"
    assert check_pin("1234", four)  # it was the right PIN ...
    gate = PinGate(four, tries=2, cost=FAST["n"])
    for _try in range(3):
        short = gate.attempt("1234")  # ... but too short to be one now: refused, unchecked, uncounted
        assert short.verdict is Verdict.SHORT and short.tries_left == 2 and gate.wrong == 0


def test_the_settings_and_the_pin_state_are_written_for_their_owner_only(tmp_path):
    """0600 whatever the umask and the mode of the file they replace: the settings
    hold the PIN's hash and the statistics database's password."""
    import os
    import stat

    from game.settings import SettingsStore

    previous = os.umask(0o022)  # the usual one: group and others may read what is written
    try:
        path = tmp_path / "settings.toml"
        path.write_text("", encoding="utf-8")
        path.chmod(0o644)
        (tmp_path / "settings.toml.tmp").write_text("left over", encoding="utf-8")
        (tmp_path / "settings.toml.tmp").chmod(0o666)
        store = SettingsStore(path)
        store.load().kiosk.stats_url = "postgresql+psycopg://arcade:secret@db/arcade"
        store.save()
        state = tmp_path / "data" / "operator-pin.json"
        PinGate(hash_pin("135791", **FAST), cost=FAST["n"], state_path=state).attempt("000000")
    finally:
        os.umask(previous)
    for written in (path, state):
        assert stat.S_IMODE(written.stat().st_mode) == 0o600, (written, oct(written.stat().st_mode))


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
    assert not check_pin("123456", stored)


def test_compare_is_constant_time(monkeypatch):
    used = []
    real = pin.hmac.compare_digest
    monkeypatch.setattr(pin.hmac, "compare_digest", lambda a, b: used.append(1) or real(a, b))
    check_pin("123456", hash_pin("123456", **FAST))
    assert used


def test_lockout_after_wrong_tries_then_fresh_count():
    clock = Clock()
    gate = PinGate(hash_pin("135791", **FAST), cost=FAST["n"], tries=3, lock_seconds=60, clock=clock)
    assert gate.attempt("000000").tries_left == 2
    assert gate.attempt("000000").verdict is Verdict.WRONG
    third = gate.attempt("000000")
    assert third.verdict is Verdict.LOCKED and third.seconds_left == 60
    clock.t += 30
    locked = gate.attempt("135791")  # even the right PIN waits out the lock
    assert locked.verdict is Verdict.LOCKED and locked.seconds_left == 30
    clock.t += 30
    assert gate.seconds_locked() == 0
    assert gate.attempt("000000").tries_left == 2  # the count started afresh
    assert gate.attempt("135791").verdict is Verdict.OPEN
    assert gate.attempt("000000").tries_left == 2  # success reset the count


def test_lockout_survives_a_restart(tmp_path):
    clock = Clock()
    stored = hash_pin("135791", **FAST)
    state = tmp_path / "operator-pin.json"
    gate = PinGate(stored, cost=FAST["n"], tries=2, lock_seconds=100, clock=clock, state_path=state)
    gate.attempt("111111")
    gate.attempt("222222")
    clock.t += 10
    again = PinGate(stored, cost=FAST["n"], tries=2, lock_seconds=100, clock=clock, state_path=state)
    assert again.attempt("135791").verdict is Verdict.LOCKED and again.seconds_locked() == 90
    state.write_text("garbage")
    fresh = PinGate(stored, cost=FAST["n"], tries=2, clock=clock, state_path=state)
    assert fresh.attempt("135791").verdict is Verdict.OPEN


def test_clock_going_back_never_locks_for_ever():
    clock = Clock()
    gate = PinGate(hash_pin("135791", **FAST), cost=FAST["n"], tries=1, lock_seconds=60, clock=clock)
    gate.attempt("000000")
    clock.t -= 10_000  # the cabinet's clock was reset
    assert gate.seconds_locked() == 60


def test_no_pin_set():
    assert PinGate("").attempt("123456").verdict is Verdict.NO_PIN


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

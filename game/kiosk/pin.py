"""The operator PIN: a hidden gesture, then a PIN, with a lockout.

* The PIN is 6 to 12 digits, kept in the settings (a file only its owner may
  read) only as a salted **scrypt** hash (``hashlib.scrypt``: standard library,
  memory-hard, the KDF Python ships for passwords), written
  ``scrypt$N$r$p$<salt>$<hash>`` (base64) so the cost can be raised without
  breaking stored hashes. `check_pin` compares with ``hmac.compare_digest``
  (constant time). A check costs N=2**17, r=8: 128 MiB and about 0.6 s of CPU
  (README: what a full offline search costs); one wait on the PIN screen.
* A hash made at a lower cost (before: N=2**14) still opens with its PIN, and
  is made again at today's cost on that entry (`Attempt.new_hash`, to store). A
  PIN shorter than 6 digits (allowed before: 4) opens nothing any more: the pad
  says to set a new one; it is refused unchecked and is not counted as a try.
* `PinGate` counts wrong tries: `tries` wrong PINs in a row lock it for
  `lock_seconds`; while locked every attempt is refused without being checked
  (and does not lengthen the lock); after the lock the count starts afresh. Its
  state can live in a small file so a crash-and-restart does not reset the count
  (wall-clock times for that reason); the clock is injectable for tests.
* `Gesture` recognises the hidden gesture from a stream of tokens the app makes
  from its input (by default: touch or click the four corners clockwise from the
  top left within 5 seconds), so no customer opens the PIN pad by accident.
"""

from __future__ import annotations

import base64
import enum
import hashlib
import hmac
import json
import logging
import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import msgspec

from .. import schema
from ..settings import atomic_write

log = logging.getLogger(__name__)

MIN_DIGITS, MAX_DIGITS = 6, 12
# The cost of a new hash (read at each call: tests pass a cheap one explicitly).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**17, 8, 1


def valid_pin(pin: str) -> bool:
    """A PIN is 6 to 12 digits (entered on a digit pad with any controller)."""
    return isinstance(pin, str) and pin.isascii() and pin.isdigit() and MIN_DIGITS <= len(pin) <= MAX_DIGITS


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, maxmem=256 * 1024 * 1024, dklen=32)


def hash_pin(pin: str, *, n: int | None = None, r: int | None = None, p: int | None = None) -> str:
    """The string to store in the settings for `pin` (a fresh random salt each
    time), at the cost given or else today's (SCRYPT_N, SCRYPT_R, SCRYPT_P)."""
    if not valid_pin(pin):
        raise ValueError(f"a PIN is {MIN_DIGITS} to {MAX_DIGITS} digits")
    n, r, p = n or SCRYPT_N, r or SCRYPT_R, p or SCRYPT_P
    salt = os.urandom(16)
    return f"scrypt${n}${r}${p}${_b64(salt)}${_b64(_scrypt(pin, salt, n, r, p))}"


def _parse(stored: str) -> tuple[int, int, int, bytes, bytes]:
    """(n, r, p, salt, hash) of a stored hash; ValueError if it is malformed."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
    except (ValueError, AttributeError) as exc:
        raise ValueError("not scrypt$N$r$p$salt$hash") from exc
    if scheme != "scrypt":
        raise ValueError(f"unknown scheme {scheme!r}")
    cost = int(n), int(r), int(p)
    if not (2 <= cost[0] <= 2**20 and 1 <= cost[1] <= 32 and 1 <= cost[2] <= 16):
        raise ValueError("cost out of range")
    return (*cost, base64.b64decode(salt, validate=True), base64.b64decode(digest, validate=True))


def check_pin(pin: str, stored: str) -> bool:
    """True if `pin` matches the stored hash; a malformed hash matches nothing."""
    try:
        n, r, p, salt, want = _parse(stored)
    except ValueError as exc:
        log.warning("the stored operator PIN hash is malformed (%s); no PIN can match it", exc)
        return False
    if not isinstance(pin, str):
        return False
    got = _scrypt(pin, salt, n, r, p)
    return hmac.compare_digest(got, want)


def needs_rehash(stored: str, n: int | None = None, r: int | None = None, p: int | None = None) -> bool:
    """True if `stored` was made at a lower cost than the one given (else today's)."""
    try:
        have = _parse(stored)[:3]
    except ValueError:
        return False  # nothing to upgrade: it opens nothing
    want = (n or SCRYPT_N, r or SCRYPT_R, p or SCRYPT_P)
    return any(h < w for h, w in zip(have, want, strict=True))


class Verdict(enum.Enum):
    OPEN = "open"  # right PIN: open the operator menu
    WRONG = "wrong"  # wrong PIN, tries_left more before the lock
    LOCKED = "locked"  # too many wrong PINs: wait seconds_left
    NO_PIN = "no-pin"  # no PIN was ever set: set one with `python -m game.kiosk set-pin`
    SHORT = "short"  # fewer than MIN_DIGITS: no such PIN opens (set a new one if the old was shorter)


@dataclass(frozen=True)
class Attempt:
    verdict: Verdict
    tries_left: int = 0
    seconds_left: float = 0.0
    new_hash: str | None = None  # OPEN with a hash of a lower cost: this one replaces it in the settings


class Lockout(msgspec.Struct):
    """The lockout kept across restarts (game/schema.py checks the file)."""

    wrong: int  # wrong PINs in a row
    locked_until: float  # time.time() the lock ends


class PinGate:
    def __init__(
        self,
        stored_hash: str,
        tries: int = 5,
        lock_seconds: float = 300.0,
        clock: Callable[[], float] = time.time,
        state_path: Path | None = None,
        cost: int | None = None,
    ) -> None:
        if tries < 1 or lock_seconds < 0:
            raise ValueError("tries must be at least 1 and lock_seconds not negative")
        self.stored_hash = stored_hash
        self.cost = cost  # scrypt's N for an upgraded hash (None: SCRYPT_N; tests pass a cheap one)
        self.tries = tries
        self.lock_seconds = lock_seconds
        self.clock = clock
        self.state_path = state_path
        self.wrong = 0
        self.locked_until = 0.0
        self._load()

    def _load(self) -> None:
        if self.state_path is None or not self.state_path.exists():
            return
        try:
            state = schema.read_json(self.state_path, Lockout)
        except schema.SchemaError as exc:
            log.warning("%s; the PIN lockout starts afresh", exc)
            return
        self.wrong, self.locked_until = state.wrong, state.locked_until

    def _save(self) -> None:
        if self.state_path is None:
            return
        try:
            self.state_path.parent.mkdir(parents=True, exist_ok=True)
            state = json.dumps({"wrong": self.wrong, "locked_until": self.locked_until})
            atomic_write(self.state_path, state, private=True)
        except OSError as exc:
            log.warning("cannot write %s: %s", self.state_path, exc)

    def seconds_locked(self) -> float:
        """Seconds until PINs are accepted again (0 when open to tries)."""
        left = self.locked_until - self.clock()
        if left > self.lock_seconds:  # the wall clock went back: do not lock for ever
            self.locked_until = self.clock() + self.lock_seconds
            left = self.lock_seconds
        return max(0.0, left)

    def attempt(self, pin: str) -> Attempt:
        if not self.stored_hash:
            return Attempt(Verdict.NO_PIN)
        left = self.seconds_locked()
        if left > 0:
            return Attempt(Verdict.LOCKED, 0, left)
        if self.locked_until:  # a lock ran out: the count starts afresh
            self.wrong, self.locked_until = 0, 0.0
        if not valid_pin(pin):
            return Attempt(Verdict.SHORT, self.tries - self.wrong)
        if check_pin(pin, self.stored_hash):
            self.wrong = 0
            self._save()
            new = None
            if needs_rehash(self.stored_hash, self.cost):
                new = self.stored_hash = hash_pin(pin, n=self.cost)
                log.info("the operator PIN's hash was made again at today's cost")
            return Attempt(Verdict.OPEN, self.tries, new_hash=new)
        self.wrong += 1
        if self.wrong >= self.tries:
            self.locked_until = self.clock() + self.lock_seconds
            self._save()
            return Attempt(Verdict.LOCKED, 0, self.lock_seconds)
        self._save()
        return Attempt(Verdict.WRONG, self.tries - self.wrong)


CORNERS = ("corner-top-left", "corner-top-right", "corner-bottom-right", "corner-bottom-left")


def corner_token(x: float, y: float, size: tuple[int, int], margin: float = 0.08) -> str | None:
    """The gesture token of a touch or click at (x, y) on a screen of `size`:
    a corner within `margin` (a fraction of the height) of both edges, or None."""
    w, h = size
    m = margin * h
    horizontal = "left" if x <= m else "right" if x >= w - m else None
    vertical = "top" if y <= m else "bottom" if y >= h - m else None
    return f"corner-{vertical}-{horizontal}" if horizontal and vertical else None


class Gesture:
    """Feed tokens with their times (`feed` returns True when the whole sequence
    was just completed within `within` seconds). Any other token, or a pause that
    is too long, starts it over; a token equal to the first starts a new try."""

    def __init__(self, sequence: tuple[str, ...] = CORNERS, within: float = 5.0) -> None:
        if not sequence:
            raise ValueError("a gesture needs at least one token")
        self.sequence = tuple(sequence)
        self.within = within
        self.seen: deque[tuple[str, float]] = deque(maxlen=len(self.sequence))

    def feed(self, token: str | None, when: float) -> bool:
        if token is None:
            return False
        self.seen.append((token, when))
        tokens = tuple(t for t, _ in self.seen)
        if tokens == self.sequence and when - self.seen[0][1] <= self.within:
            self.seen.clear()
            return True
        # Keep only the longest tail of what was seen that can still grow into the sequence.
        while self.seen and tuple(t for t, _ in self.seen) != self.sequence[: len(self.seen)]:
            self.seen.popleft()
        return False

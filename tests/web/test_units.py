"""Protocol, links, QR codes and the phone clock model, without a network."""

import random

import pytest

from game.web import clock, qr
from game.web import links as L
from game.web import protocol as P


# ---- protocol ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "raw, reason",
    [
        (b"\x00\x01", P.BINARY),
        ("x" * (P.MAX_MESSAGE_BYTES + 1), P.OVERSIZED),
        ('{"type": "pong", "id": 1, "t": 2', P.MALFORMED),
        ("[" * 5000 + "]" * 5000, P.OVERSIZED),
        ("[1, 2]", P.NOT_AN_OBJECT),
        ('"hello"', P.NOT_AN_OBJECT),
        ('{"type": "sudo"}', P.UNKNOWN_TYPE),
        ('{"type": 3}', P.UNKNOWN_TYPE),
        ('{"id": 1}', P.UNKNOWN_TYPE),
        ('{"type": "pong", "id": 1}', P.BAD_FIELDS),
        ('{"type": "pong", "id": 1, "t": 2, "x": 0}', P.BAD_FIELDS),
        ('{"type": "pong", "id": true, "t": 2}', P.BAD_FIELDS),
        ('{"type": "pong", "id": -1, "t": 2}', P.BAD_FIELDS),
        ('{"type": "pong", "id": 1, "t": NaN}', P.MALFORMED),  # not JSON (Python's json took it)
        ('{"type": "act", "v": [[[[1]]]], "i": 0}', P.BAD_FIELDS),  # nesting refused at its first bracket
        ('{"x": ' + "[" * 400 + "]" * 400 + ', "type": "act", "v": 1, "i": 0}', P.BAD_FIELDS),
        ('{"type": "pong", "id": 1, "t": 1e400}', P.BAD_FIELDS),
        ('{"type": "act", "v": 1, "i": 99999999999}', P.BAD_FIELDS),
        ('{"type": "press", "control": "deck9", "t": 1, "seq": 1}', P.BAD_FIELDS),
        ('{"type": "hello", "game": "g", "seat": 6, "key": "k", "device": "d", "res": 0.1}', P.BAD_FIELDS),
        ('{"type": "hello", "game": "g", "seat": 0, "key": "k\\n", "device": "d", "res": 0.1}', P.BAD_FIELDS),
        (
            '{"type": "hello", "game": "' + "g" * 65 + '", "seat": 0, "key": "k", "device": "d", "res": 0.1}',
            P.BAD_FIELDS,
        ),
    ],
)
def test_every_bad_message_is_dropped_with_its_reason(raw, reason):
    assert P.parse(raw) == reason


def test_good_messages_parse():
    msg = P.parse('{"type": "press", "control": "wokup", "t": 1234.5, "seq": 3}')
    assert msg.type == "press" and msg["control"] == "wokup" and msg["t"] == 1234.5
    assert P.parse('{"type": "act", "v": 4, "i": 0}') == P.Act(v=4, i=0)
    hello = P.parse('{"type": "hello", "game": "g", "seat": 5, "key": "k k", "device": "d", "res": 1}')
    assert isinstance(hello, P.Hello) and hello.type == "hello" and hello["res"] == 1.0


def test_random_garbage_never_raises():
    rng = random.Random(1)
    pieces = ["{", "}", '"type"', ":", '"hello"', ",", '"seat"', "1", "[", "]", "null", '"', "\\", "1e999", "-0"]
    for _ in range(3000):
        raw = "".join(rng.choice(pieces) for _ in range(rng.randrange(12)))
        assert isinstance(P.parse(raw), (str, P.Message))


# ---- links ---------------------------------------------------------------------------
def test_links_are_per_seat_per_game_and_die_with_it():
    links = L.Links()
    first = links.new_game([0, 2])
    assert sorted(first) == [0, 2] and first[0].secret != first[2].secret
    g, k0 = first[0].game, first[0].secret
    assert links.check(g, 0, k0) == L.OK
    assert links.check(g, 2, k0) == L.WRONG_SECRET  # another seat's secret
    assert links.check(g, 1, k0) == L.NO_SEAT
    assert links.check("nope", 0, k0) == L.WRONG_SECRET
    second = links.new_game([0])
    assert links.check(g, 0, k0) == L.OLD_GAME  # replayed from the earlier game
    assert links.check(second[0].game, 0, k0) == L.WRONG_SECRET
    assert links.check(second[0].game, 0, second[0].secret) == L.OK
    links.invalidate()
    assert links.check(second[0].game, 0, second[0].secret) == L.OLD_GAME
    assert links.check("x", 0, "y") == L.NO_GAME
    with pytest.raises(ValueError):
        links.new_game([7])


def test_a_link_round_trips_through_its_url_and_qr_code():
    link = L.Links().new_game([3])[3]
    url = link.url("http://192.168.1.20:8765")
    base, _q, query = url.partition("?")
    assert base == "http://192.168.1.20:8765/"
    assert L.parse_link(url) == {"g": link.game, "s": "3", "k": link.secret}
    assert L.parse_link(f"{base}#{query}") == L.parse_link(url)  # an older link, fields in the fragment
    m = qr.matrix(url)
    assert len(m) == len(m[0]) and len(m) >= 21 + 8 and any(any(r) for r in m)
    assert all(not v for v in m[0]) and all(not r[0] for r in m)  # the quiet zone
    assert qr.png(url).startswith(b"\x89PNG")


# ---- the phone's clock ---------------------------------------------------------------
class Browser:
    """A phone's performance.now(): offset, drift, coarsened like Chrome (100 us
    steps, the rounding edge random per step)."""

    def __init__(self, rng, ppm, step_ms=0.1):
        self.rng, self.ppm, self.step = rng, ppm, step_ms
        self.offset = rng.uniform(1e5, 1e7)
        self.edges = {}

    def exact(self, host_ns):
        return self.offset + host_ns / 1e6 * (1 + self.ppm * 1e-6)

    def read(self, host_ns):
        t = self.exact(host_ns)
        k = int(t // self.step)
        edge = self.edges.setdefault(k, self.rng.random())
        return (k + (1 if t - k * self.step >= edge * self.step else 0)) * self.step

    def host_of(self, ms):
        return (ms - self.offset) / (1 + self.ppm * 1e-6) * 1e6


@pytest.mark.parametrize("seed", range(4))
def test_phone_clock_bound_is_honest_over_wifi(seed):
    rng = random.Random(seed)
    phone = Browser(rng, ppm=rng.uniform(-300, 300))
    c = clock.PhoneClock(res_ms=0.1)
    t = 10**12
    for _i in range(120):  # 30 s of Wi-Fi: 1-4 ms each way, a doze now and then
        up = rng.uniform(1e6, 4e6) + (rng.random() < 0.1) * rng.uniform(20e6, 90e6)
        down = rng.uniform(1e6, 4e6) + (rng.random() < 0.1) * rng.uniform(20e6, 90e6)
        ping = c.ping(t)
        c.pong(ping, phone.read(t + up), int(t + up + down))
        t += int(250e6)
    assert c.ready and c.sync.rejected_wide > 0
    for _ in range(200):
        true_ns = t - rng.uniform(0, 30e6)
        mapped, bound = c.press(phone.read(true_ns), arrived_ns=t, max_age_ns=clock.NO_SYNC_BOUND_NS)
        assert abs(mapped - true_ns) <= bound, (mapped - true_ns, bound)
        assert bound < 4_000_000


def test_a_press_is_never_after_it_arrived_nor_much_before():
    rng = random.Random(9)
    phone = Browser(rng, ppm=0)
    c = clock.PhoneClock(res_ms=0.1)
    arrived = 5 * 10**12
    mapped, bound = c.press(123.0, arrived, 250_000_000)
    assert (mapped, bound) == (arrived, clock.NO_SYNC_BOUND_NS)  # no exchange yet: when it arrived
    t = arrived
    for _ in range(20):
        c.pong(c.ping(t), phone.read(t + 1e6), t + 2_000_000)
        t += 50_000_000
    assert c.press(phone.read(t - 2e9), t, 250_000_000)[0] == t - 250_000_000  # doctored: too early
    assert c.press(phone.read(t + 1e9), t, 250_000_000)[0] == t  # from the future


def test_step_is_clamped():
    assert clock.step_of(None) == clock.DEFAULT_STEP_NS
    assert clock.step_of(0.000001) == clock.MIN_STEP_NS
    assert clock.step_of(0.1) == 100_000
    assert clock.step_of(50) == clock.MAX_STEP_NS

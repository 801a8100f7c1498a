"""The gate in front of the phone server (issue 23): strangers without a secret
cannot hold sockets, put off the deadlines or keep phones out. Strangers
connect from 127.0.0.2 and up, phones from 127.0.0.1 (all of 127/8 is
loopback). Every wait is on a condition, with a cap only as a safety net."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time

import pytest

from game.web import gate as G
from game.web.fakephone import FakePhone

from ..waiting import until, wait_for
from .test_server import run

STRANGER = "127.0.0.2"


@pytest.fixture
def quick(server):
    """The server with short deadlines (the same code, less waiting)."""
    server._gate = G.Gate(headers_s=0.5, hello_s=1.0)
    return server


def _raw(port: int, source: str = STRANGER) -> socket.socket:
    s = socket.socket()
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    s.settimeout(0.05)
    return s


def _closed(s: socket.socket) -> bool:
    """True once the server closed (or reset) the socket; reads what it said."""
    try:
        return s.recv(65536) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


async def _welcomed(url: str) -> float:
    t0 = time.monotonic()
    phone = FakePhone(url, "honest")
    await phone.connect()
    await phone.wait_for("welcome", timeout=G.HELLO_S)
    took = time.monotonic() - t0
    await phone.close()
    return took


def test_a_request_sent_a_byte_at_a_time_is_cut_at_the_headers_deadline(quick):
    # Before: the server waited for ever (each byte put off aiohttp's keep-alive timer).
    s = _raw(quick.port)
    t0 = time.monotonic()
    closed = False
    for byte in b"GET /ws HTTP/1.1\r\nHost: x\r\n" * 20:
        try:
            s.send(bytes([byte]))
        except OSError:
            closed = True
        closed = closed or _closed(s)
        if closed or time.monotonic() - t0 > 10:  # the safety net: 20 times the deadline
            break
    s.close()
    print(f"\nslow headers cut after {time.monotonic() - t0:.2f} s (deadline 0.5 s)")
    assert closed
    assert quick.stats()["cut"] == {"headers-late": 1}


def test_junk_before_the_hello_is_refused_and_closed_at_once(quick):
    # Before: junk was dropped one message at a time and each one restarted the wait: no close for 15-31 s.
    import aiohttp

    async def go():
        connector = aiohttp.TCPConnector(local_addr=(STRANGER, 0))
        async with (
            aiohttp.ClientSession(connector=connector) as session,
            session.ws_connect(f"{quick.base_url}/ws") as ws,
        ):
            got = []
            t0 = time.monotonic()
            while not ws.closed and time.monotonic() - t0 < 10:  # junk without pause; 10 s: the safety net
                with contextlib.suppress(ConnectionError):
                    await ws.send_str('{"type":"pong","id":1,"t":1}')
                try:
                    msg = await ws.receive(0.001)
                except TimeoutError:
                    continue
                if msg.type == aiohttp.WSMsgType.TEXT:
                    got.append(msg.json())
            return got

    got = run(go())
    assert got and got[0]["type"] == "refused" and got[0]["reason"] == "before-hello", got
    assert quick.stats()["dropped"] == {"before-hello": 1}


def test_a_silent_websocket_is_closed_at_the_hello_deadline_counted_from_the_accept(quick):
    async def go():
        phone = FakePhone(quick.base_url + "/#g=x&s=0&k=y")
        await phone.connect(hello=False)
        await asyncio.wait_for(phone.closed.wait(), 10)
        await phone.close()
        return phone.received

    got = run(go())
    assert [d["reason"] for d in got] == ["no-hello"]


def test_one_address_holds_at_most_its_share_and_phones_still_join(server):
    # Before: no cap per address; 40 sockets re-opening /ws took all 32 places and every phone got 503.
    urls = server.new_game([0])
    sockets = [_raw(server.port) for _ in range(40)]
    deadline = time.monotonic() + 10
    open_ = sockets
    while time.monotonic() < deadline:
        open_ = [s for s in open_ if not _closed(s)]
        if len(open_) <= G.PER_ADDRESS:
            break
    took = run(_welcomed(urls[0]))
    for s in sockets:
        s.close()
    print(f"\n40 sockets from one address: {len(open_)} kept; a phone welcomed in {took * 1000:.0f} ms")
    assert len(open_) <= G.PER_ADDRESS
    assert server.stats()["cut"].get("address-full", 0) + server.stats()["cut"].get("too-fast", 0) >= 40 - 16


def test_when_every_place_is_held_the_oldest_stranger_makes_room_for_a_phone(events):
    from game.web.server import PhoneServer

    server = PhoneServer(events, port=0, host="127.0.0.1")
    server._gate = G.Gate(total=20, per_address=10, attempts_burst=100)
    server.start()
    try:
        urls = server.new_game([0])
        strangers = [_raw(server.port, f"127.0.0.{2 + i // 10}") for i in range(20)]  # 2 addresses, 10 each
        wait_for(lambda: server.stats()["sockets"] >= 20, what="the 20 strangers' sockets")
        run(_welcomed(urls[0]))
        assert server.stats()["cut"].get("evicted", 0) >= 1
        for s in strangers:
            s.close()
    finally:
        server.stop()


def test_a_huge_header_is_one_line_in_the_arcade_log_not_a_traceback_on_stderr(server, caplog, capfd):
    # Before: aiohttp's own logger printed a traceback with the 20 kB header to stderr.
    caplog.set_level(logging.INFO)
    s = _raw(server.port)
    s.sendall(b"GET / HTTP/1.1\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n")
    deadline = time.monotonic() + 10
    while not _closed(s) and time.monotonic() < deadline:
        pass
    s.close()
    while not caplog.records and time.monotonic() < deadline:
        time.sleep(0.01)
    records = [r for r in caplog.records if "aiohttp" in r.name or r.name.startswith("game.web")]
    assert records and all(r.name.startswith("game.web") for r in records), [r.name for r in records]
    assert all(r.exc_info is None and len(r.getMessage()) < 500 for r in records)
    assert "Traceback" not in capfd.readouterr().err


def test_the_arcade_log_takes_aiohttps_own_warnings_too(capfd):
    # Before: a warning under aiohttp's loggers had no handler but Python's last resort: stderr.
    from game import logs

    path = logs.setup()
    try:
        logging.getLogger("aiohttp.websocket").warning("a library's complaint")
        for h in logging.getLogger("game").handlers:
            h.flush()
        assert "a library's complaint" in path.read_text(encoding="utf-8")
        assert "a library's complaint" not in capfd.readouterr().err
    finally:
        for name in ("game", *logs.LIBRARIES):
            for h in list(logging.getLogger(name).handlers):
                logging.getLogger(name).removeHandler(h)
                h.close()


def test_addresses_as_the_gate_counts_them():
    class T:
        def __init__(self, peer):
            self.peer = peer

        def get_extra_info(self, name):
            return self.peer

    assert G.address_of(T(("192.168.1.20", 5000))) == "192.168.1.20"
    assert G.address_of(T(("::ffff:192.168.1.20", 5000, 0, 0))) == "192.168.1.20"
    # Two phones on one home network share its /64: they count apart.
    assert G.address_of(T(("2001:db8::1", 5000, 0, 0))) != G.address_of(T(("2001:db8::2", 5000, 0, 0)))
    assert G.address_of(T(("fe80::1%wlan0", 5000, 0, 2))) == "fe80::1"


def test_a_bad_message_after_the_hello_is_answered_and_the_phone_stays(server, events):
    urls = server.new_game([0])

    async def go():
        phone = FakePhone(urls[0], "dev-a")
        await phone.connect()
        await phone.wait_for("welcome")
        await phone.send('{"type": "act", "v": [[[[1]]]], "i": 0}')
        await phone.send("{not json")
        first = await phone.wait_for("dropped")
        second = await phone.wait_for("dropped", after=phone.received.index(first) + 1)
        await phone.press("wokup")
        pressed = await until(events.drain, what="the press after the bad messages")
        assert server.connected(0)
        await phone.close()
        return first, second, pressed

    first, second, pressed = run(go())
    assert (first["reason"], second["reason"]) == ("bad-fields", "malformed-json")
    assert [ev.control for ev in pressed] == ["wokup"]


def test_what_the_gate_cut_is_one_line_in_the_log_now_and_then(quick, caplog, monkeypatch):
    from game.web import server as S

    monkeypatch.setattr(S, "CUTS_LOGGED_EVERY_S", 0.2)
    caplog.set_level(logging.INFO, logger="game.web.server")
    quick.stop()
    quick.start()  # its reporter with the short interval
    s = _raw(quick.port)  # says nothing: cut at the headers deadline
    deadline = time.monotonic() + 10
    lines = []
    while not lines and time.monotonic() < deadline:
        lines = [r.getMessage() for r in caplog.records if "sockets cut" in r.getMessage()]
        time.sleep(0.05)
    s.close()
    assert lines == ["phone server: sockets cut: 1 (headers-late 1)"], lines


def test_a_connection_asking_more_than_a_page_load_is_closed_after_its_answer(server):
    import aiohttp

    from game.web.server import REQUESTS_PER_CONNECTION

    async def go():
        connector = aiohttp.TCPConnector(limit=1, local_addr=(STRANGER, 0))  # one keep-alive connection
        async with aiohttp.ClientSession(connector=connector) as s:
            statuses = []
            for _ in range(REQUESTS_PER_CONNECTION + 2):
                async with s.get(server.base_url + "/") as r:
                    await r.read()
                    statuses.append(r.status)
            return statuses

    statuses = run(go())
    # The 9th is refused and its connection closed; the 10th comes on a new connection.
    assert statuses == [200] * REQUESTS_PER_CONNECTION + [429, 200], statuses

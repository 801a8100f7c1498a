"""The server with Python phones (aiohttp clients) on loopback: joining, refusals,
take-overs, reconnects, and every kind of bad input counted and survived."""

import asyncio
import json
import threading
import time

import aiohttp

from game.web.fakephone import FakePhone
from game.web.server import BURST_MESSAGES, RATE
from game.web.views import build_view
from game.wewillwokyou.rules import WokState

from ..waiting import until

NAMES = ["Ana", "Bao", "Chloé"]


def actions(events, into: list) -> list:
    """The action events so far, gathered into `into` (draining the queue)."""
    into += [ev for ev in events.drain() if ev.control == "action"]
    return into


def run(coro):
    """On a thread of its own: Playwright's sync API may own this thread's loop."""
    out = []
    thread = threading.Thread(target=lambda: out.append(asyncio.run(asyncio.wait_for(coro, 20))))
    thread.start()
    thread.join(30)
    assert out, "the phones' coroutine failed (see the thread's traceback above)"
    return out[0]


def test_a_phone_joins_gets_only_its_seat_and_its_choice_becomes_an_event(server, events):
    state = WokState(3, None, 1)
    urls = server.new_game([0, 1])
    for s in (0, 1):
        server.publish(s, build_view(state, s, NAMES))

    async def go():
        a, b = FakePhone(urls[0], "dev-a"), FakePhone(urls[1], "dev-b")
        await a.connect()
        await b.connect()
        va, vb = await a.wait_for("view"), await b.wait_for("view")
        assert (va["seat"], vb["seat"]) == (0, 1)
        assert va["observation"] == state.observation(0) and vb["observation"] == state.observation(1)
        assert server.connected(0) and server.connected(1) and server.phone_seats() == [0, 1]
        me = a if state.turn == 0 else b
        view = va if me is a else vb
        await me.send({"type": "act", "v": view["v"], "i": 0})
        await me.send({"type": "act", "v": view["v"], "i": 0})  # a double tap: one choice per view
        await me.wait_for("told")  # the second tap answered (stale): both taps were read, in order
        got = actions(events, [])
        assert len(got) == 1 and got[0].seat == state.turn and got[0].action == view["legal"][0]
        assert got[0].device == f"phone-{state.turn}"
        assert me.of("told")[-1].get("stale")
        server.tell(state.turn, "Not allowed: pay-the-price")  # refused: the phone may choose again
        await me.wait_for("told", after=len(me.received) - 1)
        await me.send({"type": "act", "v": view["v"], "i": 0})
        again = await until(lambda: actions(events, []), what="the choice after the refusal")
        assert len(again) == 1
        for p in (a, b):
            assert all(d["seat"] == p.hello()["seat"] for d in p.of("view"))
            await p.close()
        await until(lambda: server.away(0) and not server.connected(0), what="seat 0 away")

    run(go())


def test_wrong_secret_earlier_game_and_no_hello_get_nothing(server, events):
    state = WokState(2, None, 1)
    old = server.new_game([0, 1])
    urls = server.new_game([0, 1])  # the first game's links are replayed below
    server.publish(0, build_view(state, 0, NAMES[:2]))

    async def refused(url, tweak=None):
        p = FakePhone(url)
        hello = p.hello()
        hello.update(tweak or {})
        await p.connect(hello)
        await asyncio.wait_for(p.closed.wait(), 3)
        await p.close()
        return [d["type"] for d in p.received], p.received

    types, got = run(refused(old[0]))
    assert types == ["refused"] and got[0]["reason"] == "old-game"
    types, got = run(refused(urls[0], {"key": "A" * 24}))
    assert types == ["refused"] and got[0]["reason"] == "wrong-secret"
    types, got = run(refused(urls[0], {"seat": 1}))  # seat 0's secret for seat 1
    assert got[0]["reason"] == "wrong-secret"
    assert server.stats()["refused"] == {"old-game": 1, "wrong-secret": 2}
    assert not server.connected(0) and not server.connected(1)
    assert not events.drain()


def test_bad_input_is_dropped_counted_and_harmless(server, events):
    urls = server.new_game([0, 1])
    server.publish(1, build_view(WokState(2, None, 1), 1, NAMES[:2]))

    async def go():
        a, b = FakePhone(urls[0], "dev-a"), FakePhone(urls[1], "dev-b")
        await a.connect()
        await b.connect()
        await a.wait_for("welcome")
        for raw in [
            "{not json",
            "[]",
            '{"type":"rm -rf"}',
            '{"type":"act","v":"1","i":0}',
            '{"type":"press","control":"deck0","t":-5,"seq":1}',
            "x" * 5000,
        ]:
            await a.send(raw)
        await a.ws.send_bytes(b"\x00" * 10)
        await a.send({"type": "act", "v": 99, "i": 0})  # no such view
        await until(lambda: sum(server.stats()["dropped"].values()) >= 8, what="the eight messages read")
        dropped = server.stats()["dropped"]
        assert dropped == {
            "malformed-json": 1,
            "not-an-object": 1,
            "unknown-type": 1,
            "bad-fields": 2,
            "oversized": 1,
            "binary": 1,
            "stale": 1,
        }, dropped
        assert server.connected(0) and not events.drain()
        await a.send("y" * 100_000)  # past aiohttp's frame cap: that connection is closed
        await asyncio.wait_for(a.closed.wait(), 3)
        # the server counts it as it lets go
        await until(lambda: server.stats()["dropped"].get("oversized-closed"), what="the oversized frame counted")
        assert server.stats()["dropped"].get("oversized-closed") == 1, server.stats()
        await b.press("wokup")  # the other seat plays on
        got = await until(events.drain, what="the other seat's press")
        assert [ev.control for ev in got] == ["wokup"]
        await a.close()
        await b.close()

    run(go())


def test_a_second_device_needs_the_tv_and_the_same_phone_comes_back(server, events):
    state = WokState(2, None, 1)
    urls = server.new_game([0])
    server.publish(0, build_view(state, 0, NAMES[:2]))

    async def go():
        first = FakePhone(urls[0], "phone-1")
        await first.connect()
        await first.wait_for("view")
        other = FakePhone(urls[0], "phone-2")
        await other.connect()
        await other.wait_for("waiting")
        assert server.takeover_requests() == [0] and not other.of("view")
        await other.press("deck0")
        await until(lambda: server.stats()["dropped"].get("not-seated"), what="the press read")
        assert not events.drain()  # a waiting device has no seat
        # The same phone back (asleep, Wi-Fi lost): the seat and the current view, no question asked.
        await first.close()
        await until(lambda: server.away(0), what="seat 0 away")
        back = FakePhone(urls[0], "phone-1")
        await back.connect()
        assert (await back.wait_for("view"))["v"] == 1
        server.publish(0, build_view(state, 0, NAMES[:2]))
        assert (await back.wait_for("view", after=2))["v"] == 2
        server.allow_takeover(0)  # the TV confirms
        assert (await other.wait_for("view"))["v"] == 2
        bye = await back.wait_for("bye")
        assert bye["reason"] == "taken-over"
        assert server.takeover_requests() == [] and server.connected(0)
        # A new game: every phone is let go, every link dies.
        server.new_game([0])
        assert (await other.wait_for("bye"))["reason"] == "new-game"
        for p in (back, other):
            await p.close()

    run(go())


def test_a_move_stays_in_flight_until_the_arcade_answers_and_an_old_view_is_replaced_at_once(server, events):
    """One move per view until the arcade answers it (a new view, or `tell`); a take-over
    does not reopen it (the first phone's move is still answered); a choice from an old
    view is refused with the latest view at once."""
    state = WokState(2, None, 1)
    urls = server.new_game([0])
    server.publish(0, build_view(state, 0, NAMES[:2]))

    async def go():
        first = FakePhone(urls[0], "phone-1")
        await first.connect()
        view = await first.wait_for("view")
        await first.send({"type": "act", "v": view["v"], "i": 0})
        got = await until(lambda: actions(events, []), what="the move")
        assert len(got) == 1  # in flight
        other = FakePhone(urls[0], "phone-2")
        await other.connect()
        await other.wait_for("waiting")
        server.allow_takeover(0)
        assert (await other.wait_for("view"))["v"] == view["v"]
        await other.send({"type": "act", "v": view["v"], "i": 0})  # the same view: the first move is in flight
        told = await other.wait_for("told")
        assert told.get("stale") and not [ev for ev in events.drain() if ev.control == "action"]
        server.tell(0, "Not allowed: pay-the-price")  # the arcade answers the first move
        told_at = len(other.received)
        await other.wait_for("told", after=told_at)
        assert (await other.wait_for("view", after=told_at))["v"] == view["v"]  # its view again, with the message
        server.publish(0, build_view(state, 0, NAMES[:2]))  # the table moved on
        seen = len(other.received)
        await other.send({"type": "act", "v": view["v"], "i": 0})  # from the old view
        fresh = await other.wait_for("view", after=seen)
        assert fresh["v"] == view["v"] + 1 and (await other.wait_for("told", after=seen)).get("stale")
        for p in (first, other):
            await p.close()

    run(go())


def test_a_flood_of_a_thousand_messages_a_second_is_dropped_and_counted(server, events):
    urls = server.new_game([0, 1])

    async def go():
        a, b = FakePhone(urls[0], "dev-a"), FakePhone(urls[1], "dev-b")
        await a.connect()
        await b.connect()
        await a.wait_for("welcome")
        await b.wait_for("welcome")
        start = time.monotonic()
        for i in range(1000):  # 1,000 in one second
            await a.send(f'{{"type":"press","control":"deck0","t":1,"seq":{i}}}')
            if i % 10 == 9:
                await asyncio.sleep(max(0.0, start + (i + 1) / 1000 - time.monotonic()))
        await b.press("deck2")

        def all_read():  # every one of the thousand kept or dropped, and seat 1's press
            got.extend(events.drain())
            kept = sum(ev.seat == 0 for ev in got)
            return server.stats()["dropped"].get("flood", 0) + kept >= 1000 and any(ev.seat == 1 for ev in got)

        await until(all_read, what="the flood read")
        took.append(time.monotonic() - start)
        await a.close()
        await b.close()

    got: list = []
    took: list[float] = []
    run(go())
    stats = server.stats()
    kept = [ev for ev in got if ev.seat == 0]
    # (the flooding page's own pongs wait in the same bucket, so a few of them are dropped too)
    assert 1000 <= stats["dropped"]["flood"] + len(kept) <= 1000 + 12
    # the burst plus the rate for as long as the flood lasted (a second, more on a busy machine)
    assert len(kept) <= BURST_MESSAGES + RATE * (took[0] + 0.5)
    assert any(ev.seat == 1 and ev.control == "deck2" for ev in got)
    print(f"\nflood: {stats['dropped']['flood']} of 1000 dropped, {len(kept)} let through in {took[0]:.2f} s")


def test_the_page_and_its_headers(server):
    async def go():
        async with aiohttp.ClientSession() as s:
            async with s.get(server.base_url + "/") as r:
                body = await r.text()
                csp = r.headers["Content-Security-Policy"]
                assert r.status == 200 and "window.wok" in body and r.headers["Content-Encoding"] == "gzip"
                assert "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
                # the inlined script and style, and nothing else, by their hashes
                assert csp.count("'sha256-") == 2 and body.count("<script>") == 1
            for name in ("app.js", "style.css", "index.html"):  # one page, nothing else to fetch
                async with s.get(f"{server.base_url}/{name}") as r:
                    assert r.status == 404
            async with s.get(server.base_url + "/../../etc/passwd") as r:
                assert r.status == 404
            async with s.get(server.base_url + "/ws") as r:  # not an upgrade
                assert r.status >= 400

    run(go())
    assert json.loads(json.dumps(server.stats()))


def test_the_bench_gives_its_figures():
    from game.web.bench import phone_path
    from game.wokup import GAME as WOKUP

    fig = phone_path(WOKUP, taps=5, browser=None)  # the Python phone: quick
    # figures, not limits: a busy machine slows them (the bench prints them)
    assert fig["taps"] == 5 and fig["queue_p50_ms"] > 0 and fig["bound_max_ms"] >= 0
    print(f"\nphone path: queue p50 {fig['queue_p50_ms']} ms, clock bound max {fig['bound_max_ms']} ms")


def _boot(html: str) -> list[dict] | None:
    start = html.find('<script type="application/json" id="boot">')
    if start < 0:
        return None
    body = html[start:].split(">", 1)[1].split("</script>", 1)[0]
    return json.loads(body)


def test_a_seats_link_opens_a_page_with_its_hand_until_a_device_holds_the_seat(server):
    """The first load carries the seat's words and view (one round trip, not two, on a
    slow network); not another seat's link, a wrong secret, the bare page, nor, once a
    phone holds the seat, the same link opened again (that one asks for a take-over)."""
    state = WokState(3, None, 1)
    urls = server.new_game([0, 1])
    server.publish(0, build_view(state, 0, NAMES))
    server.publish(1, {**build_view(state, 1, NAMES), "status": "</script><script>alert(1)</script>"})

    async def get(url: str) -> str:
        async with aiohttp.ClientSession() as s, s.get(url) as r:
            assert r.status == 200
            return await r.text()

    async def go():
        boot = _boot(await get(urls[0]))
        assert boot is not None and [m["type"] for m in boot] == ["welcome", "view"]
        assert boot[0]["seat"] == 0 and boot[1]["observation"] == state.observation(0)
        hostile = await get(urls[1])  # a view's text cannot close the block
        assert "<script>alert" not in hostile and _boot(hostile)[1]["status"].startswith("</script>")
        odd = ("s=01", "s=%C2%B2", "s=-0", "s=")  # "²" is a digit to Python, not to int()
        wrong = [urls[0].replace("k=", "k=x"), server.base_url + "/", *(urls[0].replace("s=0", o) for o in odd)]
        for url in wrong:
            assert _boot(await get(url)) is None, url
        phone = FakePhone(urls[0], "dev-a")
        await phone.connect()
        await phone.wait_for("view")
        assert _boot(await get(urls[0])) is None  # held: a second device gets no hand
        await phone.close()
        return True

    assert run(go())

"""The phones' server: one small page and a WebSocket per phone, off the frame loop.

aiohttp runs on a thread of its own with its own asyncio loop. The app's
thread never waits for it: `publish`, `tell`, `allow_takeover`, `new_game`
and `invalidate` take a lock for a moment and hand the sending to the loop;
phone input comes back as `PlayerEvent`s in the app's `EventQueue`. The
server never touches a game state: it shows what it was given and passes on
what was chosen. See game/web/README.md for the whole interface.

Every connection is untrusted. Before its `hello` names the current game, a
seat and that seat's secret it gets nothing but a refusal; every message is
checked (`protocol.parse`), and what fails the size cap, the JSON, the schema
or the rate limit (a token bucket per connection) is dropped and counted.
Before any of that, the `Gate` (gate.py) decides who may hold a socket at
all and for how long; a connection whose first message is not a good hello
is refused and closed. aiohttp's own complaints (a bad request, a broken
frame) and any error on the server's loop go to the arcade's log, one line
each.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import resource
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError

from ..engine.state import detached
from ..input.events import Control, EventQueue, PlayerEvent
from . import gate as G
from . import links as L
from . import page as Page
from . import pictures as Pics
from . import protocol as P
from .clock import BURST, BURST_EVERY_S, EVERY_S, PhoneClock

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
MAX_FRAME = 64 * 1024  # aiohttp closes a connection (1009) on a bigger frame; smaller oversized ones are dropped
CUTS_LOGGED_EVERY_S = 60.0
CLOSE_S = 1.0  # a closing WebSocket waits this long for the other side's close frame
REQUESTS_PER_CONNECTION = 8  # a page load needs 2 (the page, its pictures); more: closed after the answer
# aiohttp's request handler: small headers, idle keep-alive connections closed
# soon, no lingering to read a body nobody asked for, its complaints in our log.
HANDLER_ARGS = {
    "keepalive_timeout": 5.0,
    "max_line_size": 4096,
    "max_field_size": 4096,
    "max_headers": 32,
    "lingering_time": 0,
    "access_log": None,
}
SILENT_S = 6.0  # no pong for this long: the phone is away (asleep, out of Wi-Fi)
RATE = 40.0  # messages a second a connection may send, sustained ...
BURST_MESSAGES = 80  # ... and in a burst (a flurry of slaps)
MAX_PRESS_AGE_NS = 250_000_000  # a press stamped earlier than this before it arrived is moved up to it
SYNC_EVERY_S = 1.0  # the page is told its clock bound this often
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}
# A game's picture sheet (pictures.py) is named by its hash: kept a year, never asked again.
PICTURE_HEADERS = {
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Vary": "Accept-Encoding",
}


def lan_address() -> str:
    """This machine's address on the local network, for the links. A UDP socket
    "connected" to a documentation address (TEST-NET-1) sends nothing; it only
    asks the routing table which interface would be used."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class _OneLine(logging.Filter):
    """aiohttp's errors as one line each, at most 300 characters (a hostile
    request's 20 kB header would otherwise fill the log with its traceback);
    a malformed request is routine on an open port: info, not error."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None:
            record.msg = f"{record.getMessage()}: {type(exc).__name__}: {str(exc)[:300]}"
            record.args = ()
            record.exc_info = record.exc_text = None
            if isinstance(exc, HttpProcessingError):
                record.levelno, record.levelname = logging.INFO, "INFO"
        return True


http_log = logging.getLogger(__name__ + ".http")
http_log.addFilter(_OneLine())


def _loop_error(loop: asyncio.AbstractEventLoop, context: dict) -> None:
    """An error nobody awaited on the server's loop: logged, the loop goes on."""
    exc = context.get("exception")
    log.error("phone server: %s%s", context.get("message", "error"), f": {exc!r}" if exc is not None else "")


def _enough_files(need: int) -> None:
    """Raise this process's soft limit of open files if the server's caps need
    more than it allows (systemd's default is 1,024; the unit sets more)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = need + 512  # the arcade's own files beside the sockets
    if soft != resource.RLIM_INFINITY and soft < want:
        new = want if hard == resource.RLIM_INFINITY else min(hard, want)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
        log.warning("open files limit %d raised to %d (the phone server may hold %d)", soft, new, need)


def _error_reason(msg) -> str:
    """Why aiohttp gave up on a connection's frames."""
    too_big = getattr(msg.data, "code", None) == WSCloseCode.MESSAGE_TOO_BIG
    return "oversized-closed" if too_big else "broken-frame"


class Bucket:
    """A token bucket: `take` is False once a connection sends faster than allowed."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


_SERIALS = itertools.count(1)


@dataclass(eq=False)
class Conn:
    ws: web.WebSocketResponse
    bucket: Bucket
    seat: int | None = None
    device: str | None = None
    clock: PhoneClock = field(default_factory=PhoneClock)  # the page's timer resolution comes with its hello
    active: bool = False  # holds its seat (not waiting for a take-over)
    last_pong: float = field(default_factory=time.monotonic)
    drops: int = 0
    serial: int = field(default_factory=lambda: next(_SERIALS))  # never reused, unlike id()
    handler: object = None  # its connection's request handler: the gate's key


@dataclass
class Seat:
    device: str | None = None  # the device this game's seat belongs to
    conn: Conn | None = None  # its live connection
    waiting: Conn | None = None  # a second device asking to take the seat over
    view: str | None = None  # the latest view, as sent
    legal: list = field(default_factory=list)  # its legal actions, by index
    v: int = 0  # the latest view's number
    acted: int | None = None  # the view a choice was sent from (one choice per view)
    bound_ns: int | None = None  # the phone's clock bound, at the latest exchange


class PhoneServer:
    def __init__(
        self,
        events: EventQueue,
        port: int = DEFAULT_PORT,
        host: str = "0.0.0.0",
        address: str | None = None,
        words: dict | None = None,
        rate: float = RATE,
        burst: int = BURST_MESSAGES,
    ) -> None:
        self.events = events
        self.host, self.port = host, port
        self.address = address  # shown in links; found at start if None
        self.words = dict(words or {})  # the page's words in the arcade's language
        self.rate, self.burst = rate, burst
        self._lock = threading.Lock()
        self._links = L.Links()
        self._seats: dict[int, Seat] = {}
        self._conns: set[Conn] = set()
        self._drops: Counter = Counter()  # reason -> messages dropped
        self._refused: Counter = Counter()  # reason -> hellos refused
        self._counts: Counter = Counter()  # messages, events, connections
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.base_events.Server | None = None
        self._gate = G.Gate()
        self._reporter: asyncio.Task | None = None
        self._thread: threading.Thread | None = None
        self._tasks: set[asyncio.Task] = set()  # fire-and-forget sends and goodbyes, held until done
        self._page_built = Page.build()

    # ---- life (app thread) ---------------------------------------------------------
    def start(self) -> PhoneServer:
        """Bind and serve on a thread; raises OSError if the port cannot be had."""
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            loop.set_exception_handler(_loop_error)
            self._loop = loop
            try:
                loop.run_until_complete(self._serve())
            except BaseException as exc:
                failure.append(exc)
                ready.set()
                loop.close()
                return
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self._shutdown())
            loop.close()

        _enough_files(G.FILES)
        # The pictures' sheets, made off the frame thread: a game's first view names its sheet's hash.
        threading.Thread(target=Pics.warm, name="phone pictures", daemon=True).start()
        self._thread = threading.Thread(target=run, name="phone server", daemon=True)
        self._thread.start()
        ready.wait(10)
        if failure:
            raise failure[0]
        if self.address is None:
            self.address = "127.0.0.1" if self.host.startswith("127.") else lan_address()
        return self

    async def _serve(self) -> None:
        app = web.Application(client_max_size=4096, middlewares=[self._counted])
        app.router.add_get("/", self._page)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/pictures/{game}.css", self._pictures)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        loop = asyncio.get_running_loop()
        manager = self._runner.server
        assert manager is not None

        def handler() -> G.GatedHandler:
            return G.GatedHandler(self._gate, manager, loop=loop, logger=http_log, **HANDLER_ARGS)

        # Our own listener instead of web.TCPSite: each connection meets the gate
        # as it is accepted, before aiohttp reads from it.
        sock = G.listening_socket(self.host, self.port)
        self._listener = await loop.create_server(handler, sock=sock, backlog=G.ACCEPT_BATCH)
        G.deepen(sock)
        self.port = sock.getsockname()[1]  # the real one when port 0 was asked
        self._reporter = self._spawn(self._report_cuts())

    async def _report_cuts(self) -> None:
        """Once a minute, what the gate cut (if anything): one line in the log, not one a socket."""
        told: Counter = Counter()
        while True:
            await asyncio.sleep(CUTS_LOGGED_EVERY_S)
            new = self._gate.cut - told
            if new:
                told = self._gate.cut.copy()
                why = ", ".join(f"{reason} {n}" for reason, n in new.items())
                log.info("phone server: sockets cut: %d (%s)", new.total(), why)

    async def _shutdown(self) -> None:
        if self._reporter is not None:
            self._reporter.cancel()
        if self._listener is not None:
            self._listener.close()
        for conn in list(self._conns):
            await conn.ws.close(code=WSCloseCode.GOING_AWAY, message=b"arcade closed")
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=5)
        self._loop = self._thread = None

    @property
    def base_url(self) -> str:
        return f"http://{self.address}:{self.port}"

    # ---- the game (app thread) -------------------------------------------------------
    def new_game(self, seats: list[int]) -> dict[int, str]:
        """New secrets for `seats` (humans who may use a phone); every earlier link,
        phone and view is dropped. Returns seat -> URL, for the QR codes."""
        with self._lock:
            links = self._links.new_game(seats)
            old = self._forget_seats()
            self._seats = {s: Seat() for s in links}
        self._say_bye(old, "new-game")
        return {s: link.url(self.base_url) for s, link in links.items()}

    def invalidate(self) -> None:
        """Quit, kiosk reset: no link works any more, every phone is let go."""
        with self._lock:
            self._links.invalidate()
            old = self._forget_seats()
            self._seats = {}
        self._say_bye(old, "closed")

    def links(self) -> dict[int, str]:
        with self._lock:
            return {s: link.url(self.base_url) for s, link in self._links.links().items()}

    def publish(self, seat: int, view: dict) -> None:
        """The seat's phone shows `view` (a JSON dict from `views.build_view`): sent
        now if it is connected, kept for when it (re)connects."""
        with self._lock:
            st = self._seats.get(seat)
            if st is None:
                return
            st.v += 1
            st.legal = list(view.get("legal") or [])
            st.acted = None
            st.view = P.dump({**view, "type": "view", "v": st.v})
            conn, text = st.conn, st.view
        if conn is not None:
            self._send(conn, text)

    def tell(self, seat: int, message: str) -> None:
        """A message for the seat's phone (its move refused: a rule, or no table
        takes it), with its latest view again; it may choose again."""
        with self._lock:
            st = self._seats.get(seat)
            if st is None:
                return
            st.acted = None  # the move in flight is answered
            conn, view = st.conn, st.view
        if conn is not None:
            self._send(conn, P.dump({"type": "told", "text": message}))
            if view is not None:
                self._send(conn, view)

    def set_words(self, words: dict) -> None:
        """The page's words in another language (sent to phones as they (re)join)."""
        self.words = dict(words)

    # ---- presence and take-overs (app thread) ------------------------------------------
    def connected(self, seat: int) -> bool:
        with self._lock:
            st = self._seats.get(seat)
            return st is not None and st.conn is not None

    def away(self, seat: int) -> bool:
        """A phone joined this seat and is not connected now: the TV marks it."""
        with self._lock:
            st = self._seats.get(seat)
            return st is not None and st.device is not None and st.conn is None

    def phone_seats(self) -> list[int]:
        """Seats a phone has joined in this game (connected or away)."""
        with self._lock:
            return sorted(s for s, st in self._seats.items() if st.device is not None)

    def takeover_requests(self) -> list[int]:
        """Seats a second device is asking for; the TV asks the table to confirm."""
        with self._lock:
            return sorted(s for s, st in self._seats.items() if st.waiting is not None)

    def takeover_tokens(self) -> dict[int, int]:
        """Seat -> a token of the device asking for it: the same request keeps its
        token, another device asking later gets a new one (the TV answers each once)."""
        with self._lock:
            return {s: st.waiting.serial for s, st in self._seats.items() if st.waiting is not None}

    def allow_takeover(self, seat: int) -> None:
        self._call(self._takeover, seat, True)

    def refuse_takeover(self, seat: int) -> None:
        self._call(self._takeover, seat, False)

    def clock_bound_ns(self, seat: int) -> int | None:
        """The seat's phone clock bound at its latest exchange (None: not synced yet)."""
        with self._lock:
            st = self._seats.get(seat)
            return None if st is None or st.conn is None else st.bound_ns

    def stats(self) -> dict:
        with self._lock:
            return {
                "dropped": dict(self._drops),
                "refused": dict(self._refused),
                **dict(self._counts),
                "connections": len(self._conns),
                "cut": dict(self._gate.cut),  # sockets the gate cut, by reason
                "sockets": len(self._gate),
                "sockets_peak": self._gate.peak,
            }

    # ---- plumbing ------------------------------------------------------------------
    def _spawn(self, coro) -> asyncio.Task:
        """Start a task on the server's loop and hold it until it ends (the loop
        keeps only weak references: an unheld task may vanish mid-way)."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _call(self, fn, *args) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(fn, *args)

    def _send(self, conn: Conn, text: str) -> None:
        """From any thread: queue a text for one connection."""

        def go() -> None:
            if not conn.ws.closed:
                self._spawn(self._send_now(conn, text))

        self._call(go)

    async def _send_now(self, conn: Conn, text: str) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):  # it went away: its handler cleans up
            await conn.ws.send_str(text)

    def _forget_seats(self) -> list[Conn]:
        conns = []
        for st in self._seats.values():
            conns += [c for c in (st.conn, st.waiting) if c is not None]
        return conns

    def _say_bye(self, conns: list[Conn], reason: str) -> None:
        for conn in conns:
            conn.active = False
            conn.seat = None
            self._call(lambda c=conn: self._spawn(self._bye(c, reason)))

    async def _bye(self, conn: Conn, reason: str) -> None:
        await self._send_now(conn, P.dump({"type": "bye", "reason": reason, "text": self._word(reason)}))
        await conn.ws.close(code=WSCloseCode.GOING_AWAY)

    def _word(self, key: str) -> str:
        return self.words.get(key, key)

    def _drop(self, conn: Conn | None, reason: str) -> None:
        with self._lock:
            self._drops[reason] += 1
        if conn is not None:
            conn.drops += 1

    # ---- HTTP ----------------------------------------------------------------------
    @web.middleware
    async def _counted(self, request: web.Request, handler) -> web.StreamResponse:
        """Every request's headers arrived: the gate's first deadline is met; a
        connection asking more than a page load needs is closed after this answer."""
        if self._gate.requested(request.protocol) > REQUESTS_PER_CONNECTION:
            response = web.Response(status=429, text="too many requests")
            response.force_close()
            return response
        return await handler(request)

    async def _page(self, request: web.Request) -> web.Response:
        """The page, its script and style inlined (page.py), gzipped for a browser that takes it;
        opened from a seat's link, with the seat's words and view (`_boot`)."""
        page = self._page_built
        headers = dict(HEADERS, **{"Content-Security-Policy": page.csp, "Vary": "Accept-Encoding"})
        boot = self._boot(request.query)
        plain, gz = page.with_boot(boot) if boot else (page.html, page.gz)
        body = _encoded(request, plain, gz, headers)
        return web.Response(body=body, content_type="text/html", charset="utf-8", headers=headers)

    def _boot(self, query) -> list[str]:
        """What the socket's welcome would send, for a page opened from a seat's link
        (game, seat and secret in the query) while that seat has no device yet: the
        hand is drawn one round trip before the socket opens. A seat some device holds
        gets nothing here: a second device still asks the table (a take-over)."""
        seat = query.get("s", "")
        if not (seat.isascii() and seat.isdigit()) or len(seat) > 1:  # ("²" is a digit int() refuses)
            return []
        with self._lock:
            st = self._seats.get(int(seat))
            ok = self._links.check(query.get("g", ""), int(seat), query.get("k", "")) == L.OK
            if not ok or st is None or st.device is not None or st.view is None:
                return []
            view = st.view
        return [P.dump({"type": "welcome", "seat": int(seat), "words": self.words}), view]

    async def _pictures(self, request: web.Request) -> web.Response:
        """A game's pictures (the manifest's files only: the name is looked up, never a path)."""
        game = request.match_info["game"]
        sheet = await asyncio.to_thread(Pics.sheet, game) if game in Pics.games() else None
        if sheet is None:
            return web.Response(status=404, text="no such pictures", headers=HEADERS)
        headers = dict(PICTURE_HEADERS, ETag=f'"{sheet.tag}"')
        if request.headers.get("If-None-Match") == f'"{sheet.tag}"':
            return web.Response(status=304, headers=headers)
        body = _encoded(request, sheet.css, sheet.gz, headers)
        return web.Response(body=body, content_type="text/css", charset="utf-8", headers=headers)

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME, compress=False, autoping=True, timeout=CLOSE_S)
        await ws.prepare(request)
        conn = Conn(ws, Bucket(self.rate, self.burst), handler=request.protocol)
        self._conns.add(conn)
        with self._lock:
            self._counts["connections_opened"] += 1
        pinger = None
        try:
            if not await self._hello(conn):
                return ws
            pinger = self._spawn(self._pinger(conn))
            while True:
                msg = await ws.receive()
                if msg.type == WSMsgType.TEXT:
                    self._message(conn, msg.data)
                elif msg.type == WSMsgType.BINARY:
                    self._drop(conn, P.BINARY)
                elif msg.type == WSMsgType.ERROR:
                    self._drop(conn, _error_reason(msg))
                    break
                else:  # close, closing, closed
                    break
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            if pinger is not None:
                pinger.cancel()
            self._conns.discard(conn)
            self._leave(conn)
            if not ws.closed:
                await ws.close()
        return ws

    # ---- a connection's life ---------------------------------------------------------
    async def _hello(self, conn: Conn) -> bool:
        """The first message must be a good hello, within the gate's deadline
        counted from the accept; anything else is refused and closed (a page
        always says hello first: what does not is no phone)."""
        try:
            msg = await asyncio.wait_for(conn.ws.receive(), self._gate.hello_left(conn.handler))
        except TimeoutError:
            self._drop(conn, "no-hello")
            await self._refuse(conn, "no-hello", "")  # no words: a page that is slow retries
            return False
        if msg.type == WSMsgType.TEXT:
            parsed = P.parse(msg.data)
            if not isinstance(parsed, str) and parsed.type == "hello":
                return await self._join(conn, parsed)
            reason = parsed if isinstance(parsed, str) else "before-hello"
        elif msg.type == WSMsgType.BINARY:
            reason = P.BINARY
        else:
            if msg.type == WSMsgType.ERROR:
                self._drop(conn, _error_reason(msg))
            return False
        self._drop(conn, reason)
        await self._refuse(conn, "before-hello", "")
        return False

    async def _refuse(self, conn: Conn, reason: str, text: str | None = None) -> None:
        text = self._word(reason) if text is None else text
        await self._send_now(conn, P.dump({"type": "refused", "reason": reason, "text": text}))
        await conn.ws.close(code=WSCloseCode.POLICY_VIOLATION)

    async def _join(self, conn: Conn, hello: P.Message) -> bool:
        seat = hello["seat"]
        with self._lock:
            verdict = self._links.check(hello["game"], seat, hello["key"])
            st = self._seats.get(seat)
            if verdict == L.OK and st is None:
                verdict = L.NO_SEAT
            if verdict != L.OK or st is None:  # (no seat is NO_SEAT, just above)
                self._refused[verdict] += 1
            else:
                conn.seat, conn.device, conn.clock = seat, hello["device"], PhoneClock(hello["res"])
                if st.device is None or st.device == hello["device"]:
                    old, st.device, st.conn = st.conn, hello["device"], conn
                    conn.active = True
                    self._counts["joins"] += 1
                else:
                    old = st.waiting  # a third device replaces a second one asking
                    st.waiting = conn
                    self._counts["takeover_requests"] += 1
        if verdict != L.OK:
            await self._refuse(conn, verdict)
            return False
        self._gate.trust(conn.handler)
        if old is not None and old is not conn:
            old.active = False
            old.seat = None
            self._spawn(self._bye(old, "replaced"))
        if conn.active:
            await self._welcome(conn)
        else:
            await self._send_now(conn, P.dump({"type": "waiting", "text": self._word("waiting")}))
        return True

    async def _welcome(self, conn: Conn) -> None:
        with self._lock:
            st = self._seats.get(conn.seat) if conn.seat is not None else None  # (let go meanwhile)
            view = st.view if st is not None else None
        await self._send_now(conn, P.dump({"type": "welcome", "seat": conn.seat, "words": self.words}))
        if view is not None:
            await self._send_now(conn, view)

    def _takeover(self, seat: int, allow: bool) -> None:
        with self._lock:
            st = self._seats.get(seat)
            if st is None or st.waiting is None:
                return
            new, st.waiting = st.waiting, None
            if allow:
                old, st.conn, st.device = st.conn, new, new.device
                new.active = True  # (a move in flight from the first phone is still answered: `acted` stays)
                self._counts["takeovers"] += 1
        if not allow:
            new.seat = None
            self._spawn(self._bye(new, "takeover-refused"))
            return
        if old is not None:
            old.active = False
            old.seat = None
            self._spawn(self._bye(old, "taken-over"))
        self._spawn(self._welcome(new))

    def _leave(self, conn: Conn) -> None:
        with self._lock:
            st = self._seats.get(conn.seat) if conn.seat is not None else None
            if st is not None and st.conn is conn:
                st.conn = None  # the seat stays this device's: it is away
                st.bound_ns = None
            if st is not None and st.waiting is conn:
                st.waiting = None

    async def _pinger(self, conn: Conn) -> None:
        sent = 0
        last_sync = 0.0
        while not conn.ws.closed:
            await asyncio.sleep(BURST_EVERY_S if sent < BURST else EVERY_S)
            now = time.monotonic()
            if now - conn.last_pong > SILENT_S:
                await conn.ws.close(code=WSCloseCode.GOING_AWAY, message=b"silent")
                return
            ping_id = conn.clock.ping(time.monotonic_ns())
            await self._send_now(conn, P.dump({"type": "ping", "id": ping_id}))
            sent += 1
            bound = conn.clock.bound_ns()
            if conn.active and now - last_sync >= SYNC_EVERY_S and bound is not None:
                last_sync = now
                await self._send_now(
                    conn, P.dump({"type": "sync", "bound_ms": round(bound / 1e6, 3), "ready": conn.clock.ready})
                )

    def _message(self, conn: Conn, raw: str) -> None:
        arrived = time.monotonic_ns()
        with self._lock:
            self._counts["messages"] += 1
        if not conn.bucket.take():
            self._drop(conn, "flood")
            return
        msg = P.parse(raw)
        if isinstance(msg, str):
            self._drop(conn, msg)
            self._send(conn, P.dump({"type": "dropped", "reason": msg}))  # (floods are not answered)
            return
        if msg.type == "pong":
            conn.last_pong = time.monotonic()
            if conn.clock.pong(msg["id"], msg["t"], arrived) and conn.active:
                with self._lock:
                    st = self._seats.get(conn.seat) if conn.seat is not None else None
                    if st is not None and st.conn is conn:
                        st.bound_ns = conn.clock.bound_ns()
            return
        if not conn.active or conn.seat is None:
            self._drop(conn, "not-seated")  # waiting for a take-over, or let go
            return
        if msg.type == "press":
            t_ns, bound = conn.clock.press(msg["t"], arrived, MAX_PRESS_AGE_NS)
            self._put(PlayerEvent(f"phone-{conn.seat}", msg["control"], True, t_ns, conn.seat, None, bound))
        elif msg.type == "act":
            with self._lock:
                st = self._seats.get(conn.seat)
                ok = st is not None and msg["v"] == st.v and st.acted is None and msg["i"] < len(st.legal)
                if ok and st is not None:
                    # One move per view, in flight until the arcade answers it: a new view
                    # (applied) or `tell` (refused). The arcade answers every move it is given.
                    st.acted = st.v
                    action = detached(st.legal[msg["i"]])  # the event's own copy
                fresh = st.view if st is not None and msg["v"] != st.v else None  # the phone is behind
            if not ok:
                self._drop(conn, "stale")
                self._send(conn, P.dump({"type": "told", "text": self._word("stale"), "stale": True}))
                if fresh is not None:  # the phone chose from an old view: the latest again, at once
                    self._send(conn, fresh)
                return
            self._put(PlayerEvent(f"phone-{conn.seat}", Control.ACTION, True, arrived, conn.seat, action=action))
        else:
            self._drop(conn, "hello-again")

    def _put(self, event: PlayerEvent) -> None:
        with self._lock:
            self._counts["events"] += 1
        self.events.put(event)


def _encoded(request: web.Request, plain: bytes, gz: bytes, headers: dict) -> bytes:
    """The gzipped body for a browser that takes it (saying so in `headers`), else the plain one."""
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        headers["Content-Encoding"] = "gzip"
        return gz
    return plain

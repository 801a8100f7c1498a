"""Who may hold a socket of the phone server, and for how long.

Every connection is counted from the moment it is accepted, before aiohttp
reads a byte of it: at most PER_ADDRESS from one address, at most TOTAL in
all, and an address opening them faster than ATTEMPTS_RATE is cut at once.
A connection that has not sent a request's headers within HEADERS_S, or is
not a phone that said a good hello within HELLO_S (both counted from the
accept, so nothing it sends puts them off), is aborted: its unread data is
dropped with it. When TOTAL are held, the oldest connection that is not a
phone yet, of the address holding the most, makes room for the new one: strangers cannot keep phones out by
holding sockets, only make them wait their turn.

`GatedHandler` is aiohttp's own `RequestHandler` (web.RequestHandler) told
by the gate at `connection_made` and `connection_lost`; nothing else of
aiohttp's is changed.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass
from typing import cast

from aiohttp import web

TOTAL = 128  # sockets held at once (the seats' phones need a dozen)
PER_ADDRESS = 16  # a phone loading the page and joining uses 2 to 4
ATTEMPTS_RATE = 10.0  # new connections an address may open a second, sustained ...
ATTEMPTS_BURST = 30  # ... and at once (a page load, a reconnect after sleep)
HEADERS_S = 3.0  # from the accept to a request's headers, all of them
HELLO_S = 5.0  # from the accept to a phone's good hello (the server refuses it politely then) ...
GRACE_S = 1.0  # ... and the gate aborts whatever is still there this much later
QUEUE = 1024  # connections the kernel queues for us (they are not our files; beyond, SYNs are dropped)
ACCEPT_BATCH = 32  # connections asyncio accepts at a time (create_server's backlog)
# Files the server can hold at its worst: every socket, the listening one, and
# those accepted but not yet cut: a cut socket is closed four turns of the loop
# after its accept (accept, its task, connection_made, connection_lost), and
# each turn may accept a batch.
FILES = TOTAL + 4 * ACCEPT_BATCH + 1


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket: asyncio listens on it with ACCEPT_BATCH as its backlog
    (which is also how many it accepts at a time); `deepen` then gives it the
    kernel's QUEUE, so a flood's connections wait in the kernel, not in our files."""
    family = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0][0]
    return socket.create_server((host, port), family=family, backlog=ACCEPT_BATCH)


def deepen(sock: socket.socket) -> None:
    """Linux lets listen() be called again on a listening socket: only its queue changes."""
    sock.listen(QUEUE)


def address_of(transport: asyncio.BaseTransport) -> str:
    """The peer's address as the gate counts it (an IPv4 address mapped into IPv6
    as the IPv4 one). An IPv6 address counts alone, not by its /64: on a home
    network every phone shares the /64 (a stranger with many addresses meets
    the cap in all and its eviction instead)."""
    peer = transport.get_extra_info("peername")
    host = peer[0] if isinstance(peer, tuple) and peer else str(peer)
    try:
        ip = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


class _Attempts:
    """A token bucket per address (connections opened)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, at)

    def take(self, address: str, now: float) -> bool:
        tokens, at = self._buckets.get(address, (float(self.burst), now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if len(self._buckets) > 4096:  # forget the addresses whose buckets are full again
            full_after = self.burst / self.rate
            self._buckets = {a: (t, s) for a, (t, s) in self._buckets.items() if now - s < full_after}
        ok = tokens >= 1
        self._buckets[address] = (tokens - 1 if ok else tokens, now)
        return ok


@dataclass(eq=False)
class _Held:
    address: str
    transport: asyncio.Transport
    accepted: float
    requests: int = 0  # requests whose headers arrived
    trusted: bool = False  # a phone that said a good hello: no deadline, never evicted


class Gate:
    def __init__(
        self,
        total: int = TOTAL,
        per_address: int = PER_ADDRESS,
        attempts_rate: float = ATTEMPTS_RATE,
        attempts_burst: int = ATTEMPTS_BURST,
        headers_s: float = HEADERS_S,
        hello_s: float = HELLO_S,
    ) -> None:
        self.total, self.per_address = total, per_address
        self.headers_s, self.hello_s = headers_s, hello_s
        self._attempts = _Attempts(attempts_rate, attempts_burst)
        self._held: OrderedDict[object, _Held] = OrderedDict()  # handler -> its socket, oldest first
        self._per: Counter = Counter()  # address -> sockets held
        self.cut: Counter = Counter()  # reason -> connections cut
        self.peak = 0

    def __len__(self) -> int:
        return len(self._held)

    def admit(self, handler: object, transport: asyncio.Transport) -> bool:
        """A connection just accepted: held (and its deadlines set), or aborted."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        address = address_of(transport)
        reason = None
        if not self._attempts.take(address, time.monotonic()):
            reason = "too-fast"
        elif self._per[address] >= self.per_address:
            reason = "address-full"
        elif len(self._held) >= self.total and not self._evict():
            reason = "full"
        if reason is not None:
            self.cut[reason] += 1
            transport.abort()
            return False
        self._held[handler] = _Held(address, transport, now)
        self._per[address] += 1
        self.peak = max(self.peak, len(self._held))
        loop.call_at(now + self.headers_s, self._due, handler, "headers-late")
        loop.call_at(now + self.hello_s + GRACE_S, self._due, handler, "hello-late")
        return True

    def requested(self, handler: object) -> int:
        """A request's headers arrived on this connection: how many so far."""
        held = self._held.get(handler)
        if held is None:
            return 0
        held.requests += 1
        return held.requests

    def hello_left(self, handler: object) -> float:
        """Seconds this connection has left to say its hello."""
        held = self._held.get(handler)
        if held is None:
            return 0.0
        return max(0.0, held.accepted + self.hello_s - asyncio.get_running_loop().time())

    def trust(self, handler: object) -> None:
        """A phone said a good hello on this connection: its deadlines are off;
        its own pings tell when it goes silent."""
        held = self._held.get(handler)
        if held is not None:
            held.trusted = True

    def release(self, handler: object) -> None:
        held = self._held.pop(handler, None)
        if held is not None:
            self._per[held.address] -= 1
            if self._per[held.address] <= 0:
                del self._per[held.address]

    def _due(self, handler: object, reason: str) -> None:
        held = self._held.get(handler)
        if held is None or held.trusted or (reason == "headers-late" and held.requests):
            return
        self.cut[reason] += 1
        held.transport.abort()  # connection_lost follows: released there

    def _evict(self) -> bool:
        """Make room: the oldest socket that is not a phone yet, of the address
        holding the most sockets (a flood's, not a phone's on its way in)."""
        untrusted = [(h, held) for h, held in self._held.items() if not held.trusted]
        if not untrusted:
            return False
        most = max(self._per[held.address] for _h, held in untrusted)
        handler, held = next((h, held) for h, held in untrusted if self._per[held.address] == most)
        self.cut["evicted"] += 1
        held.transport.abort()
        self.release(handler)
        return True


class GatedHandler(web.RequestHandler):
    """aiohttp's request handler, admitted by the gate as its connection is made.
    One the gate cuts never starts: no task, no parsing, its socket closed."""

    def __init__(self, gate: Gate, manager: web.Server, **kwargs) -> None:
        super().__init__(manager, **kwargs)
        self.gate = gate
        self.admitted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # A stream server hands its protocol a Transport; asyncio types the callback
        # with the base class (aiohttp's own RequestHandler casts the same way).
        self.admitted = self.gate.admit(self, cast(asyncio.Transport, transport))
        if self.admitted:
            super().connection_made(transport)

    def connection_lost(self, exc: BaseException | None) -> None:
        if self.admitted:
            self.gate.release(self)
            super().connection_lost(exc)

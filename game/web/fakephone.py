"""A phone in Python, for tests and the bench: an aiohttp WebSocket client that
speaks the page's protocol, with a clock of its own (an offset and a drift
from the host's monotonic clock, coarsened like a browser's `performance.now()`),
so what the sync makes of it can be checked against the truth.
"""

from __future__ import annotations

import asyncio
import json
import time

import aiohttp

from .links import parse_link


class FakePhone:
    def __init__(
        self,
        url: str,
        device: str = "fake-device",
        offset_ms: float = 5_000.0,
        ppm: float = 0.0,
        step_ms: float = 0.1,
        answer: bool = True,
    ) -> None:
        base = url.split("?")[0].split("#")[0]
        self.ws_url = base.rstrip("/").replace("http://", "ws://") + "/ws"
        self.link = parse_link(url)
        self.device = device
        self.offset_ms, self.ppm, self.step_ms = offset_ms, ppm, step_ms
        self.answer = answer  # False: never answers pings (a phone frozen mid-call)
        self.received: list[dict] = []
        self.session: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task | None = None
        self.closed = asyncio.Event()

    # ---- its clock ---------------------------------------------------------------
    def now_ms(self, host_ns: int | None = None) -> float:
        """This phone's performance.now() at a host monotonic time, coarsened to its step."""
        host_ns = time.monotonic_ns() if host_ns is None else host_ns
        exact = self.offset_ms + host_ns / 1e6 * (1 + self.ppm * 1e-6)
        return int(exact / self.step_ms) * self.step_ms

    def host_ns(self, phone_ms: float) -> float:
        """The host time at which this phone's clock read `phone_ms` (the truth)."""
        return (phone_ms - self.offset_ms) / (1 + self.ppm * 1e-6) * 1e6

    # ---- talking -------------------------------------------------------------------
    async def connect(self, hello: dict | None = None) -> None:
        self.session = aiohttp.ClientSession()
        self.ws = await self.session.ws_connect(self.ws_url, max_msg_size=0)
        self._reader = asyncio.ensure_future(self._read())
        if hello is not False:
            await self.send(hello or self.hello())

    def hello(self) -> dict:
        return {
            "type": "hello",
            "game": self.link.get("g", ""),
            "seat": int(self.link.get("s", 0)),
            "key": self.link.get("k", ""),
            "device": self.device,
            "res": self.step_ms,
        }

    def _open(self) -> aiohttp.ClientWebSocketResponse:
        if self.ws is None:
            raise RuntimeError("FakePhone: connect() first")
        return self.ws

    async def send(self, message: dict | str) -> None:
        await self._open().send_str(message if isinstance(message, str) else json.dumps(message))

    async def _read(self) -> None:
        try:
            async for msg in self._open():
                if msg.type != aiohttp.WSMsgType.TEXT:
                    continue
                doc = json.loads(msg.data)
                if doc.get("type") == "ping" and self.answer:
                    await self.send({"type": "pong", "id": doc["id"], "t": self.now_ms()})
                else:
                    self.received.append(doc)
        except (aiohttp.ClientError, ConnectionError):
            pass
        finally:
            self.closed.set()

    async def wait_for(self, kind: str, timeout: float = 3.0, after: int = 0) -> dict:
        """The first message of `kind` from index `after` on."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for doc in self.received[after:]:
                if doc.get("type") == kind:
                    return doc
            if self.closed.is_set():
                break
            await asyncio.sleep(0.005)
        raise TimeoutError(f"no {kind!r} message; got {[d.get('type') for d in self.received]}")

    def of(self, kind: str) -> list[dict]:
        return [d for d in self.received if d.get("type") == kind]

    async def press(self, control: str, phone_ms: float | None = None) -> None:
        await self.send(
            {"type": "press", "control": control, "t": self.now_ms() if phone_ms is None else phone_ms, "seq": 1}
        )

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.wait_for(self._reader, 2)
        if self.session is not None:
            await self.session.close()

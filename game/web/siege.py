"""The phone server under attack, on loopback: what honest phones and the table
see while strangers without a secret hammer the port.

`siege(attack, seconds)` serves a seated game (a `MiniTable`: two phones
playing, a bot on the third seat), runs a model frame loop beside the server
in this process (the arcade's thread: some Python, then the GIL let go, 60
times a second), and starts the attacker in a process of its own (a stranger
on the network does not share our GIL): `python -m game.web.siege <attack>
<port> <seconds>`. Meanwhile an honest phone joins the third seat again and
again, and the two seated phones play their turns. It returns the figures:
honest joins (made, within JOIN_S, slowest), moves sent and applied, open
files at peak, the frame rate and longest frame gap, and the connections the
server still held after the attacker left.

The attacks (each from source addresses 127.0.0.2 and up, the honest phones
from 127.0.0.1; the whole of 127/8 is loopback):

- ``slow``: 1,100 connections sending a request's headers a byte at a time
- ``reopen``: 40 loops opening `/ws` and holding it without a hello, again as soon as it closes
- ``junk``: 4 streams of junk without pause (two as WebSocket text frames
  after the handshake, two as raw bytes), reconnecting when closed
- ``crowd``: 200 sockets at once, each a WebSocket with a wrong secret, again when closed
- ``burn`` (a control, not an attack): the attacker's process spins a core and sends nothing

`python -m game.web.siege --kiosk [attack...]` runs the real arcade instead (`kiosk_heartbeat`)
and counts its watchdog heartbeats before and during each attack.

`python -m game.web.siege` runs them all and prints the figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import itertools
import json
import os
import random
import resource
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any

from ..engine.gamedef import GameDef
from ..input.events import EventQueue
from .fakephone import FakePhone
from .host import MiniTable
from .server import PhoneServer

ATTACKS = ("slow", "reopen", "junk", "crowd")
JOIN_S = 2.0  # an honest phone must be welcomed within this
JOIN_EVERY_S = 0.25
MOVE_EVERY_S = 0.2
FRAME_S = 1 / 60
NAMES = ["Ana", "Bao", "Chloé"]


def attacker_addresses(n: int) -> list[str]:
    return [f"127.0.0.{2 + i}" for i in range(n)]


def open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


def thread_cpu_s(native_id: int) -> float:
    """CPU seconds a thread of this process has used (Linux: /proc)."""
    with open(f"/proc/self/task/{native_id}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


# ---- the attacker (its own process) ---------------------------------------------------
async def _slow(port: int, seconds: float, n: int = 1100, every_s: float = 1.0, addresses: int = 10) -> dict:
    request = b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" * 50
    out = {"opened": 0, "failed": 0, "cut": 0, "open_max": 0}
    live = [0]
    end = time.monotonic() + seconds

    async def one(addr: str) -> None:
        while time.monotonic() < end:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(addr, 0))
            except OSError:
                out["failed"] += 1
                await asyncio.sleep(every_s)
                continue
            out["opened"] += 1
            live[0] += 1
            out["open_max"] = max(out["open_max"], live[0])
            try:
                for byte in request:
                    if time.monotonic() >= end:
                        break
                    writer.write(bytes([byte]))
                    await writer.drain()
                    with_timeout = asyncio.wait_for(reader.read(1), every_s)
                    try:
                        if not await with_timeout:
                            break  # the server closed it
                    except TimeoutError:
                        continue
                    break  # the server answered (an error) and will close
                out["cut"] += time.monotonic() < end
            except OSError:
                out["cut"] += 1
            finally:
                live[0] -= 1
                writer.close()

    addrs = attacker_addresses(addresses)
    await asyncio.gather(*(one(addrs[i % len(addrs)]) for i in range(n)))
    return out


async def _ws_loop(port: int, end: float, addr: str, out: dict, body) -> None:
    """Open /ws from `addr`, run `body(ws)`, again as soon as it ends."""
    import aiohttp

    connector = aiohttp.TCPConnector(local_addr=(addr, 0), force_close=True, limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        while time.monotonic() < end:
            try:
                close_s = aiohttp.ClientWSTimeout(ws_close=5)
                async with session.ws_connect(f"http://127.0.0.1:{port}/ws", max_msg_size=0, timeout=close_s) as ws:
                    out["opened"] += 1
                    await body(ws)
            except (aiohttp.ClientError, OSError, TimeoutError) as exc:
                out["refused"] += 1
                out.setdefault("why", {}).setdefault(type(exc).__name__, 0)
                out["why"][type(exc).__name__] += 1
                await asyncio.sleep(0.01)


async def _hold(ws) -> None:
    async for _msg in ws:
        pass


async def _reopen(port: int, seconds: float, loops: int = 40) -> dict:
    out = {"opened": 0, "refused": 0}
    end = time.monotonic() + seconds
    addr = attacker_addresses(1)[0]
    await asyncio.gather(*(asyncio.wait_for(_ws_loop(port, end, addr, out, _hold), seconds + 10) for _ in range(loops)))
    return out


async def _junk(port: int, seconds: float, streams: int = 4) -> dict:
    out = {"opened": 0, "refused": 0, "sent_mb": 0.0}
    end = time.monotonic() + seconds
    rng = random.Random(1)
    junk = bytes(rng.getrandbits(8) for _ in range(64 * 1024))
    text = "".join(rng.choice('abcdefxyz{}[]:,"') for _ in range(200))

    async def frames(ws) -> None:
        while time.monotonic() < end and not ws.closed:
            await ws.send_str(text)
            out["sent_mb"] += len(text) / 1e6

    async def raw(addr: str) -> None:
        while time.monotonic() < end:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(addr, 0))
            except OSError:
                out["refused"] += 1
                await asyncio.sleep(0.01)
                continue
            out["opened"] += 1
            answered = asyncio.ensure_future(reader.read())  # done once the server closes
            try:
                while time.monotonic() < end and not answered.done():
                    writer.write(b"GET / HTTP/1.1\r\nX-Junk: " + junk)
                    await writer.drain()
                    out["sent_mb"] += len(junk) / 1e6
            except OSError:
                pass
            finally:
                answered.cancel()
                writer.close()

    addrs = attacker_addresses(streams)
    tasks = [_ws_loop(port, end, addrs[i], out, frames) if i % 2 == 0 else raw(addrs[i]) for i in range(streams)]
    await asyncio.gather(*(asyncio.wait_for(t, seconds + 10) for t in tasks))
    return out


async def _crowd(port: int, seconds: float, n: int = 200, addresses: int = 10) -> dict:
    out = {"opened": 0, "refused": 0}
    end = time.monotonic() + seconds
    hello = {"type": "hello", "game": "g" * 11, "seat": 0, "key": "k" * 24, "device": "crowd", "res": 0.1}

    async def wrong_secret(ws) -> None:
        await ws.send_json(hello)
        await _hold(ws)

    addrs = attacker_addresses(addresses)
    loops = [_ws_loop(port, end, addrs[i % addresses], out, wrong_secret) for i in range(n)]
    await asyncio.gather(*(asyncio.wait_for(loop, seconds + 10) for loop in loops))
    return out


async def _burn(port: int, seconds: float) -> dict:
    """The control: an attacker's CPU spent without a byte sent (on one machine the
    attacker's process competes with the arcade for the cores, whatever it does)."""
    end = time.monotonic() + seconds
    spins = 0
    while time.monotonic() < end:
        sum(i * i for i in range(10_000))
        spins += 1
    return {"spins": spins}


def attack(kind: str, port: int, seconds: float) -> dict:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))  # the attacker's own sockets
    attacks: dict[str, Callable[[int, float], Coroutine[Any, Any, dict]]] = {
        "slow": _slow,
        "reopen": _reopen,
        "junk": _junk,
        "crowd": _crowd,
        "burn": _burn,
    }
    return asyncio.run(attacks[kind](port, seconds))


# ---- the arcade's side (this process) --------------------------------------------------
class Frames:
    """A model of the arcade's frame loop: 10 ms of Python a frame in 1 ms pieces,
    the GIL let go between them (as pygame's blits and the flip do), 60 frames a
    second. A thread hogging the GIL makes each piece wait for it. Keeps each
    frame's end."""

    PIECES = 10

    def __init__(self) -> None:
        self.ends: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="model frames", daemon=True)
        self._n = self._calibrate()

    @staticmethod
    def _work(n: int) -> int:
        return sum(i * i for i in range(n))

    def _calibrate(self) -> int:
        """Iterations that take about 1 ms here (the best of a few tries)."""
        best = min(self._timed(20_000) for _ in range(5))
        return max(1000, int(20_000 * 0.001 / best))

    def _timed(self, n: int) -> float:
        t = time.perf_counter()
        self._work(n)
        return time.perf_counter() - t

    def _run(self) -> None:
        next_at = time.monotonic()
        while not self._stop.is_set():
            for _ in range(self.PIECES):
                self._work(self._n)  # Python work holding the GIL
                time.sleep(0)  # a C call letting it go
            self.ends.append(time.monotonic())
            next_at = max(next_at + FRAME_S, time.monotonic())
            time.sleep(max(0.0, next_at - time.monotonic()))

    def start(self) -> Frames:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def between(self, t0: float, t1: float) -> tuple[float, float]:
        """Frames a second and the longest gap (s) between t0 and t1."""
        ends = [t for t in self.ends if t0 <= t <= t1]
        gaps = [b - a for a, b in itertools.pairwise(ends)]
        return len(ends) / max(1e-9, t1 - t0), max(gaps, default=t1 - t0)


class FileWatch:
    def __init__(self) -> None:
        self.peak = open_files()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="open files", daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.02):
            self.peak = max(self.peak, open_files())

    def start(self) -> FileWatch:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)


async def _players(urls: dict[int, str], table: MiniTable, until: threading.Event, out: dict) -> None:
    """Seats 0 and 1 play each turn they are given; an honest phone joins seat 2 again and again."""
    seated = {s: FakePhone(urls[s], f"player-{s}") for s in (0, 1)}
    for phone in seated.values():
        await phone.connect()
        await phone.wait_for("welcome", timeout=10)

    async def play(seat: int, phone: FakePhone) -> None:
        done = 0
        while not until.is_set():
            views = phone.of("view")
            if views and views[-1]["v"] > done and views[-1].get("legal") and not views[-1]["over"]:
                view = views[-1]
                done = view["v"]
                choice = next((i for i, a in enumerate(view["legal"]) if a.get("type") != "cancel"), 0)
                await phone.send({"type": "act", "v": view["v"], "i": choice})
                out["moves_sent"] += 1
                await asyncio.sleep(MOVE_EVERY_S)  # the game lasts through the attack
            await asyncio.sleep(0.01)

    async def joins() -> None:
        while not until.is_set():
            t0 = time.monotonic()
            phone = FakePhone(urls[2], "honest")
            try:
                await asyncio.wait_for(phone.connect(), JOIN_S)
                await phone.wait_for("welcome", timeout=max(0.01, JOIN_S - (time.monotonic() - t0)))
                took = time.monotonic() - t0
                out["joins_ok"] += 1
                out["join_max_s"] = max(out["join_max_s"], took)
            except (TimeoutError, OSError, Exception) as exc:  # any failure is a failed join, counted
                out["joins_failed"] += 1
                out["join_errors"][type(exc).__name__] = out["join_errors"].get(type(exc).__name__, 0) + 1
            out["joins"] += 1
            with contextlib.suppress(Exception):  # a failed join is counted already
                await asyncio.wait_for(phone.close(), 3)
            await asyncio.sleep(max(0.0, JOIN_EVERY_S - (time.monotonic() - t0)))

    await asyncio.gather(*(play(s, p) for s, p in seated.items()), joins())
    for phone in seated.values():
        await phone.close()


def siege(kind: str | None, gdef: GameDef, seconds: float = 8.0, server: PhoneServer | None = None) -> dict:
    """One attack (None: none, the baseline) against a seated game of `gdef` (turn-based,
    three seats: two phones and a random bot); the figures."""
    events = EventQueue()
    own = server is None
    server = server or PhoneServer(events, port=0, host="127.0.0.1").start()
    server.events = events
    state = gdef.state_cls(3, None, 5)
    urls = server.new_game([0, 1, 2])
    table = MiniTable(state, NAMES, server, events, bots={2: gdef.make_bot("random")}, tick_s=FRAME_S).start()
    frames, files = Frames().start(), FileWatch().start()
    out: dict[str, Any] = {"attack": kind or "none", "joins": 0, "joins_ok": 0, "joins_failed": 0, "join_max_s": 0.0}
    out |= {"join_errors": {}, "moves_sent": 0}
    until = threading.Event()
    player = threading.Thread(target=lambda: asyncio.run(_players(urls, table, until, out)), daemon=True)
    base_files = open_files()
    try:
        player.start()
        server_thread = server._thread.native_id if server._thread is not None else None
        cpu0 = thread_cpu_s(server_thread) if server_thread else 0.0
        t0 = time.monotonic()
        attacker = None
        if kind is not None:
            attacker = subprocess.Popen(
                [sys.executable, "-m", "game.web.siege", kind, str(server.port), str(seconds)],
                stdout=subprocess.PIPE,
                text=True,
            )
            got, _err = attacker.communicate(timeout=seconds + 60)
            out["attacker"] = json.loads(got.strip().splitlines()[-1]) if got.strip() else {}
        else:
            time.sleep(seconds)
        t1 = time.monotonic()
        if server_thread:  # the share of a core the phone server's thread took (its GIL time, at most)
            out["server_cpu"] = round((thread_cpu_s(server_thread) - cpu0) / (t1 - t0), 3)
        out["fps"], out["frame_gap_max_s"] = (round(x, 3) for x in frames.between(t0, t1))
        until.set()
        player.join(15)
        # After the attacker (and the phones) left: how soon the server holds no socket.
        deadline = time.monotonic() + 60
        while (server.stats()["connections"] or server.stats().get("sockets")) and time.monotonic() < deadline:
            time.sleep(0.05)
        out["after_s"] = round(time.monotonic() - t1, 2)
        out["connections_after"] = server.stats()["connections"]
        out["sockets_after"] = server.stats().get("sockets")
    finally:
        until.set()
        frames.stop()
        files.stop()
        table.stop()
        if own:
            server.stop()
    with table._lock:
        out["moves_applied"] = sum(1 for s, _a, _t in table.applied if s in (0, 1))
        out["moves_refused"] = len(table.refused)
    out["files_base"], out["files_peak"] = base_files, files.peak
    out["join_max_s"] = round(out["join_max_s"], 3)
    out["stats"] = server.stats()
    return out


def _systemd_files_limit() -> None:
    """In the arcade's process: systemd's default soft limit of open files."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))


def kiosk_heartbeat(kind: str, seconds: float = 8.0, watchdog_usec: int = 100_000) -> dict:
    """The real arcade (`python -m game kiosk`, SDL's dummy drivers, phones on, a
    free port) with systemd's watchdog asked for: its heartbeats (one per drawn
    frame, at most every WatchdogSec/2) counted for `seconds` before and during
    the attack, with systemd's default limit of 1,024 open files (no LimitNOFILE)."""
    import socket
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp, socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as notify:
        notify.bind(str(Path(tmp) / "notify"))
        notify.settimeout(0.5)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        config = Path(tmp) / "config" / "wok-arcade"
        config.mkdir(parents=True)
        (config / "settings.toml").write_text(f"phones = true\nphones_port = {port}\n", encoding="utf-8")
        env = {
            **os.environ,
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "NOTIFY_SOCKET": str(Path(tmp) / "notify"),
            "WATCHDOG_USEC": str(watchdog_usec),
            **{k: str(Path(tmp) / k.lower()) for k in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME")},
        }
        env["XDG_CONFIG_HOME"] = str(Path(tmp) / "config")
        env.pop("WATCHDOG_PID", None)
        arcade = subprocess.Popen(
            [sys.executable, "-m", "game", "kiosk"], env=env, stderr=subprocess.DEVNULL, preexec_fn=_systemd_files_limit
        )
        beats: list[float] = []
        try:
            deadline = time.monotonic() + 60
            while not beats and time.monotonic() < deadline:  # READY comes with the first frame
                with contextlib.suppress(TimeoutError):
                    if b"WATCHDOG=1" in notify.recv(4096):
                        beats.append(time.monotonic())
            while time.monotonic() < deadline:  # and the phone server listens
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                    break
                time.sleep(0.1)
            t0 = time.monotonic()
            attacker = None
            while time.monotonic() < t0 + 2 * seconds:
                if attacker is None and time.monotonic() >= t0 + seconds:
                    attacker = subprocess.Popen(
                        [sys.executable, "-m", "game.web.siege", kind, str(port), str(seconds)],
                        stdout=subprocess.PIPE,
                        text=True,
                    )
                with contextlib.suppress(TimeoutError):
                    if b"WATCHDOG=1" in notify.recv(4096):
                        beats.append(time.monotonic())
            said = attacker.communicate(timeout=60)[0] if attacker is not None else ""
            alive = arcade.poll() is None
        finally:
            arcade.terminate()
            arcade.wait(20)

    def rate(a: float, b: float) -> tuple[float, float]:
        got = [t for t in beats if a <= t < b]
        gaps = [y - x for x, y in itertools.pairwise(got)]
        return round(len(got) / (b - a), 2), round(max(gaps, default=b - a), 3)

    (before, gap_before), (during, gap_during) = rate(t0, t0 + seconds), rate(t0 + seconds, t0 + 2 * seconds)
    return {
        "attack": kind,
        "arcade_alive_after": alive,
        "arcade_status": arcade.returncode if not alive else None,
        "beats_before": before,
        "gap_before_s": gap_before,
        "beats_during": during,
        "gap_during_s": gap_during,
        "attacker": json.loads(said.strip().splitlines()[-1]) if said.strip() else {},
    }


def main(argv: list[str]) -> None:
    if argv and argv[0] in (*ATTACKS, "burn") and len(argv) == 3:
        print(json.dumps(attack(argv[0], int(argv[1]), float(argv[2]))))
        return
    if argv and argv[0] == "--kiosk":
        for kind in argv[1:] or ATTACKS:
            print(json.dumps(kiosk_heartbeat(kind)), flush=True)
        return
    for kind in argv or ["none", *ATTACKS]:
        gdef = importlib.import_module("game.wewillwokyou").GAME  # by name: the web layer imports no game
        fig = siege(None if kind in (None, "none") else kind, gdef)
        print(json.dumps(fig), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

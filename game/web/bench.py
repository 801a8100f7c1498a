"""Figures of the phones' path, for `python -m game bench` (the integrator hooks
`report(out, gdef)` in beside the buzzer boxes' figures).

Tap -> event: a phone on loopback taps the pads of a real-time game (`gdef`,
whose phone shows pads: Wok Up's slap pads at the arcade); the time from its tap to the
PlayerEvent in the app's queue, and to the action applied by a table polling
the queue at 60 steps a second (the arcade's loop). With Chromium and
Playwright present the phone is the real page in headless Chromium and the
tap is a pointer event on a button: its time is the event's own stamp mapped
through the phone's clock sync, so each latency is known within that press's
bound (printed beside it). Without them the phone is a Python client
(`fakephone`) whose taps are timed on the host's own clock.

Clock bound: the phone's bound as the server reports it, p50 and max over the run.

First load (`first_load`): a seat's page opened in Chromium throttled as a slow
phone (Chrome DevTools' "Fast 3G" network and 4x CPU slowdown, through the
DevTools protocol): the bytes it fetched, when its hand was drawn (cards with
their words) and when the game's pictures were in, from the navigation's
start; then the same page reloaded (the pictures come from the cache).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import threading
import time

from ..engine.gamedef import GameDef
from ..input.events import EventQueue, PlayerEvent
from .server import PhoneServer
from .views import build_view

TAPS = 200
STEP_S = 1 / 60
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class _StampedQueue(EventQueue):
    def __init__(self) -> None:
        super().__init__()
        self.stamps: list[tuple[PlayerEvent, int]] = []

    def put(self, event: PlayerEvent) -> None:
        self.stamps.append((event, time.monotonic_ns()))
        super().put(event)


def _frame_wait(put_ns: int, phase_ns: int) -> int:
    """When a table stepping every STEP_S from phase_ns takes an event put at put_ns."""
    step = int(STEP_S * 1e9)
    return phase_ns + ((put_ns - phase_ns) // step + 1) * step


def _browser() -> str | None:
    path = os.environ.get("WOK_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return None
    return path if os.path.exists(path) else None


def phone_path(gdef: GameDef, taps: int = TAPS, browser: str | None = "auto") -> dict:
    view = build_view(gdef.state_cls(2, None, 1), 0, ["Ana", "Bao"])
    if view["mode"] != "pads":
        raise ValueError(f"{gdef.id}'s phone shows no pads to tap")
    pads = [p["control"] for p in view["pads"]]
    events = _StampedQueue()
    server = PhoneServer(events, port=0, host="127.0.0.1").start()
    try:
        url = server.new_game([0])[0]
        server.publish(0, view)
        path = _browser() if browser == "auto" else browser
        run = _in_browser if path else _in_python
        latency, bounds, phone = run(server, events, url, taps, pads, path)
    finally:
        server.stop()
    phase = time.monotonic_ns()
    applied = [(_frame_wait(put, phase) - put) / 1e6 + lat for lat, put in latency]
    tap_to_queue = [lat for lat, _put in latency]
    return {
        "phone": phone,
        "taps": len(tap_to_queue),
        "queue_p50_ms": statistics.median(tap_to_queue),
        "queue_p99_ms": _pct(tap_to_queue, 0.99),
        "applied_p50_ms": statistics.median(applied),
        "applied_p99_ms": _pct(applied, 0.99),
        "bound_p50_ms": statistics.median(bounds),
        "bound_max_ms": max(bounds),
    }


def _wait_synced(server: PhoneServer, seconds: float = 8.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and (server.clock_bound_ns(0) or 10**9) > 5_000_000:
        time.sleep(0.05)
    time.sleep(1.0)


def _collect(events: _StampedQueue, count: int) -> list[tuple[PlayerEvent, int]]:
    deadline = time.monotonic() + 2
    while len(events.stamps) < count and time.monotonic() < deadline:
        time.sleep(0.0005)
    return events.stamps[:count]


def _in_browser(server, events, url, taps, pads, path):
    from playwright.sync_api import sync_playwright

    latency, bounds = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
        page.goto(url)
        page.wait_for_selector(f'[data-control="{pads[0]}"]')
        _wait_synced(server)
        for i in range(taps):
            events.stamps.clear()
            events.drain()
            page.locator(f'[data-control="{pads[i % len(pads)]}"]').dispatch_event("pointerdown")
            got = _collect(events, 1)
            if got:
                ev, put = got[0]
                latency.append(((put - ev.t_ns) / 1e6, put))  # from the tap's own (mapped) stamp
                bounds.append(ev.uncertainty_ns / 1e6)
            time.sleep(0.01)
        browser.close()
    return latency, bounds, "Chromium page"


def _in_python(server, events, url, taps, pads, _path):
    from .fakephone import FakePhone

    latency, bounds = [], []

    async def go():
        phone = FakePhone(url, step_ms=0.1)
        await phone.connect()
        await phone.wait_for("view")
        await asyncio.get_running_loop().run_in_executor(None, _wait_synced, server)
        for i in range(taps):
            events.stamps.clear()
            events.drain()
            tapped = time.monotonic_ns()
            await phone.press(pads[i % len(pads)])
            got = await asyncio.get_running_loop().run_in_executor(None, _collect, events, 1)
            if got:
                ev, put = got[0]
                latency.append(((put - tapped) / 1e6, put))
                bounds.append(ev.uncertainty_ns / 1e6)
            await asyncio.sleep(0.01)
        await phone.close()

    thread = threading.Thread(target=lambda: asyncio.run(go()))  # this thread's loop may be taken
    thread.start()
    thread.join()
    return latency, bounds, "Python client"


# Chrome DevTools' "Fast 3G" preset (front_end/core/sdk/NetworkManager.ts): bytes a
# second after its 0.9 factor, and 562.5 ms of latency.
FAST_3G = {
    "offline": False,
    "latency": 562.5,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8 * 0.9,
    "uploadThroughput": 750 * 1024 / 8 * 0.9,
}
CPU_SLOWDOWN = 4


def first_load(state, seat: int = 0, names: list[str] | None = None, path: str | None = None) -> dict:
    """Open seat `seat`'s page of `state` in a throttled Chromium, twice (the second
    from the cache): {"bytes", "hand_ms", "pictures_ms", "cached_bytes", ...}."""
    from playwright.sync_api import sync_playwright

    path = path or _browser()
    if path is None:
        raise RuntimeError("first_load needs Chromium and Playwright")
    names = names or ["Ana", "Bao", "Chloé", "Dev", "Eli", "Fay"][: state.num_seats]
    server = PhoneServer(EventQueue(), port=0, host="127.0.0.1").start()
    out: dict = {}
    try:
        url = server.new_game([seat])[seat]
        server.publish(seat, build_view(state, seat, names))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            fetched: list[float] = []
            cdp.on("Network.loadingFinished", lambda e: fetched.append(e["encodedDataLength"]))
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", FAST_3G)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
            for run in ("", "cached_"):
                fetched.clear()
                if run:
                    page.reload()
                else:
                    page.goto(url)
                page.wait_for_function(
                    "() => window.wok && window.wok.state.drawn && window.wok.state.picturesLoaded", timeout=60000
                )
                times = page.evaluate("() => [window.wok.state.drawn, window.wok.state.picturesLoaded]")
                out[f"{run}bytes"] = int(sum(fetched))
                out[f"{run}hand_ms"], out[f"{run}pictures_ms"] = times
            browser.close()
    finally:
        server.stop()
    return out


def report_first_load(out, state) -> dict:
    fig = first_load(state)
    print(
        f"phone page first load ({state.game_id}, Chromium, Fast 3G, CPU / {CPU_SLOWDOWN}): "
        f"{fig['bytes'] / 1000:.0f} kB, hand drawn at {fig['hand_ms']:.0f} ms, "
        f"pictures in at {fig['pictures_ms']:.0f} ms; reloaded: {fig['cached_bytes'] / 1000:.0f} kB, hand at "
        f"{fig['cached_hand_ms']:.0f} ms, pictures at {fig['cached_pictures_ms']:.0f} ms",
        file=out,
        flush=True,
    )
    return fig


def report_first_load_all(out, gdefs: list[GameDef]) -> dict:
    """`python -m game bench --scene phone-load`: every game's first load, mid-deal (3 seats)."""
    return {g.id: report_first_load(out, g.state_cls(3, None, 3)) for g in gdefs}


def report(out, gdef: GameDef, taps: int = TAPS) -> dict:
    fig = phone_path(gdef, taps)
    print(
        f"phone path ({gdef.id}, loopback, {fig['phone']}, {fig['taps']} taps): tap -> event in the game queue "
        f"p50 {fig['queue_p50_ms']:.2f} ms, p99 {fig['queue_p99_ms']:.2f} ms; tap -> action applied by a "
        f"60 Hz table p50 {fig['applied_p50_ms']:.2f} ms, p99 {fig['applied_p99_ms']:.2f} ms",
        file=out,
    )
    print(
        f"phone clock bound: p50 {fig['bound_p50_ms']:.2f} ms, max {fig['bound_max_ms']:.2f} ms "
        f"(Chromium's performance.now() steps 0.1 ms)",
        file=out,
        flush=True,
    )
    return fig

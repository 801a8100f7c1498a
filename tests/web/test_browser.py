"""Phones in a real browser (Debian's Chromium, headless, driven by Playwright):
whole games played from the pages, what each page was sent and shows, Wok Up
presses ordered on the arcade's clock, a flooding page. Screenshots of the
page for each game go to $WOK_SCREENSHOTS (a temporary folder by default, so a
test run leaves the checkout clean; `WOK_SCREENSHOTS=docs/screenshots/phone`
refreshes the ones in the repository)."""

from __future__ import annotations

import contextlib
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import pytest

from game.cheaterchefs import GAME as CHEFS
from game.cheaterchefs.data import content as chef_content
from game.cheaterchefs.rules import ChefsState
from game.cheaterchefs.words import card_name as chef_card
from game.engine import SYSTEM
from game.web.host import MiniTable
from game.web.views import build_view
from game.wokup.rules import WokUpState

from ..waiting import wait_for
from .phones import Phone

SHOTS = Path(os.environ.get("WOK_SCREENSHOTS") or Path(tempfile.gettempdir()) / "wok-arcade-phone-shots")
NAMES = ["Ana", "Bao", "Chloé"]
VIEW_ONLY = {"type", "v"}  # what the server adds to a published view


def shot(phone: Phone, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def check_frames(phone: Phone, seat: int, table: MiniTable) -> int:
    """Every view frame the page received is exactly a view published for its own seat."""
    sent = table.published[seat]
    views = phone.views()
    assert views, "the page got no view"
    for frame in views:
        assert frame["seat"] == seat
        published = sent[frame["v"] - 1]
        assert {k: v for k, v in frame.items() if k not in VIEW_ONLY} == published
    for frame in phone.frames:  # nothing else carries game data
        assert frame["type"] in ("welcome", "view", "ping", "sync", "told"), frame
    return len(views)


def prefer_progress(labels, legal, rng):
    """Buy and take woks more than coins, never cancel: games end in reasonable time."""
    good = [i for i, a in enumerate(legal) if a["type"] in ("buy", "take_wok", "lay", "choose")]
    if good and rng.random() < 0.8:
        return rng.choice(good)
    rest = [i for i, a in enumerate(legal) if a["type"] != "cancel"] or list(range(len(legal)))
    return rng.choice(rest)


# Two phones and a bot playing We Will Wok You to the end: test_app_browser.py, through the
# arcade players use (it also checks what the MiniTable version here did: each page's own
# hand, no refusal, every view its seat's). The MiniTable with two phones: Cheater Chefs below.


def prefer_traps(labels, legal, rng):
    aimed = [i for i, a in enumerate(legal) if a["type"] == "play" and "seat" in a]
    if aimed and rng.random() < 0.9:
        return rng.choice(aimed)
    ingredients = [i for i, a in enumerate(legal) if a["type"] == "play"]
    if ingredients and rng.random() < 0.8:
        return rng.choice(ingredients)
    return rng.randrange(len(legal))


def test_cheater_chefs_traps_are_aimed_from_phones_and_secrets_stay_secret(browser, server, events):
    state = ChefsState(3, {"round_limit": 6}, seed=4)
    urls = server.new_game([0, 1])
    table = MiniTable(state, NAMES, server, events, bots={2: CHEFS.make_bot("random")}).start()
    phones = {s: Phone(browser, urls[s]) for s in (0, 1)}
    try:
        for phone in phones.values():
            phone.wait_view()
        dishes = [chef_content().orders[state.orders[s]]["name"] for s in (0, 1)]
        for seat, phone in phones.items():  # each page shows its own order, never the other's
            text = phone.text()
            assert dishes[seat] in text and (dishes[1 - seat] == dishes[seat] or dishes[1 - seat] not in text)
            hand = phone.page.locator(".panel").nth(1).inner_text().replace("\u00ad", "")  # (soft hyphens)
            assert all(chef_card(c) in hand for c in state.hands[seat])
        # The screenshot: a phone whose seat has a trap to aim, its targets listed.
        taken = False
        deadline = time.monotonic() + 40
        rng = random.Random(7)
        while not state.is_over():
            assert time.monotonic() < deadline and table.failure is None
            for phone in phones.values():
                shown = phone.buttons()
                if not shown:
                    continue
                legal = phone.views()[-1]["legal"]
                if not taken and any(legal[j]["type"] == "play" and "seat" in legal[j] for j, _l in shown):
                    shot(phone, "cheaterchefs")
                    taken = True
                i = prefer_traps([], [legal[j] for j, _l in shown], rng)
                try:
                    phone.choose(shown[i][0])
                except Exception as exc:
                    assert "Timeout" in type(exc).__name__, exc
        aimed = [(s, a) for s, a, _t in table.applied if s in (0, 1) and a["type"] == "play" and "seat" in a]
        assert aimed, "no trap was aimed from a phone"
        for seat, phone in phones.items():
            check_frames(phone, seat, table)
            for view in phone.views():
                obs = view["observation"]
                assert obs["order"] == state.orders[seat]
                assert obs["orders"] is None or obs["over"]  # the others' orders only at the end
        assert not table.phones.tv_private([0, 1])
    finally:
        table.stop()
        for phone in phones.values():
            phone.close()


PRESS_AT = """([control, T]) => { window.pressedAt = null;
  // Wait, then press the pad through the page's own handler when the shared clock
  // (timeOrigin + now: the same wall clock in every page of this browser) reads T.
  const pad = document.querySelector('[data-control="' + control + '"]');
  setTimeout(() => {
    while (performance.timeOrigin + performance.now() < T) {}
    const ev = new PointerEvent('pointerdown', {bubbles: true, cancelable: true});
    pad.dispatchEvent(ev);
    window.pressedAt = performance.timeOrigin + ev.timeStamp;
  }, Math.max(0, T - (performance.timeOrigin + performance.now()) - 3));
}"""


STAMPED_AT = """(T) => { window.pressedAt = T; window.wok.press('deck1', T - performance.timeOrigin); }"""


def _press_pair(phones, gap_ms: float, events, injected: bool = False):
    """Both pages press deck 1, the second `gap_ms` after the first; returns
    the two PlayerEvents and the pages' own times of the presses (epoch ms).

    Real: each page dispatches a pointerdown on its pad through its own handler
    when the browser's shared clock reads its time (the event's own timeStamp
    is sent). Injected: each page sends, through the same press(), the stamp its
    clock read at that shared instant 20 ms ago: two pages cannot be made to
    press at the same instant on two busy cores, but their stamps can name one."""
    start = phones[0].page.evaluate("performance.timeOrigin + performance.now()") + (-20 if injected else 150)
    for s in (0, 1):  # both armed before either presses
        phones[s].page.evaluate(
            STAMPED_AT if injected else PRESS_AT,
            start + (gap_ms if s else 0) if injected else ["deck1", start + (gap_ms if s else 0)],
        )
    for s in (0, 1):
        phones[s].page.wait_for_function("() => window.pressedAt !== null", timeout=3000)
    truth = [phones[s].page.evaluate("window.pressedAt") for s in (0, 1)]
    deadline = time.monotonic() + 3
    got = []
    while len(got) < 2 and time.monotonic() < deadline:
        got += [ev for ev in events.drain() if ev.control == "deck1"]
        time.sleep(0.005)
    assert len(got) == 2, got
    return sorted(got, key=lambda ev: ev.seat), truth


@pytest.mark.realtime  # page clocks against the host's: run alone, after the parallel tests
def test_wok_up_presses_from_two_pages_are_ordered_and_ties_are_declared(browser, server, events):
    state = WokUpState(2, None, seed=2)
    urls = server.new_game([0, 1])
    names = NAMES[:2]
    for s in (0, 1):
        server.publish(s, build_view(state, s, names))
    phones = {s: Phone(browser, urls[s]) for s in (0, 1)}
    try:
        for phone in phones.values():
            phone.wait_view()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not all((server.clock_bound_ns(s) or 10**9) < 2_000_000 for s in (0, 1)):
            time.sleep(0.05)
        time.sleep(1.0)  # more exchanges: the drift is measured
        shot(phones[0], "wokup")
        # Wall-clock <-> monotonic on this host, to check each mapped press against
        # the page's own reading of the same machine's clock.
        wall_minus_mono = time.time_ns() - time.monotonic_ns()
        results = {}
        for gap in (5.0, 0.0):
            for _attempt in range(8):  # a descheduled page makes a pair land apart, a busy
                (a, b), truth = _press_pair(phones, gap, events, injected=gap == 0.0)  # host widens bounds:
                if abs((truth[1] - truth[0]) - gap) < 0.3 and a.uncertainty_ns + b.uncertainty_ns < 4_000_000:
                    break  # a pair that says something about ordering
                time.sleep(0.3)
            diff = b.t_ns - a.t_ns
            errors = [abs(ev.t_ns - (t * 1e6 - wall_minus_mono)) for ev, t in zip((a, b), truth)]
            results[gap] = (diff, a.uncertainty_ns, b.uncertainty_ns, errors)
            if gap:
                results_events = (a, b)
            for ev, err in zip((a, b), errors):
                assert err <= ev.uncertainty_ns + 1_000_000, (err, ev.uncertainty_ns)  # + wall/mono slop
        diff, ua, ub, _e = results[5.0]
        assert diff > ua + ub, results  # 5 ms apart: ordered, not a tie
        assert abs(diff - 5_000_000) <= ua + ub + 1_000_000, results  # the true gap inside the bounds (+ slop)
        diff, ua, ub, _e = results[0.0]
        assert abs(diff) <= ua + ub, results  # together: inside the bounds, a tie
        # The rules order the 5 ms pair by time: the earlier page's slap comes first.
        a, b = results_events
        deck = next(d for d in range(5) if state.face_up[d])
        game = state.clone()
        base = min(a.t_ns, b.t_ns) - 1_000_000
        for ev in (b, a):  # arrival order does not matter
            game.apply(ev.seat, {"type": "slap", "deck": deck, "t": ev.t_ns - base, "u": ev.uncertainty_ns})
        game.apply(SYSTEM, game.legal_actions(SYSTEM)[0])
        assert [c["seat"] for c in game.last["claims"]] == [0, 1]
        print(
            f"\nphone presses: 5 ms pair {results[5.0][0] / 1e6:.3f} ms apart, bounds "
            f"{results[5.0][1] / 1e6:.3f}+{results[5.0][2] / 1e6:.3f} ms; together {results[0.0][0] / 1e6:.3f} ms; "
            f"errors vs page clock {[round(e / 1e3) for e in results[5.0][3] + results[0.0][3]]} us"
        )

        # One page floods 1,000 messages in a second; the other plays on, the frame loop holds.
        baseline = _frames(0.6)
        phones[0].page.evaluate("""() => { let n = 0; const t = setInterval(() => {
            for (let k = 0; k < 10; k++)
              window.wok.send('{"type":"press","control":"deck0","t":1,"seq":' + (n++) + '}');
            if (n >= 1000) clearInterval(t); }, 10); }""")
        flooded = _frames(1.2)
        phones[1].page.evaluate("window.wok.press('wokup', performance.now())")
        seen: list = []

        def the_press_and_the_flood_read():
            seen.extend(events.drain())
            late = any(ev.seat == 1 and ev.control == "wokup" for ev in seen)
            return late and server.stats()["dropped"].get("flood", 0) >= 850

        with contextlib.suppress(AssertionError):  # the asserts below say which part never came
            wait_for(the_press_and_the_flood_read, 20)
        stats = server.stats()
        assert any(ev.seat == 1 and ev.control == "wokup" for ev in seen), "the other page's press was lost"
        assert stats["dropped"].get("flood", 0) >= 850, stats
        assert server.connected(0) and server.connected(1)
        assert (server.clock_bound_ns(1) or 10**9) < 2_000_000
        p99 = lambda xs: sorted(xs)[int(0.99 * (len(xs) - 1))]  # noqa: E731
        print(
            f"frame work p50/p99: quiet {statistics.median(baseline):.2f}/{p99(baseline):.2f} ms, "
            f"flooded {statistics.median(flooded):.2f}/{p99(flooded):.2f} ms; dropped {stats['dropped']}"
        )
        assert p99(flooded) < p99(baseline) + 8.0
    finally:
        for phone in phones.values():
            phone.close()


def _frames(seconds: float) -> list[float]:
    """A stand-in frame loop: 2 ms of Python work every 16.7 ms; what each took (ms)."""
    out = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.perf_counter()
        x = 0
        while time.perf_counter() - t0 < 0.002:
            x += sum(range(50))
        out.append((time.perf_counter() - t0) * 1000)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
    return out

"""Phones in a real browser: one Playwright context per phone (its own storage,
so its own device id), every WebSocket frame it receives kept."""

from __future__ import annotations

import json
import time

from .conftest import PHONE

# What the page offers now, read at one instant, as [legal index, label, path]: the
# enabled buttons and, unless a choice is in flight, every action whose path of cards
# is drawn (what a player could reach by touch; its path, or [] for a button).
OFFERS = """() => {
  const s = window.wok.state, v = s.view, paths = window.wok.paths();
  const out = Array.from(document.querySelectorAll('button.act:not(:disabled)'))
    .filter(b => b.dataset.i !== undefined).map(b => [Number(b.dataset.i), b.textContent, paths[b.dataset.i] || []]);
  if (v && s.ws && s.ws.readyState === 1 && !v.over && s.sentV === null) {
    paths.forEach((p, i) => { if (p && !out.some(([j]) => j === i)) out.push([i, v.labels[i], p]); });
  }
  return out.sort((a, b) => a[0] - b[0]);
}"""


# The offers and whether cards are lifted (the tray's "put back" is shown), at one instant.
OFFERS_LIFTED = f"""() => [({OFFERS})(), window.wok.state.picked.length > 0]"""
# The same once there are offers, or once the game is over on the page (no offers); null
# (keep waiting) meanwhile: what wait_for_function waits for.
OFFERS_OR_OVER = f"""() => {{
  const read = ({OFFERS_LIFTED})(), v = window.wok.state.view;
  return read[0].length || (v && v.over) ? read : null;
}}"""


class Phone:
    def __init__(
        self, browser, url: str, viewport: dict | None = None, locale: str | None = None, axe: bool = False
    ) -> None:
        # axe: the page's CSP allows no inline script; axe-core is injected as one (test only).
        self.context = browser.new_context(
            viewport=viewport or PHONE,
            is_mobile=True,
            has_touch=True,
            device_scale_factor=1,
            locale=locale,
            bypass_csp=axe,
        )
        self.page = self.context.new_page()
        self.lifted: bool | None = None  # cards lifted, as offers() last read it (None: not read since a tap)
        self.frames: list[dict] = []  # every text frame the page received, parsed
        self.sent: list[str] = []
        self.errors: list[str] = []  # the page's uncaught script errors
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("websocket", self._socket)
        self.page.goto(url)

    def _socket(self, ws) -> None:
        ws.on(
            "framereceived",
            lambda payload: self.frames.append(json.loads(payload)) if isinstance(payload, str) else None,
        )
        ws.on("framesent", lambda payload: self.sent.append(payload) if isinstance(payload, str) else None)

    def views(self) -> list[dict]:
        return [f for f in self.frames if f.get("type") == "view"]

    def wait_view(self, timeout: float = 5.0) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.views():
                return self.views()[-1]
            self.page.wait_for_timeout(20)
        raise TimeoutError(f"no view; frames: {[f.get('type') for f in self.frames]}")

    def buttons(self) -> list[tuple[int, str]]:
        """The choices the page offers now, as (legal index, label): the enabled
        buttons and the actions whose cards can be touched (nothing sent yet)."""
        return [(i, label) for i, label, _p in self.offers()]

    def offers(self) -> list[tuple[int, str, list[str]]]:
        """The choices the page offers now, with the path of cards of each ([]: a button)."""
        offers, self.lifted = self.page.evaluate(OFFERS_LIFTED)
        return [tuple(o) for o in offers]

    def wait_offers(self, timeout: float = 2.0) -> list[tuple[int, str, list[str]]]:
        """The choices the page offers as soon as it offers any (read by the page at each
        frame, not polled from here on a guessed period); [] if the game ended on the page
        or nothing came within `timeout` s (the caller checks its own deadline and goes on)."""
        try:
            handle = self.page.wait_for_function(OFFERS_OR_OVER, timeout=timeout * 1000)
        except Exception as exc:  # nothing offered yet: the caller looks at the table and waits again
            assert "Timeout" in type(exc).__name__, exc
            return []
        offers, self.lifted = handle.json_value()
        return [tuple(o) for o in offers]

    def choose(self, i: int, timeout: float = 15_000, rng=None, path: list[str] | None = None) -> None:
        """Choose legal action `i` as a player does: touch each card of its path
        (the page lifts it; with `rng`, the cards after the first in a shuffled
        order, as a player may), then the tray's button for it; or its button if
        it has no path. Playwright retries a tap while a new view redraws the page; the
        timeout is only a safety net (1.5 s failed on a busy machine: the tray was redrawn
        under the tap as the other seats' choices arrived). `path`: the action's path as
        `offers` read it (saves asking the page again)."""
        keys = list(path) if path is not None else self.page.evaluate(f"() => window.wok.paths()[{i}] || []")
        if rng is not None and len(keys) > 2:
            rest = keys[1:]
            rng.shuffle(rest)
            keys = keys[:1] + rest
        lifted = self.page.is_visible("button.act.back") if self.lifted is None else self.lifted
        self.lifted = None
        if lifted:  # cards lifted for another choice: put them back
            self.page.tap("button.act.back", timeout=timeout)
        for key in keys:
            self.page.tap(f'.card[data-key="{key}"]', timeout=timeout)
        self.page.tap(f'button.act[data-i="{i}"]', timeout=timeout)

    def hand(self) -> str:
        """The first panel (the hand) as a player hears it: each card's text alternative."""
        return self.page.evaluate(
            "() => Array.from(document.querySelectorAll('.panel:first-child [aria-label], .panel:first-child .chip'))"
            ".map(e => e.getAttribute('aria-label') || e.textContent).join('\\n')"
        )

    def text(self, selector: str = "body") -> str:
        """The words as read on the screen (the soft hyphens where a long word may break left out)."""
        return self.page.inner_text(selector).replace("\u00ad", "")

    def close(self) -> None:
        self.context.close()

"""Phones in a real browser: one Playwright context per phone (its own storage,
so its own device id), every WebSocket frame it receives kept."""

from __future__ import annotations

import json
import time

from .conftest import PHONE


class Phone:
    def __init__(self, browser, url: str) -> None:
        self.context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1)
        self.page = self.context.new_page()
        self.frames: list[dict] = []  # every text frame the page received, parsed
        self.sent: list[str] = []
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

    def buttons(self) -> list[str]:
        """Labels of the enabled choice buttons, by index."""
        return self.page.evaluate(
            "Array.from(document.querySelectorAll('button.act:not(:disabled)'))"
            ".map(b => [Number(b.dataset.i), b.textContent])"
        )

    def text(self, selector: str = "body") -> str:
        return self.page.inner_text(selector)

    def close(self) -> None:
        self.context.close()

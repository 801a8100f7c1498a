"""The phone <-> arcade messages, and the check every incoming one passes.

Everything a phone sends is untrusted: `parse` takes the raw WebSocket text
and returns a `Message` or the reason it was dropped (a short stable name,
counted by the server). It never raises. Every message is one JSON object
with a known "type" and exactly its fields, each of its type and range.

From a phone (at most MAX_MESSAGE_BYTES each):

    {"type": "hello", "game": str, "seat": int, "key": str, "device": str, "res": float}
        the link's game id, seat and secret; `device` a random id the page keeps
        (the same phone coming back is not a second device); `res` the page's
        measured performance.now() step in ms
    {"type": "pong", "id": int, "t": float}     answer to a ping; t = performance.now() (ms)
    {"type": "act", "v": int, "i": int}          the i-th legal action of view v
    {"type": "press", "control": "deck0".."deck4" | "wokup", "t": float, "seq": int}
        a Wok Up pad pressed at performance.now() (ms) t

To a phone: "welcome", "refused", "waiting", "view", "ping", "told", "sync",
"bye" (see game/web/README.md).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE_BYTES = 1024  # the largest honest message (hello) is about 200 bytes
MAX_TEXT = 64  # longest id or secret
MAX_INT = 2**31 - 1
MAX_PAGE_MS = 1e10  # performance.now() of a page open for four months
CONTROLS = ("deck0", "deck1", "deck2", "deck3", "deck4", "wokup")

# Why a message was dropped (the server counts each).
OVERSIZED = "oversized"
BINARY = "binary"
MALFORMED = "malformed-json"
NOT_AN_OBJECT = "not-an-object"
UNKNOWN_TYPE = "unknown-type"
BAD_FIELDS = "bad-fields"

SCHEMAS: dict[str, dict[str, str]] = {
    "hello": {"game": "text", "seat": "seat", "key": "text", "device": "text", "res": "ms"},
    "pong": {"id": "int", "t": "ms"},
    "act": {"v": "int", "i": "int"},
    "press": {"control": "control", "t": "ms", "seq": "int"},
}


@dataclass(frozen=True)
class Message:
    type: str
    fields: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]


def _ok(kind: str, value: Any) -> bool:
    if kind == "text":
        return isinstance(value, str) and 0 < len(value) <= MAX_TEXT and value.isascii() and value.isprintable()
    if kind in ("int", "seat"):
        top = 5 if kind == "seat" else MAX_INT
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top
    if kind == "ms":
        return (
            isinstance(value, (int, float))
            and not isinstance(value, bool)
            and math.isfinite(value)
            and 0 <= value <= MAX_PAGE_MS
        )
    if kind == "control":
        return value in CONTROLS
    raise ValueError(kind)


def parse(raw: str | bytes) -> Message | str:
    """A checked message, or the reason (a str) it is dropped."""
    if not isinstance(raw, str):
        return BINARY
    if len(raw) > MAX_MESSAGE_BYTES or len(raw.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        return OVERSIZED
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError):
        return MALFORMED
    if not isinstance(doc, dict):
        return NOT_AN_OBJECT
    kind = doc.get("type")
    schema = SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        return UNKNOWN_TYPE
    if set(doc) != set(schema) | {"type"} or not all(_ok(k, doc[name]) for name, k in schema.items()):
        return BAD_FIELDS
    return Message(kind, {name: doc[name] for name in schema})


def dump(message: dict) -> str:
    """One outgoing message as compact JSON."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)

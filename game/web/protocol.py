"""The phone <-> arcade messages, and the check every incoming one passes.

Everything a phone sends is untrusted: `parse` takes the raw WebSocket text
and returns a `Message` or the reason it was dropped (a short stable name,
counted by the server). It never raises. Every message is one JSON object
with a known "type" and exactly its fields, each of its type and range: a
tagged union of msgspec Structs (one schema library for the project's
formats), decoded and checked in one pass.

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
"bye", "dropped" (see game/web/README.md).
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

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

# printable ASCII (\Z: not even a newline after it, which $ would let through)
Text = Annotated[str, Meta(min_length=1, max_length=MAX_TEXT, pattern=r"\A[ -~]+\Z")]
Int = Annotated[int, Meta(ge=0, le=MAX_INT)]
Ms = Annotated[float, Meta(ge=0, le=MAX_PAGE_MS)]  # JSON has no NaN; 1e400 is out of range


class Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    """An incoming message: exactly its fields (none missing, none more), each of
    its type and in range; bools are not numbers. Every field is a scalar, so a
    message nests one level only: msgspec refuses a nested value at its first
    bracket, and the size cap comes before any parsing."""

    @property
    def type(self) -> str:
        return self.__struct_config__.tag  # type: ignore[return-value]

    def __getitem__(self, key: str):
        return getattr(self, key)


class Hello(Message, tag="hello", frozen=True):
    game: Text
    seat: Annotated[int, Meta(ge=0, le=5)]
    key: Text
    device: Text
    res: Ms


class Pong(Message, tag="pong", frozen=True):
    id: Int
    t: Ms


class Act(Message, tag="act", frozen=True):
    v: Int
    i: Int


class Press(Message, tag="press", frozen=True):
    control: Literal["deck0", "deck1", "deck2", "deck3", "deck4", "wokup"]
    t: Ms
    seq: Int


_DECODER = msgspec.json.Decoder(Hello | Pong | Act | Press)


def _reason(error: msgspec.ValidationError) -> str:
    text = str(error)
    if text.startswith("Expected `object`"):
        return NOT_AN_OBJECT
    if text.endswith("at `$.type`") or "required field `type`" in text:
        return UNKNOWN_TYPE
    return BAD_FIELDS


def parse(raw: str | bytes) -> Message | str:
    """A checked message, or the reason (a str) it is dropped. Never raises."""
    if not isinstance(raw, str):
        return BINARY
    if len(raw) > MAX_MESSAGE_BYTES or len(raw.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        return OVERSIZED
    try:
        return _DECODER.decode(raw)
    except msgspec.ValidationError as exc:
        return _reason(exc)
    except msgspec.DecodeError:
        return MALFORMED


def dump(message: dict) -> str:
    """One outgoing message as compact JSON."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)

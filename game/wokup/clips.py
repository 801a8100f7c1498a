"""The instant replay of a close claim, kept with the finished game (issue 27).

The theatre runs no physics, so what the table's instant replay plays back
(game/wokup/scene/replay.py: the wok as drawn for the last second before a
claim won by less than 50 ms) is kept with the replay as a *clip*: the frames at
the rate they were drawn, each token quantised (0.1 mm, whole degrees) and
each frame holding only the tokens that changed since the one before (a wok
lying still is one frame). `encode` makes one from the scene's frames,
`decode` gives them back as the scene draws them. `Clip` is its shape, checked
with msgspec wherever a clip is read (a replay file, a database row): a clip
that does not fit it is refused, never drawn. Pure: no pygame.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

import msgspec

MM10 = 10  # positions and heights kept to 0.1 mm
OFF, AIRBORNE, GONE = 1, 2, 4  # a token's flags: fallen off the table, in the air, no longer drawn
Coord = Annotated[int, msgspec.Meta(ge=-100_000, le=100_000)]  # 0.1 mm: 10 m either way
Degrees = Annotated[int, msgspec.Meta(ge=0, le=359)]
# (token, x, y, z, flip, turn, flags): the token an index into the clip's `tokens`
Token = tuple[
    Annotated[int, msgspec.Meta(ge=0, le=63)],
    Coord,
    Coord,
    Annotated[int, msgspec.Meta(ge=0, le=100_000)],
    Degrees,
    Degrees,
    Annotated[int, msgspec.Meta(ge=0, le=7)],
]
# (ms after the clip's start, the tokens that changed since the frame before)
Frame = tuple[Annotated[int, msgspec.Meta(ge=0, le=10_000)], Annotated[list[Token], msgspec.Meta(max_length=64)]]


class Clip(msgspec.Struct, forbid_unknown_fields=True):
    at: Annotated[int, msgspec.Meta(ge=1, description="the move (moves applied) the clip leads to: the resolve")]
    start: Annotated[int, msgspec.Meta(ge=0, description="the game time of its first frame, ns")]
    span: Annotated[int, msgspec.Meta(ge=0, le=10_000, description="ms from its first frame to its last")]
    tokens: Annotated[list[Annotated[str, msgspec.Meta(max_length=40)]], msgspec.Meta(max_length=64)]
    frames: Annotated[list[Frame], msgspec.Meta(min_length=1, max_length=1_000)]

    def __post_init__(self) -> None:
        if any(tok[0] >= len(self.tokens) for _ms, changed in self.frames for tok in changed):
            raise ValueError("a frame names a token the clip does not list")
        if any(b[0] < a[0] for a, b in zip(self.frames, self.frames[1:], strict=False)):
            raise ValueError("its frames are not in time order")
        if self.frames[-1][0] > self.span:
            raise ValueError("a frame lies beyond its span")


def _quantised(tok: dict) -> tuple[int, int, int, int, int, int]:
    flags = (OFF if tok["off"] else 0) | (AIRBORNE if tok["airborne"] else 0)
    return (
        round(tok["x"] * MM10),
        round(tok["y"] * MM10),
        max(0, round(tok["z"] * MM10)),
        round(math.degrees(tok["phi"])) % 360,
        round(math.degrees(tok["angle"])) % 360,
        flags,
    )


def encode(at: int, frames: list[tuple[float, list[dict]]]) -> dict:
    """A clip (as data) of the scene's frames [(game ns, tokens drawn)], leading to move `at`."""
    start = frames[0][0]
    ids: list[str] = []
    shown: dict[str, tuple] = {}
    out: list[list] = []
    for t, tokens in frames:
        now = {tok["id"]: _quantised(tok) for tok in tokens}
        changed = []
        for tid, q in now.items():
            if shown.get(tid) != q:
                if tid not in ids:
                    ids.append(tid)
                changed.append([ids.index(tid), *q])
        changed += [[ids.index(tid), *q[:5], GONE] for tid, q in shown.items() if tid not in now]
        if changed or not out:
            out.append([round((t - start) / 1e6), changed])
        shown = now
    return {"at": at, "start": round(start), "span": round((frames[-1][0] - start) / 1e6), "tokens": ids, "frames": out}


def check(data: Any) -> Clip:
    """The clip in `data`, checked (ValueError naming the problem: not a clip)."""
    try:
        return msgspec.convert(data, Clip)
    except msgspec.ValidationError as exc:
        raise ValueError(str(exc)) from exc


def decode(data: Any) -> list[tuple[float, list[dict]]]:
    """The frames of a clip as the scene draws them, [(game ns, tokens)], its last at its span's end."""
    clip = check(data)
    lying: dict[str, dict] = {}
    frames: list[tuple[float, list[dict]]] = []
    for ms, changed in clip.frames:
        for k, x, y, z, phi, angle, flags in changed:
            tid = clip.tokens[k]
            if flags & GONE:
                lying.pop(tid, None)
                continue
            lying[tid] = {
                "id": tid,
                "x": x / MM10,
                "y": y / MM10,
                "z": z / MM10,
                "phi": math.radians(phi),
                "angle": math.radians(angle),
                "off": bool(flags & OFF),
                "airborne": bool(flags & AIRBORNE),
            }
        frames.append((clip.start + ms * 1e6, list(lying.values())))
    if clip.span * 1e6 > frames[-1][0] - clip.start:  # the still wok after the last change
        frames.append((clip.start + clip.span * 1e6, frames[-1][1]))
    return frames

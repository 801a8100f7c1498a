"""The instant replay: the last second of the wok again, slowly, after a close call.

The scene records what it draws of the wok (each token's place, height, flip and
turn) with the game time of the frame, keeping only the last `WINDOW` seconds.
After a claim decided by less than `CLOSE_NS`, or when a player taps the claim
banner, the last `SPAN` seconds play back at `SLOW` speed over the wok, each
slapping seat marked at the time of its press. It only changes what is drawn:
the rules, the bots and input carry on underneath, and like the other motion it
is off where nobody watches (tests, screenshots, simulate at speed). A game that
is kept records all the same (`keep`): its close calls go with its replay as
clips (game/wokup/clips.py), which the theatre plays back with `play`.
"""

from __future__ import annotations

import bisect
from collections import deque

WINDOW = 1.5e9  # ns of game time kept
SPAN = 1.0e9  # ns played back
SLOW = 0.25  # playback speed
CLOSE_NS = 50_000_000  # a claim won by less than 50 ms is a close call: replay it


class Replay:
    def __init__(self, enabled: bool = True, keep: bool = False) -> None:
        self.enabled = enabled  # played back at a close call (someone watches)
        self.keep = keep  # recorded even so: the game is kept, its close calls with it
        self.frames: deque[tuple[float, list[dict]]] = deque()  # (game ns, tokens drawn)
        self.clip: list[tuple[float, list[dict]]] = []  # the frames being played back
        self.marks: list[tuple[int, float]] = []  # (seat, game ns of its claim)
        self.started = 0.0  # scene seconds when the playback began

    def record(self, t: float, tokens: list[dict]) -> None:
        """The wok as drawn at game time `t`; frames older than the window are dropped."""
        if not (self.enabled or self.keep):
            return
        self.frames.append((t, tokens))
        while self.frames[0][0] < t - WINDOW:
            self.frames.popleft()

    def begin(self, clock: float, marks: list[tuple[int, float]]) -> bool:
        """Play the last second back from scene time `clock`, with each claim's press marked."""
        if not (self.enabled and self.frames):
            return False
        return self.play(self.last_second(), clock, marks)

    def last_second(self) -> list[tuple[float, list[dict]]]:
        """The frames recorded over the last `SPAN` (what a close call plays back)."""
        end = self.frames[-1][0] if self.frames else 0.0
        return [f for f in self.frames if f[0] >= end - SPAN]

    def play(self, clip: list[tuple[float, list[dict]]], clock: float, marks: list[tuple[int, float]]) -> bool:
        """Play `clip` [(game ns, tokens)] back slowly from scene time `clock` (a kept one in the theatre)."""
        if not clip:
            return False
        self.clip, self.marks, self.started = clip, marks, clock
        return True

    def at(self, clock: float) -> float | None:
        """The game time shown at scene time `clock`, None once the playback has ended."""
        if not self.clip:
            return None
        t = self.clip[0][0] + (clock - self.started) * 1e9 * SLOW
        if t > self.clip[-1][0]:
            self.clip = []
            return None
        return t

    def tokens(self, t: float) -> list[dict]:
        """The tokens as they were drawn at game time `t` (the last frame not after it)."""
        times = [f[0] for f in self.clip]
        return self.clip[max(0, bisect.bisect_right(times, t) - 1)][1]

    @property
    def playing(self) -> bool:
        return bool(self.clip)


def claim_marks(last: dict) -> list[tuple[int, float]]:
    """Each claiming seat and the game time of its press, in order."""
    return sorted(((c["seat"], c["t"]) for c in last["claims"]), key=lambda m: m[1])

"""Wok Up's bots: real-time players with human reaction times and human mistakes.

A turn-based `choose` does not fit a game of reflexes, so a bot here `plan`s a
look: given what its seat sees when the wok has settled, it returns the
actions it will make and when (each with its game time "t"): slaps, a shout,
or a pass when it sees nothing. The caller (the simulator or the scene)
applies them when their time comes, unless the game moved on first. `choose`
gives the first planned action, for the shared kit's fairness check and for a
winner's pick of the deck to turn.

A bot judges the wok with the rules' own geometry, on token positions blurred
by its level's eye (`jitter`), so its mistakes come from the table: a token on
the edge of the wok may be counted in or out. Levels: assets/wokup/bots.toml.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache

from game.engine.bots import Bot
from game.engine.data import Field, int_range, load_entries, read_toml
from game.engine.rng import Rng

from . import data, geometry, recipes
from .rules import MS

PATH = data.DIR / "bots.toml"


@dataclass(frozen=True)
class Level:
    id: str
    reaction_ms: tuple
    jitter: float
    miss: float
    slip: float
    pass_ms: int
    misread: float = 0.0  # chance, per face-up card it sees incomplete, to think it complete
    lognormal: bool = False  # reaction_ms is [median, sigma of its log] (a human's skewed times)


@cache
def levels() -> dict[str, Level]:
    share = Field((int, float), check=lambda v: 0 <= v <= 1, rule="a chance between 0 and 1")
    schema = {
        "id": Field(str),
        "reaction_ms": Field(list, check=lambda v: len(v) == 2, rule="[mean, sd]"),
        "jitter": Field((int, float)),
        "miss": share,
        "slip": share,
        "pass_ms": int_range(100, 10000),
        "misread": Field((int, float), False, share.check, share.rule, 0.0),
        "lognormal": Field(bool, False, default=False),
    }
    out = {}
    for e in load_entries(PATH, "level", schema):
        out[e["id"]] = Level(**{**e, "reaction_ms": tuple(e["reaction_ms"]), "jitter": float(e["jitter"])})
    return out


@cache
def read_ms() -> dict[str, int]:
    raw = read_toml(PATH).get("read_ms", {})
    for kind in data.KINDS + ("wokup",):
        if not isinstance(raw.get(kind), int):
            raise data.DataError(f"{PATH}: [read_ms]: needs an integer '{kind}'")
    return raw


class ReflexBot(Bot):
    """A player at the table: sees the settled wok, reacts after a human delay."""

    def __init__(self, level: str | Level) -> None:
        self.level = levels()[level] if isinstance(level, str) else level
        self.name = self.level.id
        self.think_delay = self.level.reaction_ms[0] / 1000

    def perceive(self, obs: dict, rng: Rng) -> recipes.Content:
        """The wok as this bot's eye reads it: every position blurred by `jitter` mm."""
        j = self.level.jitter
        seen = [{**t, "x": t["x"] + rng.gauss(0, j), "y": t["y"] + rng.gauss(0, j)} for t in obs["table"]]
        return recipes.content(geometry.wok(), seen, [n > 0 for n in obs["deck_sizes"]])

    def _delay(self, rng: Rng, kind: str) -> int:
        centre, spread = self.level.reaction_ms
        reaction = centre * math.exp(rng.gauss(0, spread)) if self.level.lognormal else rng.gauss(centre, spread)
        return int(max(180.0, reaction) + read_ms()[kind]) * MS

    def plan(self, obs: dict, rng: Rng) -> list[dict]:
        """What this seat does in the current look, each action with its time, sorted."""
        seat = obs["you"]
        if obs["phase"] != "look" or obs["out"][seat] or obs["passed"][seat]:
            return []
        start = obs["look_start"]
        mine = {(c["type"], c.get("deck")) for c in obs["claims"] if c["seat"] == seat}
        seen = self.perceive(obs, rng)
        cards = data.card_by_id()
        out = []
        for deck, card in enumerate(obs["face_up"]):
            if not card or ("slap", deck) in mine:
                continue
            if recipes.complete(cards[card], seen):
                noticed = rng.random() >= self.level.miss
            else:  # a misread: counted one picture too many, took a colour for another
                noticed = rng.random() < self.level.misread
            if noticed:
                out.append({"type": "slap", "deck": deck, "t": start + self._delay(rng, cards[card].kind)})
        if recipes.wokup_ready(seen) and ("wokup", None) not in mine and rng.random() >= self.level.miss:
            out.append({"type": "wokup", "t": start + self._delay(rng, "wokup")})
        if not out and not mine:
            shown = [d for d, c in enumerate(obs["face_up"]) if c]
            if shown and rng.random() < self.level.slip:
                out.append({"type": "slap", "deck": rng.choice(shown), "t": start + self._delay(rng, "all_four")})
            else:
                out.append({"type": "pass", "t": start + self.level.pass_ms * MS})
        return sorted(out, key=lambda a: a["t"])

    def choose(self, state, seat: int, rng: Rng):
        obs = state.observation(seat)
        if obs["phase"] == "pick":
            # Which deck a winner turns (or takes, after a Wok'up!) gives no edge: any will do.
            actions = state.legal_actions(seat)
            return rng.choice(actions) if actions else None
        plan = self.plan(obs, rng)
        return plan[0] if plan else None


class RandomClaimer(ReflexBot):
    """The baseline: claims at random times, sees nothing."""

    def __init__(self) -> None:
        super().__init__("relaxed")
        self.name = "random"

    def plan(self, obs: dict, rng: Rng) -> list[dict]:
        seat = obs["you"]
        if obs["phase"] != "look" or obs["out"][seat] or obs["passed"][seat] or obs["claims"]:
            return []
        start, look = obs["look_start"], int(data.table().timing["look_ms"]) * MS
        shown = [d for d, c in enumerate(obs["face_up"]) if c]
        if rng.random() < 0.7 or not shown:
            return [{"type": "pass", "t": start + rng.randrange(look)}]
        if rng.random() < 0.1:
            return [{"type": "wokup", "t": start + rng.randrange(look)}]
        return [{"type": "slap", "deck": rng.choice(shown), "t": start + rng.randrange(look)}]


def make(level: str | Level) -> ReflexBot:
    return RandomClaimer() if level == "random" else ReflexBot(level)


def human(median_ms: float | None = None, misread: float | None = None) -> Level:
    """The scripted human the levels are measured against (bots.toml's HUMAN_MODEL),
    reacting in `median_ms` (the median, before reading the card) or misreading at
    another rate when given."""
    model = levels()[HUMAN_MODEL]
    return replace(
        model,
        reaction_ms=(model.reaction_ms[0] if median_ms is None else median_ms, model.reaction_ms[1]),
        misread=model.misread if misread is None else misread,
    )


LEVELS = ("random", "gentle", "relaxed", "normal", "sharp")  # offered at a table, weakest first
DEFAULT_LEVEL = "gentle"  # a new bot seat's level: a newcomer can win against it (DESIGN.md)
# Not offered at a table: the scripted newcomer the levels are measured against
# (`python -m game simulate --game wokup --seats 2 --bots average-human,gentle`).
HUMAN_MODEL = "average-human"

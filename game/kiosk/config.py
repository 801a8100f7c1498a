"""The ``[kiosk]`` table of settings.toml, checked like every other setting.

::

    [kiosk]
    enabled = true            # start in kiosk mode (`python -m game kiosk` forces it)
    cabinet = "bar-left"      # this cabinet's name in the statistics ("" = host name)
    stats_url = ""            # "" = SQLite in the data folder; a venue's server:
                              # "postgresql+psycopg://arcade:secret@10.0.0.5/arcade"
                              # (a schema of its own: add "?options=-csearch_path%3Darcade")
    operator_pin = "scrypt$131072$8$1$..."   # set with `python -m game.kiosk set-pin`
    pin_tries = 5             # wrong PINs in a row before the lock
    pin_lock_seconds = 300    # how long the lock lasts
    # What guests may play (the operator menu writes these):
    games = []                # game ids offered; [] = every playable game
    max_seats = {}            # {"wokup" = 4}: fewer seats than the rules allow
    bot_strength = "medium"   # "easy", "medium" or "hard": each game's level at that place
    languages = []            # languages offered to guests; [] = all
    # Timings, in seconds:
    attract_after = 60        # nobody touched anything: attract mode
    demo_seconds = 45         # each demo game in attract mode
    dim_after = 900           # in attract mode: the screen dims ...
    black_after = 1800        # ... then goes black (burn-in), waking on any input
    seat_idle = 30            # a seat to act untouched this long is played by a bot
    game_idle = 120           # no human input at all: "Still playing?" ...
    still_playing = 20        # ... with this countdown, then the game ends (abandoned)

The settings file is the user's own (mode 0600 is advisable when the URL holds a
password). ``game/settings.py`` reads and writes the table with `from_doc` and
`as_table`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields


@dataclass
class KioskSettings:
    enabled: bool = False
    cabinet: str = ""
    stats_url: str = ""
    operator_pin: str = ""
    pin_tries: int = 5
    pin_lock_seconds: int = 300
    games: list[str] = field(default_factory=list)
    max_seats: dict[str, int] = field(default_factory=dict)
    bot_strength: str = "medium"
    languages: list[str] = field(default_factory=list)
    attract_after: int = 60
    demo_seconds: int = 45
    dim_after: int = 900
    black_after: int = 1800
    seat_idle: int = 30
    game_idle: int = 120
    still_playing: int = 20


STRENGTHS = ("easy", "medium", "hard")
# (key, lowest, highest) of the whole-second timings
TIMINGS = (
    ("attract_after", 10, 86400),
    ("demo_seconds", 5, 3600),
    ("dim_after", 10, 86400),
    ("black_after", 10, 86400),
    ("seat_idle", 5, 3600),
    ("game_idle", 10, 86400),
    ("still_playing", 5, 600),
)


def level_for(levels: list[str], strength: str) -> str:
    """A game's bot level for an operator's strength: the levels run from the
    weakest (often "random") to the strongest; easy is the first real one."""
    if not levels:
        return "random"
    real = levels[1:] if len(levels) > 1 else levels
    at = {"easy": 0, "medium": (len(real) - 1) // 2, "hard": len(real) - 1}.get(strength, 0)
    return real[at]


KEYS = [f.name for f in fields(KioskSettings)]


def from_doc(table, bad: Callable[[str, str], Exception]) -> KioskSettings:
    """The [kiosk] table checked; `bad(key, what)` makes the error naming file and line."""
    if not isinstance(table, dict):
        raise bad("kiosk", "must be a table ([kiosk])")
    k = KioskSettings()
    for key, _value in table.items():
        if key not in KEYS:
            raise bad(key, f"is not a kiosk setting ({', '.join(KEYS)})")
    if "enabled" in table:
        if not isinstance(table["enabled"], bool):
            raise bad("enabled", "must be true or false")
        k.enabled = table["enabled"]
    for key in ("cabinet", "stats_url", "operator_pin"):
        if key in table:
            if not isinstance(table[key], str):
                raise bad(key, "must be a string in quotes")
            setattr(k, key, table[key])
    if len(k.cabinet) > 64:
        raise bad("cabinet", "must be at most 64 characters")
    if k.stats_url and not k.stats_url.startswith(("sqlite:", "postgresql")):
        raise bad(
            "stats_url",
            "must be empty (SQLite in the data folder), sqlite:///PATH or "
            "postgresql+psycopg://USER:PASSWORD@HOST/DATABASE",
        )
    if k.operator_pin and not k.operator_pin.startswith("scrypt$"):
        raise bad("operator_pin", "must be a hash made by `python -m game.kiosk set-pin`, not the PIN itself")
    for key in ("games", "languages"):
        if key in table:
            v = table[key]
            if not (isinstance(v, list) and all(isinstance(x, str) and x for x in v)):
                raise bad(key, "must be a list of names in quotes")
            setattr(k, key, list(v))
    if "max_seats" in table:
        v = table["max_seats"]
        if not (
            isinstance(v, dict)
            and all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 6 for n in v.values())
        ):
            raise bad("max_seats", "must map a game id to a seat count 1-6 (max_seats = { wokup = 4 })")
        k.max_seats = dict(v)
    if "bot_strength" in table:
        if table["bot_strength"] not in STRENGTHS:
            raise bad("bot_strength", f"must be one of {', '.join(STRENGTHS)}")
        k.bot_strength = table["bot_strength"]
    for key, low, high in (("pin_tries", 1, 100), ("pin_lock_seconds", 0, 86400), *TIMINGS):
        if key in table:
            v = table[key]
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                raise bad(key, f"must be a whole number from {low} to {high}")
            setattr(k, key, v)
    return k


def as_table(k: KioskSettings) -> dict:
    """The [kiosk] table's values, for settings.py's writer."""
    return {key: getattr(k, key) for key in KEYS}

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
    attract_names = false     # attract mode's highlights show names (false: initials only)

The settings file is the user's own (mode 0600 is advisable when the URL holds a
password). ``game/settings.py`` reads and writes the table: `KioskSettings` is its
schema (msgspec, game/schema.py), each field's range and words in its type. It lies
below the settings (and the kiosk's back end above them), so the two do not import
each other.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

import msgspec

Strength = Literal["easy", "medium", "hard"]
STRENGTHS: tuple[str, ...] = get_args(Strength)


def _seconds(low: int, high: int) -> msgspec.Meta:
    return msgspec.Meta(ge=low, le=high, description=f"a whole number of seconds from {low} to {high}")


Names = Annotated[
    list[Annotated[str, msgspec.Meta(min_length=1)]], msgspec.Meta(description="a list of names in quotes")
]


class KioskSettings(msgspec.Struct, forbid_unknown_fields=True):
    enabled: Annotated[bool, msgspec.Meta(description="true or false")] = False
    cabinet: Annotated[str, msgspec.Meta(max_length=64, description="a name in quotes, at most 64 characters")] = ""
    stats_url: Annotated[
        str,
        msgspec.Meta(
            pattern="^(sqlite:|postgresql|$)",
            description="empty (SQLite in the data folder), sqlite:///PATH or "
            "postgresql+psycopg://USER:PASSWORD@HOST/DATABASE",
        ),
    ] = ""
    operator_pin: Annotated[
        str,
        msgspec.Meta(
            pattern=r"^(scrypt\$|$)",
            description="a hash made by `python -m game.kiosk set-pin`, not the PIN itself",
        ),
    ] = ""
    pin_tries: Annotated[int, msgspec.Meta(ge=1, le=100, description="a whole number from 1 to 100")] = 5
    pin_lock_seconds: Annotated[int, _seconds(0, 86400)] = 300
    games: Names = msgspec.field(default_factory=list)
    max_seats: Annotated[
        dict[str, Annotated[int, msgspec.Meta(ge=1, le=6)]],
        msgspec.Meta(description="a table of game id = a seat count from 1 to 6: max_seats = { wokup = 4 }"),
    ] = msgspec.field(default_factory=dict)
    bot_strength: Annotated[Strength, msgspec.Meta(description="easy, medium or hard")] = "medium"
    languages: Names = msgspec.field(default_factory=list)
    attract_after: Annotated[int, _seconds(10, 86400)] = 60
    demo_seconds: Annotated[int, _seconds(5, 3600)] = 45
    dim_after: Annotated[int, _seconds(10, 86400)] = 900
    black_after: Annotated[int, _seconds(10, 86400)] = 1800
    seat_idle: Annotated[int, _seconds(5, 3600)] = 30
    game_idle: Annotated[int, _seconds(10, 86400)] = 120
    still_playing: Annotated[int, _seconds(5, 600)] = 20
    # Attract mode's highlights name the players as they typed their names; off
    # (public venues, privacy): their initials only.
    attract_names: Annotated[bool, msgspec.Meta(description="true or false")] = False


def level_for(levels: list[str], strength: str) -> str:
    """A game's bot level for an operator's strength: the levels run from the
    weakest (often "random") to the strongest; easy is the first real one."""
    if not levels:
        return "random"
    real = levels[1:] if len(levels) > 1 else levels
    at = {"easy": 0, "medium": (len(real) - 1) // 2, "hard": len(real) - 1}.get(strength, 0)
    return real[at]


def as_table(k: KioskSettings) -> dict:
    """The [kiosk] table's values, for settings.py's writer."""
    return msgspec.structs.asdict(k)

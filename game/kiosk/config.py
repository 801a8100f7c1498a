"""The ``[kiosk]`` table of settings.toml, checked like every other setting.

::

    [kiosk]
    enabled = true            # start in kiosk mode (`python -m game kiosk` forces it)
    cabinet = "bar-left"      # this cabinet's name in the statistics ("" = host name)
    stats_url = ""            # "" = SQLite in the data folder; a venue's server:
                              # "postgresql+psycopg://arcade:secret@10.0.0.5/arcade"
                              # (a schema of its own: add "?options=-csearch_path%3Darcade")
    operator_pin = "scrypt$16384$8$1$..."   # set with `python -m game.kiosk set-pin`
    pin_tries = 5             # wrong PINs in a row before the lock
    pin_lock_seconds = 300    # how long the lock lasts

The settings file is the user's own (mode 0600 is advisable when the URL holds a
password). ``game/settings.py`` reads and writes the table with `from_doc` and
`as_table`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields


@dataclass
class KioskSettings:
    enabled: bool = False
    cabinet: str = ""
    stats_url: str = ""
    operator_pin: str = ""
    pin_tries: int = 5
    pin_lock_seconds: int = 300


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
    for key, low, high in (("pin_tries", 1, 100), ("pin_lock_seconds", 0, 86400)):
        if key in table:
            v = table[key]
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                raise bad(key, f"must be a whole number from {low} to {high}")
            setattr(k, key, v)
    return k


def as_table(k: KioskSettings) -> dict:
    """The [kiosk] table's values, for settings.py's writer."""
    return {key: getattr(k, key) for key in KEYS}

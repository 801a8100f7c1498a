"""What the hall of fame keeps per game, without the database (the screens
need it before the statistics database is open; see halloffame.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    name: str
    lower_is_better: bool
    unit: str  # "ms", "cards", "points": for the screen's wording


WOKUP_KINDS = (Kind("fastest_slap_ms", True, "ms"), Kind("most_cards", False, "cards"))
SCORE = Kind("score", False, "points")


def kinds(game: str) -> dict[str, Kind]:
    """The kinds of result kept for `game`, by name."""
    return {k.name: k for k in (WOKUP_KINDS if game == "wokup" else (SCORE,))}

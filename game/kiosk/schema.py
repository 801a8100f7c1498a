"""The statistics database as it is at the newest migration (SQLAlchemy Core).

The queries use these tables; the migrations in ``migrations/versions`` build
them step by step and are never generated at run time (a test checks both
agree, on SQLite and on PostgreSQL). To change the schema: change it here,
write the next migration (``alembic revision --autogenerate`` with the
``migrations`` folder as script location gives a draft), run the tests.

Times are UTC without a zone (``DateTime``: the same on SQLite and
PostgreSQL); ``day`` is the cabinet's local date of the event, stored so that
"games per day" and "best of the day" are plain comparisons on every database.
"""

from __future__ import annotations

import sqlalchemy as sa

# Alembic's bookkeeping table, named so a venue's database may host other apps' Alembic.
VERSION_TABLE = "wok_alembic_version"

metadata = sa.MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

# One game played on a cabinet (demos are never recorded).
games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),  # uuid4 hex, made by the cabinet
    sa.Column("game", sa.String(40), nullable=False),  # the game's id: "wokup", ...
    sa.Column("cabinet", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("started_at", sa.DateTime, nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),  # running | finished | abandoned
    sa.Column("ended_at", sa.DateTime),
    sa.Column("seconds", sa.Float),
    sa.Column("actions", sa.Integer),
    sa.Column("winners", sa.JSON),  # seat numbers
    sa.Column("scores", sa.JSON),  # one number per seat
    sa.Column("reason", sa.Text),  # why a game was abandoned
    sa.Index(None, "day"),
    sa.Index(None, "game", "day"),
)

game_seats = sa.Table(
    "game_seats",
    metadata,
    sa.Column("game_ref", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("kind", sa.String(8), nullable=False),  # human | bot
    sa.Column("level", sa.String(40)),  # the bot's level; None for a human
)

# A run that ended without a clean shutdown, a crash loop, a scene's exception.
crashes = sa.Table(
    "crashes",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at", sa.DateTime, nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("cabinet", sa.String(64), nullable=False),
    sa.Column("game_ref", sa.String(32)),  # the game on screen, if any (no foreign key:
    sa.Column("text", sa.Text, nullable=False),  # a crash is kept even if its game's row is not)
    sa.Index(None, "day"),
)

buzzer_faults = sa.Table(
    "buzzer_faults",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at", sa.DateTime, nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("cabinet", sa.String(64), nullable=False),
    sa.Column("game_ref", sa.String(32)),
    sa.Column("box", sa.String(64), nullable=False),
    sa.Column("station", sa.Integer),  # None: the whole box
    sa.Column("kind", sa.String(40), nullable=False),  # "unplugged", "stuck", "clock", ...
    sa.Index(None, "day"),
)

# Best results, per game and kind ("fastest_slap_ms", "most_cards", "score"); see halloffame.py.
hall_of_fame = sa.Table(
    "hall_of_fame",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("kind", sa.String(40), nullable=False),
    sa.Column("value", sa.Float, nullable=False),
    sa.Column("initials", sa.String(3), nullable=False),
    sa.Column("at", sa.DateTime, nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("cabinet", sa.String(64), nullable=False),
    sa.Column("game_ref", sa.String(32)),
    sa.Index(None, "game", "kind", "day"),
    sa.Index(None, "game", "kind", "value"),
)

# A finished game kept to be watched again (game/engine/replay.py): what rebuilds
# every state (seed, options, seats, log; Wok Up's throws' outcomes are in its log),
# the result, and the moments worth showing (each game's `highlights`), found once
# when it is kept so attract mode reads them without replaying. `id` is the game's
# row in `games` where a kiosk recorded one (no foreign key: the home arcade keeps
# replays without the rest of the statistics).
replays = sa.Table(
    "replays",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("cabinet", sa.String(64), nullable=False),
    sa.Column("ended_at", sa.DateTime, nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),  # of the replay's format (game/engine/replay.py)
    sa.Column("seats", sa.JSON, nullable=False),  # [{"name", "colour", "kind", "level"}]
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("log", sa.JSON, nullable=False),  # [{"seat", "action"}]
    sa.Column("winners", sa.JSON, nullable=False),
    sa.Column("scores", sa.JSON, nullable=False),
    sa.Column("highlights", sa.JSON, nullable=False),  # [{"kind", "at", "score", "words"}]
    sa.Column("clips", sa.JSON),  # the game's own clips (GameDef.clip), NULL before version 2
    sa.Index(None, "day"),
    sa.Index(None, "game", "day"),
)

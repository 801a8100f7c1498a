"""Alembic's entry point for the statistics database.

Run programmatically: `game.kiosk.stats.migrate` passes an open connection in
``config.attributes["connection"]`` (and no ini file). Run by hand, for writing
a new migration, give the URL with ``-x url=...``::

    alembic -c /dev/null -x url=sqlite:///draft.sqlite3 \\
        --name wok revision --autogenerate -m "what changes"   (see schema.py)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from game.kiosk.schema import VERSION_TABLE, metadata

config = context.config


def run(connection: sa.Connection) -> None:
    context.configure(
        connection=connection, target_metadata=metadata, version_table=VERSION_TABLE, render_as_batch=True
    )  # SQLite cannot ALTER most things: batch mode copies tables
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("alembic: give the database URL with -x url=... (see this file's docstring)")
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        run(conn)

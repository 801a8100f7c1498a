"""Replays keep their clips: what a game's scene keeps beside the log (Wok Up's
instant replays of close claims), NULL in the replays kept before.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("replays", sa.Column("clips", sa.JSON))  # nullable: SQLite adds it in place


def downgrade() -> None:
    with op.batch_alter_table("replays") as batch:  # SQLite drops a column by copying the table
        batch.drop_column("clips")

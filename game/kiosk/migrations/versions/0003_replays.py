"""Replays: every finished game kept to be watched again.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "replays",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("cabinet", sa.String(64), nullable=False),
        sa.Column("ended_at", sa.DateTime, nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("log", sa.JSON, nullable=False),
        sa.Column("winners", sa.JSON, nullable=False),
        sa.Column("scores", sa.JSON, nullable=False),
        sa.Column("highlights", sa.JSON, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_replays"),
    )
    op.create_index("ix_replays_day", "replays", ["day"])
    op.create_index("ix_replays_game_day", "replays", ["game", "day"])


def downgrade() -> None:
    op.drop_table("replays")

"""The hall of fame: best results per game and kind, with initials.

Revision ID: 0002
Revises: 0001
Create Date: 2026-01-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hall_of_fame",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("value", sa.Float, nullable=False),
        sa.Column("initials", sa.String(3), nullable=False),
        sa.Column("at", sa.DateTime, nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("cabinet", sa.String(64), nullable=False),
        sa.Column("game_ref", sa.String(32)),
        sa.PrimaryKeyConstraint("id", name="pk_hall_of_fame"),
    )
    op.create_index("ix_hall_of_fame_game_kind_day", "hall_of_fame", ["game", "kind", "day"])
    op.create_index("ix_hall_of_fame_game_kind_value", "hall_of_fame", ["game", "kind", "value"])


def downgrade() -> None:
    op.drop_table("hall_of_fame")

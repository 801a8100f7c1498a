"""Games with their seats, crashes, buzzer faults.

Revision ID: 0001
Revises:
Create Date: 2026-01-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("cabinet", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("started_at", sa.DateTime, nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("ended_at", sa.DateTime),
        sa.Column("seconds", sa.Float),
        sa.Column("actions", sa.Integer),
        sa.Column("winners", sa.JSON),
        sa.Column("scores", sa.JSON),
        sa.Column("reason", sa.Text),
        sa.PrimaryKeyConstraint("id", name="pk_games"),
    )
    op.create_index("ix_games_day", "games", ["day"])
    op.create_index("ix_games_game_day", "games", ["game", "day"])
    op.create_table(
        "game_seats",
        sa.Column("game_ref", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(40)),
        sa.ForeignKeyConstraint(["game_ref"], ["games.id"], name="fk_game_seats_game_ref_games", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_ref", "seat", name="pk_game_seats"),
    )
    op.create_table(
        "crashes",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("at", sa.DateTime, nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("cabinet", sa.String(64), nullable=False),
        sa.Column("game_ref", sa.String(32)),
        sa.Column("text", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_crashes"),
    )
    op.create_index("ix_crashes_day", "crashes", ["day"])
    op.create_table(
        "buzzer_faults",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("at", sa.DateTime, nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("cabinet", sa.String(64), nullable=False),
        sa.Column("game_ref", sa.String(32)),
        sa.Column("box", sa.String(64), nullable=False),
        sa.Column("station", sa.Integer),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_buzzer_faults"),
    )
    op.create_index("ix_buzzer_faults_day", "buzzer_faults", ["day"])


def downgrade() -> None:
    op.drop_table("buzzer_faults")
    op.drop_table("crashes")
    op.drop_table("game_seats")
    op.drop_table("games")

"""Duplicate tournaments: each event's director log, its people's token hashes, the moves of its boards.

Revision ID: 0004
Revises: 0003
Create Date: 2027-01-20
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rook_tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("director", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "rook_tournament_events",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("rook_tournaments.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("event", sa.Text, nullable=False),
    )
    op.create_table(
        "rook_tournament_people",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("rook_tournaments.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("unit", sa.Integer, nullable=False),
        sa.Column("member", sa.Integer, nullable=False),
    )
    op.create_table(
        "rook_tournament_moves",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("rook_tournaments.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("table_number", sa.Integer, primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rook_tournament_moves")
    op.drop_table("rook_tournament_people")
    op.drop_table("rook_tournament_events")
    op.drop_table("rook_tournaments")

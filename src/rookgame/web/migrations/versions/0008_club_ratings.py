"""Each club's own pool of ratings, from the games at its tables, and the games rated in it.

Revision ID: 0008
Revises: 0007
Create Date: 2027-01-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rook_club_ratings",
        sa.Column("club_id", sa.Integer, sa.ForeignKey("rook_clubs.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("ladder", sa.String(40), primary_key=True),  # as rook_ratings.ladder: a rule set
        sa.Column("player", sa.String(40), primary_key=True),  # as rook_ratings.player: "p:ID", "bot:LEVEL"
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        "rook_club_results",
        sa.Column("club_id", sa.Integer, sa.ForeignKey("rook_clubs.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(16), sa.ForeignKey("rook_results.game", ondelete="CASCADE"), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("rook_club_results")
    op.drop_table("rook_club_ratings")

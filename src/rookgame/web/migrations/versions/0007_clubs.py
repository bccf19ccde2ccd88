"""Clubs: members, the invites their host hands out, the club's tables and its events.

Revision ID: 0007
Revises: 0006
Create Date: 2027-01-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rook_clubs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rook_club_members",
        sa.Column("club_id", sa.Integer, sa.ForeignKey("rook_clubs.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("rook_players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("host", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rook_club_invites",
        sa.Column("token", sa.String(64), primary_key=True),  # the SHA-256 of the invite link's token
        sa.Column("club_id", sa.Integer, sa.ForeignKey("rook_clubs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rook_club_tables",
        sa.Column("club_id", sa.Integer, sa.ForeignKey("rook_clubs.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("code", sa.String(16), primary_key=True),  # a table's code (its games: CODE, CODE-2 ...)
        sa.Column("added", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rook_club_events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("club_id", sa.Integer, sa.ForeignKey("rook_clubs.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("note", sa.String(400), nullable=False, server_default=""),
    )


def downgrade() -> None:
    op.drop_table("rook_club_events")
    op.drop_table("rook_club_tables")
    op.drop_table("rook_club_invites")
    op.drop_table("rook_club_members")
    op.drop_table("rook_clubs")

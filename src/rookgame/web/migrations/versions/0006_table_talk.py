"""Table talk: every word said at a table, kept with its game, numbered.

Revision ID: 0006
Revises: 0005
Create Date: 2027-01-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rook_talk",
        sa.Column("game", sa.String(16), primary_key=True),  # the game's code (the table's, or "CODE-2" ...)
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("channel", sa.String(12), nullable=False),  # "table" (the players') or "spectators"
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("profile_id", sa.Integer, nullable=True),
        sa.Column("text", sa.Text, nullable=True),  # as typed (tidied); shown as text, never as markup
        sa.Column("phrase", sa.String(24), nullable=True),  # a quick phrase's code, read in each reader's language
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rook_talk")

"""A table's name, its lobby (people, tokens' hashes, the seat plan) and when its game finished.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rook_tables") as batch:
        batch.add_column(sa.Column("name", sa.String(40), nullable=False, server_default=""))
        batch.add_column(sa.Column("lobby", sa.Text, nullable=False, server_default="{}"))
        batch.add_column(sa.Column("finished", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rook_tables") as batch:
        batch.drop_column("finished")
        batch.drop_column("lobby")
        batch.drop_column("name")

"""Leases: which server process plays a table, until when (one server per table).

Revision ID: 0003
Revises: 0002
Create Date: 2027-01-10
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
        "rook_leases",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("owner", sa.String(120), nullable=False),
        sa.Column("expires", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rook_leases")

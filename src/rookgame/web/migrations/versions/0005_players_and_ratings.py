"""Players who are known: profiles, sessions, set-up links, passkeys; ratings per rule set and every finished game's
result by profile.

Revision ID: 0005
Revises: 0004
Create Date: 2027-01-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rook_players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("handle", sa.String(40), nullable=False, unique=True),  # casefolded: the sign-in name
        sa.Column("name", sa.String(20), nullable=False),  # the display name
        sa.Column("password", sa.String(255), nullable=True),  # an argon2 hash (PHC string), or none
        sa.Column("host", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rook_sessions",
        sa.Column("token", sa.String(64), primary_key=True),  # the SHA-256 of the session cookie's token
        sa.Column("player_id", sa.Integer, sa.ForeignKey("rook_players.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("csrf", sa.String(64), nullable=False),  # the SHA-256 of the session's CSRF token
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rook_player_links",
        sa.Column("token", sa.String(64), primary_key=True),  # the SHA-256 of the link's token
        sa.Column("player_id", sa.Integer, sa.ForeignKey("rook_players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rook_passkeys",
        sa.Column("id", sa.String(255), primary_key=True),  # the credential's id, base64url
        sa.Column("player_id", sa.Integer, sa.ForeignKey("rook_players.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rook_ratings",
        sa.Column("ladder", sa.String(40), primary_key=True),
        sa.Column("player", sa.String(40), primary_key=True),  # "p:ID" a profile, "bot:LEVEL" a bot
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        "rook_results",
        sa.Column("game", sa.String(16), primary_key=True),  # the game's code (a table's, or "CODE-2" ...)
        sa.Column("ladder", sa.String(40), nullable=False, index=True),
        sa.Column("counted", sa.Boolean, nullable=False),
        sa.Column("reason", sa.String(40), nullable=True),  # why not counted: "handed_over", "one_side"
        sa.Column("winner", sa.Integer, nullable=True),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rook_result_players",
        sa.Column("game", sa.String(16), sa.ForeignKey("rook_results.game", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(40), nullable=False),  # as rook_ratings.player; "guest" for a guest
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("rook_players.id", ondelete="SET NULL"), nullable=True,
                  index=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("side", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=True),  # the rating after the game, where it was rated
        sa.Column("sigma", sa.Float, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("rook_result_players")
    op.drop_table("rook_results")
    op.drop_table("rook_ratings")
    op.drop_table("rook_passkeys")
    op.drop_table("rook_player_links")
    op.drop_table("rook_sessions")
    op.drop_table("rook_players")

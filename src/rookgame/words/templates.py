"""Every template of the catalogs, as the message extractor finds them in the source (Babel, ``-k N_
-k Plural:1,2``): what ``pybabel extract`` writes to ``rookgame/locale/rookgame.pot`` (docs/languages.md),
read here for the tests and for the catalogs' checks."""

from __future__ import annotations

from functools import cache
from pathlib import Path

WORDS_DIR = Path(__file__).resolve().parent
KEYWORDS: dict[str, tuple[int, ...] | None] = {"N_": None, "Plural": (1, 2)}
COMMENT_TAGS = ("Translators:",)

Message = str | tuple[str, str]  # a template, or a plural's (one, many)


@cache
def extracted() -> dict[Message, list[str]]:
    """Every template of :mod:`rookgame.words` (a plural as its two forms), with the comments for its
    translators."""
    from babel.messages.extract import extract_from_dir

    out: dict[Message, list[str]] = {}
    for _, _, message, comments, _ in extract_from_dir(
            str(WORDS_DIR), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
            strip_comment_tags=True):
        key: Message = message if isinstance(message, str) else (message[0], message[1])
        out.setdefault(key, []).extend(comments)
    return out

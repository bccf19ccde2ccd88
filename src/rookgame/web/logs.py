"""How ``rook serve`` logs: readable lines for a person at a terminal, or one JSON object a line for a site.

``--log-format json`` writes every record (the server's own, uvicorn's, SQLAlchemy's warnings) as a JSON
object with its time, level, logger, message and process, through python-json-logger, so that a log
collector (journald, Loki, Elasticsearch) reads each field without a pattern; the process id tells the
processes of a site apart.  A log line never holds a seat's token, a password or a card in a hand: the
messages are written so (tables by code, seats by number).
"""

from __future__ import annotations

import logging
import sys
from typing import Literal

from pythonjsonlogger.json import JsonFormatter

LogFormat = Literal["text", "json"]
FIELDS = "%(asctime)s %(levelname)s %(name)s %(message)s %(process)d"


def configure(form: LogFormat = "text", level: int = logging.INFO) -> None:
    """Send the server's logs to standard error in ``form``; uvicorn's loggers go the same way."""
    handler = logging.StreamHandler(sys.stderr)
    if form == "json":
        handler.setFormatter(JsonFormatter(FIELDS, rename_fields={"asctime": "time", "levelname": "level",
                                                                  "name": "logger", "process": "pid"}))
    else:
        handler.setFormatter(logging.Formatter("rook: %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    logging.getLogger("rookgame").setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True

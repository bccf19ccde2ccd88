"""Rook in the browser: ``rook serve``, where a family's phones and browsers share tables.

- :mod:`.app`: the FastAPI app (:func:`~rookgame.web.app.create_app`) and :func:`~rookgame.web.app.serve`;
  its routers :mod:`.pages` (the HTML pages), :mod:`.api` (the JSON API) and :mod:`.play` (the
  WebSocket), its error handlers :mod:`.errors`.
- :mod:`.protocol`: the typed, versioned messages of play, their JSON Schema, a parser that refuses a
  hostile message with a reason (docs/protocol.md).
- :mod:`.rooms`: the tables a server holds (:class:`~rookgame.web.rooms.Room`, the
  :class:`~rookgame.web.rooms.Hub`); a table's seat plan :mod:`.lobby`, a connection
  :mod:`.connections`, its rate :mod:`.limits`, names and tokens :mod:`.names`.
- :mod:`.store`: every table and its log in a database (SQLite, or PostgreSQL by URL);
  :mod:`.history`: finished games, replays and statistics read from it.
- ``static/``: the pages' HTML, CSS and JavaScript (no build step).
"""

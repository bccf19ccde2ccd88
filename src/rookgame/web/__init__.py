"""Rook in the browser: ``rook serve``, where a family's phones and browsers share tables.

- :mod:`.app`: the FastAPI app (:func:`~rookgame.web.app.create_app`) and :func:`~rookgame.web.app.serve`;
  its routers :mod:`.pages` (the HTML pages), :mod:`.api` (the JSON API), :mod:`.ops` (``/healthz`` and
  ``/metrics``), :mod:`.tournament_api` (the tournaments' API and pages), :mod:`.account_api` (accounts),
  :mod:`.clubs`, :mod:`.passkeys` and :mod:`.play` (the WebSocket), its error handlers :mod:`.errors`.
- :mod:`.protocol`: the typed, versioned messages of play, their JSON Schema, a parser that refuses a
  hostile message with a reason (docs/protocol.md).
- :mod:`.rooms`: the tables a server holds (:class:`~rookgame.web.rooms.Room`, the
  :class:`~rookgame.web.rooms.Hub`); a table's seat plan :mod:`.lobby`, a connection
  :mod:`.connections`, its rate :mod:`.limits`, names and tokens :mod:`.names`; table talk :mod:`.chat`.
- :mod:`.store`: every table and its log in a database (SQLite, or PostgreSQL by URL);
  :mod:`.history`: finished games, replays and statistics read from it.
- People and clubs: :mod:`.accounts` (profiles, passwords, sessions, ratings and results by profile),
  :mod:`.passkeys` (WebAuthn sign-in), :mod:`.clubs` (members, invites, their tables and events).
- Duplicate tournaments: :mod:`.tournaments` (the director and each table of a round),
  :mod:`.tournament_store` (events in the database), :mod:`.tournament_api` (their API and pages).
- Running a server: :mod:`.metrics` (Prometheus), :mod:`.logs` (text or JSON logs), :mod:`.collector` (full
  garbage collections on a timer); a site of several processes (``--workers``): :mod:`.site`, and :mod:`.relay`
  (a connection relayed to the process that plays its table).
- ``static/``: the pages' HTML, CSS and JavaScript (no build step).
"""

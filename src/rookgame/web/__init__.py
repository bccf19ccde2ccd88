"""Rook in the browser: the wire protocol (and, to come, the server and its store).

Only :mod:`rookgame.web.protocol` is here so far: the typed, versioned messages a browser and a
server exchange, their JSON Schema, and a parser that refuses a hostile message with a reason.
"""

"""Every sentence a person reads, in one place: built from structured data, ready for translation.

The front ends (the web server, the line mode, the full-screen game) and the CLI read their words
here; nothing in this package imports a front end or a bot, and nothing here decides a rule (the
rules live in the engine; this package only says what a view, a result or a refusal means).

- :mod:`.seating`: who sits where, named from the person at the screen ("You", "West").
- :mod:`.cards`: cards and hands in words (sorted for the eye), the trump's name.
- :mod:`.play`: actions, events, prompts and choices; reading what a person types.
- :mod:`.refusals`: why an action was refused, from the refusal's code and parameters.
- :mod:`.results`: a hand's result, the game's end, a recap.
- :mod:`.hints`: a hint's ranked choices in words (the front end asks the bots for them).
- :mod:`.rules`: how to play a rule set, in plain words.

This module imports nothing, so that :mod:`rookgame.state` may reach :mod:`.refusals` without a cycle.
"""

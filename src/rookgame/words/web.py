"""The web tables' own words: what ``rook serve`` tells a table, what its pages say, what it says in the terminal.

- :data:`SERVER`: a server's words to a table or to one client, by code: an ``info`` (the database lost
  and back, a person back at their seat) or a ``refused`` (an intent not carried out while the database
  is away, a table another server plays).  They travel as a code and its params beside the engine's and
  the lobby's (:mod:`.refusals`), and the page tells them from ``GET /api/words`` as it tells those.
- :data:`PAGE`: the sentences and labels the table page makes itself (the end of a hand, your turn, the
  burial's warning, the invitation ...), by code; the page fills them with its own names for the seats.
- :data:`TERMINAL`: what ``rook serve`` says to the person who runs it.

A seat in a sentence for a person is named as the page names it: the person's name, "Bot 2 (Basic)";
a place (a seat by its number) is counted from 1 (:func:`told`).
"""

from __future__ import annotations

from collections.abc import Callable

from . import accounts, refusals, tournament
from .catalog import LEVEL_WORDS, N_, Params, Plural, Say, Template, fill, kind_of, level_name
from .catalog import as_data as template_data
from .errors import RULES, SOURCES
from .pages import PAGES
from .presets import PRESET_WORDS
from .rules import preset_name

SERVER: dict[str, Say] = {
    # the database (issue 25): writes are retried; the table waits and goes on by itself when it is back
    "db_lost": Say(N_("the server lost its database; retrying")),
    "db_back": Say(N_("the server has its database back; the table goes on")),
    "db_down": Say(N_("the server lost its database, so that was not done; try again in a moment")),
    # a table is played by one server at a time (its lease in the database)
    "table_elsewhere": Say(N_("table {table} is being played by another server; open it there")),
    "table_taken_over": Say(N_("another server took this table over; this one has stopped playing it")),
    # seats: a person back at their seat, a seat kept by a bot meanwhile
    "seat_back": Say(N_("{name} is back at seat {place}"), you={"place": N_("you are back at your seat")}),
    "seat_kept": Say(N_("a bot ({level}) plays {name}'s seat, seat {place}, until {name} is back"),
                     you={"place": N_("a bot ({level}) plays your seat until you take it back")}),
    # the burial, all at once
    "bury_not_cards": Say(N_("only cards are buried here, and only while the bidder buries")),
    "bury_count": Say(Plural("bury {want} card, not {given}", "bury {want} cards, not {given}", "want")),
    # playing again
    "rematch_who": Say(N_("only someone at the table may start the next game")),
    "rematch_not_over": Say(N_("the game is not over yet")),
    "rematch_started": Say(N_("{name} started a new game at this table")),
    # a request's limits (rookgame.web.limits)
    "too_large": Say(N_("a request is at most {max} bytes, and this one says it is {size}: refused unread")),
    "too_large_sent": Say(N_("a request is at most {max} bytes; this one went past that, and the rest was not read")),
    "too_nested": Say(N_("a request's JSON is nested at most {max} deep")),
    "bad_length": Say(N_("a request's Content-Length is a number of bytes")),
    "not_this_network": Say(N_("this server serves this computer and its local network only; to serve any address, "
                               "start it with --host 0.0.0.0")),
    # a request the API could not take as it came (rookgame.web.errors): ``field`` names the request's field as the
    # API spells it ("goal", "seats.2"), ``min``/``max`` what it allows
    "request_at_least": Say(N_("{field}: give {min} or more")),
    "request_above": Say(N_("{field}: give more than {min}")),
    "request_at_most": Say(N_("{field}: give {max} or less")),
    "request_below": Say(N_("{field}: give less than {max}")),
    "request_too_long": Say(Plural("{field}: at most {max} character", "{field}: at most {max} characters", "max")),
    "request_too_short": Say(Plural("{field}: at least {min} character", "{field}: at least {min} characters",
                                    "min")),
    "request_too_many": Say(Plural("{field}: at most {max} entry", "{field}: at most {max} entries", "max")),
    "request_too_few": Say(Plural("{field}: at least {min} entry", "{field}: at least {min} entries", "min")),
    "request_whole": Say(N_("{field}: give a whole number")),
    "request_number": Say(N_("{field}: give a number")),
    "request_text": Say(N_("{field}: give a text")),
    "request_yes_no": Say(N_("{field}: give true or false")),
    "request_list": Say(N_("{field}: give a list")),
    "request_object": Say(N_("{field}: give a JSON object")),
    "request_missing": Say(N_("{field} is missing from the request")),
    "request_unknown_field": Say(N_("{field} is not one of this request's fields")),
    "request_json": Say(N_("the request is not valid JSON")),
    "request_bad": Say(N_("{field}: this request does not take that value")),
    "unknown_language": Say(N_("{asked}: unknown language; languages: {languages}")),
    # finished games (the history, the replay): a game not over, a stored game that cannot be read
    "game_not_finished": Say(N_("table {table} has not finished its game")),
    "store_failed": Say(N_("the server could not read this game from its store")),
    # a duplicate tournament's tables and API, and its director's refusals ("event_" and the director's code)
    **tournament.SERVER,
    **tournament.EVENT,
    # players' accounts and the table's talk (issue 27: words.accounts)
    **accounts.SERVER,
}

PAGE: dict[str, Template] = {
    # seats, as the page names them ("(you)" after the reader's own); places count from 1
    "seat_bot": N_("Bot {place} ({level})"),
    "seat_bot_for": N_("Bot {place} ({level}) for {name}"),
    "seat_kept_mine": N_("Bot {place} ({level}), keeping your seat"),
    "seat_open": N_("open seat"),
    "seat_number": N_("Seat {place}"),
    "seat_mine": N_("{name} (you)"),
    "not_connected": N_("not connected"),
    # the invitation
    "invite_qr": N_("QR code of the invite link: point a phone's camera at it"),
    "invite_where": N_("Phones and computers on this network open {url}"),
    # a trick just taken, held on the table until it is seen
    "trick_taken": N_("{winner} took the trick"),
    "trick_seen": N_("Tap the table or press a key to go on"),
    # the end of a hand
    "summary_title": N_("Hand {hand} is over"),
    "summary_made": N_("{bidder} bid {bid} and made it."),
    "summary_set": N_("{bidder} bid {bid} and was set."),
    "summary_thrown_in": N_("Hand {hand} was thrown in: nobody scores, and the cards are dealt again."),
    "summary_trump": N_("Trump: {trump}."),
    "summary_no_trump": N_("No trump."),
    "summary_side": Plural("{side}: {points} point taken, {score} on the score, {total} in all.",
                           "{side}: {points} points taken, {score} on the score, {total} in all.", "points"),
    "summary_nest": N_("The nest:"),
    "summary_buried": N_("Buried:"),
    "summary_buried_shown": N_("Buried trumps, shown:"),
    "summary_last": N_("The last trick, taken by {winner}:"),
    "summary_go_on": N_("Continue"),
    # your turn
    "turn_title": N_("Your turn · {table}"),
    "turn_sound": N_("Sound on your turn"),
    "turn_vibrate": N_("Vibrate on your turn"),
    # coming back
    "kept_for_you": N_("A bot is playing your seat for now."),
    "take_back": N_("Take your seat back"),
    # burying: chosen, then confirmed
    "bury_choose": Plural("The nest is in your hand (marked “nest”): choose {left} card to bury, then confirm.",
                          "The nest is in your hand (marked “nest”): choose {left} cards to bury, then confirm.",
                          "left"),
    "bury_chosen": N_("{chosen} of {left} chosen"),
    "bury_confirm": N_("Bury these cards"),
    "bury_clear": N_("Choose again"),
    "bury_pick": N_("Choose {card} to bury"),
    "bury_counters": Plural("You are burying a card that counts: {cards} ({points} points).",
                            "You are burying cards that count: {cards} ({points} points).", "count"),
    "bury_bird": N_("You are burying the Rook Bird."),
    # playing again
    "play_again": N_("Play again"),
    "play_again_note": N_("The same table: its code, its people and their seats."),
    # the rest of the pages' words (every label and sentence of the table page and its scripts)
    **PAGES,
}

TERMINAL: dict[str, Template] = {
    "db_in_use": N_("another rook serve (process {pid}) is serving the database {path}; stop it first, or give this "
                    "one another --db"),
    "db_unreachable": N_("the database {url} cannot be reached: {detail}"),
    # rook serve starting: where the tables are, and how to stop it
    "serving_workers": Plural("{workers} server process at {url} (database {database})",
                              "{workers} server processes at {url} (database {database})", "workers"),
    "serving_at": N_("tables at {url}  (database {database})"),
    "serving_lan": N_("on this network, phones join at {url}"),
    "serving_local": N_("serving this computer and its local network only (--host 0.0.0.0: any address)"),
    "serving_stop": N_("stop with Ctrl+C; every table is kept and resumes when you serve again"),
}


def text(code: str, params: Params) -> str:
    """The sentence of a server's refusal or info with its facts as they are (seats and places by number), for
    logs and ``str()``: one of :data:`SERVER`, else the lobby's and the engine's (:mod:`.refusals`)."""
    say = SERVER.get(code)
    return refusals.refusal_text(code, params) if say is None else fill(say.text, params)


def told(code: str, params: Params, *, you: int | None, seat_name: Callable[[int], str]) -> str:
    """A refusal or info told to the person at seat ``you`` (None: someone watching) as the page tells it: the
    other seats by ``seat_name``, places counted from 1 ("seat 2 is taken" for the second seat)."""
    say = SERVER.get(code) or refusals.SERVER.get(code) or refusals.REFUSALS.get(code)
    if say is None:
        return code
    shown = {k: str(v + 1) if kind_of(k) == "place" and isinstance(v, int) else v for k, v in params.items()}
    if you is not None:  # the form for the reader whose seat a parameter names, chosen by the seat's number
        for name, template in say.you.items():
            if params.get(name) == you:
                return fill(template, shown, seat_name)
    return fill(say.other if say.other is not None else say.text, shown, seat_name)


def say(code: str, params: Params | None = None) -> str:
    """One of :data:`PAGE` or :data:`TERMINAL`, filled."""
    template = PAGE.get(code) or TERMINAL[code]
    return fill(template, params or {})


def as_data() -> dict[str, object]:
    """For the pages (``GET /api/words``): the server's sentences per code (``other``, ``you``) beside the
    lobby's and the engine's, the page's own sentences, the names of the bots' levels and of the presets by
    their identifiers (a ``level`` or a ``rules`` parameter, a level in a list), and a rules error's sentences
    (``rules``, ``sources``: :data:`rookgame.words.errors.RULES`, told as ``rules_error_words`` tells them)."""
    said: dict[str, dict[str, object]] = dict(refusals.as_data())
    for code, s in SERVER.items():
        said[code] = {"other": template_data(s.other if s.other is not None else s.text),
                      "you": {name: template_data(t) for name, t in s.you.items()}}
    page = {**PAGE, **tournament.PAGE}  # the tournament page's and a tournament table's banner's beside the table's
    return {"refusals": said, "page": {code: template_data(t) for code, t in page.items()},
            "levels": {level: level_name(level) for level in LEVEL_WORDS},
            "presets": {key: preset_name(key) for key in PRESET_WORDS},
            "rules": {code: template_data(t) for code, t in RULES.items()},
            "sources": {key: template_data(t) for key, t in SOURCES.items()}}


__all__ = ["PAGE", "SERVER", "TERMINAL", "as_data", "say", "text", "told"]

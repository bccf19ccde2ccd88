"""Why something was refused, in words: one template per refusal code, for the engine and for a person.

A refusal is a code and its parameters (:class:`rookgame.state.IllegalAction`, a web server's
refusal): "must_follow" with the card led, the seat, the colour and the cards it holds.  Each code
has up to three sentences here, each whole:

- ``text``: the engine's own sentence, seats by number ("renege: R5 was led and seat 0 holds red (R7);
  it must follow red"): ``str()`` of the refusal, what the CLI, the records and the tests read;
- ``other``: told to a person, seats by their names ("R5 was led and West holds red (R7): West must
  follow red"); where absent the engine's sentence serves;
- ``you``: told to the person at the seat a parameter names ("... you hold red (R7): you must follow
  red"), the first parameter that names the reader's seat choosing.

This module imports only the cards, the actions and the templates' filling, so that the state may
reach it with no import cycle.
"""

from __future__ import annotations

from collections.abc import Callable

from .catalog import N_, Params, Plural, Say, Template, english, fill
from .catalog import as_data as template_data
from .catalog import told as told_by

# A table that cannot be set or played on (rookgame.table): seats and bots a program gave it, a bot that broke
# the rules, a game of bots that never ends.
TABLE: dict[str, Template] = {
    "seats_count": Plural("{rules} has {players} seats; {given} given", "{rules} has {players} seats; {given} given",
                         "given"),
    "unknown_bot": N_("unknown bot '{name}'; bots: {bots}"),
    "no_seat": N_("seat {place} does not exist: seats are {first_place} to {last_place}"),
    "bot_illegal": N_("bot '{name}' at seat {seat} chose an illegal action {action}: {why}"),
    "game_over": N_("the game is over"),
    "person_seat": N_("seat {seat} is a person's ({name}); a bot cannot answer for it"),
    "bots_only": N_("people sit at seats {seats}: a game is played this way by bots alone"),
    "needs_person": N_("no person among the players {names}: the game on screen is for people"),
    "no_end": N_("no winner after {hands} hands of {rules} ({names}): totals {totals}; players who overbid are set "
                 "every hand and never reach the goal (try the heuristic bot)"),
}


REFUSALS: dict[str, Say] = {
    # -------------------------------------------------------------- anything, at any time
    "not_an_int": Say(N_("{value} is not an action number (a {type}, not an int)")),
    "seat_not_an_int": Say(N_("seat {value} is not a seat number (a {type}, not an int)")),
    "not_an_action": Say(N_("{value} is not an action number")),
    "not_dealt": Say(N_("the cards have not been dealt yet")),
    "hand_over": Say(N_("the hand is over")),
    "game_over": Say(N_("the game is over")),
    "not_your_turn": Say(
        N_("it is seat {turn}'s turn, not seat {seat}'s"),
        N_("it is {turn}'s turn, not {seat}'s"),
        {"turn": N_("it is your turn"), "seat": N_("it is {turn}'s turn, not yours")}),
    # -------------------------------------------------------------- the deal (set_deal)
    "already_dealt": Say(N_("the cards have already been dealt")),
    "deal_hands": Say(N_("a deal has {hands} hands, not {given}")),
    "deal_size": Say(Plural("seat {seat} is dealt {count} card, not {want}",
                            "seat {seat} is dealt {count} cards, not {want}", "count")),
    "nest_deal_size": Say(Plural("the nest is dealt {count} card, not {want}",
                                 "the nest is dealt {count} cards, not {want}", "count")),
    "deal_foreign": Say(N_("seat {seat} is dealt {cards}, not in the {rules} deck")),
    "nest_deal_foreign": Say(N_("the nest is dealt {cards}, not in the {rules} deck")),
    "deal_twice": Say(N_("{cards} dealt twice (seat {seat})")),
    "nest_deal_twice": Say(N_("{cards} dealt twice (the nest)")),
    # -------------------------------------------------------------- the auction
    "bid_above_max": Say(N_("bid {bid} is above the maximum bid {max}")),
    "no_redeal": Say(N_("{rules} has no redeal call")),
    "holds_counters": Say(
        N_("seat {seat} holds counters ({cards}) and may not call a redeal"),
        N_("{seat} holds counters ({cards}) and may not call a redeal"),
        {"seat": N_("you hold counters ({cards}) and may not call a redeal")}),
    "bid_too_low": Say(N_("bid {bid} does not beat the bid of {high}; the lowest bid now is {lowest}")),
    "bid_below_min": Say(N_("bid {bid} is below the minimum bid {lowest}")),
    "bid_off_step": Say(N_("bid {bid} is off-step: bids go up in steps of {step} from {min}")),
    "must_bid": Say(
        N_("seat {seat} may not pass: everyone else passed without a bid, so the last player must bid at least "
           "{min}"),
        N_("{seat} may not pass: everyone else passed without a bid, so the last player must bid at least {min}"),
        {"seat": N_("you may not pass: everyone else passed without a bid, so the last player must bid at least "
                    "{min}")}),
    "not_a_bid": Say(
        N_("{action} is not a bid: the auction is on; seat {seat} may pass or bid {lowest} or more"),
        N_("{action} is not a bid: the auction is on; {seat} may pass or bid {lowest} or more"),
        {"seat": N_("{action} is not a bid: the auction is on; you may pass or bid {lowest} or more")}),
    # -------------------------------------------------------------- the nest
    "bury_counter": Say(
        N_("{card} is a counter and these rules forbid burying counters while other cards can go; the bidder may "
           "bury: {allowed}"),
        you={"bidder": N_("{card} is a counter and these rules forbid burying counters while other cards can go; "
                          "you may bury: {allowed}")}),
    "bury_not_held": Say(N_("{card} is not in the bidder's hand"), you={"bidder": N_("{card} is not in your hand")}),
    "must_bury": Say(
        Plural("the bidder must bury {left} more card now ({done} of {size} buried)",
               "the bidder must bury {left} more cards now ({done} of {size} buried)", "left"),
        you={"bidder": Plural("you must bury {left} more card now ({done} of {size} buried)",
                              "you must bury {left} more cards now ({done} of {size} buried)", "left")}),
    "partner_not_callable": Say(N_("{card} is not a card of this deck that can still be called")),
    "no_partner_calls": Say(N_("no more partners is not allowed: {rules} has no partner calls")),
    "exact_partner_calls": Say(
        Plural("no more partners is not allowed: these rules have the bidder call exactly {calls} partner card",
               "no more partners is not allowed: these rules have the bidder call exactly {calls} partner cards",
               "calls"),
        you={"bidder": Plural("no more partners is not allowed: these rules have you call exactly {calls} "
                                 "partner card",
                              "no more partners is not allowed: these rules have you call exactly {calls} "
                                 "partner cards", "calls")}),
    "partner_calls_needed": Say(
        # Translators: the form is the minimum's ({min}); {called} can be any number, 1 too: say it in words that
        # fit every count ("calls so far: 1")
        Plural("no more partners is not allowed yet: the bidder must call at least {min} partner card "
                  "({called} called so far)",
               "no more partners is not allowed yet: the bidder must call at least {min} partner cards "
                  "({called} called so far)", "min"),
        # Translators: as above, {called} in words that fit every count
        you={"bidder": Plural("no more partners is not allowed yet: you must call at least {min} partner card "
                                 "({called} called so far)",
                              "no more partners is not allowed yet: you must call at least {min} partner cards "
                                 "({called} called so far)", "min")}),
    "must_name_trump": Say(
        N_("{action} is not allowed now: the bidder must name trump (trump B/R/Y/G)"),
        you={"bidder": N_("{action} is not allowed now: you must name trump (trump B/R/Y/G)")}),
    "must_name_trump_or_none": Say(
        N_("{action} is not allowed now: the bidder must name trump (trump B/R/Y/G or no-trump)"),
        you={"bidder": N_("{action} is not allowed now: you must name trump (trump B/R/Y/G or no-trump)")}),
    "must_call_direction": Say(
        N_("{action} is not allowed now: the bidder must call high or low"),
        you={"bidder": N_("{action} is not allowed now: you must call high or low")}),
    "must_call_bird": Say(
        N_("{action} is not allowed now: the bidder must call the Bird high or low"),
        you={"bidder": N_("{action} is not allowed now: you must call the Bird high or low")}),
    "must_call_partner": Say(
        N_("{action} is not allowed now: the bidder must call a partner card"),
        you={"bidder": N_("{action} is not allowed now: you must call a partner card")}),
    "must_call_partner_or_stop": Say(
        N_("{action} is not allowed now: the bidder must call a partner card or say no more partners"),
        you={"bidder": N_("{action} is not allowed now: you must call a partner card or say no more partners")}),
    # -------------------------------------------------------------- the play
    "not_a_card": Say(N_("{action} is not a card play: the hand is being played")),
    "card_not_held": Say(
        N_("seat {seat} does not hold {card}"), N_("{seat} does not hold {card}"),
        {"seat": N_("you do not hold {card}")}),
    "must_follow": Say(
        N_("renege: {lead} was led and seat {seat} holds {colour} ({held}); it must follow {colour}"),
        N_("{lead} was led and {seat} holds {colour} ({held}): {seat} must follow {colour}"),
        {"seat": N_("{lead} was led and you hold {colour} ({held}): you must follow {colour}")}),
    "must_follow_trump": Say(
        N_("renege: {lead} was led and seat {seat} holds trump ({held}); it must follow trump"),
        N_("{lead} was led and {seat} holds trump ({held}): {seat} must follow trump"),
        {"seat": N_("{lead} was led and you hold trump ({held}): you must follow trump")}),
    "bird_renege": Say(
        N_("renege: the Bird is a trump and may be played on a {lead} lead only when void in {colour} "
           "(seat {seat} holds {held})"),
        N_("the Bird is a trump: on a {lead} lead it may be played only by a player with no {colour}, and {seat} "
           "holds {colour} ({held}): {seat} must follow {colour}"),
        {"seat": N_("the Bird is a trump: on a {lead} lead it may be played only by a player with no {colour}, and "
                    "you hold {colour} ({held}): you must follow {colour}")}),
    # -------------------------------------------------------------- a person's line (the line mode)
    "not_a_choice": Say(N_("that is not one of the choices")),
}

# A web server's refusals: told to the client that sent the intent.  A seat here is a place at the
# table (``place``: by number, the page counts from 1), not a player.
SERVER: dict[str, Say] = {
    "bad_size": Say(N_("a message is at most {max} bytes, not {size}")),
    "not_json": Say(N_("a message is one JSON object: {error}")),
    "not_object": Say(N_("a message is one JSON object with a \"type\"")),
    "too_deep": Say(N_("a message's fields are flat: nested too deep")),
    "unknown_type": Say(N_("unknown message type {type}; a client may send: {allowed}")),
    "bad_version": Say(N_("protocol version {v} is not served; this server speaks {served}")),
    "bad_field": Say(N_("{type}: {field}: {problem}")),
    "too_many": Say(N_("too many messages: at most {rate} a second; this one was dropped")),
    "too_many_closed": Say(N_("too many messages: the connection is closed")),
    "join_first": Say(N_("join a table first: {{\"type\": \"join\", \"v\": {v}, \"table\": CODE}}")),
    "no_table": Say(N_("no table {table} here; check the code")),
    "token_not_here": Say(N_("that seat token is not for this table: you are watching; sit to play")),
    "only_host": Say(N_("only the host may do that")),
    "no_such_seat": Say(N_("seat {place} does not exist: seats are {first_place} to {last_place}")),
    "seats_range": Say(N_("seats are {first_place} to {last_place}")),
    "name_empty": Say(N_("a name must have a letter or a digit in it")),
    "name_invisible": Say(N_("a name may not hold control or invisible characters")),
    "table_name_empty": Say(N_("a table's name must have a letter or a digit in it")),
    "table_name_invisible": Say(N_("a table's name may not hold control or invisible characters")),
    "name_long": Say(N_("a name is at most {max} characters")),
    "name_is_bot": Say(N_("{name} is a computer player's name; choose another (bots: {bots})")),
    "unknown_level": Say(N_("unknown bot level {level}; levels: {levels}")),
    "name_taken": Say(N_("{name} is already at this table; choose another name")),
    "seat_taken_started": Say(N_("seat {place} is taken; once the game has started, a person may take only a seat "
                                 "a bot keeps for whoever comes")),
    "already_playing": Say(N_("you already play at this table; stand up first")),
    "seat_taken": Say(N_("seat {place} is taken; sit at an open seat")),
    "not_sitting": Say(N_("you are not sitting at this table")),
    "swap_started": Say(N_("seats are swapped before the game starts")),
    "stand_first": Say(N_("{name} sits at seat {place}; they stand first")),
    "no_person_back": Say(N_("no person to give seat {place} back to: a bot plays it")),
    "already_started": Say(N_("the game has already started")),
    "not_started": Say(N_("the game has not started")),
    "watching": Say(N_("you are watching: sit at a seat to play")),
    "bot_plays": Say(N_("a bot plays seat {place} for now; the host can give it back to you")),
    "hint_not_seated": Say(N_("hints are for the seat to act")),
    "hint_not_turn": Say(N_("no hint: it is not your turn")),
    "hint_pending": Say(N_("a hint is on its way")),
    # Translators: a fault of the server's; what went wrong is in the server's log, for its keeper
    "not_saved": Say(N_("the table could not be saved; the server's log says why")),
    # a table the server could not set up (its seats, its bots): the table's own errors
    "seats_count": Say(TABLE["seats_count"]),
    "unknown_bot": Say(TABLE["unknown_bot"]),
    "host_one_seat": Say(N_("the host sits at one seat at most")),
    "host_needs_name": Say(N_("give your name to sit at the table")),
    # Translators: a fault of the bot's; the table stops, and what went wrong is in the server's log
    "bot_failed": Say(N_("the bot at seat {place} failed; the server's log says why")),
    "bot_stuck": Say(N_("the bot at seat {place} could not move; the server's log says why")),
}

_ALL = {**REFUSALS, **SERVER}


def refusal_text(code: str, params: Params) -> str:
    """The refusal's own sentence (seats by number), in English whatever the reader's language: what
    ``str()`` of a refusal says, for logs and tests.  An unknown code is a sentence already (a refusal
    made before it had a code) and is said as it is."""
    say = _ALL.get(code)
    return code if say is None else english(fill, say.text, params)


def engine_words(code: str, params: Params) -> str:
    """The refusal's own sentence (seats by number) in the reader's language: a record's fault, a log read by a
    person."""
    say = _ALL.get(code)
    return code if say is None else fill(say.text, params)


def told(code: str, params: Params, *, you: int | None, seat_name: Callable[[int], str]) -> str:
    """The refusal told to the person at seat ``you`` (None: someone watching), the other seats by
    ``seat_name``: "you must follow red", "it is West's turn, not yours"."""
    say = _ALL.get(code)
    return code if say is None else told_by(say, params, you=you, seat_name=seat_name)


def as_data() -> dict[str, dict[str, object]]:
    """Every refusal's person sentences for the page (``/api/words``): per code its ``other`` and ``you``."""
    out: dict[str, dict[str, object]] = {}
    for code, say in _ALL.items():
        out[code] = {"other": template_data(say.other if say.other is not None else say.text),
                     "you": {name: template_data(t) for name, t in say.you.items()}}
    return out

"""Why something a person gave cannot be used, in words: people and seats (``--humans``, ``--seat``, the setup
screen), rules files, records.  Each error is a code and its parameters; ``str()`` of the error is the English
sentence (for logs and tests), :func:`error_words` the reader's.

This module imports only the templates' filling, so that the rules (a core module) may reach it for the
English of their errors with no import cycle, as the state reaches :mod:`.refusals`.
"""

from __future__ import annotations

from collections.abc import Mapping

from .catalog import N_, Param, Plural, Template, english, fill

# People and seats: ``what`` is the option or the field the value came from.
PEOPLE: dict[str, Template] = {
    "count": N_("{what} {given}: give 1 to {seats} people, one per seat at most"),
    "empty_name": N_("{what} {given}: a name is empty; give names between commas, such as Ann,Bo"),
    "unshowable": N_("{what}: the name {name} has characters that cannot be shown"),
    "too_long": N_("{what}: the name {name} is longer than {max} characters"),
    "bot_name": N_("{what}: {name} is the name of a bot; give people other names"),
    "same_name": N_("{what}: two people are named {name}; give each person their own name"),
    "too_many": N_("{what}: {count} people for {seats} seats"),
    "not_a_seat": N_("{what} {given}: {part} is not a seat number; seats are 0 to {last}, and several people's "
                     "seats go between commas: 0,2"),
    "no_such_seat": N_("{what} {seat_number}: {rules} has seats 0 to {last}"),
    "seat_twice": N_("{what} {given}: seat {seat_number} is given twice; each person has a seat of their own"),
    "seats_for_people": Plural("{what} {given}: one person needs one seat; give {people} seat, such as {example}",
                               "{what} {given}: {people} people need a seat each; give {people} seats, such as "
                               "{example}", "people"),
    "names_count": Plural("{count} person chosen, but {given} name given: one name per person",
                          "{count} people chosen, but {given} names given: one name per person", "count"),
}
# Where a value came from, when it is a field of the setup screen rather than an option.
FIELDS = {"names": N_("Names"), "seats": N_("Seats")}
DEFAULT_NAME = N_("Player {number}")  # a person counted but not named (--humans 2)


class WordsError(ValueError):
    """An error that is a code and its parameters: ``str()`` its English, :meth:`words` the reader's.

    ``cause``: the error it stems from, said as its ``{why}`` in the same language (:func:`cause_words`)."""

    TEMPLATES: Mapping[str, Template] = {}

    def __init__(self, code: str, *, cause: object = None, **params: Param) -> None:
        self.code = code
        self.params = params
        self.cause = cause
        super().__init__(english(self.words))

    def words(self) -> str:
        """The error in the reader's language."""
        params = dict(self.params)
        what = params.get("what")
        if isinstance(what, str) and what in FIELDS:
            params["what"] = fill(FIELDS[what], {})
        if self.cause is not None:
            params["why"] = cause_words(self.cause)
        return fill(self.TEMPLATES[self.code], params)

    def __reduce__(self) -> tuple[object, ...]:  # keyword parameters survive a trip between processes
        return (_rebuild, (type(self), self.code, self.params, self.cause))


def _rebuild(kind: type[WordsError], code: str, params: dict[str, Param], cause: object = None) -> WordsError:
    return kind(code, cause=cause, **params)


# A rule set that cannot be played, a rules file that cannot be read: the option as a rules file writes it,
# the value as it was given ("{value}", already shown as written), what would be right.
RULES: dict[str, Template] = {
    "not_playable": N_("rule set {label} is not playable:"),
    "where": N_("{where}: {problem}"),
    # counters
    "counter_rank": N_("counters: rank {value} is not 1 to 14"),
    "counter_name": N_("counters: {value} is neither a rank 1-14 nor a card such as RK or R1"),
    "counter_points_range": N_("counters: {key} = {value}: points are whole numbers from 0 to {max}"),
    "counter_spelling": N_("counters: write {right}, not {value}"),
    "counter_rank_missing": N_("counters: {key} = {value}, but no card of rank {rank} is in the deck: add {rank} to "
                               "ranks; or take the counter out with {key} = 0"),
    "counter_bird_missing": N_("counters: {key} = {value}, but the deck has no {key}: set birds = {birds}; or take "
                               "the counter out with {key} = 0"),
    "counter_card_missing": N_("counters: {key} = {value}, but {key} is not in the deck: add {rank} to ranks or "
                               "{key} to extra_cards; or take the counter out with {key} = 0"),
    "counters_table": N_("counters must be a table such as {{ 5 = 5, 10 = 10, 14 = 10, RK = 20 }}"),
    "counter_points": N_("counters.{key} = {value}: points are whole numbers"),
    "counters_pairs": N_("counters = {value}: give (rank or card, points) pairs, one for each rank 1-14 or card at "
                         "most"),
    # choices and types
    "choice": N_("{key} = {value}: allowed values are {allowed}"),
    "whole": N_("{key} = {value}: give a whole number"),
    "yes_no": N_("{key} = {value}: write true or false"),
    "text": N_("{key} = {value}: give a string"),
    "tuple": N_("{key} = {value}: give a tuple"),
    "trick_bonus_pair": N_("trick_bonus = {value}: give two whole numbers, points and tricks"),
    "trick_bonus_table": N_("trick_bonus = {value}: write a table such as {{ points = 20, tricks = 5 }}"),
    "lose_at_value": N_("lose_at = {value}: give a negative total such as -250, or \"off\""),
    "partner_calls_min_value": N_("partner_calls_min = {value}: give a whole number (1 to partner_calls)"),
    "max_bid_value": N_("max_bid = {value}: give a number or \"total\" (all points in play)"),
    # cards
    "card_list": N_("{key} must be a list of cards such as [\"R1\"]"),
    "not_a_card": N_("{key}: {value} is not a card: write a colour letter (B, R, Y, G) and a rank 1-14 such as Y14 "
                     "or g5, or RK / rook / bird for the Rook Bird (RK2 for the second Bird)"),
    "card_name": N_("{key}: {value} is not a card name such as R1"),
    "card_bird": N_("{key}: {value} is a Bird; use birds = 1 or 2 instead"),
    "cards_too_many": N_("{key}: {count} cards listed; a deck has at most {max} cards"),
    "card_twice": N_("{key} = {value}: a card is listed twice"),
    "black_two_top": N_("black_two already puts B2 above the Bird; remove it from top_trumps"),
    "little_rook_top": N_("little_rook already makes R2 a trump below the Bird; remove it from top_trumps"),
    "extra_in_deck": N_("extra_cards: {card} is already in the deck (rank {rank} is in ranks)"),
    "top_not_in_deck": N_("top_trumps: {card} is not in the deck; add it to ranks or extra_cards"),
    "little_rook_deck": N_("little_rook needs R2 in the deck: add 2 to ranks or R2 to extra_cards"),
    "black_two_deck": N_("black_two needs B2 in the deck: add 2 to ranks or B2 to extra_cards"),
    # ranks
    "ranks_write": N_("ranks = {value}: write numbers and ranges such as \"1,5-14\""),
    "ranks_range": N_("ranks = {value}: ranks are 1 to 14, not {bad}"),
    "ranks_backwards": N_("ranks = {value}: {part} runs backwards; write {right}"),
    "ranks_give": N_("ranks = {value}: give a list of ranks such as [1, 5, 6, 7] or a string such as \"1,5-14\""),
    "ranks_bad": N_("ranks = {value}: ranks are 1 to 14, at least one"),
    "ranks_twice": N_("ranks = {value}: a rank is listed twice"),
    # sizes
    "players_range": N_("players = {value}: Rook is played by 2 to 8 players"),
    "birds_range": N_("birds = {value}: a deck has 0, 1 or 2 Birds"),
    "nest_range": N_("nest_size = {value}: a nest holds 0 to {max} cards (at most the deck less a card for each "
                     "player)"),
    "partner_calls_range": N_("partner_calls = {value}: the bidder calls 0 to {max} cards, fewer than the players "
                              "less one"),
    "deal_uneven": N_("{size} cards less a nest of {nest} do not deal evenly to {players} players; nest sizes that "
                      "do: {works}"),
    # partners
    "partners_odd": N_("mode = 'partners' needs an even number of players, not {players}; use mode = 'individual' "
                       "or 'call-partner'"),
    "call_partner_calls": N_("mode = 'call-partner' needs partner_calls = 1 or more"),
    "partner_calls_mode": N_("partner_calls = {calls} only works with mode = 'call-partner'"),
    "partner_calls_all": N_("partner_calls = {calls} leaves nobody to defend with {players} players"),
    "partner_calls_min_mode": N_("partner_calls_min = {least} only works with mode = 'call-partner'"),
    "partner_calls_min_low": N_("partner_calls_min = {least}: the bidder calls at least one partner card; use 1 to "
                                "{calls}"),
    "partner_calls_min_high": N_("partner_calls_min = {least} is more than partner_calls = {calls}: the bidder "
                                 "cannot be made to call more cards than it may; use 1 to {calls}"),
    # bids, bonuses, goals
    "bids_range": N_("{key} = {value}: bids are {low} to {high}"),
    "step_range": N_("{key} = {value}: bids go up by {low} to {high}"),
    "bonus_range": N_("{key} = {value}: a bonus is {low} to {high}"),
    "trick_bonus_range": N_("trick_bonus = {{ points = {points}, tricks = {tricks} }}: points are 0 to {max}, "
                            "tricks 0 to {hand}"),
    "trick_bonus_majority": N_("trick_bonus needs a majority of the {hand} tricks, so that one side at most earns "
                               "it: tricks from {low} to {hand}, not {tricks}"),
    "no_points": N_("no points in play: the counters and bonuses are all 0, so a hand can never score; give some "
                    "cards points in counters (such as {{ 5 = 5, 10 = 10 }})"),
    "redeal_forever": N_("no_counter_redeal = true with no counter in the deck: every hand could be redealt for "
                         "ever; give some cards points in counters, or set no_counter_redeal = false"),
    "max_bid_range": N_("max_bid = {value}: bids are 0 to {max}"),
    "max_bid_total": N_("max_bid = {value}: bids are 0 to {max} (the {total} points in play are too many to bid; "
                        "give a number)"),
    "min_above_max": N_("min_bid = {value} is above max_bid = {max}; points in play are {total}"),
    "goal_range": N_("goal = {value}: the goal is a score from 1 to {farthest}, {hands} hands' worth of the {total} "
                     "points in play in a hand"),
    "goal_positive": N_("goal = {value}: the goal is a positive score"),
    "lose_at_range": N_("lose_at = {value}: the losing floor is a negative total such as -250, from -1 to "
                        "-{farthest}"),
    "lose_at_negative": N_("lose_at = {value}: the losing floor is a negative total such as -250"),
    "bird_called": N_("bird_rank = 'called' needs a Bird in the deck (birds = 1)"),
    # presets and files
    "unknown_preset": N_("unknown preset {value}; presets: {presets} (aliases: {aliases})"),
    "not_a_table": N_("a rule set is a table of options"),
    "preset_name": N_("preset must be a preset name; presets: {presets}"),
    "unknown_options": Plural("unknown option {options}; options are: {all}",
                              "unknown options {options}; options are: {all}", "count"),
    "unknown_options_more": Plural("unknown options {options} and {more} more; options are: {all}",
                                   "unknown options {options} and {more} more; options are: {all}", "more"),
    "no_such_file": N_("{value} is neither a preset nor a file; presets: {presets}"),
    "file_folder": N_("{value}: is a folder, not a house-rules file"),
    "file_unreadable": N_("{value}: cannot be read: {detail}"),
    "file_too_big": N_("over {max} kB; a house-rules file is a page of options"),
    "not_utf8": N_("not UTF-8 text (byte {byte} is {code}); save the file as UTF-8"),
    "not_toml": N_("not valid TOML: {detail}"),
    "too_deep": N_("not a house-rules file: arrays or tables nested too deep"),
    "too_long_number": N_("not a house-rules file: a number is thousands of digits long"),
    "sets_nothing": N_("sets nothing; a house-rules file names a preset and the options it changes, such as: preset "
                       "= \"full-deck\" and goal = 500 on the next line (docs/rules-files.md)"),
}
# Where a rule set came from, when the rules name it themselves (a file is named by its path).
SOURCES = {"house rules": N_("house rules"), "record rules": N_("record rules"),
           "the house-rules file": N_("the house-rules file"), "the table's rules": N_("the table's rules")}


def rules_error_words(code: str, params: Mapping[str, Param], where: str,
                      problems: tuple[tuple[str, Mapping[str, Param]], ...]) -> str:
    """A rules error in the reader's language: its problem (or the problems of a rule set, one a line), after
    where the rules came from."""
    said = fill(RULES[code], params)
    if problems:
        said += "".join("\n  - " + fill(RULES[c], p) for c, p in problems)
    if where:
        said = fill(RULES["where"], {"where": fill(SOURCES[where], {}) if where in SOURCES else where,
                                     "problem": said})
    return said


def rules_error_text(code: str, params: Mapping[str, Param], where: str,
                     problems: tuple[tuple[str, Mapping[str, Param]], ...]) -> str:
    """A rules error in English, for ``str()``: logs and tests."""
    return english(rules_error_words, code, params, where, problems)


# A game record that does not replay (``rook replay``, a save): where (game, hand, trick), then why.
RECORD: dict[str, Template] = {
    "where_game": N_("game {game}"),
    "where_hand": N_("hand {hand}"),
    "where_trick": N_("trick {trick}"),
    "where": N_("{where}: {reason}"),
    "at_line": N_("line {line}: {reason}"),
    # a line of a file, a save
    "save_without_game": N_("a {format} save without its game"),
    "save_too_big": N_("the saved game unpacks to over {max} MB"),
    "save_cut_short": N_("the {format} save is damaged: cut short"),
    "save_damaged": N_("the {format} save is damaged: {detail}"),
    "save_not_record": N_("the {format} save does not hold a {record} record"),
    "line_too_long": N_("line {number} is over {max} MB; not a game record"),
    "line_not_utf8": N_("line {number} is not UTF-8 text (byte {byte} of the line is {value})"),
    "line_not_json": N_("line {number} is not JSON: {detail}"),
    "line_too_deep": N_("line {number} is not a game record: arrays or objects nested too deep"),
    "line_long_number": N_("line {number} is not a game record: a number is thousands of digits long"),
    "line_not_object": N_("line {number} is not a JSON object"),
    # a line of a file of records skipped, not an error: the file is read on
    "torn_line": N_("line {number} is a game cut short while it was written (a crash or a full disk); skipped"),
    "schema_too_deep": N_("not a {record} record: arrays or objects nested too deep"),
    "schema": N_("not a {record} record: {path}: {detail}"),
    "the_record": N_("the record"),
    # the game
    "rules": N_("{cause}"),
    "stopped_with_winner": N_("the game is recorded as stopped unfinished ({stopped}), yet it has a winner"),
    "no_seed": N_("the record has no seed, so its deals cannot be dealt again"),
    "already_won": N_("the game was already won by side {side}; this hand should not exist"),
    "winner_none": N_("winner is recorded as side {recorded}, but no side has won (totals {totals}, goal {goal})"),
    "winner_other": N_("winner is recorded as {recorded}, but side {side} won (totals {totals})"),
    "no_game": N_("{path} has no game {number}"),
    # a hand
    "deal_cards": N_("deal of seat {seat}: {cause}"),
    "nest_cards": N_("nest: {cause}"),
    "trump": N_("trump {value} is not B, R, Y, G or none"),
    # Translators: {buried} and {partners} are already in words ("1 buried card", "2 partner calls")
    "declarations": N_("{buried} and {partners} are recorded; the rules have fewer, or they are out of order"),
    # how many buried cards and partner calls a hand's record holds, parameters of "declarations" (COUNTED)
    "n_buried": Plural("{count} buried card", "{count} buried cards", "count"),
    "n_partner_calls": Plural("{count} partner call", "{count} partner calls", "count"),
    "declined": Plural("calls.no_more_partners is recorded after {count} partner call, but the bidder had no "
                       "partner call left to decline",
                       "calls.no_more_partners is recorded after {count} partner calls, but the bidder had no "
                       "partner call left to decline", "count"),
    "dealer": N_("dealer is seat {recorded}, but the deal passes to seat {dealer}"),
    "not_the_seed": N_("the recorded cards are not the deal of seed {seed}; the record was changed or written by "
                       "another version"),
    "bad_deal": N_("bad deal: {cause}"),
    "auction_refused": N_("auction call {number} ({seat}: {value}): {cause}"),
    "declaration_refused": N_("{action}: {cause}"),
    "play_refused": N_("seat {seat} plays {card}: {cause}"),
    "auction_value": N_("auction call {number}: {value} is not a bid, 'pass' or 'redeal'"),
    "auction_open": N_("the auction is not finished"),
    "thrown_in": N_("the hand was thrown in, yet the record has a bidder or tricks"),
    "bidder": N_("bidder/bid recorded as {bidder}/{bid}, but the auction gives seat {seat} at {value}"),
    "buried_count": Plural("buried holds {count} card, the nest needs {size}",
                           "buried holds {count} cards, the nest needs {size}", "count"),
    "partner_missing": N_("calls.partner is missing a card (or calls.no_more_partners)"),
    "trump_missing": N_("trump is missing"),
    "direction_missing": N_("calls.direction (high/low) is missing"),
    "bird_missing": N_("calls.bird (high/low) is missing"),
    "nest_points": N_("calls.nest_points is recorded as {recorded}, but the buried cards make it {value}"),
    "too_many_tricks": N_("more tricks than cards in hand"),
    "leader": N_("leader is seat {recorded}, but seat {seat} leads"),
    "card": N_("{cause}"),
    "trick_short": Plural("the trick has {count} card, not {players}", "the trick has {count} cards, not {players}",
                          "count"),
    "trick_winner": N_("winner is recorded as seat {recorded}, but seat {seat} wins ({cards}, trump {trump})"),
    "hand_short": N_("the hand stops after {played} of {tricks} tricks"),
    "sums": N_("{key} recorded as {recorded}, but the rules give {value}"),
    "totals": N_("{key} recorded as {recorded}, but the rules give {value} (totals before the hand {before})"),
}


def cause_words(cause: object) -> str:
    """An error a record's error stems from, in the reader's language: one with its own words (a rules error,
    a record's), a refusal by its code (seats by number), else as it says itself."""
    words = getattr(cause, "words", None)
    if callable(words):
        return str(words())
    code, params = getattr(cause, "code", None), getattr(cause, "params", None)
    if isinstance(code, str) and isinstance(params, Mapping):
        from . import refusals

        return refusals.engine_words(code, params)
    return str(cause)


# The counts a record's error says as phrases of their own in the reader's language, each in its plural form
# ("1 buried card"), passed as parameters of its sentence: code -> {parameter: the phrase's code in RECORD}.
COUNTED: dict[str, dict[str, str]] = {"declarations": {"buried": "n_buried", "partners": "n_partner_calls"}}


def record_error_words(code: str, params: Mapping[str, Param], line: int | None, where: Mapping[str, int | None],
                       cause: object = None) -> str:
    """A record's error in the reader's language: where it is (game, hand, trick), then why."""
    said = dict(params)
    for name, phrase in COUNTED.get(code, {}).items():
        if name in said:
            said[name] = fill(RECORD[phrase], {"count": said[name]})
    if cause is not None:
        said["cause"] = cause_words(cause)
    reason = fill(RECORD[code], said)
    if line is not None:
        reason = fill(RECORD["at_line"], {"line": str(line), "reason": reason})
    parts = [fill(RECORD[f"where_{k}"], {k: str(v)}) for k, v in where.items() if v is not None]
    return fill(RECORD["where"], {"where": ", ".join(parts), "reason": reason}) if parts else reason

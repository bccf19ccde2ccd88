"""Duplicate tournaments in words: the director's refusals, what a server says at a tournament's tables, and
the tournament page's own sentences.

- :data:`ERRORS`: why the director did not do what it was asked (:class:`rookgame.tournament.TournamentError`,
  a code and its facts; ``str()`` the English).
- :data:`SERVER`: what ``rook serve`` tells a tournament's table or its page, by code, beside the lobby's
  (:mod:`.web`): they travel as a code and its params, and a page tells them from ``GET /api/words``.
- :data:`PAGE`: the sentences and labels of the tournament page and of a tournament table's banner, by code.
"""

from __future__ import annotations

from .catalog import N_, Plural, Say, Template, says

ERRORS: dict[str, Template] = {
    "rounds_range": N_("rounds = {rounds}: play 1 to {max} rounds"),
    "boards_range": N_("boards = {boards}: play 1 to {max} boards a round"),
    "bad_scoring": N_("scoring {given}: use {allowed}"),
    "bad_movement": N_("movement {given}: use {allowed}"),
    "bad_fill": N_("fill {given}: a bot level ({levels}) or none"),
    "log_start": N_("a tournament's log starts with its 'created' event"),
    "bad_event": N_("event {n}: {op} is not a tournament event"),
    "started": N_("the event has started: units register before the first round"),
    "too_many_units": N_("an event holds at most {max} units"),
    "unit_size": Plural("a unit of {rules} is {size} player, named: not {given}",
                        "a unit of {rules} is {size} players, named: not {given}", "size"),
    "same_person": N_("{name} is already registered: each person plays in one unit, under a name of their own"),
    "no_member": N_("unit {unit} has players 0 to {last}; name who takes the seat"),
    "no_unit": N_("no unit {unit}: units are 1 to {count}"),
    "no_round": Plural("no round {round}: {started} round started", "no round {round}: {started} rounds started",
                       "started"),
    "over": N_("the event is over"),
    "paused": N_("the event is paused: resume it first"),
    "not_paused": N_("the event is not paused"),
    "round_in_play": N_("round {round} is still being played"),
    "all_played": Plural("the only round has been played", "all {rounds} rounds have been played", "rounds"),
    "too_few_units": Plural("a table of {rules} seats {sides} units: {count} registered",
                            "a table of {rules} seats {sides} units: {count} registered", "count"),
    "round_robin": Plural("a round robin needs partnership tables, an even number of units and at most {max} round "
                          "for {count} units: use swiss",
                          "a round robin needs partnership tables, an even number of units and at most {max} rounds "
                          "for {count} units: use swiss", "max"),
    "no_table": N_("round {round} has tables 1 to {count}, not {table}"),
    "no_board": N_("round {round} plays boards {first} to {last}, not {board}"),
    "has_result": N_("board {board} at table {table} already has its result: correct it instead"),
    "bad_scores": N_("a board's result is {sides} whole scores, one per position: not {given}"),
    "no_result": N_("board {board} at table {table} of round {round} has no result to correct"),
    "no_reason": N_("a correction says why"),
    "not_finished": Plural("{started} of {rounds} round started; the last must be over",
                           "{started} of {rounds} rounds started; the last must be over", "started"),
    "bots_only": N_("run_bots plays bots only; {names} are not bot levels ({levels})"),
}

# A director's refusal on the wire: its code with "event_" before it (the lobby has a "no_table" of its own).
EVENT: dict[str, Say] = says({f"event_{code}": template for code, template in ERRORS.items()})

SERVER: dict[str, Say] = says({
    "no_tournament": N_("there is no tournament {event} on this server"),
    "not_director": N_("only the tournament's director may do that"),
    "tournament_seats": N_("the director seats a tournament's tables: nobody sits, stands or swaps there"),
    "tournament_private": N_("this is a tournament's table: only its players and the director may open it "
                             "while its round is played"),
    "tournament_paused": N_("the director has paused the tournament; play goes on when it resumes"),
    "tournament_resumed": N_("the director has resumed the tournament; play goes on"),
    "tournament_hint": N_("no hints in a tournament: every table plays the same cards on its own"),
    "tournament_elsewhere": N_("tournament {event} is run by another server; open it there"),
    "tournament_not_over": N_("the whole event, with every board's deal, is there once the tournament is over"),
    "token_replaced": N_("the director gave this seat to someone else: your link no longer seats you here"),
})

PAGE: dict[str, Template] = {
    # the tournament page: the event
    "t_title": N_("Tournament"),
    "t_list_h": N_("Tournaments"),
    # Translators: {boards} is how many boards a round plays, already in words ("4 boards")
    "t_event": Plural("{name}: {rules}, {rounds} round of {boards}, scored by {scoring}",
                      "{name}: {rules}, {rounds} rounds of {boards}, scored by {scoring}", "rounds"),
    "t_boards_n": Plural("{count} board", "{count} boards", "count"),
    "t_round": N_("Round {round} of {rounds}"),
    "t_not_started": N_("Registration is open: the first round has not started."),
    "t_round_over": N_("Round {round} is over."),
    "t_round_playing": Plural("Round {round}: {left} table is still playing.",
                              "Round {round}: {left} tables are still playing.", "left"),
    "t_finished": N_("The tournament is over."),
    "t_paused": N_("Paused by the director."),
    "t_scoring_matchpoints": N_("matchpoints"),
    "t_scoring_imps": N_("IMPs"),
    # registering
    "t_register_h": N_("Register"),
    "t_register_pair": N_("Register a pair: your name and your partner's (or a bot's level for a partner)."),
    "t_register_one": N_("Register: your name."),
    "t_unit_name": N_("Pair's or player's name (may be empty)"),
    "t_member": N_("Player {number}"),
    "t_register": N_("Register"),
    "t_registered": N_("You are registered as {name} (unit {unit})."),
    "t_partner_link": N_("Your partner's link (it seats them, so give it to them alone):"),
    # the units and the standings
    "t_units_h": N_("Entrants"),
    "t_filler": N_("{name} (bots filling a table)"),
    "t_unit_line": N_("{name}: {members}"),
    "t_standings_h": N_("Standings"),
    "t_standings_note": N_("A round shows here once every table has played every board of it."),
    "t_col_place": N_("Place"),
    "t_col_unit": N_("Unit"),
    "t_col_members": N_("Players"),
    "t_col_boards": N_("Boards"),
    "t_col_percent": N_("Matchpoints %"),
    "t_col_imps": N_("IMPs"),
    "t_col_sat_out": N_("Sat out"),
    "t_col_round": N_("Round"),
    "t_col_table": N_("Table"),
    "t_col_board": N_("Board"),
    "t_col_scores": N_("Scores"),
    # where a person plays
    "t_your_table": N_("Round {round}: you play at table {table}."),
    "t_play": N_("Play at table {table}"),
    "t_sitting_out": N_("You sit out round {round}: you are credited the average of its boards."),
    "t_wait_round": N_("Wait for the director to start the next round."),
    "t_tables_h": N_("Tables of this round"),
    "t_table_line": Plural("Table {table}: {units} · {done} of {boards} board played",
                           "Table {table}: {units} · {done} of {boards} boards played", "boards"),
    "t_sat_out_line": N_("Sitting out this round: {units}"),
    "t_results_h": N_("Results you may see"),
    "t_results_note": N_("Your own table's boards as they finish; every table's once the round is over."),
    # the director
    "t_director_h": N_("Director"),
    "t_start_round": N_("Start round {round}"),
    "t_pause": N_("Pause"),
    "t_resume": N_("Resume"),
    "t_replace_h": N_("Replace a player"),
    "t_replace": N_("Replace"),
    "t_replace_by": N_("Who takes the seat (a name, or a bot's level)"),
    "t_replaced_link": N_("{name}'s link:"),
    "t_correct_h": N_("Correct a result"),
    "t_correct": N_("Correct"),
    "t_reason": N_("Why"),
    "t_corrected": N_("corrected: {reason}"),
    "t_export": N_("The whole event (JSON)"),
    "t_export_standings": N_("Standings (CSV)"),
    "t_export_boards": N_("Every board (CSV)"),
    # making one (the front page)
    "t_create_h": N_("Start a tournament"),
    "t_create": N_("Create tournament"),
    "t_name": N_("Tournament name"),
    "t_rules": N_("Rules"),
    "t_rounds": N_("Rounds"),
    "t_boards": N_("Boards a round"),
    "t_scoring": N_("Scoring"),
    "t_movement": N_("Movement"),
    "t_fill": N_("Bots that fill a table short of players"),
    "t_sit_out": N_("none: units sit out in turn"),
    "t_movement_auto": N_("a round robin where it fits, else Swiss"),
    "t_movement_swiss": N_("Swiss"),
    "t_movement_round_robin": N_("round robin"),
    # a tournament's table (the table page's banner)
    "t_board_of": N_("{event} · round {round} · table {table} · board {board} ({index} of {boards})"),
    "t_board_done": N_("Board {board} is over."),
    "t_table_done": N_("This table has played every board of round {round}."),
    "t_next_table": N_("Round {round} has started: on to table {table}."),
    "t_back": N_("Back to the tournament"),
}

__all__ = ["ERRORS", "EVENT", "PAGE", "SERVER"]

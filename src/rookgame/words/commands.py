"""The ``rook`` command's words: each subcommand's help and its options', what the commands say, and the words
of the command-line toolkit itself (Click and Typer: "Usage:", "Options", their errors), all in the reader's
language.

A command's help and an option's are found by the command's and the parameter's names
(:data:`COMMAND_HELP`, :data:`OPTION_HELP`), so the command line is declared in English in
:mod:`rookgame.cli` and shown in words from here; ``{bots}`` and the like are filled from :func:`help_params`.
"""

from __future__ import annotations

from .catalog import N_, Plural, Template

COMMAND_HELP: dict[str, str] = {
    "": N_("Rook, the trick-taking card game: rules, self-play, records and replay."),
    "rules": N_("List the presets, or explain one rule set in words: what it is, how to play it, every option."),
    "selfplay": N_("Play whole games between bots and write their records, each as it finishes.\n\nA game with no "
                   "winner after --max-hands hands (players who overbid may never reach the goal) is stopped there "
                   "and written unfinished (winner null, \"stopped\" saying why), which rook replay checks as any "
                   "other. Exit status 0, or 2 for bad arguments or an --out that cannot be written."),
    "replay": N_("Re-check every action of every game against the rules and the recorded scores.\n\nExit status 0 "
                 "when every game checks out, 1 at the first game that does not, 2 for a file that cannot be read or "
                 "a --game it does not have."),
    "arena": N_("Compare two bots in duplicate: every deal is played with the seats swapped, so the cards' luck "
                "cancels."),
    "play": N_("Play Rook against the computer, alone or several people at one screen, full screen or line by line "
               "(--plain)."),
    "serve": N_("Serve Rook tables in the browser: friends join from their phones with the table's code."),
    "analyze": N_("For each decision of each seat: the action taken, the best action and the points it cost."),
    "tournament": N_("A duplicate tournament of bots: every table of a round plays the same boards, each result "
                     "scored against the other tables that held the same cards; the standings, best first."),
    "bots": N_("The computer players, and how hard each searching level thinks (its time limit per decision)."),
}

OPTION_HELP: dict[tuple[str, str], str] = {
    ("", "version"): N_("print the version and exit"),
    ("", "lang"): N_("the language to speak: en, es, pt or sv (default: ROOK_LANG, then the locale's, then "
                     "English)"),
    ("rules", "spec"): N_("a preset name or a house-rules TOML file"),
    ("selfplay", "rules"): N_("preset name or house-rules TOML file"),
    ("selfplay", "games"): N_("number of whole games"),
    ("selfplay", "seed"): N_("the same seed gives the same file"),
    ("selfplay", "out"): N_("where to write the records (.jsonl)"),
    ("selfplay", "bots"): N_("bot names cycled over the seats: {bots}"),
    ("selfplay", "max_hands"): N_("stop a game with no winner after this many hands and record it unfinished "
                                  "[default: {max_hands}]"),
    ("selfplay", "backend"): N_("local (this process) or ray (a Ray cluster): the same games either way"),
    ("selfplay", "address"): N_("the Ray cluster (default: start a local one)"),
    ("selfplay", "workers"): N_("CPUs of a local Ray cluster (default: one per core)"),
    ("replay", "file"): N_("a .jsonl file of rook-record/1 games"),
    ("replay", "game"): N_("print a transcript of game N"),
    ("replay", "reveal"): N_("a saved game in progress: show every card of the hand in play too (its deal, the "
                             "nest, the burial)"),
    ("arena", "bots"): N_("the two bots, A,B (the same name twice is allowed): {bots}"),
    ("arena", "ceiling"): N_("measure one bot (--bots B) against the sees-all ceiling, which is shown every card: "
                             "for measurement only"),
    ("arena", "rules"): N_("preset name or house-rules TOML file"),
    ("arena", "deals"): N_("duplicate deals; each is played in every seating"),
    ("arena", "seed"): N_("the same seed gives the same deals and results"),
    ("arena", "matches"): N_("also play this many duplicate whole games to the goal per seating"),
    ("arena", "workers"): N_("processes (default: one per core)"),
    ("arena", "json_out"): N_("write the summary here as JSON"),
    ("arena", "out"): N_("write every hand and game played as rook-record/1 records (.jsonl)"),
    ("arena", "plot"): N_("draw the running difference with its 95% band (.png)"),
    ("arena", "backend"): N_("local (worker processes) or ray (a Ray cluster): the same results for a seed either "
                             "way"),
    ("arena", "address"): N_("the Ray cluster (default: start a local one with --workers CPUs)"),
    ("arena", "rotate"): N_("games without fixed partners: play each deal in two seatings, not two per seat (A alone "
                            "in one seat, then B alone in it; the seat moves round from deal to deal): as many times "
                            "fewer hands as there are players"),
    ("play", "rules"): N_("preset name or house-rules TOML file (default kentucky-discard; the setup screen lets you "
                          "choose)"),
    ("play", "seat"): N_("your seat, 0 = the first dealer; with --humans, the people's seats: 0,2 (default: "
                         "partners together)"),
    ("play", "humans"): N_("people at one screen, pass and play: how many (2) or their names (Ann,Bo); bots take "
                           "the other seats"),
    ("play", "partner"): N_("your partner's bot: {bots}"),
    ("play", "opponents"): N_("the opponents' bot: {bots}"),
    ("play", "plain"): N_("line mode for screen readers and scripts: moves from standard input"),
    ("play", "resume"): N_("resume a saved game: its .jsonl file, or 'current'"),
    ("play", "pace"): N_("seconds between the computer's moves"),
    ("play", "saves_dir"): N_("where games are kept (default $ROOK_HOME/games or ~/.rook/games)"),
    ("play", "seed"): N_("decides the deals (default: random)"),
    ("serve", "host"): N_("the address to listen on (0.0.0.0: phones on this network may join; 127.0.0.1: this "
                          "computer only)"),
    ("serve", "port"): N_("the port"),
    ("serve", "db"): N_("the database: an SQLAlchemy URL (default: the SQLite file $ROOK_HOME/rook.db or "
                        "~/.rook/rook.db; postgresql+psycopg://user@host/db for a club)"),
    ("serve", "no_browser"): N_("do not open a browser"),
    ("serve", "pace"): N_("seconds between the bots' moves"),
    ("serve", "allow_origin"): N_("another origin whose pages may play here (a proxy's https://rook.example.org)"),
    ("serve", "bot_processes"): N_("worker processes the bots think in, off the server's own (default: one per "
                                   "core, at most 4; 0: threads of the server)"),
    ("serve", "workers"): N_("server processes sharing the tables through PostgreSQL (--db postgresql+psycopg://...): "
                             "a table is played by one, any serves a connection, the others take a dead one's "
                             "tables over"),
    ("serve", "relay_host"): N_("the address of this machine where the site's other processes reach its own "
                                "(--workers; another machine's processes need one they can reach)"),
    ("serve", "log_format"): N_("the log's form: text (lines to read) or json (one object a line, for a log "
                                "collector)"),
    ("analyze", "file"): N_("a .jsonl file of rook-record/1 games"),
    ("analyze", "game"): N_("which game of the file"),
    ("analyze", "level"): N_("the expert level that judges: easy, medium, hard, expert"),
    ("analyze", "blunder"): N_("flag a choice that costs this many points"),
    ("analyze", "seed"): N_("the sampling seed"),
    ("analyze", "all_decisions"): N_("list every decision, not only the costly ones"),
    ("tournament", "rules"): N_("preset or house-rules TOML file"),
    ("tournament", "players"): N_("units entered: pairs in a partnership game, players in the others"),
    ("tournament", "bots"): N_("bot levels cycled over the units: {bots}"),
    ("tournament", "rounds"): N_("rounds"),
    ("tournament", "boards"): N_("boards (deals) a round, the same at every table"),
    ("tournament", "seed"): N_("the same seed gives the same event"),
    ("tournament", "scoring"): N_("what ranks the standings"),
    ("tournament", "movement"): N_("auto: a round robin where every unit can meet every other, else Swiss"),
    ("tournament", "sit_out"): N_("a table short of units: units sit out in turn (default: a heuristic unit fills "
                                  "it)"),
    ("tournament", "workers"): N_("processes (default: one per core)"),
    ("tournament", "json_out"): N_("write the whole event here (rook-tournament/1: units, rounds, every board's "
                                   "record, standings)"),
    ("tournament", "csv_out"): N_("write the standings here as CSV"),
    ("tournament", "boards_csv"): N_("write every board's result at every table here as CSV"),
}

# What the commands say.
SAY: dict[str, Template] = {
    "error": N_("error: {message}"),
    "warning": N_("warning: {message}"),
    "note": N_("note: {message}"),
    "internal": N_("internal error: {kind}: {what}\nThis is a bug in rook; please report it with the command that "
                   "caused it (ROOK_DEBUG=1 shows the traceback)."),
    "version": N_("rook {version} (rookgame, Python {python})"),
    "version_unknown": N_("unknown (not installed)"),
    "unknown_language": N_("{where} {asked}: unknown language; languages: {languages}"),
    # The command line's parse errors (Click's own, said here from their parts).  Translators: {option} is an
    # option as typed, quoted ("'--games' / '-n'" where it has two names), {value} the value given, quoted
    # ("'abc'"); {options} and {choices} are lists already joined ("--bots, --out"; "'text' or 'json'")
    "no_such_option": N_("No such option: {option}"),
    "no_such_option_near": N_("No such option: {option} (Possible options: {options})"),
    "no_such_command_near": N_("No such command {name}. Did you mean {choices}?"),
    "option_needs_value": Plural("Option {option} requires an argument.", "Option {option} requires {count} arguments.",
                                 "count"),
    "option_takes_no_value": N_("Option {option} does not take a value."),
    "missing_argument": N_("Missing argument {name}."),
    "missing_option": N_("Missing option {name}."),
    "missing_parameter": N_("Missing parameter {name}."),
    # Translators: {arguments} are the words left over, as typed ("a b")
    "extra_arguments": Plural("Got unexpected extra argument ({arguments})",
                              "Got unexpected extra arguments ({arguments})", "count"),
    "not_whole_number": N_("Invalid value for {option}: {value} is not a whole number."),
    "not_a_number": N_("Invalid value for {option}: {value} is not a number."),
    "not_in_range": N_("Invalid value for {option}: {value} is not in the range {low} to {high}."),
    "not_at_least": N_("Invalid value for {option}: {value} is less than {low}."),
    "not_at_most": N_("Invalid value for {option}: {value} is more than {high}."),
    "not_one_of": N_("Invalid value for {option}: {value} is not one of {choices}."),
    # Translators: {why} is the toolkit's own reason, in English (a case the command line does not foresee)
    "invalid_value": N_("Invalid value for {option}: {why}"),
    # files
    "missing": N_("{file} does not exist"),
    "folder_not_records": N_("{file} is a folder; give a .jsonl file of game records"),
    "unreadable": N_("{file}: cannot be read: {why}"),
    "out_folder": N_("{option} {path} is a folder; give a file name such as {example}"),
    "out_no_folder": N_("{option} {path}: the folder {folder} does not exist"),
    "out_denied": N_("{option} {path}: cannot be written (permission denied)"),
    "out_failed": N_("{option} {path}: cannot be written: {why}"),
    "file_says": N_("{file}: {message}"),
    # rook rules
    "presets_title": N_("Rook presets"),
    "col_preset": N_("preset"),
    "col_name": N_("name"),
    "col_players": N_("players"),
    "col_deck": N_("deck"),
    "col_hand_nest": N_("hand x nest"),
    "col_points": N_("points"),
    "col_bid": N_("bid"),
    "col_goal": N_("goal"),
    "players_partners": N_("{players} in partnerships"),
    "players_individual": N_("{players}, each alone"),
    "players_call_partner": N_("{players}, a called partner"),
    "bid_range": N_("{min}-{max} by {step}"),
    "aliases": N_("Aliases: {aliases}"),
    "show_one": N_("Show one: rook rules PRESET   House rules: rook rules FILE.toml (see docs/rules-files.md)"),
    "rules_title": N_("{name} (preset {preset})"),
    "how_to_play": N_("How to play"),
    "options_title": N_("Every option (as a house-rules file writes it)"),
    "col_option": N_("option"),
    "col_value": N_("value"),
    "col_meaning": N_("meaning"),
    # rook selfplay
    "unknown_bots": N_("unknown bot(s) {unknown}; bots: {bots}"),
    "none_given": N_("(none given)"),
    "workers_ray": N_("--workers sizes a local Ray cluster: use it with --backend ray (selfplay runs in this "
                      "process)"),
    "address_ray": N_("--address names a Ray cluster: use it with --backend ray"),
    "game_stopped": N_("note: game {game} stopped unfinished: {why}"),
    # Translators: how many of the games a side won ("3 won by seats 0+2"); {side} may be a pair or one seat,
    # so the words agree with the games, never with the side
    "side_won": Plural("{count} won by {side}", "{count} won by {side}", "count"),
    "none_won": N_("no game was won"),
    # how many games and hands a run or a file holds, each in its own form ("1 game", "3 hands"): parameters of the
    # sentences below
    "n_games": Plural("{count} game", "{count} games", "count"),
    "n_hands": Plural("{count} hand", "{count} hands", "count"),
    # Translators: {hands} is how many hands, already in words ("3 hands")
    "written": Plural("{games} game, {hands} of {rules} written to {out}; {summary}",
                      "{games} games, {hands} of {rules} written to {out}; {summary}", "games"),
    # Translators: {games}, {hands} and {cap} are already in words ("6 games", "40 hands", "30 hands"); {count} is
    # how many of the games are unfinished
    "written_stopped": Plural(
        "{games}, {hands} of {rules} written to {out}; {summary}; {count} unfinished, stopped with no winner at the "
        "cap of {cap} (game {listed})",
        "{games}, {hands} of {rules} written to {out}; {summary}; {count} unfinished, stopped with no winner at the "
        "cap of {cap} (games {listed})", "count"),
    # rook replay
    "torn": N_("warning: {file}: {why}"),
    "no_game": N_("{file} has no game {game}"),
    "no_games": N_("{file} holds no game: it is empty (or only blank lines); give a .jsonl file of game records, such "
                   "as rook selfplay writes"),
    # Translators: {hands} is how many hands, already in words ("3 hands")
    "checked": Plural("{file}: {count} game, {hands}: every action, trick, score, total and winner checks out",
                      "{file}: {count} games, {hands}: every action, trick, score, total and winner checks out",
                      "count"),
    # how many of the games are unfinished ("2 unfinished"), a parameter of the sentence below
    "n_unfinished": Plural("{count} unfinished", "{count} unfinished", "count"),
    # Translators: {unfinished} and {hands} are already in words ("1 unfinished", "3 hands")
    "checked_unfinished": Plural(
        "{file}: {count} game ({unfinished}), {hands}: every action, trick, score, total and winner checks out",
        "{file}: {count} games ({unfinished}), {hands}: every action, trick, score, total and winner checks out",
        "count"),
    # rook play
    "needs_terminal": N_("the full-screen game needs a terminal, and this input or output is not one; for scripts, "
                         "pipes and screen readers play line by line: rook play --plain"),
    "unknown_bot": N_("{option} {name}: unknown bot; bots: {bots}"),
    "pace": N_("--pace {pace}: give 0 or more seconds"),
    "cannot_resume": N_("cannot resume: {why}"),
    "resumed_keeps": N_("note: a resumed game keeps its own rules, seats, players and seed"),
    "no_partner_individual": N_("--partner {partner}: {rules} has no fixed partner (every player plays alone); the "
                                "other seats play --opponents"),
    "no_partner_called": N_("--partner {partner}: {rules} has no fixed partner (the bidder's partners are found by "
                            "the called cards, hand by hand); the other seats play --opponents"),
    "save_in_use": N_("{path}: {why}; finish or quit that game first, or keep this one in another folder: rook play "
                      "--saves-dir FOLDER"),
    "save_warning": N_("warning: could not save to {path}: {why}; the game will say when a save fails (another "
                       "folder: --saves-dir FOLDER)"),
    # rook serve
    "db_folder": N_("--db {db} is a folder; give a database file such as {example} or a URL"),
    "db_error": N_("--db: {why}"),
    "port_in_use": N_("port {port} is in use: try --port {next}"),
    "cannot_serve": N_("cannot serve: {why}"),
    "workers_postgresql": N_("{workers} server processes share their tables through PostgreSQL: give --db "
                             "postgresql+psycopg://user@host/db (an SQLite file is one process's)"),
    # rook arena's counts and plot refused before anything is played ({value} as typed)
    # rook arena: the bots and the ways to run it (rookgame.arena.ArenaError)
    # Translators: {ceiling} is 'sees-all', quoted
    "arena_ceiling_not_a_player": N_("{ceiling} sees every hidden card, so it is not a player; measure a bot "
                                     "against that ceiling with --ceiling --bots B; bots: {bots}"),
    "arena_ceiling_one_bot": N_("--ceiling measures one bot against the sees-all ceiling, as --ceiling --bots B, "
                                "not {count}; bots: {bots}"),
    "arena_two_bots": N_("the arena compares exactly two bots, as --bots A,B (the same name twice is allowed), "
                         "not {count}; bots: {bots}"),
    # Translators: {why} is the table's own reason, in English (a bot that breaks the rules is a bug)
    "arena_deal_broke_rules": N_("deal {index} (seed {seed}), configuration {configuration}: {why}"),
    "arena_match_broke_rules": N_("match {index} (seed {seed}), configuration {configuration}: {why}"),
    "arena_backend": N_("backend {backend}: use one of {backends}"),
    # Translators: {why} is Ray's own reason
    "arena_ray": N_("the ray backend: {why}"),
    "deals_at_least": N_("--deals {value}: play at least 1 deal"),
    "matches_at_least": N_("--matches {value}: give 0 or more"),
    "workers_at_least": N_("--workers {value}: use 1 or more"),
    # Translators: {suffixes} is ".png, .svg or .pdf", listed in the reader's language
    "plot_suffix": N_("--plot {path}: give a file name ending in {suffixes}"),
    # rook arena --plot: the image's words
    "plot_band": N_("95% interval"),
    "plot_x": N_("duplicate deals played"),
    "plot_y": N_("points per hand, {a} (A) - {b} (B)"),
    "plot_title": N_("{a} vs {b}, {rules}: running difference (seed {seed})"),
    # rook arena: the progress bar, the tables of the result, the verdict
    # Translators: the progress bar's words; {rules} is the rule set's name
    "arena_progress": Plural("{rules}: {count} deal", "{rules}: {count} deals", "count"),
    # how many deals the arena plays, a parameter of the sentence below
    "n_deals": Plural("{count} deal", "{count} deals", "count"),
    # Translators: the progress bar's words; {deals} is how many deals, already in words ("200 deals"); a match
    # seed plays whole games to the goal
    "arena_progress_matches": Plural("{rules}: {deals} + {count} match seed", "{rules}: {deals} + {count} match seeds",
                                     "count"),
    # Translators: the title of the arena's first table: bot A against bot B under a rule set
    "arena_title": N_("{a} (A) vs {b} (B), {rules}"),
    # how many seatings each deal is played in, a parameter of the captions below
    "n_seatings": Plural("{count} seating", "{count} seatings", "count"),
    # Translators: the caption of the arena's first table; {seatings} and {hands} are already in words
    # ("4 seatings", "800 hands"); every deal is played once in each seating, so the hands are the product
    "arena_caption": Plural("{count} duplicate deal x {seatings} = {hands}, seed {seed}",
                            "{count} duplicate deals x {seatings} = {hands}, seed {seed}", "count"),
    # Translators: as above, in games without fixed partners where a bot sits alone in a seat that moves round
    # from deal to deal
    "arena_caption_rotating": Plural("{count} duplicate deal x {seatings} (the lone seat rotating) = {hands}, "
                                     "seed {seed}",
                                     "{count} duplicate deals x {seatings} (the lone seat rotating) = {hands}, "
                                     "seed {seed}", "count"),
    # Translators: a column: the points the bot's side scored, on average per hand
    "col_points_hand": N_("points/hand"),
    # Translators: a column: the 95% confidence interval of the figure before it
    "col_ci": N_("95% CI"),
    "col_games_won": N_("games won"),
    "col_win_rate": N_("win rate"),
    "col_win_ci": N_("win rate 95% CI"),
    # Translators: an interval that cannot be given (a single deal)
    "not_available": N_("n/a"),
    # Translators: the title of the arena's second table: the contracts each bot won in the auction
    "contracts_title": N_("Contracts won as bidder"),
    # Translators: the caption of that table: what its columns mean (keep each column's name as translated)
    "contracts_caption": N_("avg bid: every bid called; contract: the winning bid; took: what the bidding side "
                            "took; med/max ms: time per decision, median and worst"),
    "col_contracts": N_("contracts"),
    # Translators: a column: how many of the contracts were made
    "col_made": N_("made"),
    # Translators: a column: how many of the contracts went set (failed)
    "col_set": N_("set"),
    "col_made_pct": N_("made%"),
    "col_avg_bid": N_("avg bid"),
    # Translators: a column: the winning bid, on average
    "col_contract": N_("contract"),
    # Translators: a column: the points the bidding side took, on average
    "col_took": N_("took"),
    # Translators: a column: the median time a decision took, in milliseconds
    "col_med_ms": N_("med ms"),
    # Translators: a column: the longest time a decision took, in milliseconds
    "col_max_ms": N_("max ms"),
    # Translators: the arena's verdict from a single deal; {a} and {b} are the two bots, {mean} how many points a
    # hand A scored more than B ("+2.50")
    "verdict_one": N_("{a} - {b}: {mean} points per hand (one deal: no interval)"),
    # Translators: the arena's verdict when the difference was the same on every deal
    "verdict_alike": N_("{a} - {b}: {mean} points per hand on every deal (the two bots played alike)"),
    # Translators: the arena's verdict; {mean} is how many points a hand A scored more than B ("+2.50"),
    # {interval} its 95% confidence interval ("[-1.20, +6.20]"), {judged} one of the three sentences below
    "verdict": Plural("{a} - {b}: {mean} points per hand, 95% CI {interval} over {count} deal: {judged}",
                      "{a} - {b}: {mean} points per hand, 95% CI {interval} over {count} deals: {judged}", "count"),
    "a_stronger": N_("{a} (A) is stronger"),
    "b_stronger": N_("{b} (B) is stronger"),
    # Translators: the 95% confidence interval of the difference holds zero
    "no_difference": N_("no difference shown at 95%"),
    # Translators: {hands} is how many hands were played, already in words ("800 hands"); {where} is where they
    # were played, one of the phrases below
    "thrown_in": Plural("{count} of {hands} thrown in (scored 0); {seconds} s on {where}",
                        "{count} of {hands} thrown in (scored 0); {seconds} s on {where}", "count"),
    "on_ray": N_("Ray ({address})"),
    "n_workers": Plural("{count} worker", "{count} workers", "count"),
    "n_workers_ray": Plural("{count} worker of a local Ray cluster", "{count} workers of a local Ray cluster",
                            "count"),
    "records_written": Plural("{count} record written to {path} (check it: rook replay {path})",
                              "{count} records written to {path} (check them: rook replay {path})", "count"),
    "summary_written": N_("summary written to {path}"),
    "plot_written": N_("plot written to {path}"),
    # rook analyze
    "unknown_level": N_("unknown level {level}; levels: {levels}"),
    # Translators: the progress bar while the decisions are judged
    "analysing": N_("analysing"),
    # Translators: the title of the table of decisions; {level} is the judging level's name ("Medium"); each
    # decision's value is the points its seat's side expects from it, ± the noise of its cost
    "analyze_title": N_("{file} game {game}: decisions judged by the {level} expert (expected points for the "
                        "seat's side; ± the noise of the cost)"),
    # Translators: a column: the hand's number in the game
    "col_hand": N_("hand"),
    # Translators: a column: the trick's number in the hand ("-" while bidding)
    "col_trick": N_("trick"),
    "col_seat": N_("seat"),
    # Translators: a column: the part of the hand (bidding, the nest, play)
    "col_phase": N_("phase"),
    # Translators: a column: the action the player took, with its value
    "col_taken": N_("taken"),
    # Translators: a column: the best action, with its value
    "col_best": N_("best"),
    # Translators: a column: how many points the action taken cost against the best
    "col_cost": N_("cost"),
    # Translators: the mark of a costly decision, in the table of decisions
    "blunder_mark": N_("?? blunder"),
    # Translators: {points} is the --blunder threshold ("10"), {z} how many times the noise ("2")
    "blunder_rule": Plural("A blunder costs at least {points} point even {z} times the noise below its estimate "
                           "(± is the standard error over the deals it was judged on).",
                           "A blunder costs at least {points} points even {z} times the noise below its estimate "
                           "(± is the standard error over the deals it was judged on).", "points"),
    # how many decisions and blunders a seat made, parameters of the sentence below
    "n_decisions": Plural("{count} decision", "{count} decisions", "count"),
    "n_blunders": Plural("{count} blunder", "{count} blunders", "count"),
    # Translators: a seat's account; {decisions} and {blunders} are already in words ("40 decisions",
    # "2 blunders"), {points} the points its side gave away ("12.5")
    "seat_costs": N_("seat {seat}: {decisions}, {blunders}, {points} points given away in all (estimated)"),
    # rook tournament: the progress of the rounds' boards
    # Translators: {boards} is how many boards a round plays, already in words ("4 boards")
    "tournament_progress": Plural("{rules}: {rounds} round of {boards}", "{rules}: {rounds} rounds of {boards}",
                                  "rounds"),
    # rook tournament: the standings.  How many units entered, a parameter of the title below: pairs in a
    # partnership game, players in the others
    "n_pairs": Plural("{count} pair", "{count} pairs", "count"),
    "n_players": Plural("{count} player", "{count} players", "count"),
    # Translators: the title of the standings' table; {units} and {boards} are already in words ("8 pairs",
    # "4 boards"), {scoring} is what ranks the standings ("matchpoints" or "IMPs")
    "tournament_title": Plural("{rules}: {units}, {rounds} round of {boards}, seed {seed}, by {scoring}",
                               "{rules}: {units}, {rounds} rounds of {boards}, seed {seed}, by {scoring}", "rounds"),
    "col_place": N_("place"),
    # Translators: a pair, or a player in a game without partners, by the name it was entered under
    "col_unit": N_("unit"),
    # Translators: who plays in the unit (here bots, by their level's name)
    "col_members": N_("members"),
    "col_boards": N_("boards"),
    "col_percent": N_("matchpoints %"),
    "col_imps": N_("IMPs"),
    # Translators: how many rounds the unit sat out
    "col_sat_out": N_("sat out"),
    "event_written": N_("the whole event written to {path}"),
    "standings_written": N_("standings written to {path}"),
    "boards_written": N_("every board's result written to {path}"),
    # rook bots
    "bots_title": N_("computer players (--bots, --partner, --opponents)"),
    "col_bot": N_("bot"),
    "col_time": N_("time limit"),
    "col_deals_card": N_("deals a card"),
    "col_exact": N_("exact from"),
    "col_deals_bid": N_("deals a bid"),
    "bot_random": N_("{name}: any legal card"),
    "bot_heuristic": N_("{name}: a sound club player"),
    "bot_other": N_("{name}: no search"),
    "seconds": N_("{seconds} s"),
    "tricks_left": N_("{tricks} tricks left"),
    # Translators: deals a card in `rook bots`: this many in the first tricks (played out), then this many
    # (solved exactly)
    "deals_early_late": N_("{early}, then {late}"),
    "bots_about": N_("The searching levels deal the cards they cannot see in ways that fit what their seat has seen, "
                     "and try each choice on every deal: played out by heuristic players, and solved exactly in the "
                     "last tricks. None thinks past its time limit: on a slow or busy machine it tries fewer deals."),
}

# The command-line toolkit's own words (Typer's help and the few errors it words itself), by their English as
# it asks for them.  Its parameters are its own ({name!r} included).  The Click inside Typer words its parse
# errors in English only ("No such option", "Missing option"), with no catalog to ask: rookgame.cliwords says
# them again from their parts with the templates of SAY above.
TOOLKIT: list[Template] = [
    N_("Usage:"),
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("Error"),
    N_("Aborted."),
    N_("Aborted!"),
    N_("Show this message and exit."),
    N_("[default: {}]"),
    N_("[env var: {}]"),
    N_("[required]"),
    N_("(deprecated) "),
    N_("(dynamic)"),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("required"),
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
    N_("Missing command."),
    N_("No such command {name!r}."),
]

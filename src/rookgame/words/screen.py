"""The full-screen game's own words (``rook play``): its labels, captions, prompts, keys and dialogs.

The events, prompts, choices, refusals and results it shares with the line mode live in
:mod:`.play`, :mod:`.refusals` and :mod:`.results`; these are the full screen's alone.  A label
that stands on its own (a column's heading, a mark under a seat's name) is a template of its own;
a sentence is one template whole, its parameters where the words put them (the screen styles a
parameter where it is filled, never by gluing pieces).
"""

from __future__ import annotations

from .catalog import N_, Plural, Say

# The line at the top of the screen: label and value pairs between dots.
INFO: dict[str, str] = {
    "rook": N_("Rook"),
    "hand": N_("hand {number}"),
    "hand_compact": N_("Hand {number}"),
    "dealer": N_("dealer {name}"),
    "bidder": N_("Bidder:"),
    "high_bid": N_("High bid: {name} {bid}"),
    "no_bid": N_("No bid yet"),
    "trump": N_("Trump:"),
    "partner_card": N_("partner card {cards}"),
    "bird_high": N_("Bird high"),
    "bird_low": N_("Bird low"),
    "high": N_("high"),
    "low": N_("low"),
    "nest_points": N_("nest has points"),
    "nest_no_points": N_("nest has no points"),
    # Translators: the score line of a narrow screen; {scores} each side's score ("We 120  They 85")
    "score_goal": N_("Score: {scores} (goal {goal})"),
    "totals_goal": N_("Totals: {scores} (goal {goal})"),
    "taken_short": N_("taken {scores}"),
    "help": N_("? help"),
    "pace": N_("pace {pace} s (+/-)"),
    "your_partner": N_("your partner {names}"),
    "cards_of": N_("{name}'s cards (seat {seat_number})"),
    "cards_hidden": N_("cards hidden"),
    "title": N_("{rules} · seed {seed}"),
    "auction": N_("Auction"),
    "score_pad": N_("Score pad"),
}

# A seat's cell on the table, and the middle of the table.
TABLE: dict[str, Say | str | Plural] = {
    "dealer": N_("dealer"),
    "bid": N_("bid {bid}"),
    "passed": N_("passed"),
    "redeal": N_("redeal"),
    "partner": N_("partner"),
    "cards": Plural("{count} card", "{count} cards", "count"),
    "tricks": Plural("{count} trick", "{count} tricks", "count"),
    "winning": N_("★ winning"),
    "won_it": N_("★ won it"),
    "trick_now": Say(N_("Trick {number}: {leader} led;\n{winner} is winning with {card}."),
                     you={"leader": N_("Trick {number}: you led;\n{winner} is winning with {card}."),
                          "winner": N_("Trick {number}: {leader} led;\nyou are winning with {card}.")}),
    "trick_now_you_both": Say(N_("Trick {number}: you led;\nyou are winning with {card}.")),
    "trick_went": Say(Plural("Trick {number}\nwent to {winner} ({points} point).",
                             "Trick {number}\nwent to {winner} ({points} points).", "points"),
                      you={"winner": Plural("Trick {number}\nwent to you ({points} point).",
                                            "Trick {number}\nwent to you ({points} points).", "points")}),
    "screen_goes": N_("The screen goes to {name}."),
    "new_or_quit": N_("n: new game   q: quit"),
    "next_hand": N_("Enter: next hand"),
    "auction_high": Say(N_("Auction · high bid {bid} by {seat}"),
                        you={"seat": N_("Auction · your bid of {bid} is the highest")}),
    "auction_opens": Say(N_("Auction · bidding opens at {min}")),
    "to_bid": Say(N_("{seat} is to bid."), you={"seat": N_("You are to bid.")}),
    "won_bid": Say(N_("{seat} won the bid at {bid}."), you={"seat": N_("You won the bid at {bid}.")}),
    "nest": N_("Nest:"),
    "leads": Say(N_("{seat} leads."), you={"seat": N_("You lead.")}),
    "busy_bury": Say(N_("{seat} is burying cards from the nest.")),
    "busy_trump": Say(N_("{seat} is naming trump.")),
    "busy_direction": Say(N_("{seat} is calling high or low.")),
    "busy_bird": Say(N_("{seat} is calling the Bird high or low.")),
    "busy_partner": Say(N_("{seat} is calling a partner card.")),
}

AUCTION: dict[str, Say | str] = {
    "no_calls": Say(N_("No calls yet; {seat} bids first."), you={"seat": N_("No calls yet; you bid first.")}),
    "pass": N_("pass"),
    "redeal": N_("redeal"),
    "won": Say(N_("{seat} won the bid at {bid}; trump {trump}"), you={"seat": N_("You won the bid at {bid}; trump "
                                                                              "{trump}")}),
}

# The score pad's columns and cells.
PAD: dict[str, str] = {
    "number": N_("#"),
    "bidder": N_("Bidder"),
    "bid": N_("Bid"),
    "trump": N_("Tr"),
    "result": N_("Result"),
    "took": N_("Took"),
    "thrown": N_("thrown"),
    "in": N_("in"),
    "made": N_("{taken} made"),
    "set": N_("{taken} SET"),
}

# The box at the bottom: what the person is asked, or what the screen waits for.
PROMPT: dict[str, str | Plural] = {
    "game_over": N_("Game over."),
    "new_game": N_("[n] New game"),
    "quit": N_("[q] Quit"),
    "hand_over": N_("Hand over."),
    "next_hand": N_("[Enter] Next hand"),
    "pass_screen": N_("Pass the screen to {name}."),
    "waiting": N_("Waiting for {name}..."),
    "play": N_("{prompt}: press a card's key, click it, or ←/→ and Enter. ^ marks the cards you may play."),
    "bury": Plural("{prompt}: pick {left} by key, click or space, then Enter.\nSelected ({count} of {left}, {then}): "
                   "{chosen}", "{prompt}: pick {left} by key, click or space, then Enter.\nSelected ({count} of "
                   "{left}, {then}): {chosen}", "left"),
    "more_to_pick": Plural("{more} more to pick", "{more} more to pick", "more"),
    "enter_buries": N_("Enter buries them"),
    "none_chosen": N_("none"),
    "bury_button": N_("[Enter] Bury"),
    "choose": N_("{prompt}:"),
    "group_keys": N_("(↑/↓)"),
    "group": N_("[{key}] {name}"),
    "bird_group": N_("Bird"),
    "choice": N_("[{key}] {label}"),
}

# What the game screen says in its message line.
GAME: dict[str, str | Plural] = {
    "not_allowed": N_("Not allowed: {why}."),
    "hints_your_turn": N_("Hints are for your turn."),
    "pace": N_("Computer moves every {pace} s."),
    "new_game_later": N_("A new game starts once this one is over (s saves it and quits)."),
    "already_selected": Plural("{left} card to bury is already selected: unselect it first, or Enter to bury it.",
                               "{left} cards to bury are already selected: unselect one first, or Enter to bury "
                               "them.", "left"),
    "pick_more": Plural("Pick {more} more card to bury ({count} of {left} picked), then Enter.",
                        "Pick {more} more cards to bury ({count} of {left} picked), then Enter.", "more"),
    "resumed": N_("Resumed. {recap}"),
    "hidden_title": N_("Cards hidden"),
    "hidden_passed": N_("(hidden until the screen is passed on)"),
    "hidden_turn": N_("(hidden until a person's turn)"),
    "your_hand": N_("Your hand"),
    "hand_of": N_("{name}'s hand"),
    "no_cards": N_("(no cards)"),
    # Translators: the mark under a card picked to bury, under a card's tile: four letters at most.
    "mark_bury": N_("bury"),
    # Translators: the mark under a card that came from the nest, under a card's tile: four letters at most.
    "mark_nest": N_("nest"),
    # a key that does nothing now
    "commands_compact": N_("h hint · l tricks · ? help · s save · q quit"),
    "commands": N_("h hint · l taken tricks · ? how to play · s save and quit · q quit"),
    "dead_pause": N_("{key} does nothing here: press Enter for the next hand ({commands})."),
    "dead_over": N_("{key} does nothing here: the game is over; n starts a new game, q quits."),
    "dead_wait": N_("{key} does nothing now: it is {name}'s turn ({commands})."),
    "dead_keys": N_("{key} is not a key here. Keys: ←/→ and Enter choose; {commands}."),
    "dead_keys_play": N_("{key} is not a key here. Keys: {keys}: the cards you may play (^); ←/→ and Enter choose; "
                         "{commands}."),
    "dead_keys_bury": N_("{key} is not a key here. Keys: {keys}: the cards to bury, then Enter; ←/→ and Enter "
                         "choose; {commands}."),
    "dead_keys_choices": N_("{key} is not a key here. Keys: {keys}: the choices; ←/→ and Enter choose; "
                            "{commands}."),
    "dead_keys_colours": N_("{key} is not a key here. Keys: {keys}: the choices; {colours}: colours; ←/→ and Enter "
                            "choose; {commands}."),
    "key_range": N_("{first} to {last}"),
    "review_no_room": N_("l: the taken tricks, below"),
    "after_trick": N_("The trick is taken. Enter, or any key, goes on."),
    "hand_over_review": N_("The hand is over: its tricks are put away. Enter deals the next hand."),
}

# The keys of the game screen and the dialogs (their footers).
BINDINGS: dict[str, str] = {
    "hint": N_("Hint"),
    "last_trick": N_("Last trick"),
    "help": N_("Rules/help"),
    "save_quit": N_("Save & quit"),
    "slower": N_("Slower"),
    "faster": N_("Faster"),
    "new_game": N_("New game"),
    "quit": N_("Quit"),
    "close": N_("Close"),
    "show_cards": N_("Show the cards"),
    "back": N_("Back"),
    "go_on": N_("Go on"),
    "rules": N_("Rules"),
}

# The help screen: the keys, then every option of the rules.
HELP: dict[str, str] = {
    "how": N_("Escape or ? closes this screen; the arrow keys and Page Up/Down scroll it."),
    "title": N_("How to play {rules}"),
    "keys": N_("Keys"),
    "key": N_("key"),
    "does": N_("does"),
    "options": N_("Every option of these rules ({rules})"),
    "option": N_("option"),
    "value": N_("value"),
    "meaning": N_("meaning"),
}
KEYS: list[tuple[str, str]] = [
    (N_("1-9, 0, A-Z"), N_("choose the card or bid marked with that key (a bid keeps its key for the whole auction)")),
    (N_("b r y g, t"), N_("name trump: Black, Red, Yellow, Green; t no trump")),
    (N_("b r y g k, up / down"), N_("calling a partner from many cards: show one colour's cards (k the Bird)")),
    (N_("left / right, Enter"), N_("move the cursor over the choices and take one")),
    (N_("space"), N_("in the nest exchange: select or unselect the card under the cursor")),
    (N_("mouse"), N_("click a card or a choice")),
    (N_("p"), N_("pass (in the auction)")),
    (N_("h"), N_("hint: the computer's best choices for you, with the points your side can expect")),
    (N_("l"), N_("show or hide the taken tricks, as far as the rules allow")),
    (N_("+ / -"), N_("computer moves slower / faster")),
    (N_("?"), N_("this screen")),
    (N_("s"), N_("save the game and quit (resume with rook play --resume)")),
    (N_("n"), N_("a new game, once a game is over")),
    (N_("q, ctrl+q"), N_("quit (a game in progress is saved)")),
    (N_("Enter (pass and play)"), N_("show your cards once the screen is passed to you and only you can see it")),
    (N_("Enter, any key (after a trick)"), N_("go on once you have seen the trick the computer took (else it waits a "
                                               "few seconds)")),
]

# Pass and play: the cover over the table.
COVER: dict[str, str] = {
    "title": N_("Pass to {name} (seat {seat_number})"),
    "text": N_("Pass to {name} — press Enter when only {name} can see the screen."),
    "button": N_("Show {name}'s cards"),
}

# The setup screen.
SETUP: dict[str, str | Plural] = {
    "intro": N_("Rook: choose the game and the players, then Start (Enter). Tab moves between the fields; ? shows "
                "how to play."),
    "start": N_("Start"),
    "resume": N_("Resume saved game"),
    "resume_earlier": N_("Resume {file}: {about}"),
    "rules": N_("Rules (a preset)"),
    "file": N_("... or a house-rules file"),
    "file_placeholder": N_("path/to/rules.toml"),
    "house_rules": N_("(a house-rules file)"),
    "people": N_("People at this screen"),
    "your_seat": N_("Your seat"),
    "seat_of": N_("{name}'s seat"),
    "seats_typed": N_("Seats (typed below)"),
    "names": N_("Their names (pass and play)"),
    "names_placeholder": N_("Ann, Bo (empty: Player 1 ...)"),
    "seats": N_("Their seats"),
    "seats_placeholder": N_("0,2 (empty: partners sit together)"),
    "partner": N_("Your partner plays"),
    "partners_of": N_("{names}'s partner plays"),
    "partners_of_several": N_("The partners of {names} play"),
    "no_bot_partner": N_("Partners (each person's is a person)"),
    "opponents": N_("The opponents play"),
    "bots_play": N_("The computer's seats play"),
    "seed": N_("Seed (empty: random)"),
    "seed_placeholder": N_("random: a new deal each game"),
    "quit": N_("Quit"),
    "seat": N_("seat {seat_number}"),
    "seat_dealer": N_("seat {seat_number} (the first dealer)"),
    "seat_first_bid": N_("seat {seat_number} (left of the first dealer: bids first)"),
    "one_person": N_("1: you against the computer"),
    "several": N_("{count}: pass and play, {count} people"),
    "choose_rules": N_("Choose a preset or give the path of a house-rules file."),
    "cannot_play": N_("Those rules cannot be played: {why}"),
    "seed_whole": N_("The seed is a whole number, not {said}."),
    "cannot_resume": N_("Cannot resume: {why}"),
    "saved_unreadable": N_("A saved game is there but cannot be resumed: {why}"),
    "saved": Plural("A game of {rules} is saved ({count} hand started) in {path}. Resume it, or Start a new game: you "
                    "are asked first, and the saved one is then kept beside it under a name of its own, listed here to "
                    "resume later.",
                    "A game of {rules} is saved ({count} hands started) in {path}. Resume it, or Start a new game: you "
                    "are asked first, and the saved one is then kept beside it under a name of its own, listed here to "
                    "resume later.", "count"),
    "earlier": Plural("{rules}, {count} hand started", "{rules}, {count} hands started", "count"),
    "replace": N_("A game is saved in {path}. Start a new game? The saved game is not replaced: it is kept beside it "
                  "under a name of its own, listed on this screen to resume later (or with rook play --resume FILE)."),
    "replace_new": N_("Start a new game"),
    "replace_resume": N_("Resume the saved one"),
    "back": N_("Back"),
}

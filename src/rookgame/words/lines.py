"""The line mode's own sentences (``rook play --plain``): what it says as the game goes, and its help.

The events, prompts, choices, refusals and results it shares with the full screen live in
:mod:`.play`, :mod:`.refusals` and :mod:`.results`; these are the line mode's alone.
"""

from __future__ import annotations

from ..rules import RuleSet
from .catalog import N_, Plural, Say, fill, gettext

LINES: dict[str, Say] = {
    # the start of a game
    "intro_partners": Say(N_("Rook: {rules}, {players} players, two partnerships; first to {goal} wins. Seed {seed}.")),
    "intro_individual": Say(N_("Rook: {rules}, {players} players, each for themselves; first to {goal} wins. Seed "
                               "{seed}.")),
    "intro_call_partner": Say(N_("Rook: {rules}, {players} players, the bidder calls a secret partner; first to "
                                 "{goal} wins. Seed {seed}.")),
    "seats": Say(N_("Seats: {seats}.")),
    "your_partner": Say(N_("Your partner is {name}.")),
    "pass_and_play": Say(N_("Pass and play: each person's cards are shown only after the screen is handed to "
                            "them.")),
    "type_help": Say(N_("Type 'help' at any prompt for the ways to answer, 'rules' for how to play these rules.")),
    "game_so_far": Say(N_("The game so far:")),
    "hand_so_far": Say(N_("The hand so far, as it was played:")),
    "resumed": Say(N_("Resumed here. {recap}")),
    # the hand as it goes
    "deal": Say(N_("Hand {number}. Dealer: {dealer}. Totals: {totals}."),
                you={"dealer": N_("Hand {number}. You deal. Totals: {totals}.")}),
    "your_deal": Say(Plural("Your hand ({count} card): {cards}.", "Your hand ({count} cards): {cards}.", "count")),
    "wins_bid": Say(N_("seat {seat} wins the bid at {bid}."), N_("{seat} wins the bid at {bid}."),
                    {"seat": N_("You win the bid at {bid}.")}),
    "nest": Say(N_("The nest: {cards}.")),
    "take_nest": Say(N_("You take the nest: your hand is now {cards}.")),
    "nest_points": Say(N_("{seat} says the buried cards hold points."),
                       you={"seat": N_("You say the buried cards hold points.")}),
    "nest_no_points": Say(N_("{seat} says the buried cards hold no points."),
                          you={"seat": N_("You say the buried cards hold no points.")}),
    "start_play": Say(N_("Trump is {trump}. {seat} leads."), you={"seat": N_("Trump is {trump}. You lead.")}),
    "start_no_trump": Say(N_("No trump this hand. {seat} leads."), you={"seat": N_("No trump this hand. You lead.")}),
    "trick_won": Say(Plural("{seat} wins trick {number} with {card} ({points} point).",
                            "{seat} wins trick {number} with {card} ({points} points).", "points"),
                     you={"seat": Plural("You win trick {number} with {card} ({points} point).",
                                         "You win trick {number} with {card} ({points} points).", "points")}),
    "buries_unseen": Say(Plural("{seat} buries {count} card.", "{seat} buries {count} cards.", "count"),
                         you={"seat": Plural("You bury {count} card.", "You bury {count} cards.", "count")}),
    "buries": Say(N_("{seat} buries {cards}."), you={"seat": N_("You bury {cards}.")}),
    # a person's turn
    "pass_to": Say(N_("Pass to {name} (seat {seat_number}); {name}, press Enter when only you can see the screen: ")),
    "hand_of": Say(N_("{name}, your hand: {cards}.")),
    "nest_was": Say(N_("The nest was: {cards}.")),
    "ask": Say(N_("{prompt} ({choices}): ")),
    "your_hand": Say(N_("Your hand: {cards}.")),
    "totals": Say(N_("Totals: {scores}.")),
    "not_understood": Say(N_("Not understood: {why}.")),
    "not_allowed": Say(N_("Not allowed: {why}.")),
    "not_a_card": Say(N_("Not understood: {said} is not a card: write a colour letter (B, R, Y, G) and a rank 1-14 "
                         "such as Y14 or g5, or RK for the Rook Bird.")),
    "bury_not_cards": Say(N_("Not understood: {said} is not a list of cards. Give the cards to bury between spaces, "
                             "such as {cards}.")),
    "bury_twice": Say(N_("Not allowed: a card is named twice.")),
    "bury_too_many": Say(Plural("Not allowed: {named} cards named, but {left} is left to bury.",
                                "Not allowed: {named} cards named, but {left} are left to bury.", "left")),
    "bury_refused": Say(N_("Not allowed: {why}. Nothing was buried.")),
    "trick_lead": Say(N_("Trick {number}: {seat} leads."), you={"seat": N_("Trick {number}: you lead.")}),
    "on_table": Say(N_("On the table: {plays}.")),
    "on_table_winning": Say(N_("On the table: {plays} ({seat} winning)."),
                            you={"seat": N_("On the table: {plays} (you are winning).")}),
}

# The ways to answer: a heading, then one line per way these rules have.
HELP: dict[str, str] = {
    "heading": N_("Type a choice and press Enter:"),
    "bid": N_("a bid ({bid}) or p to pass"),
    "bid_redeal": N_("a bid ({bid}) or p to pass, or redeal when you hold no counters"),
    "card": N_("a card ({card}) to play"),
    "bury": N_("the cards to bury, several on one line (B5 R10 G6)"),
    "trump": N_("a colour letter (b, r, y, g) or its name to name trump"),
    "trump_nt": N_("a colour letter (b, r, y, g) or its name to name trump, or nt for no trump"),
    "partner": N_("a card to call as your partner's"),
    "partner_none": N_("a card to call as your partner's, or 'no more partners'"),
    "high_low": N_("high or low when asked"),
    "commands": N_("'hint' for the computer's advice; 'hand' to hear your cards again; 'score' for the totals; "
                   "'rules' for how to play these rules"),
    "last": N_("'last' for the taken tricks the rules let you see again"),
    "quit": N_("'quit' to save and stop; 'save FOLDER' to save the game in another folder and go on"),
    "item": N_("- {way}"),
}

# The words a person types for the line mode's commands, in the reader's language beside the English.
COMMANDS: dict[str, str] = {
    # Translators: the words that save and stop the game, separated by spaces.
    "quit": N_("quit exit q"),
    # Translators: the word that saves the game ("save FOLDER" saves it in another folder).
    "save": N_("save"),
    # Translators: the words that list the ways to answer, separated by spaces.
    "help": N_("help ?"),
    # Translators: the words that explain the rules, separated by spaces.
    "rules": N_("rules how"),
    # Translators: the words that ask for a hint, separated by spaces.
    "hint": N_("hint h"),
    # Translators: the words that show the person's cards again, separated by spaces.
    "hand": N_("hand cards"),
    # Translators: the words that show the taken tricks again, separated by spaces.
    "last": N_("last tricks"),
    # Translators: the words that tell the totals, separated by spaces.
    "score": N_("score scores totals"),
    # Translators: the word that goes back to the game when a save failed ('play' to play on).
    "play": N_("play"),
    # Translators: the words that answer yes (a new game where one is saved: 'y' to start), separated by spaces.
    "yes": N_("y yes"),
}
ENGLISH_COMMANDS = {key: words.split() for key, words in COMMANDS.items()}


def command_of(word: str) -> str | None:
    """Which command a typed word is (:data:`COMMANDS`), in the reader's language or in English."""
    for key, template in COMMANDS.items():
        if word in gettext(template).lower().split() or word in ENGLISH_COMMANDS[key]:
            return key
    return None


def save_word() -> list[str]:
    """The words that start ``save FOLDER``: the reader's language's and the English."""
    return list(dict.fromkeys([*gettext(COMMANDS["save"]).lower().split(), "save"]))


def help_words(rules: RuleSet) -> str:
    """The ways to answer, as far as these rules have them: a heading, then one line each."""
    ways = [fill(HELP["bid_redeal" if rules.no_counter_redeal else "bid"], {"bid": rules.min_bid + rules.bid_step}),
            fill(HELP["card"], {"card": "Y14, rk" if rules.birds else "Y14"})]
    if rules.nest_size:
        ways.append(gettext(HELP["bury"]))
    ways.append(gettext(HELP["trump_nt" if rules.no_trump else "trump"]))
    if rules.partner_calls:
        ways.append(gettext(HELP["partner_none" if rules.min_partner_calls < rules.partner_calls else "partner"]))
    if rules.low or rules.bird_rank == "called":
        ways.append(gettext(HELP["high_low"]))
    ways.append(gettext(HELP["commands"]))
    if rules.review != "none":
        ways.append(gettext(HELP["last"]))
    ways.append(gettext(HELP["quit"]))
    return "\n".join([gettext(HELP["heading"]), *(fill(HELP["item"], {"way": w}) for w in ways)])

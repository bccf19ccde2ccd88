"""The presets in words: each one's name as people say it and what it is in one paragraph (docs/rules.md §7).

Data only, importing nothing of the engine, so that any sentence naming a rule set (:func:`.catalog.rules_name`)
can name it without the words module importing the rules it describes.
"""

from __future__ import annotations

from .marks import N_

# Each preset's name as people say it, and what it is in one paragraph (docs/rules.md §7).
PRESET_WORDS: dict[str, tuple[str, str]] = {
    "kentucky-discard": (N_("Kentucky Discard"), N_(
        "The tournament game, as the official rules have it: four players in two partnerships with the 41-card "
        "deck (5 to 14 in four colours and the Rook Bird). The bidder takes the five-card nest, buries five cards "
        "and names trump; the Bird is the highest trump and may be played at any time. 120 points in a hand; "
        "first side to 300.")),
    "full-deck": (N_("Full deck"), N_(
        "The family game with every card: four players in two partnerships, 1 to 14 in four colours and the Rook "
        "Bird, 13 cards each and a nest of five. The bidder names trump, then buries five cards, whose points count "
        "for the bidder's side, and leads the first trick. 120 points in a hand; first side to 300.")),
    "cutthroat": (N_("Cutthroat"), N_(
        "Three players, each for themselves, with the full deck: 17 cards each and a nest of six. Otherwise the "
        "full-deck rules: the bidder plays alone against the other two.")),
    "individual-5": (N_("Five players"), N_(
        "Five players, each for themselves, with the 56 numbered cards and no Bird: ten cards each and a nest of "
        "six. The lowest bid is 30 and the first player to 150 wins; otherwise the tournament rules.")),
    "individual-6": (N_("Six players"), N_(
        "Six players, each for themselves, with the 56 numbered cards and no Bird: nine cards each and a nest of "
        "two. The lowest bid is 30 and the first player to 150 wins; otherwise the tournament rules.")),
    "call-partner": (N_("Call partner"), N_(
        "Four players, each with a score of their own. The bidder names trump and calls one card: whoever holds "
        "it is the bidder's secret partner for the hand. 1 is the highest card of a colour and worth 15, the last "
        "trick earns 20 and the nest; the bidder calls the Bird high or low and says whether the nest holds "
        "points.")),
    "call-partner-5": (N_("Call partner, five players"), N_(
        "The call-partner game for five players: ten cards each and a nest of seven; the bidder calls one card "
        "whose holder is the secret partner for the hand.")),
    "call-partner-6": (N_("Call partner, six players"), N_(
        "The call-partner game for six players: nine cards each and a nest of three; the bidder calls one or two "
        "cards, whose holders are the secret partners for the hand.")),
    "regular-partnership": (N_("Regular partnership"), N_(
        "Four players in two partnerships with the 56 numbered cards: no Bird and no nest, 14 cards each. The "
        "side that takes the most tricks earns 20 points more.")),
    "dixie": (N_("Dixie"), N_(
        "Four players in two partnerships with the 56 numbered cards and a nest of four, no Bird. The 13s are "
        "worth 10 in place of the 14s, and the side that takes the most tricks earns 20 points more.")),
    "one-high": (N_("One high"), N_(
        "Four players in two partnerships with the full deck, the 1 the highest card of each colour and worth 15. "
        "The Bird is the lowest trump, worth 20, and the side that takes the most tricks earns 20 points more.")),
    "buckeye": (N_("Buckeye"), N_(
        "The tournament game with the 1s added (45 cards, ten each and a nest of five): the 1 is the highest card "
        "of each colour and worth 15.")),
    "red-one": (N_("Red one"), N_(
        "The tournament game with the red 1 added: R1 is the highest trump, above the Bird, and worth 30. Nine "
        "cards each and a nest of six.")),
    "kentucky-original": (N_("Kentucky original"), N_(
        "The tournament game without the Bird: 40 cards, nine each and a nest of four.")),
    "double-bird": (N_("Double Bird"), N_(
        "The full-deck game with a second Rook Bird (RK2), worth 20 and ranked just below the first: 58 cards, 13 "
        "each and a nest of six.")),
}

"""Actions, events, prompts and choices in words, and reading what a person types.

Everything here reads a :class:`~rookgame.view.View` and turns it into text, or text into an action
for the decision at hand; no rule is decided here (legal choices come from ``view.legal``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import actions as A
from ..actions import ActionError, parse_action
from ..cards import COLOUR_NAMES, COLOURS, CardError, card_str, parse_card
from ..kernel import trick_plays, trick_points
from ..rules import NAMING_STEPS, NestStep
from ..state import Phase
from ..view import View, points_taken
from . import catalog
from .cards import sort_hand
from .catalog import N_, Param, Plural, Say, Template, colour_word, fill, gettext, listed, number, told
from .seating import Seating

# What the rules show the table, said as it is shown (the line mode's lines, the full screen's info line).
SHOWN: dict[str, Say] = {
    "shown_buried": Say(
        Plural("seat {seat} buried a trump, turned face up for the table: {cards}.",
               "seat {seat} buried {count} trumps, turned face up for the table: {cards}.", "count"),
        Plural("{seat} buried a trump, turned face up for the table: {cards}.",
               "{seat} buried {count} trumps, turned face up for the table: {cards}.", "count"),
        {"seat": Plural("You buried a trump, turned face up for the table: {cards}.",
                        "You buried {count} trumps, turned face up for the table: {cards}.", "count")}),
    "shown_no_trump": Say(N_("seat {seat} buried no trump."), N_("{seat} buried no trump."),
                          {"seat": N_("You buried no trump.")}),
    "shown_buried_short": Say(Plural("buried trump {cards}", "buried trumps {cards}", "count")),
    "nest_shown_short": Say(N_("nest {cards}")),
    "partner_known": Say(
        N_("seat {seat} plays the called {card}: seat {seat} is the bidder's partner."),
        N_("{seat} plays the called {card}: {seat} is the bidder's partner."),
        {"seat": N_("You play the called {card}: you are the bidder's partner.")}),
    "partner_own": Say(
        N_("seat {seat} plays the called {card}, a card of its own: no partner comes from it."),
        N_("{seat} plays the called {card}, a card of their own: no partner comes from it."),
        {"seat": N_("You play the called {card}, a card of your own: no partner comes from it.")}),
}


def shown_buried_words(seating: Seating, bidder: int, cards: list[int]) -> str:
    """The buried trumps turned face up for the table (``show_buried_trump``), or that there were none."""
    if not cards:
        return told(SHOWN["shown_no_trump"], {"seat": bidder}, you=seating.human, seat_name=seating.name)
    params: dict[str, Param] = {"seat": bidder, "count": len(cards), "cards": sort_hand(seating.rules, cards)}
    return told(SHOWN["shown_buried"], params, you=seating.human, seat_name=seating.name)


def shown_buried_short(view: View) -> str:
    """The buried trumps shown to the table, for a line of facts: "buried trumps B5 B12" ("" for none)."""
    cards = sort_hand(view.rules, list(view.shown_buried))
    if not cards:
        return ""
    return told(SHOWN["shown_buried_short"], {"count": len(cards), "cards": cards}, you=None, seat_name=str)


def shown_nest_short(view: View) -> str:
    """The nest where the rules show it to the table (``nest_shown``), for a line of facts in the card play:
    "nest B3 R7 ..." ("" where this seat does not see it, and for the bidder, who took it in hand)."""
    if view.nest is None or view.phase != Phase.PLAY or view.seat == view.bidder:
        return ""
    cards = sort_hand(view.rules, list(view.nest))
    return told(SHOWN["nest_shown_short"], {"cards": cards}, you=None, seat_name=str)


def partner_known_words(seating: Seating, seat: int, card: int, bidder: int) -> str:
    """A called card is played: who its holder is to the bidder."""
    say = SHOWN["partner_own" if seat == bidder else "partner_known"]
    return told(say, {"seat": seat, "card": card}, you=seating.human, seat_name=seating.name)


# An action said as an event, by what it is (actions.kind_of): the seat's, or the reader's own.
EVENTS: dict[str, Say] = {
    "pass": Say(N_("seat {seat} passes."), N_("{seat} passes."), {"seat": N_("You pass.")}),
    "redeal": Say(N_("seat {seat} holds no counters and calls for a redeal."),
                  N_("{seat} holds no counters and calls for a redeal."),
                  {"seat": N_("You hold no counters and call for a redeal.")}),
    "bid": Say(N_("seat {seat} bids {bid}."), N_("{seat} bids {bid}."), {"seat": N_("You bid {bid}.")}),
    "bury": Say(N_("seat {seat} buries {card}."), N_("{seat} buries {card}."), {"seat": N_("You bury {card}.")}),
    "bury_hidden": Say(N_("seat {seat} buries a card."), N_("{seat} buries a card."), {"seat": N_("You bury a card.")}),
    "partner": Say(N_("seat {seat} calls {card}: its holder is the bidder's partner."),
                   N_("{seat} calls {card}: its holder is the bidder's partner."),
                   {"seat": N_("You call {card}: its holder is the bidder's partner.")}),
    "trump": Say(N_("seat {seat} names trump: {trump}."), N_("{seat} names trump: {trump}."),
                 {"seat": N_("You name trump: {trump}.")}),
    "no_trump": Say(N_("seat {seat} calls no trump."), N_("{seat} calls no trump."),
                    {"seat": N_("You call no trump.")}),
    "high": Say(N_("seat {seat} calls high."), N_("{seat} calls high."), {"seat": N_("You call high.")}),
    "low": Say(N_("seat {seat} calls low: ranks run backwards."), N_("{seat} calls low: ranks run backwards."),
               {"seat": N_("You call low: ranks run backwards.")}),
    "bird_high": Say(N_("seat {seat} calls the Bird high."), N_("{seat} calls the Bird high."),
                     {"seat": N_("You call the Bird high.")}),
    "bird_low": Say(N_("seat {seat} calls the Bird low."), N_("{seat} calls the Bird low."),
                    {"seat": N_("You call the Bird low.")}),
    "no_more_partners": Say(N_("seat {seat} calls no more partners."), N_("{seat} calls no more partners."),
                            {"seat": N_("You call no more partners.")}),
    "play": Say(N_("seat {seat} plays {card}."), N_("{seat} plays {card}."), {"seat": N_("You play {card}.")}),
}

# An action named on its own, by what it is: in a hint ("bid 85", "trump Red") and as a choice's label ("85").
ACTION_NAMES: dict[str, str] = {
    "pass": N_("pass"), "redeal": N_("redeal (no counters)"), "bid": N_("bid {bid}"), "bury": N_("bury {card}"),
    "partner": N_("partner {card}"), "trump": N_("trump {trump}"), "no_trump": N_("no trump"), "high": N_("high"),
    "low": N_("low"), "bird_high": N_("bird high"), "bird_low": N_("bird low"),
    "no_more_partners": N_("no more partners"), "play": N_("{card}"),
}
CHOICE_LABELS: dict[str, str] = {
    "pass": N_("Pass"), "redeal": N_("Redeal"), "bid": N_("{bid}"), "bury": N_("{card}"), "partner": N_("{card}"),
    "trump": N_("{trump}"), "no_trump": N_("No trump"), "high": N_("High"), "low": N_("Low"), "bird_high": N_("High"),
    "bird_low": N_("Low"), "no_more_partners": N_("No more partners"), "play": N_("{card}"),
}

PROMPTS: dict[str, Template] = {
    "bid": N_("Your bid"),
    "bury": Plural("Bury {left} card", "Bury {left} cards", "left"),
    "trump": N_("Name trump"),
    "partner": N_("Call a partner card"),
    "partner_more": N_("Call another partner card"),
    "direction": N_("High or low"),
    "bird": N_("Bird high or low"),
    "lead": N_("Your lead"),
    "follow": N_("Your card"),
    "move": N_("Your move"),
}

REVIEW: dict[str, Say] = {
    "none": Say(N_("Taken tricks stay face down: in these rules nobody may look back at them until the hand is "
                   "over.")),
    "no_trick": Say(N_("No trick has been taken yet.")),
    "last": Say(Plural("Last trick: {plays}; won by {winner} ({points} point).",
                       "Last trick: {plays}; won by {winner} ({points} points).", "points"),
                you={"winner": Plural("Last trick: {plays}; you won it ({points} point).",
                                      "Last trick: {plays}; you won it ({points} points).", "points")}),
    "trick": Say(Plural("Trick {number}: {plays}; won by {winner} ({points} point).",
                        "Trick {number}: {plays}; won by {winner} ({points} points).", "points"),
                 you={"winner": Plural("Trick {number}: {plays}; you won it ({points} point).",
                                       "Trick {number}: {plays}; you won it ({points} points).", "points")}),
    "taken": Say(N_("Taken this hand: {scores}")),
}

SCORES = {
    "score": N_("{side} {points}"),  # one side's number after its name: "Us 25"
    "play": N_("{seat} {card}"),  # one card of a trick after its player's name: "West R14"
}

# What a person types, in the reader's language beside the English (which is always understood):
# each a list of words separated by spaces.
INPUT = {
    # Translators: the words a person may type to pass in the auction, separated by spaces.
    "pass": N_("pass p"),
    # Translators: the words that call for a redeal (no counters in hand), separated by spaces.
    "redeal": N_("redeal"),
    # Translators: the words that call no trump, separated by spaces ("nt" is always understood).
    "no_trump": N_("none nt no-trump"),
    # Translators: two words: "high" then "low", as a person answers "high or low".
    "high_low": N_("high low"),
    # Translators: the words that decline more partner calls, separated by spaces.
    "no_more": N_("no none done"),
}

CHOICES = {
    "bids": N_("{first}, {second} ... {last}"),  # the bids open: the lowest, the next, the highest
    "trump": N_("{letter} {colour}"),  # a trump colour with its letter: "R Red"
    "no_trump": N_("nt no trump"),
    "high_low": N_("high, low"),
    "partner": N_("any card of the deck, such as {card}"),
    "partner_or_none": N_("any card of the deck, such as {card}, or 'no more partners'"),
    "more_cards": N_("{cards} ..."),
}

NOT_UNDERSTOOD: dict[str, str] = {
    "empty": N_("type a choice"),
    "bid": N_("{said} is not a choice here: type a bid, or p to pass: {choices}; 'help' lists the other words"),
    "bury": N_("{said} is not a choice here: type the cards to bury, such as {card} (up to {left} on one line); "
               "'help' lists the other words"),
    "trump": N_("{said} is not a choice here: type a trump colour: {choices}; 'help' lists the other words"),
    "high_low": N_("{said} is not a choice here: type high or low; 'help' lists the other words"),
    "partner": N_("{said} is not a choice here: type the partner card to call: {choices}; 'help' lists the other "
                  "words"),
    "play": N_("{said} is not a choice here: type a card to play: {choices}; 'help' lists the other words"),
}


def _facts(action: int) -> tuple[str, dict[str, Param]]:
    """What an action is (actions.kind_of) and its facts as a template's parameters."""
    kind, card, value = A.kind_of(action)
    params: dict[str, Param] = {}
    if card is not None:
        params["card"] = card
    if kind == "bid" and value is not None:
        params["bid"] = value
    if kind == "trump" and value is not None:
        params["trump"] = value
    return kind, params


def scores_words(seating: Seating, values: Sequence[int], signed: bool = False) -> str:
    """Each side's number after its name: "Us 25, Them 10" (``signed``: "Us +25, Them -10")."""
    return listed([fill(SCORES["score"], {"side": seating.side_name(s), "points": number(v, signed)})
                   for s, v in enumerate(values)], "unit")


def taken_words(seating: Seating, view: View) -> str:
    """ "Taken this hand: Us 25, Them 10" while the hand is played; "" before its first trick and once it is
    over (its result then counts the nest and the bonuses too)."""
    if not view.tricks or view.phase >= Phase.DONE:
        return ""
    return fill(REVIEW["taken"].text, {"scores": scores_words(seating, points_taken(view))})


def plays_words(seating: Seating, plays: Sequence[tuple[int, int]]) -> str:
    """The cards of a trick after their players' names: "West R14, North R5"."""
    return listed([fill(SCORES["play"], {"seat": seating.name(s), "card": c}) for s, c in plays], "unit")


def review_text(seating: Seating, view: View) -> str:
    """The taken tricks this seat may look back at, as the rules allow (``review``), in words."""
    if view.rules.review == "none":
        return seating.tell(REVIEW["none"])
    shown = view.reviewable
    if not shown:
        return seating.tell(REVIEW["no_trick"])
    first = len(view.tricks) - len(shown) + 1
    lines = []
    for k, (leader, cards, winner) in enumerate(shown, first):
        plays = plays_words(seating, trick_plays(view.rules, leader, cards))
        lines.append(seating.tell(REVIEW["last" if view.rules.review == "last" else "trick"], number=k, plays=plays,
                                  winner=winner, points=trick_points(view.rules, cards)))
    return "\n".join(lines)


def action_words(action: int) -> str:
    """The readable name of an action for a person: "pass", "bid 85", "trump Red", "B14"."""
    kind, params = _facts(action)
    return fill(ACTION_NAMES[kind], params)


catalog.action_namer = action_words  # a refusal's {action} in the reader's language


def choice_label(action: int) -> str:
    """Short label of a choice on its own: "Pass", "85", "Red", "High", "B14"."""
    kind, params = _facts(action)
    return fill(CHOICE_LABELS[kind], params)


def event_line(seating: Seating, seat: int, action: int, hidden: bool = False) -> str:
    """One public event, as the human seat may learn it.  ``hidden``: a card buried by
    another seat, of which the table learns only that a card went."""
    kind, params = _facts(action)
    if kind == "bury" and hidden:
        kind = "bury_hidden"
    return seating.tell(EVENTS[kind], seat=seat, **params)


def step_prompt(view: View) -> str:
    """What the human is asked now, without the list of choices."""
    if view.phase == Phase.BID:
        return fill(PROMPTS["bid"], {})
    kind = view.step
    if kind == NestStep.BURY:
        return fill(PROMPTS["bury"], {"left": view.rules.nest_size - view.buried_count})
    if kind == NestStep.PARTNER:
        return fill(PROMPTS["partner_more" if A.NO_MORE_PARTNERS in view.legal else "partner"], {})
    if kind in NAMING_STEPS:
        return fill(PROMPTS[kind], {})
    if view.phase == Phase.PLAY:
        return fill(PROMPTS["follow" if view.trick else "lead"], {})
    return fill(PROMPTS["move"], {})


def input_words(key: str) -> list[str]:
    """The words a person may type for ``key`` (:data:`INPUT`): the reader's language's, then the English."""
    template = INPUT[key]
    out = gettext(template).lower().split()
    return out + [w for w in template.split() if w not in out]


def choices_words(view: View, limit: int = 0) -> str:
    """The legal choices in words: "pass, 70, 75 ... 120"; "B Black, R Red, Y Yellow, G Green"."""
    legal = list(view.legal)
    if view.phase == Phase.BID:
        bids = [a - A.BID for a in legal if a >= A.BID]
        words = [input_words("pass")[0]] if A.PASS in legal else []
        if A.REDEAL in legal:
            words.append(input_words("redeal")[0])
        if len(bids) > 3:
            words.append(fill(CHOICES["bids"], {"first": bids[0], "second": bids[1], "last": bids[-1]}))
        else:
            words += [number(b) for b in bids]
        return listed(words, "unit")
    if view.step == NestStep.TRUMP:
        out = [fill(CHOICES["trump"], {"letter": COLOURS[a - A.TRUMP], "colour": colour_word(a - A.TRUMP, True)})
               for a in legal if A.TRUMP <= a < A.NO_TRUMP]
        if A.NO_TRUMP in legal:
            out.append(gettext(CHOICES["no_trump"]))
        return listed(out, "unit")
    if view.step in (NestStep.DIRECTION, NestStep.BIRD):
        return gettext(CHOICES["high_low"])
    if view.step == NestStep.PARTNER:
        called = [a - A.PARTNER for a in legal if A.PARTNER <= a < A.PASS]
        template = CHOICES["partner_or_none" if A.NO_MORE_PARTNERS in legal else "partner"]
        return fill(template, {"card": sort_hand(view.rules, called)[0]})
    cards = [a - A.BURY if A.BURY <= a < A.PARTNER else a for a in legal]
    shown = sort_hand(view.rules, cards, view.trump, view.low, view.bird_high)
    if limit and len(shown) > limit:
        return fill(CHOICES["more_cards"], {"cards": shown[:limit]})
    return " ".join(card_str(c) for c in shown)


def parse_choice(text: str, view: View) -> int:
    """An action from what a person types, read for the decision at hand.

    Accepts the notation of :func:`rookgame.actions.parse_action` and short forms: a
    number is a bid, ``p`` a pass, a card is a play, a bury or a partner call as the
    step needs, a colour letter or name names trump, ``high`` / ``low`` answer the
    Bird call too; the words in the reader's language as well as the English ones
    (:data:`INPUT`).  Raises :class:`ActionError` for text that names nothing."""
    t = " ".join(text.strip().lower().split())
    if not t:
        raise ActionError(gettext(NOT_UNDERSTOOD["empty"]))
    kind = view.step if view.phase == Phase.NEST else None
    if view.phase == Phase.BID:
        if t in input_words("pass"):
            return A.PASS
        if t in input_words("redeal"):
            return A.REDEAL
    if kind == NestStep.TRUMP:
        names = {w.lower(): i for i in range(4) for w in (COLOUR_NAMES[i], colour_word(i), colour_word(i, True))}
        if len(t) == 1 and t.upper() in COLOURS:
            return A.TRUMP + COLOURS.index(t.upper())
        if t in names:
            return A.TRUMP + names[t]
        if t in ("no trump", "nt") or t in input_words("no_trump") or t == gettext(ACTION_NAMES["no_trump"]).lower():
            return A.NO_TRUMP
    high, low = _high_low()
    if kind in (NestStep.BIRD, NestStep.DIRECTION) and t in high + low:
        up = t in high
        if kind == NestStep.BIRD:
            return A.BIRD_HIGH if up else A.BIRD_LOW
        return A.HIGH if up else A.LOW
    if kind == NestStep.PARTNER and (t in ("no", "none", "done") or t in input_words("no_more")
                                     or t == gettext(ACTION_NAMES["no_more_partners"]).lower()):
        return A.NO_MORE_PARTNERS
    if kind in (NestStep.BURY, NestStep.PARTNER) and " " not in t:
        try:
            card = parse_card(t)
        except CardError:
            pass
        else:
            return (A.BURY if kind == NestStep.BURY else A.PARTNER) + card
    return parse_action(t)


def _high_low() -> tuple[list[str], list[str]]:
    """The words for high and for low, the reader's language's and the English."""
    said = gettext(INPUT["high_low"]).lower().split()
    high = [said[0]] if said else []
    low = [said[1]] if len(said) > 1 else []
    return high + ["high"], low + ["low"]


def not_understood(text: str, view: View) -> str:
    """What to say to words that name no choice: this decision's choices, and nothing this game lacks."""
    params: dict[str, Param] = {"said": repr(text.strip())}
    if view.phase == Phase.BID:
        key = "bid"
    elif view.step == NestStep.BURY:
        key = "bury"
        params["card"] = sort_hand(view.rules, [a - A.BURY for a in view.legal], view.trump)[0]
        params["left"] = view.rules.nest_size - view.buried_count
    elif view.step == NestStep.TRUMP:
        key = "trump"
    elif view.step in (NestStep.DIRECTION, NestStep.BIRD):
        key = "high_low"
    elif view.step == NestStep.PARTNER:
        key = "partner"
    else:
        key = "play"
    params["choices"] = choices_words(view)
    return fill(NOT_UNDERSTOOD[key], params)


def too_long(limit: int) -> str:
    """A line of input too long to be an answer, dropped unread (the line mode bounds what it keeps)."""
    return fill(N_("That line is over {limit} characters, too long to be an answer: it was dropped. Answer again."),
                {"limit": limit})

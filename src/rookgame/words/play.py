"""Actions, events, prompts and choices in words, and reading what a person types.

Everything here reads a :class:`~rookgame.view.View` and turns it into text, or text into an action
for the decision at hand; no rule is decided here (legal choices come from ``view.legal``).
"""

from __future__ import annotations

from .. import actions as A
from ..actions import ActionError, action_str, parse_action
from ..cards import COLOUR_NAMES, COLOURS, CardError, card_str, parse_card
from ..kernel import trick_plays, trick_points
from ..state import Phase
from ..view import View, points_taken
from .cards import sort_hand
from .catalog import N_, Param, Plural, Say, fill, told
from .seating import Seating

# What the rules show the table, said as it is shown (the line mode's lines, the full screen's info line).
SHOWN: dict[str, Say] = {
    "shown_buried": Say(
        Plural(N_("seat {seat} buried a trump, turned face up for the table: {cards}."),
               N_("seat {seat} buried {count} trumps, turned face up for the table: {cards}."), "count"),
        Plural(N_("{seat} buried a trump, turned face up for the table: {cards}."),
               N_("{seat} buried {count} trumps, turned face up for the table: {cards}."), "count"),
        {"seat": Plural(N_("You buried a trump, turned face up for the table: {cards}."),
                        N_("You buried {count} trumps, turned face up for the table: {cards}."), "count")}),
    "shown_no_trump": Say(N_("seat {seat} buried no trump."), N_("{seat} buried no trump."),
                          {"seat": N_("You buried no trump.")}),
    "shown_buried_short": Say(Plural(N_("buried trump {cards}"), N_("buried trumps {cards}"), "count")),
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


def partner_known_words(seating: Seating, seat: int, card: int, bidder: int) -> str:
    """A called card is played: who its holder is to the bidder."""
    say = SHOWN["partner_own" if seat == bidder else "partner_known"]
    return told(say, {"seat": seat, "card": card}, you=seating.human, seat_name=seating.name)


def taken_words(seating: Seating, view: View) -> str:
    """ "Taken this hand: Us 25, Them 10" while the hand is played; "" before its first trick and once it is
    over (its result then counts the nest and the bonuses too)."""
    if not view.tricks or view.phase >= Phase.DONE:
        return ""
    taken = points_taken(view)
    return "Taken this hand: " + ", ".join(f"{seating.side_name(s)} {t}" for s, t in enumerate(taken))


def review_text(seating: Seating, view: View) -> str:
    """The taken tricks this seat may look back at, as the rules allow (``review``), in words."""
    if view.rules.review == "none":
        return ("Taken tricks stay face down: in these rules nobody may look back at them until the hand "
                "is over.")
    shown = view.reviewable
    if not shown:
        return "No trick has been taken yet."
    first = len(view.tricks) - len(shown) + 1
    lines = []
    for k, (leader, cards, winner) in enumerate(shown, first):
        plays = ", ".join(f"{seating.name(s)} {card_str(c)}" for s, c in trick_plays(view.rules, leader, cards))
        label = "Last trick" if view.rules.review == "last" else f"Trick {k}"
        lines.append(f"{label}: {plays}; won by {seating.name(winner)} ({trick_points(view.rules, cards)} points).")
    return "\n".join(lines)


def action_words(action: int) -> str:
    """The readable name of an action for a person: "pass", "bid 85", "trump Red", "B14"."""
    if A.TRUMP <= action < A.NO_TRUMP:
        return f"trump {COLOUR_NAMES[action - A.TRUMP]}"
    if action == A.NO_TRUMP:
        return "no trump"
    if action == A.REDEAL:
        return "redeal (no counters)"
    return action_str(action)


def choice_label(action: int) -> str:
    """Short label of a choice on its own: "Pass", "85", "Red", "high", "B14"."""
    if action == A.PASS:
        return "Pass"
    if action == A.REDEAL:
        return "Redeal"
    if action >= A.BID:
        return str(action - A.BID)
    if A.TRUMP <= action < A.NO_TRUMP:
        return COLOUR_NAMES[action - A.TRUMP]
    if action == A.NO_TRUMP:
        return "No trump"
    if action in (A.HIGH, A.BIRD_HIGH):
        return "High"
    if action in (A.LOW, A.BIRD_LOW):
        return "Low"
    if action == A.NO_MORE_PARTNERS:
        return "No more partners"
    if A.BURY <= action < A.PARTNER:
        return card_str(action - A.BURY)
    if A.PARTNER <= action < A.PASS:
        return card_str(action - A.PARTNER)
    return card_str(action)


def event_line(seating: Seating, seat: int, action: int, hidden: bool = False) -> str:
    """One public event, as the human seat may learn it.  ``hidden``: a card buried by
    another seat, of which the table learns only that a card went."""
    s = seating.subject
    if action == A.PASS:
        return s(seat, "passes", "pass") + "."
    if action == A.REDEAL:
        return s(seat, "holds", "hold") + " no counters and " + ("calls" if seat != seating.human else "call") \
            + " for a redeal."
    if action >= A.BID:
        return s(seat, "bids", "bid") + f" {action - A.BID}."
    if A.BURY <= action < A.PARTNER:
        if hidden:
            return s(seat, "buries", "bury") + " a card."
        return s(seat, "bury", "bury") + f" {card_str(action - A.BURY)}."
    if A.PARTNER <= action < A.PASS:
        return s(seat, "calls", "call") + f" {card_str(action - A.PARTNER)}: its holder is the bidder's partner."
    if A.TRUMP <= action < A.NO_TRUMP:
        return s(seat, "names", "name") + f" trump: {COLOUR_NAMES[action - A.TRUMP]}."
    if action == A.NO_TRUMP:
        return s(seat, "calls", "call") + " no trump."
    if action in (A.HIGH, A.LOW):
        return s(seat, "calls", "call") + (" low: ranks run backwards." if action == A.LOW else " high.")
    if action in (A.BIRD_HIGH, A.BIRD_LOW):
        return s(seat, "calls", "call") + " the Bird " + ("high." if action == A.BIRD_HIGH else "low.")
    if action == A.NO_MORE_PARTNERS:
        return s(seat, "calls", "call") + " no more partners."
    return s(seat, "plays", "play") + f" {card_str(action)}."


def step_prompt(view: View) -> str:
    """What the human is asked now, without the list of choices."""
    if view.phase == Phase.BID:
        return "Your bid"
    kind = view.step
    if kind == "bury":
        left = view.rules.nest_size - view.buried_count
        return f"Bury {left} card{'s' if left != 1 else ''}"
    if kind == "trump":
        return "Name trump"
    if kind == "partner":
        return "Call another partner card" if A.NO_MORE_PARTNERS in view.legal else "Call a partner card"
    if kind == "direction":
        return "High or low"
    if kind == "bird":
        return "Bird high or low"
    if view.phase == Phase.PLAY:
        return "Your lead" if not view.trick else "Your card"
    return "Your move"


def choices_words(view: View, limit: int = 0) -> str:
    """The legal choices in words: "pass, 70, 75 ... 120"; "B Black, R Red, Y Yellow, G Green"."""
    legal = list(view.legal)
    if view.phase == Phase.BID:
        bids = [a - A.BID for a in legal if a >= A.BID]
        words = ["pass"] if A.PASS in legal else []
        if A.REDEAL in legal:
            words.append("redeal")
        if len(bids) > 3:
            words += [str(bids[0]), f"{bids[1]} ... {bids[-1]}"]
        else:
            words += [str(b) for b in bids]
        return ", ".join(words)
    if view.step == "trump":
        out = [f"{COLOURS[a - A.TRUMP]} {COLOUR_NAMES[a - A.TRUMP]}" for a in legal if A.TRUMP <= a < A.NO_TRUMP]
        if A.NO_TRUMP in legal:
            out.append("nt no trump")
        return ", ".join(out)
    if view.step in ("direction", "bird"):
        return "high, low"
    if view.step == "partner":
        called = [a - A.PARTNER for a in legal if A.PARTNER <= a < A.PASS]
        more = ", or 'no more partners'" if A.NO_MORE_PARTNERS in legal else ""
        return "any card of the deck, such as " + card_str(sort_hand(view.rules, called)[0]) + more
    cards = [a - A.BURY if A.BURY <= a < A.PARTNER else a for a in legal]
    shown = sort_hand(view.rules, cards, view.trump, view.low, view.bird_high)
    if limit and len(shown) > limit:
        return " ".join(card_str(c) for c in shown[:limit]) + " ..."
    return " ".join(card_str(c) for c in shown)


def parse_choice(text: str, view: View) -> int:
    """An action from what a person types, read for the decision at hand.

    Accepts the notation of :func:`rookgame.actions.parse_action` and short forms: a
    number is a bid, ``p`` a pass, a card is a play, a bury or a partner call as the
    step needs, a colour letter or name names trump, ``high`` / ``low`` answer the
    Bird call too.  Raises :class:`ActionError` for text that names nothing."""
    t = " ".join(text.strip().lower().split())
    if not t:
        raise ActionError("type a choice")
    kind = view.step if view.phase == Phase.NEST else ""
    if kind == "trump":
        names = {n.lower(): i for i, n in enumerate(COLOUR_NAMES)}
        if len(t) == 1 and t.upper() in COLOURS:
            return A.TRUMP + COLOURS.index(t.upper())
        if t in names:
            return A.TRUMP + names[t]
        if t in ("none", "no trump", "nt", "no-trump"):
            return A.NO_TRUMP
    if kind == "bird" and t in ("high", "low"):
        return A.BIRD_HIGH if t == "high" else A.BIRD_LOW
    if kind == "partner" and t in ("no", "none", "done"):
        return A.NO_MORE_PARTNERS
    if kind in ("bury", "partner") and " " not in t:
        try:
            card = parse_card(t)
        except CardError:
            pass
        else:
            return (A.BURY if kind == "bury" else A.PARTNER) + card
    return parse_action(t)


def not_understood(text: str, view: View) -> str:
    """What to say to words that name no choice: this decision's choices, and nothing this game lacks."""
    said = text.strip()
    if view.phase == Phase.BID:
        how = f"a bid, or p to pass: {choices_words(view)}"
    elif view.step == "bury":
        left = view.rules.nest_size - view.buried_count
        how = f"the cards to bury, such as {choices_words(view, 3).split(' ')[0]} (up to {left} on one line)"
    elif view.step == "trump":
        how = "a trump colour: " + choices_words(view)
    elif view.step in ("direction", "bird"):
        how = "high or low"
    elif view.step == "partner":
        how = "the partner card to call: " + choices_words(view)
    else:
        how = "a card to play: " + choices_words(view)
    return f"{said!r} is not a choice here: type {how}; 'help' lists the other words"


def too_long(limit: int) -> str:
    """A line of input too long to be an answer, dropped unread (the line mode bounds what it keeps)."""
    return fill(N_("That line is over {limit} characters, too long to be an answer: it was dropped. Answer again."),
                {"limit": limit})

"""Words for what one seat sees: shared by the full-screen game and the line mode.

Everything here reads a :class:`~rookgame.view.View` (or the public result of a
finished hand) and turns it into text; no rule is decided here.  Legal choices come
from ``view.legal``; the card winning the trick so far is read off the rule set's
play tables.  No Textual import, so the line mode can use this module alone.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import actions as A
from ..actions import ActionError, action_str, parse_action
from ..bots import REGISTRY, make_player
from ..cards import BIRD, COLOUR_NAMES, COLOURS, CardError, card_str, colour_of, parse_card, rank_of
from ..kernel import seat_of, winning_index
from ..rules import RuleSet
from ..state import Hand, Phase
from ..view import View


# ---------------------------------------------------------------------- seats and sides
@dataclass(frozen=True)
class Seating:
    """Who sits where, named from the human seat: "You", then West, North, East at a table of four.

    With several people at one screen (``human = -1``) nobody is "You": people go by their
    names (``people``), the computer seats by compass point (South is seat 0) or number."""

    rules: RuleSet
    human: int
    players: tuple[str, ...]  # "human" at the human seat, a bot name elsewhere
    people: tuple[int, ...] = ()  # the seats of people, when several share the screen

    def name(self, seat: int) -> str:
        if seat == self.human:
            return "You"
        if self.human < 0 and seat in self.people:
            return self.players[seat]
        if self.rules.players == 4:
            if self.human < 0:
                return ("South", "West", "North", "East")[seat % 4]
            return ("You", "West", "North", "East")[(seat - self.human) % 4]
        return f"Seat {seat}"

    def is_person(self, seat: int) -> bool:
        return seat == self.human or (self.human < 0 and seat in self.people)

    def short(self, seat: int) -> str:
        """ "You", "W", "N", "E" at a table of four; "You", "S1", "S2" ... otherwise; a person's first
        letters, or initial and seat where two people's first letters agree (Player 1, Player 2)."""
        if seat == self.human:
            return "You"
        if self.human < 0 and seat in self.people:
            head = self.players[seat][:3]
            if sum(self.players[s][:3].lower() == head.lower() for s in self.people) > 1:
                return f"{self.players[seat][0]}{seat}"
            return head
        if self.rules.players == 4:
            return self.name(seat)[0]
        return f"S{seat}"

    def long_name(self, seat: int) -> str:
        """ "West (seat 1, heuristic)"; "You (seat 0)"; "Ann (seat 0)" at a table of several people."""
        if seat == self.human or (self.human < 0 and seat in self.people):
            return f"{self.name(seat)} (seat {seat})"
        if self.rules.players == 4:
            return f"{self.name(seat)} (seat {seat}, {self.players[seat]})"
        return f"Seat {seat} ({self.players[seat]})"

    def side_seats(self, side: int) -> list[int]:
        return [s for s in range(self.rules.players) if self.rules.side_of(s) == side]

    def side_name(self, side: int) -> str:
        """ "Us" / "Them" in partnerships, else the seat's name."""
        r = self.rules
        if r.mode == "partners":
            if self.human < 0:
                return " and ".join(self.name(s) for s in self.side_seats(side))
            return "Us" if r.side_of(self.human) == side else "Them"
        return self.name(side)

    def side_long(self, side: int) -> str:
        r = self.rules
        if r.mode == "partners":
            who = " and ".join(self.name(s) for s in self.side_seats(side))
            return who if self.human < 0 else f"{self.side_name(side)} ({who})"
        return self.name(side)

    def subject(self, seat: int, third: str, second: str) -> str:
        """ "West bids" / "You bid": the seat's name with the verb in the right person."""
        return f"{self.name(seat)} {second if seat == self.human else third}"


# ---------------------------------------------------------------------- cards
def colour_letter(card: int) -> str:
    """B, R, Y, G, or K for a Bird (the Bird is printed as RK)."""
    return COLOURS[colour_of(card)] if card < BIRD else "K"


def sort_hand(rules: RuleSet, cards: Sequence[int], trump: int = -2, low: bool = False,
              bird_high: bool = True) -> list[int]:
    """Cards grouped by colour (B, R, Y, G), strongest first; once trump is named the trump
    colour (Birds and other always-trump cards with it) comes last."""
    if trump >= 0:
        t = rules.play_tables(trump, low, bird_high)
        return sorted(cards, key=lambda c: (t.suit[c] == trump, t.suit[c], -t.strength[c], c))

    def height(c: int) -> int:
        if c >= BIRD:
            return 100 - c
        r = rank_of(c)
        return 15 if r == 1 and rules.rank_order == "1-high" else r

    return sorted(cards, key=lambda c: (colour_of(c) if c < BIRD else 4, -height(c), c))


def cards_text(rules: RuleSet, cards: Sequence[int], trump: int = -2) -> str:
    return " ".join(card_str(c) for c in sort_hand(rules, cards, trump))


def hand_by_colour(rules: RuleSet, cards: Sequence[int], trump: int = -2) -> str:
    """ "Black B14 B10; Red R7; Birds RK" for the line mode."""
    groups: dict[str, list[int]] = {}
    t = rules.play_tables(trump) if trump >= 0 else None
    for c in sort_hand(rules, cards, trump):
        if t is not None and t.suit[c] == trump:
            key = f"{COLOUR_NAMES[trump]} (trump)"
        elif c >= BIRD:
            key = "Bird"
        else:
            key = COLOUR_NAMES[colour_of(c)]
        groups.setdefault(key, []).append(c)
    return "; ".join(f"{k} {' '.join(card_str(c) for c in cs)}" for k, cs in groups.items()) or "no cards"


def trump_words(view_trump: int) -> str:
    if view_trump == -2:
        return "not named yet"
    if view_trump == -1:
        return "no trump"
    return COLOUR_NAMES[view_trump]


# ---------------------------------------------------------------------- the trick
def winning_so_far(view: View) -> tuple[int, int] | None:
    """(seat, card) winning the trick on the table so far, or None with no card played.

    Read off the rule set's play tables: the highest ``key`` among the cards whose
    effective colour is trump or the colour led (the engine's own resolution)."""
    if not view.trick or view.trump == -2:
        return None
    t = view.rules.play_tables(view.trump, view.low, view.bird_high)
    best = winning_index(t, view.trick)
    return seat_of(view.leader, best, view.rules.players), view.trick[best]


def trick_points(rules: RuleSet, cards: Sequence[int]) -> int:
    return sum(rules.deck.points[c] for c in cards)


def points_taken(view: View) -> list[int]:
    """The points each side has taken in the tricks of this hand so far (the nest and bonuses come at the end)."""
    r = view.rules
    taken = [0] * r.num_sides
    for _, cards, winner in view.tricks:
        taken[r.side_of(winner)] += trick_points(r, cards)
    return taken


def taken_words(seating: Seating, view: View) -> str:
    """ "Taken this hand: Us 25, Them 10" while the hand is played; "" before its first trick and once it is
    over (its result then counts the nest and the bonuses too)."""
    if not view.tricks or view.phase >= Phase.DONE:
        return ""
    taken = points_taken(view)
    return "Taken this hand: " + ", ".join(f"{seating.side_name(s)} {t}" for s, t in enumerate(taken))


def trick_plays(rules: RuleSet, leader: int, cards: Sequence[int]) -> list[tuple[int, int]]:
    """(seat, card) in the order played."""
    return [(seat_of(leader, i, rules.players), c) for i, c in enumerate(cards)]


# ---------------------------------------------------------------------- actions in words
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


# ---------------------------------------------------------------------- refusals in the player's words
_RENEGE = re.compile(r"renege: (\S+) was led and seat (\d+) holds (\w+) \(([^)]*)\); it must follow (\w+)")
_BIRD_RENEGE = re.compile(r"renege: the Bird is a trump and may be played on a (\S+) lead only when void in (\w+) "
                          r"\(seat (\d+) holds ([^)]*)\)")
_TURN = re.compile(r"it is seat (\d+)'s turn, not seat (\d+)'s")
_SEAT_VERB = re.compile(r"\bseat (\d+) (holds|does not hold|may not|may|must)\b")
_SEAT = re.compile(r"\bseat (\d+)\b")
_VERBS = {"holds": "hold", "does not hold": "do not hold", "may not": "may not", "may": "may", "must": "must"}


def in_your_words(seating: Seating, reason: str, bidder: int = -1, you: int | None = None) -> str:
    """The engine's reason for a refusal (:meth:`Table.check`) told to the person at the screen:
    "you" for their own seat, names for the others ("renege: R5 was led and seat 0 holds red (R7);
    it must follow red" becomes "R5 was led and you hold red (R7): you must follow red").
    ``bidder``: the seat that won the bid, so that "the bidder" is "you" to that person; ``you``: the seat
    told (by default the seating's person; in pass and play, whoever has the screen)."""
    me = seating.human if you is None else you

    def who(seat: int) -> str:
        return "you" if seat == me else seating.name(seat)

    def verb(seat: int, third: str) -> str:
        return f"{who(seat)} {_VERBS.get(third, third) if seat == me else third}"

    m = _RENEGE.fullmatch(reason)
    if m:
        lead, seat, colour, held = m.group(1), int(m.group(2)), m.group(3), m.group(4)
        return f"{lead} was led and {verb(seat, 'holds')} {colour} ({held}): {who(seat)} must follow {colour}"
    m = _BIRD_RENEGE.fullmatch(reason)
    if m:
        lead, colour, seat, held = m.group(1), m.group(2), int(m.group(3)), m.group(4)
        return (f"the Bird is a trump: on a {lead} lead it may be played only by a player with no {colour}, "
                f"and {verb(seat, 'holds')} {colour} ({held}): {who(seat)} must follow {colour}")
    m = _TURN.fullmatch(reason)
    if m:
        turn, asked = int(m.group(1)), int(m.group(2))
        mine = "yours" if asked == me else f"{seating.name(asked)}'s"
        return f"it is {who(turn)}'s turn, not {mine}" if turn != me else "it is your turn"
    text = _SEAT_VERB.sub(lambda g: verb(int(g.group(1)), g.group(2)), reason)
    text = _SEAT.sub(lambda g: who(int(g.group(1))), text)
    if bidder >= 0 and bidder == me:
        text = (text.replace("the bidder's hand", "your hand").replace("the bidder must", "you must")
                .replace("the bidder may", "you may").replace("have the bidder call", "have you call"))
    return text


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


# ---------------------------------------------------------------------- hand results and the score pad
@dataclass(frozen=True)
class PadRow:
    number: int
    dealer: int
    bidder: int  # -1: thrown in
    bid: int
    trump: int
    made: bool
    taken: int  # what the bidding side took
    points: tuple[int, ...]
    score: tuple[int, ...]
    totals: tuple[int, ...]
    team: tuple[int, ...] = ()  # seats on the bidder's side (call-partner: the team formed in the hand)


def score_pad(rules: RuleSet, hands: Sequence[Hand]) -> list[PadRow]:
    """One row per hand played or thrown in, from the public result of each finished hand."""
    rows: list[PadRow] = []
    totals = [0] * rules.num_sides
    for i, h in enumerate(hands, 1):
        res = h.result
        if res is None or h.phase != Phase.DONE:
            zero = (0,) * rules.num_sides
            rows.append(PadRow(i, h.dealer, -1, 0, -2, False, 0, zero, zero, tuple(totals)))
            continue
        totals = [a + b for a, b in zip(totals, res.score)]
        team = tuple(s for s in range(h.n) if h.team_mask() >> s & 1)
        rows.append(PadRow(i, h.dealer, h.bidder, h.bid, h.trump, res.made, res.bidding_points, res.points, res.score,
                           tuple(totals), team))
    return rows


def result_lines(seating: Seating, row: PadRow) -> list[str]:
    """The end of a hand in words."""
    if row.bidder < 0:
        return [f"Hand {row.number} was thrown in; nobody scores."]
    sides = range(len(row.points))
    bidder = seating.name(row.bidder)
    verdict = "made it" if row.made else "was set"
    lines = [f"Hand {row.number}: {bidder} bid {row.bid} with {trump_words(row.trump)} trump, "
             f"took {row.taken} and {verdict}."]
    if seating.rules.mode == "call-partner":
        # Each seat's entry is its side's: say it once per side, naming who was on it.
        defenders = [s for s in sides if s not in row.team]
        team_names = ", ".join(seating.name(s) for s in row.team)
        lines.append(f"Points taken: the bidder's team ({team_names}) {row.taken}, the defenders ("
                     + ", ".join(seating.name(s) for s in defenders)
                     + f") {row.points[defenders[0]] if defenders else 0}; each player scores the side's result.")
    else:
        lines.append("Points taken: " + ", ".join(f"{seating.side_name(s)} {row.points[s]}" for s in sides) + ".")
    lines.append("Score: " + ", ".join(f"{seating.side_name(s)} {row.score[s]:+d}" for s in sides) + ".")
    lines.append("Totals: " + ", ".join(f"{seating.side_name(s)} {row.totals[s]}" for s in sides)
                 + f" (goal {seating.rules.goal}).")
    return lines


def recap_words(seating: Seating, view: View, number: int) -> str:
    """The hand so far in one line, for a game taken up again: the bid, trump, the tricks, the points, the score."""
    r = view.rules
    parts = [f"Hand {number}, dealt by {seating.name(view.dealer)}"]
    if view.phase == Phase.BID:
        if view.high_bidder >= 0:
            parts.append(f"the auction is on: the high bid is {view.high_bid} by {seating.name(view.high_bidder)}")
        else:
            parts.append("the auction is on: no bid yet")
    elif view.bidder >= 0:
        parts.append(f"{seating.subject(view.bidder, 'won', 'won')} the bid at {view.bid}")
        if view.trump != -2:
            parts.append(f"trump is {trump_words(view.trump)}")
        else:
            parts.append("trump is not named yet")
        if view.partner_cards:
            parts.append("the partner card is " + " ".join(card_str(c) for c in view.partner_cards))
        if view.phase == Phase.PLAY:
            parts.append(f"{len(view.tricks)} of {r.num_tricks} tricks played")
            taken = taken_words(seating, view)
            if taken:
                parts.append(taken[0].lower() + taken[1:])
    totals = ", ".join(f"{seating.side_name(s)} {t}" for s, t in enumerate(view.totals))
    return "; ".join(parts) + f". Totals: {totals} (goal {r.goal})."


def thrown_in_words(seating: Seating, number: int, dealer: int, redeal_by: int | None = None) -> str:
    """Why hand ``number`` was thrown in, and what comes next: nobody scores, the same dealer deals again."""
    if redeal_by is not None:
        why = (f"{seating.subject(redeal_by, 'holds', 'hold')} no counters and "
               f"{'call' if redeal_by == seating.human else 'calls'} for a redeal, as these rules allow")
    else:
        why = "everyone passed: nobody bid"
    deals = seating.subject(dealer, "deals", "deal")
    return (f"Hand {number} is thrown in: {why}. Nobody scores; {deals} again, and the new deal is "
            f"hand {number + 1} (a thrown-in hand counts as a hand on the score pad).")


def winner_line(seating: Seating, winner: int, totals: Sequence[int]) -> str:
    who = seating.side_long(winner)
    rest = ", ".join(str(totals[s]) for s in range(len(totals)) if s != winner)
    you_won = seating.human >= 0 and seating.rules.side_of(seating.human) == winner
    return f"Game over: {who} {'win' if you_won or seating.rules.mode == 'partners' else 'wins'} " \
           f"with {totals[winner]} to {rest}." + (" Well played!" if you_won else "")


# ---------------------------------------------------------------------- hints
def _hints_module() -> Any:
    try:
        return importlib.import_module("rookgame.bots.hints")
    except ImportError:
        return None


def ranked_choices(view: View) -> tuple[str, list[tuple[int, float | None]]]:
    """The best available bot's ranked choices for this view: (source, [(action, score)], best first);
    a score of None is a choice ranked but not valued (the bot took the heuristic's way there).

    Uses ``rookgame.bots.hints.ranked`` when it exists; otherwise asks every registered
    bot for its choice and ranks the choices by the share of bots that made them."""
    if not view.legal:
        return "", []
    mod = _hints_module()
    if mod is not None and hasattr(mod, "ranked"):
        ranked = [(int(a), None if s is None else float(s)) for a, s in mod.ranked(view)]
        return "hints", [(a, s) for a, s in ranked if a in view.legal]
    votes: dict[int, float] = {}
    order = sorted(REGISTRY, key=lambda n: (n != "heuristic", n))
    for name in order:
        action = make_player(name, 0).act(view)
        votes[action] = votes.get(action, 0.0) + 1.0 / len(order)
    shares: list[tuple[int, float | None]] = [(a, s) for a, s in sorted(votes.items(), key=lambda kv: -kv[1])]
    return ", ".join(order), shares


def hint_text(view: View, top: int = 5, chosen: Sequence[int] = ()) -> str:
    """The best choices for this view, best first, each with what it is worth, labelled.

    ``chosen``: cards already picked to bury; the hint ranks only what is left to choose."""
    source, ranked = ranked_choices(view)
    if not ranked:
        return "No hint: it is not your turn."
    if chosen:
        ranked = [(a, s) for a, s in ranked if not (A.BURY <= a < A.PARTNER and a - A.BURY in chosen)]
    points = source == "hints"
    valued = any(s is not None for _, s in ranked[:top])

    def worth(s: float | None) -> str:
        if s is None:
            return " (not valued)" if valued else ""
        return f" ({s:.0f} points)" if points else f" ({s:.0%})"

    parts = [f"{i}. {action_words(a)}{worth(s)}" for i, (a, s) in enumerate(ranked[:top], 1)]
    if points and not valued:
        label = "best first, the computer's way here: these choices are ranked, not valued one by one"
    elif points:
        label = "best first, with the points your side can expect from this hand after each"
    else:
        label = f"best first, with the share of the computer players ({source}) that choose each"
    what = "Hint"
    if view.step == "bury" and view.phase == Phase.NEST:
        left = view.rules.nest_size - view.buried_count - len(chosen)
        what = f"Hint for the {left} card(s) left to bury" if chosen else f"Hint for the {left} card(s) to bury"
    return f"{what} ({label}): " + "  ".join(parts)

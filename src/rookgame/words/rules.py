"""How to play a rule set, in plain words: the help of ``rook play`` (``?``) and the line mode's ``rules``.

Every sentence is read off a :class:`~rookgame.rules.RuleSet`, so a house-rules file is explained
as well as a preset; nothing here decides a rule.  No Textual import: the line mode uses it too.
"""

from __future__ import annotations

from ..cards import BIRD, BIRD2, COLOUR_NAMES, card_str
from ..rules import RuleSet


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _counters(rules: RuleSet) -> str:
    by_value: dict[int, list[str]] = {}
    for key, points in rules.counters:
        if key.isdigit():
            name = f"every {key}"
        elif key in ("RK", "RK2"):
            name = "the Bird (RK)" if key == "RK" else "the second Bird (RK2)"
        else:
            name = key
        by_value.setdefault(points, []).append(name)
    parts = [f"{_join(names)} {'is' if len(names) == 1 else 'are'} worth {points}"
             for points, names in sorted(by_value.items(), reverse=True)]
    return "; ".join(parts)


def _sides(rules: RuleSet) -> str:
    if rules.mode == "partners":
        pairs = " against ".join("+".join(str(s) for s in range(rules.players) if s % 2 == side) for side in (0, 1))
        return (f"{rules.players} players in two partnerships: partners sit across the table (seats {pairs}) "
                "and score together.")
    if rules.mode == "individual":
        return f"{rules.players} players, each for themselves: every player keeps a score of their own."
    calls = rules.partner_calls
    optional = ""
    if rules.min_partner_calls < calls:
        optional = f" (at least {rules.min_partner_calls}; the rest may be declined with 'no more partners')"
    return (f"{rules.players} players, each with a score of their own. The player who wins the bid calls "
            f"{_count(calls, 'card')}{optional}: whoever holds a called card is the bidder's secret partner for "
            "that hand, and nobody knows who until the card is played. Calling a card of your own means you "
            "play alone. Each player on a side scores the side's result.")


def _deck(rules: RuleSet) -> str:
    deck = rules.deck
    ranks = sorted(set(rules.ranks))
    run = f"{ranks[0]} to {ranks[-1]}" if ranks == list(range(ranks[0], ranks[-1] + 1)) else ", ".join(map(str, ranks))
    colours = _join(list(COLOUR_NAMES))
    text = f"The deck has {deck.size} cards: {run} in each of four colours ({colours})"
    extra = [card_str(c) for c in deck.cards if c < BIRD and (c % 14 + 1) not in ranks]
    if extra:
        text += f", and {_join(extra)}"
    if rules.birds:
        text += ", and the Rook Bird (RK)" if rules.birds == 1 else ", and two Rook Birds (RK and RK2)"
    text += ". "
    text += ("Within a colour 1 is highest, then 14, 13 and down. " if rules.rank_order == "1-high"
             else "Within a colour 14 is highest, then 13 and down. ")
    text += f"Each player gets {deck.hand_size} cards"
    if rules.nest_size:
        when = "last" if rules.nest_dealt == "last" else "after the first rounds"
        text += f"; {_count(rules.nest_size, 'card goes', 'cards go')} face down to the nest (dealt {when})"
    return text + "."


def _points(rules: RuleSet) -> str:
    text = f"Points are won in tricks by their counters: {_counters(rules)}."
    bonuses = []
    if rules.most_tricks_bonus:
        bonuses.append(f"{rules.most_tricks_bonus} to the side that takes the most tricks (none on a tie)")
    if rules.last_trick_bonus:
        bonuses.append(f"{rules.last_trick_bonus} to the side that takes the last trick")
    if rules.trick_bonus[0]:
        bonuses.append(f"{rules.trick_bonus[0]} to each side that takes at least {rules.trick_bonus[1]} tricks")
    if bonuses:
        text += " Bonus points: " + "; ".join(bonuses) + "."
    return text + f" A hand holds {rules.total_points} points in all."


def _bidding(rules: RuleSet) -> str:
    text = (f"The player left of the dealer bids first. A bid says how many points your side will take: at least "
            f"{rules.min_bid}, at most {rules.effective_max_bid}, in steps of {rules.bid_step}, each above the "
            "last. Once you pass you are out of the auction; the last one bidding wins it.")
    if rules.all_pass == "redeal":
        text += " If everyone passes, the hand is thrown in: nobody scores and the same dealer deals again."
    elif rules.all_pass == "dealer_takes_min":
        text += f" If everyone passes, the dealer must take the bid at {rules.min_bid}."
    else:
        text += f" If everyone else passes, the last player may not pass and must bid at least {rules.min_bid}."
    if rules.no_counter_redeal:
        text += (" A player holding no counters may call for a redeal instead of bidding: the hand is thrown in "
                 "and dealt again.")
    return text


def _nest(rules: RuleSet) -> str:
    if not rules.nest_size:
        return "There is no nest: the bidder names trump straight away."
    n = rules.nest_size
    parts = []
    if rules.nest_shown:
        parts.append("The nest is shown to everyone after the auction.")
    if rules.trump_before_nest:
        parts.append(f"The bidder names trump first, then takes the {n} nest cards and buries {n} cards face down.")
    elif rules.nest_order == "trump_first":
        parts.append(f"The bidder takes the {n} nest cards, names trump, then buries {n} cards face down.")
    else:
        parts.append(f"The bidder takes the {n} nest cards into hand and buries {n} cards face down, "
                     "then names trump.")
    if rules.bury_counters == "forbidden":
        parts.append("Counters may be buried only when nothing else can go.")
    if rules.show_buried_trump:
        parts.append("Any trump buried is shown to the table.")
    if rules.announce_nest_points:
        parts.append("The bidder says whether the buried cards hold points.")
    to = "the bidder's side" if rules.nest_to == "bidder" else "whoever takes the last trick"
    parts.append(f"The points of the buried cards go to {to} at the end of the hand.")
    return " ".join(parts)


def _trump(rules: RuleSet) -> str:
    text = "Trump is a colour the bidder names: any trump beats every card of the other colours."
    if rules.no_trump:
        text += " The bidder may call no trump instead."
    if rules.low:
        text += (" The bidder also calls high or low: low turns the ranks upside down (the lowest card wins) "
                 "for the hand.")
    block = list(rules.special_trumps)
    if block:
        names = [("the Bird" if c == BIRD else "the second Bird" if c == BIRD2 else card_str(c)) for c in block]
        if rules.bird_rank == "high":
            where = "above every other trump"
        elif rules.bird_rank == "low":
            where = "below every other trump"
        elif rules.bird_rank == "mid":
            where = "between the 10 and the 11 of trump"
        else:
            where = "high or low in trump, as the bidder calls after naming trump"
        if len(block) == 1:
            text += f" {names[0][0].upper()}{names[0][1:]} is always a trump, {where}."
        else:
            text += f" Always trumps, highest first: {_join(names)}, {where}."
        if rules.birds and rules.no_trump:
            text += " With no trump the Bird counts as a Red card between the 10 and 11."
    return text


def _play(rules: RuleSet) -> str:
    lead = "the bidder" if rules.first_lead == "bidder" else "the player left of the dealer"
    text = (f"The hand is played in {rules.num_tricks} tricks; {lead} leads the first, and whoever takes a trick "
            "leads the next. Each player in turn plays one card. You must follow the colour led if you can; if "
            "you cannot, play any card, a trump included. The highest trump takes the trick; with no trump in it, "
            "the highest card of the colour led.")
    if rules.birds and rules.special_trumps:
        if rules.bird_play == "anytime":
            text += " The Bird may be played at any time, even when you could follow the colour led."
        else:
            text += " The Bird is played as a trump: on another colour's lead only when you cannot follow."
    review = {"none": "Taken tricks stay face down: nobody may look back at them during the hand.",
              "last": "You may look back at the last trick taken (l).",
              "all": "You may look back at every trick taken (l)."}[rules.review]
    return f"{text} {review}"


def _scoring(rules: RuleSet) -> str:
    side = "side" if rules.mode != "individual" else "player"
    text = (f"At the end of the hand the bidder's {side} scores the points it took if that is at least the bid "
            f"(it made the bid); if not, it is set and loses the amount of the bid. Every other {side} scores "
            "the points it took.")
    if rules.moon == "double":
        text += " A side that takes every point of the hand scores double."
    text += f" The first {side} to reach {rules.goal} wins; a tie for the top plays another hand."
    if rules.must_win_by_bid:
        text += f" A {side} can win only on a hand it bid and made."
    if rules.lose_at is not None:
        text += f" A {side} at or below {rules.lose_at} loses at once."
    return text


def how_to_play(rules: RuleSet) -> list[tuple[str, str]]:
    """(heading, paragraph) in the order a new player needs them, for exactly these rules."""
    return [
        ("The table", _sides(rules)),
        ("The cards", _deck(rules)),
        ("Points", _points(rules)),
        ("Bidding", _bidding(rules)),
        ("The nest", _nest(rules)),
        ("Trump", _trump(rules)),
        ("Playing the tricks", _play(rules)),
        ("Scoring", _scoring(rules)),
    ]


def how_to_play_text(rules: RuleSet) -> str:
    """:func:`how_to_play` as lines of text: "Bidding: The player left of the dealer ..."."""
    return "\n".join(f"{head}: {para}" for head, para in how_to_play(rules))

"""How to play a rule set, in plain words: the help of ``rook play`` (``?``), the line mode's ``rules``,
``rook rules``; the presets' names and descriptions; every option of a rule set explained.

Every sentence is read off a :class:`~rookgame.rules.RuleSet`, so a house-rules file is explained
as well as a preset; nothing here decides a rule.  Each sentence is a whole template of the catalog
(a variant per case where the words change), lists are joined as the reader's language joins them.
No Textual import: the line mode uses it too.
"""

from __future__ import annotations

from ..cards import BIRD, BIRD2, card_str
from ..rules import RuleSet
from .catalog import COLOUR_WORDS, N_, Param, Plural, Template, fill, gettext, listed, rules_name
from .presets import PRESET_WORDS

HEADINGS = {
    "sides": N_("The table"),
    "deck": N_("The cards"),
    "points": N_("Points"),
    "bidding": N_("Bidding"),
    "nest": N_("The nest"),
    "trump": N_("Trump"),
    "play": N_("Playing the tricks"),
    "scoring": N_("Scoring"),
}

# The Birds named in a sentence (a counter, an always-trump card).
BIRDS = {BIRD: N_("the Bird (RK)"), BIRD2: N_("the second Bird (RK2)")}

HOW: dict[str, Template] = {
    # the table
    "partners": N_("{players} players in two partnerships: partners sit across the table (seats {side_a} against "
                   "{side_b}) and score together."),
    "individual": N_("{players} players, each for themselves: every player keeps a score of their own."),
    "call_partner": Plural(
        "{players} players, each with a score of their own. The player who wins the bid calls {calls} card: "
        "whoever holds a called card is the bidder's secret partner for that hand, and nobody knows who until the "
        "card is played. Calling a card of your own means you play alone. Each player on a side scores the side's "
        "result.",
        "{players} players, each with a score of their own. The player who wins the bid calls {calls} cards: "
        "whoever holds a called card is the bidder's secret partner for that hand, and nobody knows who until the "
        "card is played. Calling a card of your own means you play alone. Each player on a side scores the side's "
        "result.", "calls"),
    "call_partner_optional": Plural(
        "{players} players, each with a score of their own. The player who wins the bid calls up to {calls} card "
        "(at least {min}; the rest may be declined with 'no more partners'): whoever holds a called card is the "
        "bidder's secret partner for that hand, and nobody knows who until the card is played. Calling a card of "
        "your own means you play alone. Each player on a side scores the side's result.",
        "{players} players, each with a score of their own. The player who wins the bid calls up to {calls} cards "
        "(at least {min}; the rest may be declined with 'no more partners'): whoever holds a called card is the "
        "bidder's secret partner for that hand, and nobody knows who until the card is played. Calling a card of "
        "your own means you play alone. Each player on a side scores the side's result.", "calls"),
    # the cards
    "deck": N_("The deck has {size} cards: {ranks} in each of four colours ({colours})."),
    "rank_run": N_("{low} to {high}"),
    "deck_extra": N_("The deck also holds {cards}."),
    "deck_bird": N_("The deck also holds the Rook Bird (RK)."),
    "deck_birds": N_("The deck also holds two Rook Birds (RK and RK2)."),
    "one_high": N_("Within a colour 1 is highest, then 14, 13 and down."),
    "fourteen_high": N_("Within a colour 14 is highest, then 13 and down."),
    "hand": N_("Each player gets {hand} cards."),
    "hand_nest_last": Plural("Each player gets {hand} cards; {nest} card goes face down to the nest, dealt last.",
                             "Each player gets {hand} cards; {nest} cards go face down to the nest, dealt last.",
                             "nest"),
    "hand_nest_early": Plural(
        "Each player gets {hand} cards; {nest} card goes face down to the nest, dealt after the first rounds.",
        "Each player gets {hand} cards; {nest} cards go face down to the nest, dealt after the first rounds.",
        "nest"),
    # points
    "counters": N_("Points are won in tricks by their counters: {counters}."),
    "worth": Plural("{cards} is worth {points}", "{cards} are worth {points}", "count"),
    "every_rank": N_("every {rank}"),
    "bonuses": N_("Bonus points: {bonuses}."),
    "bonus_most": N_("{points} to the side that takes the most tricks (none on a tie)"),
    "bonus_last": N_("{points} to the side that takes the last trick"),
    "bonus_tricks": N_("{points} to each side that takes at least {tricks} tricks"),
    "total": N_("A hand holds {total} points in all."),
    # bidding
    "bidding": N_("The player left of the dealer bids first. A bid says how many points your side will take: at "
                  "least {min}, at most {max}, in steps of {step}, each above the last. Once you pass you are out "
                  "of the auction; the last one bidding wins it."),
    "all_pass_redeal": N_("If everyone passes, the hand is thrown in: nobody scores and the same dealer deals "
                          "again."),
    "all_pass_dealer": N_("If everyone passes, the dealer must take the bid at {min}."),
    "all_pass_last": N_("If everyone else passes, the last player may not pass and must bid at least {min}."),
    "no_counter_redeal": N_("A player holding no counters may call for a redeal instead of bidding: the hand is "
                            "thrown in and dealt again."),
    # the nest
    "no_nest": N_("There is no nest: the bidder names trump straight away."),
    "nest_shown": N_("The nest is shown to everyone after the auction."),
    "trump_before_nest": Plural("The bidder names trump first, then takes the {nest} nest card and buries {nest} "
                                "card face down.",
                                "The bidder names trump first, then takes the {nest} nest cards and buries {nest} "
                                "cards face down.", "nest"),
    "trump_first": Plural("The bidder takes the {nest} nest card, names trump, then buries {nest} card face down.",
                          "The bidder takes the {nest} nest cards, names trump, then buries {nest} cards face down.",
                          "nest"),
    "bury_first": Plural("The bidder takes the {nest} nest card into hand and buries {nest} card face down, then "
                         "names trump.",
                         "The bidder takes the {nest} nest cards into hand and buries {nest} cards face down, then "
                         "names trump.", "nest"),
    "bury_counters": N_("Counters may be buried only when nothing else can go."),
    "show_buried_trump": N_("Any trump buried is shown to the table."),
    "announce_nest_points": N_("The bidder says whether the buried cards hold points."),
    "nest_to_bidder": N_("The points of the buried cards go to the bidder's side at the end of the hand."),
    "nest_to_last": N_("The points of the buried cards go to whoever takes the last trick at the end of the hand."),
    # trump
    "trump": N_("Trump is a colour the bidder names: any trump beats every card of the other colours."),
    "no_trump": N_("The bidder may call no trump instead."),
    "low": N_("The bidder also calls high or low: low turns the ranks upside down (the lowest card wins) for the "
              "hand."),
    "always_high": Plural("Always a trump, above every other trump: {cards}.",
                          "Always trumps, above every other trump, highest first: {cards}.", "count"),
    "always_low": Plural("Always a trump, below every other trump: {cards}.",
                         "Always trumps, below every other trump, highest first: {cards}.", "count"),
    "always_mid": Plural("Always a trump, between the 10 and the 11 of trump: {cards}.",
                         "Always trumps, between the 10 and the 11 of trump, highest first: {cards}.", "count"),
    "always_called": Plural("Always a trump, high or low in trump as the bidder calls after naming trump: {cards}.",
                            "Always trumps, high or low in trump as the bidder calls after naming trump, highest "
                            "first: {cards}.", "count"),
    "bird_in_no_trump": N_("With no trump the Bird counts as a Red card between the 10 and 11."),
    # play
    "play_bidder": Plural(
        "The hand is played in {tricks} trick; the bidder leads the first, and whoever takes a trick leads the next. "
        "Each player in turn plays one card. You must follow the colour led if you can; if you cannot, play any "
        "card, a trump included. The highest trump takes the trick; with no trump in it, the highest card of the "
        "colour led.",
        "The hand is played in {tricks} tricks; the bidder leads the first, and whoever takes a trick leads the "
        "next. Each player in turn plays one card. You must follow the colour led if you can; if you cannot, play "
        "any card, a trump included. The highest trump takes the trick; with no trump in it, the highest card of "
        "the colour led.", "tricks"),
    "play_left": Plural(
        "The hand is played in {tricks} trick; the player left of the dealer leads the first, and whoever takes a "
        "trick leads the next. Each player in turn plays one card. You must follow the colour led if you can; if "
        "you cannot, play any card, a trump included. The highest trump takes the trick; with no trump in it, the "
        "highest card of the colour led.",
        "The hand is played in {tricks} tricks; the player left of the dealer leads the first, and whoever takes a "
        "trick leads the next. Each player in turn plays one card. You must follow the colour led if you can; if "
        "you cannot, play any card, a trump included. The highest trump takes the trick; with no trump in it, the "
        "highest card of the colour led.", "tricks"),
    "bird_anytime": N_("The Bird may be played at any time, even when you could follow the colour led."),
    "bird_as_trump": N_("The Bird is played as a trump: on another colour's lead only when you cannot follow."),
    "review_none": N_("Taken tricks stay face down: nobody may look back at them during the hand."),
    "review_last": N_("You may look back at the last trick taken (l)."),
    "review_all": N_("You may look back at every trick taken (l)."),
    # scoring
    "scoring_side": N_("At the end of the hand the bidder's side scores the points it took if that is at least the "
                       "bid (it made the bid); if not, it is set and loses the amount of the bid. Every other side "
                       "scores the points it took."),
    "scoring_player": N_("At the end of the hand the bidder scores the points they took if that is at least the "
                         "bid (they made the bid); if not, they are set and lose the amount of the bid. Every other "
                         "player scores the points they took."),
    "moon": N_("A side that takes every point of the hand scores double."),
    "goal_side": N_("The first side to reach {goal} wins; a tie for the top plays another hand."),
    "goal_player": N_("The first player to reach {goal} wins; a tie for the top plays another hand."),
    "must_win_by_bid_side": N_("A side can win only on a hand it bid and made."),
    "must_win_by_bid_player": N_("A player can win only on a hand they bid and made."),
    "lose_at_side": N_("A side at or below {total} loses at once."),
    "lose_at_player": N_("A player at or below {total} loses at once."),
    "paragraph": N_("{heading}: {text}"),
}


def _say(key: str, **params: Param) -> str:
    return fill(HOW[key], params)


def _counters(rules: RuleSet) -> str:
    by_value: dict[int, list[str]] = {}
    for key, points in rules.counters:
        if key.isdigit():
            name = _say("every_rank", rank=int(key))
        elif key in ("RK", "RK2"):
            name = gettext(BIRDS[BIRD if key == "RK" else BIRD2])
        else:
            name = key
        by_value.setdefault(points, []).append(name)
    return "; ".join(_say("worth", cards=listed(names), points=points, count=len(names))
                     for points, names in sorted(by_value.items(), reverse=True))


def _sides(rules: RuleSet) -> str:
    if rules.mode == "partners":
        a, b = ("+".join(str(s) for s in range(rules.players) if s % 2 == side) for side in (0, 1))
        return _say("partners", players=rules.players, side_a=a, side_b=b)
    if rules.mode == "individual":
        return _say("individual", players=rules.players)
    calls = rules.partner_calls
    key = "call_partner_optional" if rules.min_partner_calls < calls else "call_partner"
    return _say(key, players=rules.players, calls=calls, min=rules.min_partner_calls)


def _deck(rules: RuleSet) -> str:
    deck = rules.deck
    ranks = sorted(set(rules.ranks))
    run = (_say("rank_run", low=ranks[0], high=ranks[-1]) if ranks == list(range(ranks[0], ranks[-1] + 1))
           else listed([str(r) for r in ranks]))
    colours = listed([gettext(c) for c in COLOUR_WORDS])
    said = [_say("deck", size=deck.size, ranks=run, colours=colours)]
    extra = [c for c in deck.cards if c < BIRD and (c % 14 + 1) not in ranks]
    if extra:
        said.append(_say("deck_extra", cards=listed([card_str(c) for c in extra])))
    if rules.birds:
        said.append(_say("deck_bird" if rules.birds == 1 else "deck_birds"))
    said.append(_say("one_high" if rules.rank_order == "1-high" else "fourteen_high"))
    if rules.nest_size:
        key = "hand_nest_last" if rules.nest_dealt == "last" else "hand_nest_early"
        said.append(_say(key, hand=deck.hand_size, nest=rules.nest_size))
    else:
        said.append(_say("hand", hand=deck.hand_size))
    return " ".join(said)


def _points(rules: RuleSet) -> str:
    said = [_say("counters", counters=_counters(rules))]
    bonuses = []
    if rules.most_tricks_bonus:
        bonuses.append(_say("bonus_most", points=rules.most_tricks_bonus))
    if rules.last_trick_bonus:
        bonuses.append(_say("bonus_last", points=rules.last_trick_bonus))
    if rules.trick_bonus[0]:
        bonuses.append(_say("bonus_tricks", points=rules.trick_bonus[0], tricks=rules.trick_bonus[1]))
    if bonuses:
        said.append(_say("bonuses", bonuses="; ".join(bonuses)))
    said.append(_say("total", total=rules.total_points))
    return " ".join(said)


def _bidding(rules: RuleSet) -> str:
    said = [_say("bidding", min=rules.min_bid, max=rules.effective_max_bid, step=rules.bid_step)]
    if rules.all_pass == "redeal":
        said.append(_say("all_pass_redeal"))
    elif rules.all_pass == "dealer_takes_min":
        said.append(_say("all_pass_dealer", min=rules.min_bid))
    else:
        said.append(_say("all_pass_last", min=rules.min_bid))
    if rules.no_counter_redeal:
        said.append(_say("no_counter_redeal"))
    return " ".join(said)


def _nest(rules: RuleSet) -> str:
    if not rules.nest_size:
        return _say("no_nest")
    n = rules.nest_size
    said = []
    if rules.nest_shown:
        said.append(_say("nest_shown"))
    if rules.trump_before_nest:
        said.append(_say("trump_before_nest", nest=n))
    elif rules.nest_order == "trump_first":
        said.append(_say("trump_first", nest=n))
    else:
        said.append(_say("bury_first", nest=n))
    if rules.bury_counters == "forbidden":
        said.append(_say("bury_counters"))
    if rules.show_buried_trump:
        said.append(_say("show_buried_trump"))
    if rules.announce_nest_points:
        said.append(_say("announce_nest_points"))
    said.append(_say("nest_to_bidder" if rules.nest_to == "bidder" else "nest_to_last"))
    return " ".join(said)


def _card_name(card: int) -> str:
    return gettext(BIRDS[card]) if card in BIRDS else card_str(card)


def _trump(rules: RuleSet) -> str:
    said = [_say("trump")]
    if rules.no_trump:
        said.append(_say("no_trump"))
    if rules.low:
        said.append(_say("low"))
    block = list(rules.special_trumps)
    if block:
        where = {"high": "always_high", "low": "always_low", "mid": "always_mid"}.get(rules.bird_rank, "always_called")
        said.append(_say(where, cards=listed([_card_name(c) for c in block]), count=len(block)))
        if rules.birds and rules.no_trump:
            said.append(_say("bird_in_no_trump"))
    return " ".join(said)


def _play(rules: RuleSet) -> str:
    said = [_say("play_bidder" if rules.first_lead == "bidder" else "play_left", tricks=rules.num_tricks)]
    if rules.birds and rules.special_trumps:
        said.append(_say("bird_anytime" if rules.bird_play == "anytime" else "bird_as_trump"))
    said.append(_say(f"review_{rules.review}"))
    return " ".join(said)


def _scoring(rules: RuleSet) -> str:
    who = "player" if rules.mode == "individual" else "side"
    said = [_say(f"scoring_{who}")]
    if rules.moon == "double":
        said.append(_say("moon"))
    said.append(_say(f"goal_{who}", goal=rules.goal))
    if rules.must_win_by_bid:
        said.append(_say(f"must_win_by_bid_{who}"))
    if rules.lose_at is not None:
        said.append(_say(f"lose_at_{who}", total=rules.lose_at))
    return " ".join(said)


def how_to_play(rules: RuleSet) -> list[tuple[str, str]]:
    """(heading, paragraph) in the order a new player needs them, for exactly these rules."""
    parts = {"sides": _sides, "deck": _deck, "points": _points, "bidding": _bidding, "nest": _nest, "trump": _trump,
             "play": _play, "scoring": _scoring}
    return [(gettext(HEADINGS[key]), explain(rules)) for key, explain in parts.items()]


def paragraph(heading: str, text: str) -> str:
    """One paragraph of :func:`how_to_play` under its heading, as one sentence: "Bidding: The player ..."."""
    return _say("paragraph", heading=heading, text=text)


def how_to_play_text(rules: RuleSet) -> str:
    """:func:`how_to_play` as lines of text: "Bidding: The player left of the dealer ..."."""
    return "\n".join(paragraph(head, para) for head, para in how_to_play(rules))


# ---------------------------------------------------------------------- the presets
# Each preset's name and one paragraph: words/presets.py (PRESET_WORDS).


def preset_name(preset: str) -> str:
    """A preset's name as people say it ("Kentucky Discard"), or its key where it has none."""
    return rules_name(preset)


def preset_description(preset: str) -> str:
    """A preset in one paragraph ("" for a key that is not a preset)."""
    words = PRESET_WORDS.get(preset)
    return gettext(words[1]) if words else ""


def rules_title(rules: RuleSet) -> str:
    """The name of a rule set as a heading: a house-rules file's own name, else its preset's name."""
    return rules.name or preset_name(rules.preset)


# ---------------------------------------------------------------------- every option, for reference
OPTIONS: dict[str, str] = {
    "players": N_("players"),
    "mode": N_("partners (seat % 2), individual scores, or a called secret partner"),
    "ranks": N_("ranks in each colour"),
    "birds": N_("Rook Birds in the deck"),
    "extra_cards": N_("cards added to the deck"),
    "nest_size": N_("cards in the nest"),
    "nest_dealt": N_("nest cards dealt after the first rounds, or last"),
    "rank_order": N_("rank order inside a colour"),
    "counters": N_("counter points"),
    "most_tricks_bonus": N_("bonus for most tricks"),
    "last_trick_bonus": N_("bonus for the last trick"),
    "min_bid": N_("minimum bid"),
    "max_bid": N_("maximum bid"),
    "bid_step": N_("bids rise in steps of"),
    "goal": N_("game is won at"),
    "all_pass": N_("when everyone passes"),
    "no_counter_redeal": N_("a player without counters may call a redeal"),
    "nest_order": N_("bury then name trump, or name trump then bury"),
    "nest_to": N_("buried counters go to"),
    "first_lead": N_("first lead"),
    "bird_play": N_("the Bird may be played"),
    "bird_rank": N_("the Bird ranks"),
    "top_trumps": N_("always-trump cards above the Bird"),
    "little_rook": N_("R2 is the second-highest trump"),
    "black_two": N_("B2 beats the Bird"),
    "no_trump": N_("bidder may call no trump"),
    "low": N_("bidder may call low (ranks reversed)"),
    "partner_calls": N_("partner cards the bidder calls"),
    "partner_calls_min": N_("partner cards the bidder must call (the rest it may decline)"),
    "announce_nest_points": N_("bidder says whether the nest holds points"),
    "bury_counters": N_("counters may be buried, or only when nothing else can go"),
    "moon": N_("a side taking every point scores double"),
    "trump_before_nest": N_("trump is named before the nest is taken"),
    "nest_shown": N_("the nest is shown to all after the auction"),
    "show_buried_trump": N_("buried trumps are shown to the table"),
    "must_win_by_bid": N_("a side wins only on a hand it bid and made"),
    "lose_at": N_("a side at or below this total loses at once"),
    "trick_bonus": N_("points for taking at least so many tricks"),
    "review": N_("taken tricks people may look back at: none, the last one, or all"),
}
DERIVED: dict[str, str] = {
    "none": N_("none"),
    "deck": N_("{size} cards, {hand} each, nest {nest}"),
    "points": N_("{total} in play per hand"),
    "derived": N_("derived"),
    "bird_block": N_("always trump, highest first"),
    "declarations": N_("the bidder's steps after the auction"),
}


def rules_rows(rules: RuleSet) -> list[tuple[str, str, str]]:
    """(option, value, meaning) for every option, resolved: the option and its value as a rules file writes
    them, the meaning in the reader's language."""
    rows = []
    for key, value in rules.to_json().items():
        if key in ("preset", "name"):
            continue
        if isinstance(value, dict):
            shown = ", ".join(f"{k}={v}" for k, v in value.items())
        elif isinstance(value, list):
            shown = ", ".join(map(str, value)) or "-"
        elif value is None:
            shown = gettext(DERIVED["none"])
        else:
            shown = str(value).lower() if isinstance(value, bool) else str(value)
        rows.append((key, shown, gettext(OPTIONS[key]) if key in OPTIONS else ""))
    deck = rules.deck
    derived = gettext(DERIVED["derived"])
    rows.append(("(deck)", fill(DERIVED["deck"], {"size": deck.size, "hand": deck.hand_size,
                                                   "nest": rules.nest_size}), derived))
    rows.append(("(points)", fill(DERIVED["points"], {"total": rules.total_points}), derived))
    order = " > ".join(card_str(c) for c in rules.special_trumps)
    if order:
        rows.append(("(bird block)", order, gettext(DERIVED["bird_block"])))
    rows.append(("(declarations)", " ".join(rules.nest_steps) or "-", gettext(DERIVED["declarations"])))
    return rows

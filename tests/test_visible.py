"""Who may see which card: the one rule (rookgame.visible), and everything built from it.

The rule, as the seeds and the house-rule options give it: a seat sees the cards it was dealt and
every card played; the nest once it takes it as the bidder, or once the auction is won where the
nest is shown; the burial it made as the bidder; the buried trumps from the first lead where they
are shown to the table. A spectator sees what the whole table sees. Both ways: the view and the
public log reveal every card the rule lets a seat see, and no other.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rookgame import log as L
from rookgame.cards import CardSet, mask_of
from rookgame.rules import PRESETS, RuleSet
from rookgame.state import Hand, Phase
from rookgame.view import spectator_view, view_of
from rookgame.visible import SPECTATOR, known_cards, visible

from .helpers import cards, deal, declare, random_hand, win_bid
from .test_random_rules import house_rules


def may_see(hand: Hand, seat: int) -> int:
    """The rule, written out apart from rookgame.visible: every card ``seat`` may have seen so far."""
    r = hand.rules
    bidder = hand.bidder
    decided = bidder >= 0 and hand.phase != Phase.THROWN_IN
    seen = hand.played
    if seat >= 0:
        seen |= hand.dealt[seat] if hand.dealt else 0
    if decided and (r.nest_shown or (seat == bidder and hand.nest_taken())):
        seen |= hand.nest
    if decided and seat == bidder:
        seen |= mask_of(hand.buried)
    if r.show_buried_trump and hand.phase in (Phase.PLAY, Phase.DONE) and hand.trump >= 0:
        assert hand.tables is not None
        seen |= mask_of(hand.buried) & hand.tables.suit_mask[hand.trump]
    return seen


def revealed_by_log(hand: Hand, seat: int) -> int:
    """Every card named in the public log ``seat`` is told."""
    out = 0
    for op in L.public_operations(hand, None if seat == SPECTATOR else seat):
        if isinstance(op, L.CallPartner):
            continue  # names a card, not where it lies
        for name in ("hands", "nest", "cards", "card"):
            value = getattr(op, name, None)
            if value is None:
                continue
            if name == "hands":
                out |= sum(int(h) for h in value if h is not None)
            elif isinstance(value, tuple):
                out |= mask_of(value)
            else:
                out |= int(value) if isinstance(value, CardSet) else 1 << int(value)
    return out


def revealed_by_view(hand: Hand, seat: int) -> int:
    v = view_of(hand, seat)
    out = int(v.hand) | int(v.played) | int(v.shown_buried) | mask_of(v.trick)
    for extra in (v.nest, v.buried):
        out |= int(extra or 0)
    for _, trick, _ in v.tricks:
        out |= mask_of(trick)
    return out


def check_both_ways(state: Hand) -> None:
    for seat in [*range(state.n), SPECTATOR]:
        rule = may_see(state, seat)
        told = revealed_by_log(state, seat)
        assert told == rule, (f"seat {seat}, phase {state.phase.name}: the log tells "
                              f"{CardSet(told & ~rule)!r} it may not see, hides {CardSet(rule & ~told)!r}")
        shown = revealed_by_view(state, seat)
        # A card dealt to the seat is still in its hand, played, or buried by it as the bidder.
        assert shown == rule, (f"seat {seat}, phase {state.phase.name}: the view shows "
                               f"{CardSet(shown & ~rule)!r} it may not see, hides {CardSet(rule & ~shown)!r}")


@settings(max_examples=60, deadline=None)
@given(house_rules(modelled=False), st.integers(0, 2**32))
def test_every_card_a_seat_may_see_is_told_and_no_other_in_any_house_rules(rules: RuleSet, seed: int) -> None:
    _, states = random_hand(rules, seed)
    for state in states[:: max(1, len(states) // 12)] + states[-1:]:
        check_both_ways(state)


def test_every_card_a_seat_may_see_is_told_and_no_other_in_every_preset() -> None:
    for name, rules in PRESETS.items():
        _, states = random_hand(rules, seed=len(name))
        for state in states[:: max(1, len(states) // 8)] + states[-1:]:
            check_both_ways(state)


def buried_trump_hand(show: bool) -> Hand:
    """Kentucky Discard with R14 and R5 buried, red named trump, seat 0 the bidder."""
    rules = PRESETS["kentucky-discard"].replace(show_buried_trump=show)
    hand = deal(rules, {0: "R14 R5 G7"}, dealer=3)
    win_bid(hand, 0)
    nest = [c for c in str(CardSet(hand.nest)).split() if c not in ("R14", "R5")]
    declare(hand, "R", bury=" ".join(["R14", "R5", *nest[:3]]))
    return hand


def test_show_buried_trump_turns_the_buried_trumps_face_up_to_the_table_when_play_starts() -> None:
    hand = buried_trump_hand(show=True)
    assert hand.phase == Phase.PLAY
    for seat in (1, 2, 3, SPECTATOR):
        sight = visible(hand, seat)
        assert sight.shown_buried == cards("R14 R5")
        assert sight.buried is None  # the rest of the burial stays face down
        assert view_of(hand, seat).shown_buried == CardSet("R14 R5")
    shown = [op for op in L.public_operations(hand, 1) if isinstance(op, L.ShowBuried)]
    assert shown == [L.ShowBuried(0, CardSet("R14 R5"))]
    assert spectator_view(hand).shown_buried == CardSet("R14 R5")
    assert known_cards(hand, 1) & cards("R14 R5") == cards("R14 R5")  # a play-out seat knows them too


def test_without_show_buried_trump_the_burial_stays_face_down() -> None:
    hand = buried_trump_hand(show=False)
    for seat in (1, 2, 3, SPECTATOR):
        assert visible(hand, seat).shown_buried == 0
        assert view_of(hand, seat).shown_buried == CardSet(0)
    assert not [op for op in L.public_operations(hand, 1) if isinstance(op, L.ShowBuried)]
    assert not known_cards(hand, 1) & cards("R14 R5")


def test_buried_trumps_are_not_shown_before_the_first_lead() -> None:
    rules = PRESETS["kentucky-discard"].replace(show_buried_trump=True)
    hand = deal(rules, {0: "R14 R5 G7"}, dealer=3)
    win_bid(hand, 0)
    while hand.step_kind == "bury":
        hand.apply(hand.legal_actions()[0], 0)
    assert hand.phase == Phase.NEST
    assert visible(hand, 1).shown_buried == 0


def test_nest_shown_shows_the_nest_to_everyone_once_the_auction_is_won() -> None:
    rules = PRESETS["kentucky-discard"].replace(nest_shown=True)
    hand = deal(rules, dealer=3)
    assert all(visible(hand, s).nest is None for s in (0, 1, SPECTATOR))  # not during the auction
    win_bid(hand, 0)
    for seat in (0, 1, 2, 3, SPECTATOR):
        assert visible(hand, seat).nest == hand.nest
    deal_op = L.public_operations(hand, None)[0]
    assert isinstance(deal_op, L.Deal) and deal_op.nest == CardSet(hand.nest)


def test_only_the_bidder_sees_the_nest_it_took_where_the_nest_is_not_shown() -> None:
    hand = deal(PRESETS["kentucky-discard"], dealer=3)
    win_bid(hand, 0)
    assert visible(hand, 0).nest == hand.nest
    assert all(visible(hand, s).nest is None for s in (1, 2, 3, SPECTATOR))


def test_a_called_partner_is_known_to_the_table_once_the_called_card_is_played() -> None:
    rules = PRESETS["call-partner"]
    hand = deal(rules, {0: "B14 B13 B12", 2: "Y14"}, dealer=3)
    win_bid(hand, 0)
    declare(hand, "B", partner="Y14")
    assert visible(hand, 2).partners == (0, 2)  # the holder knows
    rng = random.Random(2)
    y14 = cards("Y14")
    while not hand.played & y14:
        for seat in (1, 3, SPECTATOR):
            assert visible(hand, seat).partners == (0,)
        hand.apply(rng.choice(hand.legal_actions()))
    for seat in (1, 3, SPECTATOR):
        assert visible(hand, seat).partners == (0, 2)


def test_a_spectator_holds_no_cards_and_sees_no_burial() -> None:
    hand, states = random_hand(PRESETS["full-deck"], seed=3)
    for state in states:
        sight = visible(state, SPECTATOR)
        assert sight.hand == 0 and sight.dealt is None and sight.buried is None
        assert view_of(state, SPECTATOR) == spectator_view(state)


def test_review_rules_decide_which_taken_tricks_a_screen_may_show_again() -> None:
    rng = random.Random(5)
    for review in ("none", "last", "all"):
        rules = PRESETS["kentucky-discard"].replace(review=review)
        hand = Hand(rules, 0)
        hand.deal_random(rng)
        while len(hand.tricks) < 3:
            hand.apply(rng.choice(hand.legal_actions()))
        view = view_of(hand, 1)
        assert view.tricks == tuple(hand.tricks)  # every card that fell was seen as it fell
        expected = {"none": (), "last": tuple(hand.tricks[-1:]), "all": tuple(hand.tricks)}[review]
        assert view.reviewable == expected

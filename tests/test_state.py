"""The hand as a state machine: illegal actions are refused with a reason and change nothing;
push/pop and copy() give exact, independent states."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rookgame import actions as A
from rookgame.cards import BIRD, NUM_CARDS, parse_card
from rookgame.rules import PRESETS, preset
from rookgame.state import Hand, IllegalAction, Phase

from .helpers import deal, declare, play, random_hand, setup, win_bid

TOURNAMENT = preset("kentucky-discard")
FULL = preset("full-deck")


def snapshot(hand: Hand) -> dict[str, Any]:
    """Every slot of the state, lists copied (their items are immutable)."""
    out = {}
    for k in Hand.__slots__:
        v = getattr(hand, k)
        out[k] = list(v) if isinstance(v, list) else v
    return out


def assert_refused(hand: Hand, action: int, seat: int | None, /, *fragments: str, code: str | None = None,
                   **params: object) -> str:
    """``action`` is refused with a sentence holding ``fragments``, the ``code`` and ``params`` given,
    and nothing changes."""
    before = snapshot(hand)
    legal = hand.legal_actions()
    with pytest.raises(IllegalAction) as err:
        hand.apply(action, seat)
    msg = str(err.value)
    for f in fragments:
        assert f in msg, msg
    if code is not None:
        assert err.value.code == code, err.value.code
    for k, v in params.items():
        assert err.value.params[k] == v, (k, err.value.params)
    assert snapshot(hand) == before
    assert hand.legal_actions() == legal
    assert hand.check(action, seat) == msg
    return msg


# ---------------------------------------------------------------------- refused actions
def test_wrong_turn_in_the_auction() -> None:
    hand = deal(TOURNAMENT, dealer=0)
    assert hand.to_act == 1
    assert_refused(hand, A.BID + 70, 2, "seat 1's turn", "not seat 2's", code="not_your_turn", turn=1, seat=2)
    assert_refused(hand, A.PASS, 0, "seat 1's turn")


def test_wrong_turn_in_play() -> None:
    hand = setup(TOURNAMENT, {0: "Y8", 1: "Y6"}, trump="G")
    assert_refused(hand, parse_card("Y6"), 1, "seat 0's turn", "not seat 1's")
    play(hand, "Y8")
    assert_refused(hand, parse_card("Y8"), 0, "seat 1's turn")


def test_wrong_turn_in_the_nest() -> None:
    hand = deal(FULL, dealer=0)
    win_bid(hand, 2)
    assert_refused(hand, A.TRUMP + 1, 3, "seat 2's turn")


def test_card_not_held() -> None:
    hand = setup(TOURNAMENT, {0: "Y8", 1: "Y6"}, trump="G")
    assert_refused(hand, parse_card("Y6"), 0, "seat 0 does not hold Y6", code="card_not_held", seat=0,
                   card=parse_card("Y6"))


def test_card_not_in_the_deck() -> None:
    hand = setup(TOURNAMENT, {0: "Y8"}, trump="G")
    assert_refused(hand, parse_card("Y1"), 0, "does not hold Y1")


def test_renege() -> None:
    hand = setup(TOURNAMENT, {0: "Y8", 1: "Y6 G7"}, trump="B")
    play(hand, "Y8")
    msg = assert_refused(hand, parse_card("G7"), 1, "renege", "Y8", "yellow", code="must_follow", seat=1,
                         lead=parse_card("Y8"), colour=2, held=[parse_card("Y6")])
    assert "Y6" in msg  # names the card that should have been played


def test_renege_on_trump_lead() -> None:
    hand = setup(FULL, {0: "B8", 1: "B6 G7"}, trump="B")
    play(hand, "B8")
    assert_refused(hand, parse_card("G7"), 1, "renege", "trump", code="must_follow_trump", lead=parse_card("B8"))


def test_renege_with_the_bird_as_trump() -> None:
    hand = setup(FULL, {0: "Y8", 1: "RK Y6"}, trump="B")
    play(hand, "Y8")
    assert_refused(hand, BIRD, 1, "renege", "Bird", code="bird_renege", colour=2, held=[parse_card("Y6")])


def test_bid_too_low() -> None:
    hand = deal(TOURNAMENT, dealer=0)
    assert_refused(hand, A.BID + 65, 1, "below the minimum bid 70", code="bid_below_min", bid=65, lowest=70)
    hand.apply(A.BID + 80, 1)
    assert_refused(hand, A.BID + 80, 2, "does not beat the bid of 80", "85", code="bid_too_low", bid=80, high=80,
                   lowest=85)
    assert_refused(hand, A.BID + 75, 2, "does not beat")


def test_bid_off_step() -> None:
    hand = deal(TOURNAMENT, dealer=0)
    assert_refused(hand, A.BID + 72, 1, "off-step", "5", code="bid_off_step", bid=72, step=5, min=70)
    hand.apply(A.BID + 70, 1)
    assert_refused(hand, A.BID + 77, 2, "off-step")


def test_bid_above_max() -> None:
    hand = deal(TOURNAMENT, dealer=0)
    assert_refused(hand, A.BID + 125, 1, "above the maximum bid 120", code="bid_above_max", bid=125, max=120)
    hand2 = deal(FULL, dealer=0)
    assert_refused(hand2, A.BID + 200, 1, "above the maximum bid 120")


def test_bid_at_max_ends_the_auction() -> None:
    hand = deal(TOURNAMENT, dealer=0)
    hand.apply(A.BID + 120, 1)
    assert hand.phase == Phase.NEST and hand.bidder == 1 and hand.bid == 120


def test_redeal_with_counters() -> None:
    hand = deal(TOURNAMENT, {1: "B5"}, dealer=0)
    assert_refused(hand, A.REDEAL, 1, "holds counters", "B5")


def test_redeal_where_the_rules_have_none() -> None:
    hand = deal(FULL, dealer=0)
    assert_refused(hand, A.REDEAL, 1, "no redeal")


def test_pass_is_final() -> None:
    hand = deal(TOURNAMENT, dealer=0)
    hand.apply(A.PASS, 1)
    hand.apply(A.BID + 70, 2)
    hand.apply(A.PASS, 3)
    hand.apply(A.BID + 75, 0)
    assert hand.to_act == 2  # seat 1 passed and is skipped
    assert_refused(hand, A.BID + 80, 1, "seat 2's turn")


def test_bury_a_card_not_held() -> None:
    hand = deal(TOURNAMENT, {1: "Y8"}, dealer=0)
    win_bid(hand, 2)
    assert hand.step_kind == "bury"
    assert_refused(hand, A.BURY + parse_card("Y8"), 2, "Y8 is not in the bidder's hand")


def test_name_trump_while_burying() -> None:
    hand = deal(TOURNAMENT, dealer=0)
    win_bid(hand, 2)
    assert_refused(hand, A.TRUMP + 1, 2, "bury", "5 more")


def test_bury_before_naming_trump_in_full_deck() -> None:
    hand = deal(FULL, {2: "Y8"}, dealer=0)
    win_bid(hand, 2)
    assert_refused(hand, A.BURY + parse_card("Y8"), 2, "name trump")


def test_playing_a_card_during_bidding() -> None:
    hand = deal(TOURNAMENT, {1: "Y8"}, dealer=0)
    assert_refused(hand, parse_card("Y8"), 1, "not a bid", "auction")


def test_bidding_during_play() -> None:
    hand = setup(TOURNAMENT, {0: "Y8"}, trump="G")
    assert_refused(hand, A.BID + 80, 0, "not a card play")


def test_acting_before_the_deal_and_after_the_end() -> None:
    hand = Hand(TOURNAMENT, 0)
    with pytest.raises(IllegalAction, match="not been dealt"):
        hand.apply(A.PASS)
    done, _ = random_hand(TOURNAMENT, 1)
    assert done.is_over
    with pytest.raises(IllegalAction, match="over"):
        done.apply(A.PASS)


def test_not_an_action_number() -> None:
    hand = deal(TOURNAMENT, dealer=0)
    assert_refused(hand, -1, 1, "not an action")
    assert_refused(hand, 195, 1, "not an action")
    # Past the action space in the auction it can only have been meant as a bid.
    assert_refused(hand, 10**6, 1, "above the maximum bid 120")


def test_set_deal_checks_the_cards() -> None:
    good = deal(TOURNAMENT, dealer=0)
    hands, nest = list(good.dealt), good.nest
    with pytest.raises(IllegalAction, match="not 9"):
        Hand(TOURNAMENT, 0).set_deal([hands[0] | nest, *hands[1:]], 0)
    with pytest.raises(IllegalAction, match="twice"):
        Hand(TOURNAMENT, 0).set_deal([hands[0], hands[0], hands[2], hands[3]], nest)
    with pytest.raises(IllegalAction, match="not in the"):
        bad = hands[0] ^ (hands[0] & -hands[0]) | 1 << parse_card("Y1")
        Hand(TOURNAMENT, 0).set_deal([bad, *hands[1:]], nest)
    with pytest.raises(IllegalAction, match="already"):
        good.set_deal(hands, nest)


# Action numbers that name something (RULES.md's action table in rookgame.actions).
ASSIGNED = [
    *range(0, NUM_CARDS),
    *range(A.BURY, A.BURY + NUM_CARDS),
    *range(A.PARTNER, A.PARTNER + NUM_CARDS),
    A.PASS, A.REDEAL, *range(A.TRUMP, A.TRUMP + 4), A.NO_TRUMP, A.HIGH, A.LOW, A.BIRD_HIGH, A.BIRD_LOW,
    A.NO_MORE_PARTNERS,
    *range(A.BID, A.NUM_ACTIONS),
]
UNASSIGNED = [a for a in range(A.BID) if a not in set(ASSIGNED)]


@pytest.mark.parametrize("where", ["auction", "nest", "play"])
def test_unassigned_action_numbers_are_refused_as_illegal(where: str) -> None:
    """Numbers inside the action space that name no action (cards 58-63, 194, 195, 206-255)
    are refused with IllegalAction like any other illegal action, not with a crash."""
    hand = deal(FULL, dealer=0)
    if where != "auction":
        win_bid(hand, 1)
    if where == "play":
        declare(hand, "R")
    assert UNASSIGNED[:6] == [58, 59, 60, 61, 62, 63]
    for a in UNASSIGNED:
        assert_refused(hand, a, hand.to_act)


@pytest.mark.parametrize("action", [58, 63, A.BURY + 60, A.PARTNER + 62, 194, 206])
def test_action_str_of_an_unassigned_number_raises_action_error(action: int) -> None:
    with pytest.raises(A.ActionError):
        A.action_str(action)


def test_every_legal_action_is_accepted_and_every_other_refused() -> None:
    """Over random hands: apply() accepts exactly legal_actions() (sampled among the others)."""
    rng = random.Random(7)
    for name in ("kentucky-discard", "full-deck", "call-partner", "double-bird"):
        hand, states = random_hand(PRESETS[name], rng.randrange(10**6))
        for state in states[:-1]:
            legal = set(state.legal_actions())
            for a in legal:
                assert state.check(a, state.to_act) is None
            pool = rng.sample(ASSIGNED, 40)
            for a in pool:
                if a not in legal:
                    before = snapshot(state)
                    with pytest.raises(IllegalAction):
                        state.apply(a, state.to_act)
                    assert snapshot(state) == before


def test_every_refusal_has_a_code_whose_sentences_its_facts_fill() -> None:
    """Over random hands and random actions: a refusal's code is in the words' catalog, every parameter its
    sentences name is among its facts (seats, cards and colours as ints), and each sentence reads whole."""
    from rookgame.words.catalog import fields
    from rookgame.words.refusals import REFUSALS, told

    rng = random.Random(11)
    seen: set[str] = set()
    for name in ("kentucky-discard", "full-deck", "call-partner", "double-bird", "family"):
        if name not in PRESETS:
            continue
        _, states = random_hand(PRESETS[name], rng.randrange(10**6))
        for state in states:
            for _ in range(12):
                action = rng.choice([rng.randrange(A.NUM_ACTIONS + 40), rng.choice(ASSIGNED)])
                seat = rng.choice([state.to_act, rng.randrange(state.n), None])
                refusal = state.refusal(action, seat)
                if refusal is None:
                    continue
                seen.add(refusal.code)
                say = REFUSALS[refusal.code]
                for template in (say.text, say.other, *say.you.values()):
                    if template is None:
                        continue
                    assert fields(template) <= set(refusal.params), (refusal.code, refusal.params)
                for value in refusal.params.values():
                    assert isinstance(value, (int, str, list, tuple)) and not isinstance(value, bool)
                for you in (None, *range(state.n)):
                    text = told(refusal.code, refusal.params, you=you, seat_name=lambda s: f"Seat{s + 1}")
                    assert "{" not in text and "seat " not in text.replace("a seat ", ""), text
                assert str(refusal) == state.check(action, seat)
    assert {"not_your_turn", "must_follow", "bid_too_low", "card_not_held", "not_a_bid", "must_bury"} <= seen


def test_a_refusal_keeps_its_code_and_facts_through_pickling() -> None:
    import pickle

    refusal = IllegalAction("must_follow", seat=1, lead=parse_card("Y8"), colour=2, held=[parse_card("Y6")])
    again = pickle.loads(pickle.dumps(refusal))
    assert (again.code, again.params, str(again)) == (refusal.code, refusal.params, str(refusal))


# ---------------------------------------------------------------------- push / pop
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_push_pop_restores_the_exact_state(name: str) -> None:
    rules = PRESETS[name]
    rng = random.Random(name)
    for _ in range(3):
        hand = Hand(rules, rng.randrange(rules.players))
        hand.deal_random(rng)
        # Walk a random path; at random points explore a random branch and undo it.
        while not hand.is_over:
            if rng.random() < 0.3:
                snaps = []
                depth = rng.randrange(1, 25)
                for _ in range(depth):
                    if hand.is_over:
                        break
                    snaps.append(snapshot(hand))
                    hand.push(rng.choice(hand.legal_actions()))
                while snaps:
                    hand.pop()
                    assert snapshot(hand) == snaps.pop()
            hand.apply(rng.choice(hand.legal_actions()), hand.to_act)


def test_pop_returns_the_action() -> None:
    hand = deal(TOURNAMENT, dealer=0)
    hand.push(A.BID + 70)
    hand.push(A.PASS)
    assert hand.pop() == A.PASS
    assert hand.pop() == A.BID + 70
    assert hand.history == [] and hand.auction == []


def test_push_pop_across_the_end_of_the_hand() -> None:
    hand, states = random_hand(FULL, 3)
    before_last = states[-2]
    snap = snapshot(before_last)
    last = hand.history[-1]
    before_last.push(last)
    assert before_last.is_over and before_last.result == hand.result
    before_last.pop()
    assert snapshot(before_last) == snap
    assert before_last.result is None and before_last.phase == Phase.PLAY


# ---------------------------------------------------------------------- copy
def test_copy_is_independent() -> None:
    rng = random.Random(5)
    hand = deal(FULL, dealer=0)
    win_bid(hand, 1)
    declare(hand, "R")
    for _ in range(10):
        hand.apply(rng.choice(hand.legal_actions()), hand.to_act)
    before = snapshot(hand)
    twin = hand.copy()
    assert snapshot(twin) == {**before, "_stack": []}
    while not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions()), twin.to_act)
    assert snapshot(hand) == before  # the original did not move
    # and the other way round
    twin2 = hand.copy()
    snap2 = snapshot(twin2)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()), hand.to_act)
    assert snapshot(twin2) == snap2


def test_copy_during_the_auction_and_nest() -> None:
    hand = deal(TOURNAMENT, dealer=0)
    hand.apply(A.BID + 70, 1)
    twin = hand.copy()
    twin.apply(A.BID + 75, 2)
    assert hand.auction == [(1, A.BID + 70)] and hand.to_act == 2
    win_bid(hand, 2, 80)
    twin2 = hand.copy()
    twin2.apply(twin2.legal_actions()[0], 2)
    assert hand.buried == [] and len(twin2.buried) == 1
    assert hand.hands[2] != twin2.hands[2]


@pytest.mark.parametrize("text", ["Y\u00b2", "bid \u00b2", "\u00b2", "bury G\u2075"])
def test_parse_action_bad_text_raises_action_error(text: str) -> None:
    with pytest.raises(A.ActionError) as err:
        A.parse_action(text)
    assert repr(text) in str(err.value)


@pytest.mark.parametrize(
    ("text", "action"),
    [("Y14", 41), ("bid 85", A.BID + 85), ("85", A.BID + 85), ("pass", A.PASS), ("redeal", A.REDEAL),
     ("bury G5", A.BURY + 46), ("trump y", A.TRUMP + 2), ("partner b1", A.PARTNER + 0), ("bird low", A.BIRD_LOW),
     ("no more partners", A.NO_MORE_PARTNERS)],
)
def test_action_names_round_trip(text: str, action: int) -> None:
    assert A.parse_action(text) == action
    assert A.parse_action(A.action_str(action)) == action

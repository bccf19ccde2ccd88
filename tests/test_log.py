"""The operation log: every hand told as typed operations, rebuilt from them, masked per seat."""

from __future__ import annotations

import random

import pytest

from rookgame import log as L
from rookgame.cards import Card, CardSet
from rookgame.rules import PRESETS, preset
from rookgame.state import Hand, Phase


def random_hand(name: str, seed: int, stop: int | None = None) -> Hand:
    rng = random.Random(seed)
    hand = Hand(PRESETS[name], dealer=seed % PRESETS[name].players)
    hand.deal_random(rng)
    steps = 0
    while not hand.is_over and (stop is None or steps < stop):
        hand.apply(rng.choice(hand.legal_actions()))
        steps += 1
    return hand


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_hand_is_rebuilt_by_applying_its_log(name: str) -> None:
    for seed in range(6):
        for stop in (3, 12, None):
            hand = random_hand(name, seed, stop)
            ops = L.operations(hand)
            deal = ops[0]
            assert isinstance(deal, L.Deal) and deal.seat == L.CHANCE
            again = Hand(hand.rules, deal.dealer)
            again.set_deal([int(h) for h in deal.hands if h is not None], int(deal.nest or 0))
            for seat, action in L.actions_of(ops):
                again.apply(action, seat)
            assert again.history == hand.history and again.result == hand.result
            assert L.operations(again) == ops


def test_the_log_names_each_step_of_a_hand() -> None:
    hand = random_hand("kentucky-discard", 3)
    kinds = [type(op).__name__ for op in L.operations(hand)]
    assert kinds[0] == "Deal"
    if hand.phase == Phase.DONE:
        assert kinds.count("Play") == 36 and kinds.count("TrickWon") == 9 and kinds[-1] == "Scored"
        assert kinds.count("Bury") == 5 and kinds.count("NameTrump") == 1 and kinds.count("TakeNest") == 1
        assert kinds.index("WinBid") < kinds.index("TakeNest") < kinds.index("Bury")
    else:
        assert kinds[-1] == "ThrownIn"


def test_a_seats_public_log_hides_other_hands_the_nest_and_others_burials() -> None:
    for seed in range(20):
        hand = random_hand("kentucky-discard", seed)
        if hand.phase != Phase.DONE:
            continue
        bidder = hand.bidder
        other = (bidder + 1) % 4
        mine = L.public_operations(hand, other)
        deal = mine[0]
        assert isinstance(deal, L.Deal) and deal.nest is None
        assert [h is not None for h in deal.hands] == [s == other for s in range(4)]
        assert [op.card for op in mine if isinstance(op, L.Bury)] == [None] * 5
        assert [op.cards for op in mine if isinstance(op, L.TakeNest)] == [None]
        theirs = L.public_operations(hand, bidder)
        assert [op.card for op in theirs if isinstance(op, L.Bury)] == [Card(c) for c in hand.buried]
        # everything else is public and the same for both seats
        public = (L.Bid, L.Pass, L.Play, L.TrickWon, L.NameTrump, L.Scored, L.WinBid)
        assert [op for op in mine if isinstance(op, public)] == [op for op in theirs if isinstance(op, public)]
        return
    raise AssertionError("no played hand in 20 seeds")


def test_operation_and_action_reprs_paste_back_as_code() -> None:
    hand = random_hand("call-partner", 1)
    namespace = {**{k: getattr(L, k) for k in dir(L) if not k.startswith("_")}, "Card": Card, "CardSet": CardSet}
    for op in L.operations(hand) + L.public_operations(hand, 2):
        assert eval(repr(op), namespace) == op  # noqa: S307 - the point of the test
    for action in hand.history:
        a = L.Action(action)
        assert eval(repr(a), namespace) == a == action
    y14: int = L.Action("Y14")  # an int, and so equal to the card of that number
    assert repr(L.Action("bid 85")) == "Action('bid 85')" and y14 == Card("Y14")


def test_action_refuses_what_is_not_an_action() -> None:
    from rookgame.actions import ActionError

    for bad in (True, -1, 194, 10_000, "dance"):
        with pytest.raises(ActionError):
            L.Action(bad)


def test_no_nest_means_no_nest_taken() -> None:
    rules = preset("regular-partnership")
    for seed in range(5):
        hand = Hand(rules)
        hand.deal_random(random.Random(seed))
        rng = random.Random(seed)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        assert not any(isinstance(op, L.TakeNest) for op in L.operations(hand))


def test_operations_go_to_json_and_back() -> None:
    import json

    for name in ("kentucky-discard", "call-partner-6", "full-deck"):
        hand = random_hand(name, 2)
        for seat in (None, 0, hand.bidder):
            for op in L.public_operations(hand, seat):
                data = json.loads(json.dumps(L.operation_json(op)))
                assert L.operation_from_json(data) == op
    with pytest.raises(ValueError, match="'Dance' is not an operation"):
        L.operation_from_json({"op": "Dance"})


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_hand_in_play_is_logged_alike_whether_its_log_is_made_whole_or_from_an_earlier_one(name: str) -> None:
    """The card play's log only grows by its end: made from the log at any earlier point of the play (the
    server's way, an action at a time), it is the log made whole, the score included."""
    from tests.helpers import random_hand as states_of

    for seed in range(4):
        _, states = states_of(PRESETS[name], seed)
        playing = [h for h in states if h.phase >= Phase.PLAY]
        for i, earlier in enumerate(playing):
            before = L.operations(earlier)
            kept = list(before)
            for later in playing[i:i + 6] + playing[-1:]:
                assert L.operations_after(later, before) == L.operations(later)
            assert before == kept  # the earlier log is left as it was

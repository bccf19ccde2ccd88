"""Property tests over random house rules: random valid combinations of the options, not only the presets.

Each example draws a rule set (mode, seats, deck, nest, counters, bonuses, bidding, the
nest and play options, the house rules) and plays random hands in it.  Where the options
are ones the independent scorekeeper of test_properties models, every legal set, trick
winner and score is checked against it; for the rest (low and no-trump calls, the moon,
trick bonuses, the Bird at 10.5) the invariants every Rook hand keeps are checked.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st

from rookgame import log as L
from rookgame.bots import RandomPlayer
from rookgame.bots.sampler import Draw, SampleError, _rebuild, nest_reading, read_burial, sample_hand
from rookgame.rules import CHOICES, RulesError, RuleSet
from rookgame.state import Hand, Phase
from rookgame.view import view_of

from .test_properties import check_hand_after
from .test_properties import play_random as random_hand

SEEDS = st.integers(0, 2**32)
CARD_NAMES = [f"{c}{r}" for c in "BRYG" for r in range(1, 15)]


@st.composite
def house_rules(draw: st.DrawFn, modelled: bool = True) -> RuleSet:
    """A random playable rule set; ``modelled`` keeps to the options the independent scorekeeper knows."""
    mode = draw(st.sampled_from(CHOICES["mode"]))
    if mode == "partners":
        players = draw(st.sampled_from([2, 4, 6]))
    elif mode == "individual":
        players = draw(st.integers(3, 6))
    else:
        players = draw(st.integers(4, 6))
    ranks = sorted(draw(st.sets(st.integers(1, 14), min_size=4, max_size=14)))
    birds = draw(st.integers(0, 2))
    free = [c for c in CARD_NAMES if int(c[1:]) not in ranks]
    extra = draw(st.lists(st.sampled_from(free), max_size=2, unique=True)) if free else []
    size = 4 * len(ranks) + len(extra) + birds
    nests = [k for k in range(0, 9) if (size - k) % players == 0 and (size - k) // players >= 2]
    if not nests:
        reject()
    nest_size = draw(st.sampled_from(nests))
    in_deck = {f"{c}{r}" for c in "BRYG" for r in ranks} | set(extra)
    counters: dict[str, int] = {}
    for r in draw(st.sets(st.sampled_from(ranks), min_size=1, max_size=4)):
        counters[str(r)] = draw(st.sampled_from([5, 10, 15]))
    if birds:
        counters["RK"] = 20
    if birds == 2:
        counters["RK2"] = draw(st.sampled_from([0, 20]))
    counters = {k: v for k, v in counters.items() if v}
    kw: dict[str, Any] = {
        "preset": "kentucky-discard", "name": "random house rules", "players": players, "mode": mode,
        "ranks": tuple(ranks), "birds": birds, "extra_cards": tuple(extra), "nest_size": nest_size,
        "counters": tuple(sorted(counters.items())), "max_bid": None,
        "most_tricks_bonus": draw(st.sampled_from([0, 20])), "last_trick_bonus": draw(st.sampled_from([0, 20])),
        "bid_step": draw(st.sampled_from([5, 10])),
    }
    for key in ("nest_dealt", "rank_order", "all_pass", "nest_order", "nest_to", "first_lead", "bird_play",
                "bury_counters", "review"):
        kw[key] = draw(st.sampled_from(CHOICES[key]))
    bird_ranks = ["high", "low", "called"] + ([] if modelled else ["mid"])
    kw["bird_rank"] = draw(st.sampled_from(bird_ranks if birds else ["high", "low"]))
    for key in ("no_counter_redeal", "trump_before_nest", "nest_shown", "show_buried_trump", "must_win_by_bid"):
        kw[key] = draw(st.booleans())
    kw["little_rook"] = "R2" in in_deck and draw(st.booleans())
    kw["black_two"] = "B2" in in_deck and draw(st.booleans())
    tops = sorted(in_deck - {"R2", "B2"})
    kw["top_trumps"] = tuple(draw(st.lists(st.sampled_from(tops), max_size=1, unique=True)))
    if mode == "call-partner":
        kw["partner_calls"] = draw(st.integers(1, max(1, min(2, players - 2))))
    if not modelled:
        kw["low"] = draw(st.booleans())
        kw["no_trump"] = draw(st.booleans())
        kw["moon"] = draw(st.sampled_from(CHOICES["moon"]))
    try:
        base = RuleSet(**kw)
        total = base.total_points
        if not modelled and draw(st.booleans()):
            tricks = base.deck.hand_size // 2 + 1
            base = base.replace(trick_bonus=(20, tricks))
            total = base.total_points
        return base.replace(min_bid=draw(st.integers(0, total // kw["bid_step"])) * kw["bid_step"])
    except RulesError:
        reject()
    raise AssertionError("unreachable")  # pragma: no cover


def play_random(rules: RuleSet, seed: int, check_legal: bool) -> Hand:
    hand = random_hand(rules, seed, check_legal)
    event(f"hand {hand.phase.name.lower()}, {rules.mode}")
    return hand


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(house_rules(), SEEDS)
def test_random_house_rules_play_by_the_scorekeepers_rules(rules: RuleSet, seed: int) -> None:
    hand = play_random(rules, seed, check_legal=True)
    check_hand_after(rules, hand)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(house_rules(modelled=False), SEEDS)
def test_every_house_rule_keeps_the_invariants_of_a_hand(rules: RuleSet, seed: int) -> None:
    hand = play_random(rules, seed, check_legal=False)
    deck = rules.deck
    union = 0
    for m in [*hand.dealt, hand.nest]:
        assert not union & m
        union |= m
    assert union == deck.mask
    if hand.phase == Phase.DONE:
        res = hand.result
        assert res is not None and len(hand.tricks) == deck.hand_size
        played = [c for _, cards, _ in hand.tricks for c in cards]
        assert len(set(played)) == len(played) == deck.size - rules.nest_size
        # every point in play goes to some side, bonuses at most once each
        taken = sum(res.points)
        if rules.mode == "call-partner":  # each seat holds its side's points: count each side once
            team = hand.team_mask()
            defender = next(s for s in range(rules.players) if not team >> s & 1)
            taken = res.points[hand.bidder] + res.points[defender]
        assert deck.counter_points + rules.last_trick_bonus <= taken <= rules.total_points
        assert hand.bid <= rules.effective_max_bid
    # the operation log rebuilds the hand exactly
    ops = L.operations(hand)
    deal = ops[0]
    assert isinstance(deal, L.Deal)
    again = Hand(rules, deal.dealer)
    again.set_deal([int(h or 0) for h in deal.hands], int(deal.nest or 0))
    for seat, action in L.actions_of(ops):
        again.apply(action, seat)
    assert again.history == hand.history and again.result == hand.result


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(house_rules(modelled=False), SEEDS)
def test_a_deal_the_bots_draw_shows_the_seat_exactly_what_it_sees_at_the_table(rules: RuleSet, seed: int) -> None:
    """The sampler's deals (the bidder's burial and trump read or not) are ones the seat cannot tell
    from the real one: the same view, in any house rules, at any point of the play.  (Random players
    and no auction weighing: the heuristic's valuation would first calibrate itself to each rule set.)"""
    rng = random.Random(seed)
    hand = Hand(rules, rng.randrange(rules.players))
    hand.deal_random(rng)
    bot = RandomPlayer(seed)
    stop = rng.randrange(rules.deck.size)
    while hand.phase in (Phase.BID, Phase.NEST, Phase.PLAY) and stop:
        hand.apply(bot.act(view_of(hand, hand.to_act)), hand.to_act)
        stop -= 1
    if hand.phase not in (Phase.BID, Phase.PLAY):
        reject()  # thrown in, over, or the bidder alone decides (burying)
    seat = hand.to_act
    if hand.phase == Phase.PLAY:  # any seat but the bidder: one that has not seen the burial
        seat = rng.choice([s for s in range(rules.players) if s != hand.bidder])
    view = view_of(hand, seat)
    event(f"{hand.phase.name.lower()}, the nest {'read' if nest_reading(view) else 'not read'}")
    for read_nest in (False, True):
        try:
            sample = sample_hand(view, rng, weigh_auction=False, read_nest=read_nest)
        except SampleError:
            reject()  # a rare position where 200 random deals all break the public history
        assert view_of(sample, seat) == view
        if seat == hand.to_act:
            assert sample.legal_actions() == hand.legal_actions()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(house_rules(modelled=False), SEEDS)
def test_a_deal_drawn_in_the_card_play_is_the_hand_its_replay_gives(rules: RuleSet, seed: int) -> None:
    """In the card play the sampler replays the public history once and swaps each later deal's hidden
    cards into that hand: for every deal it draws, the same hand as a full replay would give, slot by
    slot, and refused exactly where the replay refuses it (any seat, the bidder too, any house rules)."""
    rng = random.Random(seed)
    hand = Hand(rules, rng.randrange(rules.players))
    hand.deal_random(rng)
    bot = RandomPlayer(seed)
    stop = rng.randrange(1, rules.deck.size)
    while hand.phase in (Phase.BID, Phase.NEST) or (hand.phase == Phase.PLAY and stop):
        if hand.phase == Phase.PLAY:
            stop -= 1
        hand.apply(bot.act(view_of(hand, hand.to_act)), hand.to_act)
    if hand.phase != Phase.PLAY:
        reject()  # thrown in, or played to the end
    view = view_of(hand, rng.randrange(rules.players))
    draw = Draw(view, weigh_auction=False, read_nest=rng.random() < 0.5)
    p = draw.places
    try:
        first = draw.sample(rng)
    except SampleError:
        reject()  # a rare position where 200 random deals all break the public history
    template = draw.template
    assert template is not None and view_of(first, view.seat) == view
    refused = 0
    for _ in range(30):
        masks = draw.dealer.deal(rng)
        if masks is None:
            continue
        if draw.reading is not None and read_burial(p, draw.reading, masks, rng, False) is None:
            continue
        masks[view.seat] = int(view.hand)
        replayed = _rebuild(view, masks[:-1], p.played, masks[-1], p.taken, p.nest_seen, p.buried_seen)
        swapped = template.swap(masks[:-1], masks[-1])
        if replayed is None:
            assert swapped is None
            refused += 1
            continue
        assert swapped is not None
        for slot in Hand.__slots__:
            if slot != "_stack":
                assert getattr(swapped, slot) == getattr(replayed, slot), slot
        assert view_of(swapped, view.seat) == view
    event(f"{'some' if refused else 'no'} deals refused")

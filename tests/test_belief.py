"""The learned beliefs (issue 28, item 1): where the cards a seat has not seen lie, and the deals drawn from them."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, reject, settings

from rookgame.bots import RandomPlayer
from rookgame.bots import belief as B
from rookgame.bots.constraints import places
from rookgame.bots.heuristic import HeuristicPlayer
from rookgame.bots.sampler import Draw, SampleError, sample_hand
from rookgame.rules import RuleSet, preset
from rookgame.state import Hand, Phase
from rookgame.view import View, view_of

from .test_random_rules import SEEDS, house_rules

MODEL = B.shipped()
needs_model = pytest.mark.skipif(MODEL is None, reason="no belief weights ship")


def _position(rules: RuleSet, seed: int, tricks: int) -> tuple[Hand, View]:
    """Heuristic players up to the first lead after ``tricks`` tricks; the view of the seat after the bidder."""
    bot = HeuristicPlayer()
    rng = random.Random(seed)
    while True:
        hand = Hand(rules, seed % rules.players)
        hand.deal_random(rng)
        while hand.phase < Phase.DONE and not (hand.phase == Phase.PLAY and len(hand.tricks) == tricks
                                                and not hand.trick):
            hand.apply(bot.act(view_of(hand, hand.to_act)))
        if hand.phase == Phase.PLAY:
            return hand, view_of(hand, (hand.bidder + 1) % rules.players)


def test_the_weights_ship_small_and_name_the_features_they_were_trained_on() -> None:
    data = resources.files("rookgame").joinpath(B.WEIGHTS_FILE).read_bytes()
    assert len(data) < 2_000_000
    model = B.Model.from_bytes(data)
    assert tuple(model.info["features"]) == B.FEATURES  # type: ignore[arg-type]
    assert model.layers[0][0].shape[0] == len(B.FEATURES)


@needs_model
@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "call-partner-5", "cutthroat"])
def test_beliefs_give_each_card_one_place_and_each_place_its_count_of_cards(name: str) -> None:
    assert MODEL is not None
    for seed in range(4):
        _, view = _position(preset(name), seed, 2)
        inp = B.inputs(view, places(view))
        probs = B.marginals(MODEL, inp)
        assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-4)
        assert np.allclose(probs.sum(axis=0), inp.room, atol=0.05)
        assert not probs[~inp.allowed].any()  # never where the view rules it out (a void, a counter buried)


@needs_model
def test_a_bidder_that_named_a_colour_holds_more_of_it_in_the_beliefs_than_its_room_alone_gives() -> None:
    rules = preset("kentucky-discard")
    assert MODEL is not None
    more = 0
    for seed in range(12):
        hand, view = _position(rules, seed, 1)
        inp = B.inputs(view, places(view))
        probs = B.marginals(MODEL, inp)
        col = inp.places.index(hand.bidder)
        trumps = [i for i, c in enumerate(inp.cards) if hand.tables is not None and hand.tables.suit[c] == hand.trump]
        share = inp.room[col] / inp.room.sum()
        more += float(np.mean(probs[trumps, col])) > share
    assert more >= 10


@needs_model
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(house_rules(modelled=False), SEEDS)
def test_a_deal_drawn_from_the_beliefs_shows_the_seat_exactly_what_it_sees_at_the_table(rules: RuleSet,
                                                                                        seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand(rules, rng.randrange(rules.players))
    hand.deal_random(rng)
    bot = RandomPlayer(seed)
    stop = rng.randrange(rules.deck.size)
    while hand.phase in (Phase.BID, Phase.NEST, Phase.PLAY) and stop:
        hand.apply(bot.act(view_of(hand, hand.to_act)), hand.to_act)
        stop -= 1
    if hand.phase not in (Phase.BID, Phase.PLAY):
        reject()
    seat = hand.to_act
    if hand.phase == Phase.PLAY:
        seat = rng.choice([s for s in range(rules.players) if s != hand.bidder])
    view = view_of(hand, seat)
    for read_nest in (False, True):
        try:
            sample = sample_hand(view, rng, weigh_auction=False, read_nest=read_nest, belief=MODEL)
        except SampleError:
            reject()
        assert view_of(sample, seat) == view


@needs_model
def test_deals_prepared_once_are_the_deals_drawn_one_at_a_time() -> None:
    _, view = _position(preset("full-deck"), 3, 3)
    draw = Draw(view, belief=MODEL)
    once = [draw.sample(random.Random(k)).dealt for k in range(5)]
    assert once == [sample_hand(view, random.Random(k), belief=MODEL).dealt for k in range(5)]


@needs_model
def test_the_deals_drawn_from_the_beliefs_place_the_real_cards_as_well_as_the_beliefs_promise() -> None:
    from rookgame.research import train as TR
    from rookgame.research.hands import play_hand, record

    assert MODEL is not None
    rules = preset("kentucky-discard")
    recs = [record("kentucky-discard", ("heuristic",), play_hand(rules, ("heuristic",), seed, seed % 4))
            for seed in range(12)]
    views = [p for p in TR.positions(recs, 4, 1) if p.view.phase == Phase.PLAY]
    count, got = TR.belief_scores(MODEL, views, 60, 3, powers=(1.0, 0.5), deals=True)
    assert count == len(views) >= 20
    room, beliefs, flat, dealt = (got[k].row() for k in ("room", "beliefs", "beliefs x0.5", "belief deals"))
    assert beliefs[0] > room[0] + 0.05  # the real deal likelier than the room alone makes it
    assert beliefs[0] > flat[0]  # and likelier than with the model's scores halved: not too sure of itself
    assert dealt[1] >= beliefs[1] - 0.02  # the deals put as many cards right as the beliefs promise


def test_a_corrupt_file_of_recorded_hands_is_refused_naming_the_file_and_the_line(tmp_path: Path) -> None:
    from rookgame.research import train as TR
    from rookgame.research.hands import play_hand, record

    rules = preset("kentucky-discard")
    good = json.dumps(record("kentucky-discard", ("heuristic",), play_hand(rules, ("heuristic",), 1, 0)))
    short = json.loads(good)
    short["history"] = short["history"][:5] + [short["history"][5] ^ 1 << 20]  # an action no seat may take there
    for bad, says in (("not json", "not a recorded hand"), ('{"rules": "kentucky-discard"}', "history expected"),
                      (json.dumps(short), "bid")):  # the engine says what was wrong with the action
        path = tmp_path / "hands.jsonl"
        path.write_text(good + "\n" + bad + "\n")
        with pytest.raises(ValueError, match="line 2") as err:
            TR.read_records([path], check=True)
        assert says in str(err.value) and str(path) in str(err.value)
    path.write_text(good + "\n")
    assert TR.read_records([path], check=True) == [json.loads(good)]

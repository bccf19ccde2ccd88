"""Call-your-partner as seed 003 scores it (issue 15): the hand is divided between the two teams
formed in play, each player books its team's result; with six players the bidder may call one
card or two."""

from __future__ import annotations

import asyncio
import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot

from rookgame import actions as A
from rookgame.bots import make_player
from rookgame.bots.expert import ExpertPlayer, _final_utility
from rookgame.bots.heuristic import HeuristicPlayer
from rookgame.bots.knowledge import teammates
from rookgame.bots.sampler import sample_hand
from rookgame.cards import mask_of, parse_card, parse_cards
from rookgame.match import Match
from rookgame.plain import play_plain
from rookgame.play import play_match
from rookgame.record import RecordError, game_record, read_jsonl, replay_record, write_jsonl
from rookgame.rules import PRESETS, RulesError, RuleSet, load
from rookgame.saves import resume_game, save_game
from rookgame.solver import solve
from rookgame.state import Hand, IllegalAction, Phase
from rookgame.transcript import game_transcript
from rookgame.tui.app import GameScreen, RookApp
from rookgame.view import View, view_of
from rookgame.words.play import choice_label, choices_words, event_line, parse_choice, step_prompt
from rookgame.words.seating import Seating

from .helpers import deal, win_bid
from .test_solver import endgames

CP4 = PRESETS["call-partner"]
CP6 = PRESETS["call-partner-6"]

# Twelve cards (12, 13, 14 of each colour, no Bird, no nest): three tricks, short enough to script.
# 60 in counters and 20 for the last trick: 80 in all.
TINY = CP4.replace(ranks=(12, 13, 14), birds=0, nest_size=0, bird_rank="high", rank_order="14-high",
                   counters=(("13", 5), ("14", 10)), min_bid=10, max_bid=None)
TINY_DEAL = ["B14 R12 G12", "R14 R13 Y12", "Y14 B12 Y13", "G14 G13 B13"]
# Seat 0 leads B14 and takes 20; seat 1 takes the red trick (20); seat 2, the called partner,
# takes the last trick (20 and the 20 bonus).  Team 0+2: 60; defenders 1+3: 20, all seat 1's.
TINY_PLAY = ["B14", "R13", "B12", "B13", "R12", "R14", "Y13", "G13", "Y12", "Y14", "G14", "G12"]


def tiny_hand(rules: RuleSet, bid: int) -> Hand:
    """Seat 0 bids ``bid``, calls Y14 (seat 2's), names black; the tricks above are played."""
    hand = Hand(rules, 3)
    hand.set_deal([mask_of(parse_cards(h)) for h in TINY_DEAL], 0)
    for a in (f"bid {bid}", "pass", "pass", "pass", "partner Y14", "trump B", *TINY_PLAY):
        hand.apply(A.parse_action(a))
    assert hand.phase == Phase.DONE and hand.team_mask() == 0b0101
    return hand


def seat_takes(hand: Hand) -> list[int]:
    """What each seat took itself: its tricks, the nest and the last-trick bonus with the last trick."""
    r = hand.rules
    pts = r.deck.points
    took = [0] * hand.n
    for _, cards, w in hand.tricks:
        took[w] += sum(pts[c] for c in cards)
    last = hand.tricks[-1][2]
    took[hand.bidder if r.nest_to == "bidder" else last] += sum(pts[c] for c in hand.buried)
    took[last] += r.last_trick_bonus
    return took


# ---------------------------------------------------------------------- scoring between two teams
def test_call_partner_defenders_score_the_defending_sides_points() -> None:
    hand = tiny_hand(TINY, 10)
    res = hand.result
    assert res is not None
    assert seat_takes(hand) == [20, 20, 40, 0]
    # Seat 3 took nothing itself, yet scores its side's 20, as seat 1 does.
    assert res.score[1] == res.score[3] == 20
    assert res.points[1] == res.points[3] == 20


def test_call_partner_defenders_score_the_defending_sides_points_in_real_hands() -> None:
    rng = random.Random(15)
    bots = [make_player("heuristic", s) for s in range(5)]
    spread = 0
    for _ in range(30):
        hand = Hand(PRESETS["call-partner-5"], rng.randrange(5))
        hand.deal_random(rng)
        while not hand.is_over:
            hand.apply(bots[hand.to_act].act(view_of(hand, hand.to_act)), hand.to_act)
        if hand.result is None:
            continue
        team = hand.team_mask()
        took = seat_takes(hand)
        defenders = [s for s in range(5) if not team >> s & 1]
        side = sum(took[s] for s in defenders)
        assert [hand.result.score[s] for s in defenders] == [side] * len(defenders)
        spread += len({took[s] for s in defenders}) > 1  # defenders who took different amounts
    assert spread  # the check met hands where the old per-defender score differed


def test_call_partner_bidders_team_scores_its_points_when_it_makes_the_bid() -> None:
    res = tiny_hand(TINY, 60).result
    assert res is not None and res.made and res.bidding_points == 60
    assert res.score == (60, 20, 60, 20)


def test_call_partner_bidders_team_scores_minus_the_bid_when_set() -> None:
    res = tiny_hand(TINY, 65).result
    assert res is not None and not res.made and res.bidding_points == 60
    assert res.score == (-65, 20, -65, 20)
    assert res.points == (60, 20, 60, 20)


def test_call_partner_most_tricks_bonus_goes_to_the_team_with_most_tricks() -> None:
    # Seats 0 and 2 took one trick each, seat 1 one: the bidder's team has two of the three.
    res = tiny_hand(TINY.replace(most_tricks_bonus=20), 10).result
    assert res is not None and res.score == (80, 20, 80, 20)


def test_call_partner_trick_bonus_goes_to_the_team() -> None:
    res = tiny_hand(TINY.replace(trick_bonus=(30, 2)), 10).result
    assert res is not None and res.score == (90, 20, 90, 20)


def test_call_partner_moon_doubles_for_each_member_of_the_side_that_takes_every_point() -> None:
    # The team takes all three tricks: 80 of 80, each member scores 160, the defenders 0.
    rules = TINY.replace(moon="double")
    hand = Hand(rules, 3)
    hand.set_deal([mask_of(parse_cards(h)) for h in ["B14 B13 B12", "R14 R13 R12", "Y14 Y13 Y12",
                                                      "G14 G13 G12"]], 0)
    for a in ("bid 10", "pass", "pass", "pass", "partner R14", "trump B", "B14", "R12", "Y12", "G12",
              "B13", "R13", "Y13", "G13", "B12", "R14", "Y14", "G14"):
        hand.apply(A.parse_action(a))
    assert hand.result is not None and hand.result.score == (160, 160, 0, 0)


# ---------------------------------------------------------------------- six players: one call or two
def test_call_partner_6_bidder_may_call_one_card_or_two() -> None:
    assert CP6.partner_calls == 2 and CP6.min_partner_calls == 1
    for second in (None, "Y1"):
        hand = deal(CP6, {0: "G1", 2: "B1", 4: "Y1"}, dealer=5)
        win_bid(hand, 0)
        for c in cards_of_nest(hand):
            hand.apply(A.BURY + c, 0)
        assert hand.step_kind == "partner" and A.NO_MORE_PARTNERS not in hand.legal_actions()
        hand.apply(A.parse_action("partner B1"), 0)
        assert hand.step_kind == "partner" and A.NO_MORE_PARTNERS in hand.legal_actions()
        hand.apply(A.NO_MORE_PARTNERS if second is None else A.PARTNER + parse_card(second), 0)
        assert hand.step_kind == "bird"
        hand.apply(A.BIRD_HIGH, 0)
        hand.apply(A.TRUMP + 3, 0)
        assert hand.phase == Phase.PLAY
        assert hand.team_mask() == (0b00101 if second is None else 0b10101)
        assert hand.no_more_partners is (second is None)


def cards_of_nest(hand: Hand) -> list[int]:
    return [c for c in range(64) if hand.nest >> c & 1]


def test_no_more_partners_is_refused_before_the_first_call_with_its_reason() -> None:
    hand = deal(CP6, {}, dealer=5)
    win_bid(hand, 0)
    with pytest.raises(IllegalAction, match="must bury"):
        hand.apply(A.NO_MORE_PARTNERS, 0)  # still burying
    for c in cards_of_nest(hand):
        hand.apply(A.BURY + c, 0)
    before = (hand.step, list(hand.partner_cards), list(hand.history))
    assert hand.check(A.NO_MORE_PARTNERS, 0) == (
        "no more partners is not allowed yet: the bidder must call at least 1 partner card (0 called so far)")
    with pytest.raises(IllegalAction):
        hand.apply(A.NO_MORE_PARTNERS, 0)
    assert (hand.step, hand.partner_cards, hand.history) == before


def test_no_more_partners_is_refused_where_every_call_is_required() -> None:
    hand = deal(CP4, {}, dealer=3)
    win_bid(hand, 0)
    for c in cards_of_nest(hand):
        hand.apply(A.BURY + c, 0)
    assert hand.check(A.NO_MORE_PARTNERS, 0) == (
        "no more partners is not allowed: these rules have the bidder call exactly 1 partner card")
    full = deal(PRESETS["full-deck"], dealer=3)
    win_bid(full, 0)
    assert full.check(A.NO_MORE_PARTNERS, 0) == "no more partners is not allowed: Full deck has no partner calls"
    # after the calls, at the Bird call, it is refused like any other wrong declaration
    hand.apply(A.PARTNER + parse_card("B1"), 0)
    assert hand.check(A.NO_MORE_PARTNERS, 0) == (
        "no more partners is not allowed: these rules have the bidder call exactly 1 partner card")
    six = deal(CP6, {}, dealer=5)
    win_bid(six, 0)
    for c in cards_of_nest(six):
        six.apply(A.BURY + c, 0)
    six.apply(A.PARTNER + parse_card("B1"), 0)
    six.apply(A.NO_MORE_PARTNERS, 0)
    assert six.check(A.NO_MORE_PARTNERS, 0) == (
        "no more partners is not allowed now: the bidder must call the Bird high or low")


def test_no_more_partners_is_undone_by_pop() -> None:
    hand = deal(CP6, {}, dealer=5)
    win_bid(hand, 0)
    for c in cards_of_nest(hand):
        hand.apply(A.BURY + c, 0)
    hand.apply(A.PARTNER + parse_card("B1"), 0)
    step = hand.step
    hand.push(A.NO_MORE_PARTNERS)
    assert hand.step_kind == "bird" and hand.no_more_partners
    assert hand.pop() == A.NO_MORE_PARTNERS
    assert hand.step == step and not hand.no_more_partners and A.NO_MORE_PARTNERS in hand.legal_actions()


def test_partner_calls_min_is_validated_with_what_would_work() -> None:
    with pytest.raises(RulesError, match="partner_calls_min = 3 is more than partner_calls = 2"):
        CP6.replace(partner_calls_min=3)
    with pytest.raises(RulesError, match="partner_calls_min = 0: the bidder calls at least one partner card"):
        CP6.replace(partner_calls_min=0)
    with pytest.raises(RulesError, match="partner_calls_min = 1 only works with mode = 'call-partner'"):
        PRESETS["full-deck"].replace(partner_calls_min=1)
    # "every call required" has one spelling, so a record's rules equal the preset's
    assert CP6.replace(partner_calls_min=2) == CP6.replace(partner_calls_min=None)
    assert CP4.to_json()["partner_calls_min"] == 1 and CP6.to_json()["partner_calls_min"] == 1
    assert PRESETS["full-deck"].to_json()["partner_calls_min"] == 0


def test_partner_calls_min_is_read_from_a_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "cp.toml"
    path.write_text('preset = "call-partner"\npartner_calls = 2\npartner_calls_min = 1\n')
    rules = load(path)
    assert rules.nest_steps.count("partner") == 2 and rules.min_partner_calls == 1
    path.write_text('preset = "call-partner"\npartner_calls_min = "one"\n')
    with pytest.raises(RulesError, match="partner_calls_min = 'one': give a whole number"):
        load(path)


# ---------------------------------------------------------------------- records and saves
class Caller:
    """The heuristic, except that at an optional partner call it always calls (or always declines)."""

    def __init__(self, decline: bool, seed: int) -> None:
        self.decline = decline
        self.bot = HeuristicPlayer(seed, margin=0.0)
        self.name = "decliner" if decline else "caller"

    def act(self, view: View) -> int:
        if A.NO_MORE_PARTNERS in view.legal:
            if self.decline:
                return A.NO_MORE_PARTNERS
            return next(a for a in view.legal if a != A.NO_MORE_PARTNERS and not view.hand >> (a - A.PARTNER) & 1)
        return self.bot.act(view)


@pytest.mark.parametrize("decline", [True, False])
def test_call_partner_6_records_round_trip_with_one_call_or_two(tmp_path: Path, decline: bool) -> None:
    match = play_match(CP6, [Caller(decline, s) for s in range(6)], seed=31)
    rec = game_record(match, [f"p{s}" for s in range(6)])
    played = [h for h in rec["hands"] if h["bidder"] is not None]
    assert played
    for h in played:
        assert len(h["calls"]["partner"]) == (1 if decline else 2)
        assert h["calls"].get("no_more_partners", False) is decline
    path = tmp_path / "games.jsonl"
    write_jsonl(path, [rec])
    (n, again), = read_jsonl(path)
    replayed = replay_record(again, n)
    assert replayed.finished and replayed.match.totals == match.totals
    assert ("no more partners: True" in game_transcript(rec, 1)) is decline
    # a "no more partners" the rules do not allow is refused on replay
    if not decline:
        bad = json.loads(json.dumps(rec))
        bad["hands"][[i for i, h in enumerate(rec["hands"]) if h["bidder"] is not None][0]]["calls"][
            "no_more_partners"] = True
        with pytest.raises(RecordError, match="no partner call left to decline"):
            replay_record(bad)


def test_a_game_saved_right_after_no_more_partners_resumes_there(tmp_path: Path) -> None:
    match = Match(CP6, 8)
    players = [Caller(True, s) for s in range(6)]
    while not (match.hand.phase == Phase.NEST and match.hand.no_more_partners):
        seat = match.to_act
        match.apply(players[seat].act(view_of(match.hand, seat, match.totals)), seat)
    names = ["human"] + ["heuristic"] * 5
    path = save_game(match, names, tmp_path / "current.jsonl")
    again, _ = resume_game(path)
    assert again.hand.history == match.hand.history and again.hand.step_kind == "bird"


# ---------------------------------------------------------------------- the solver and the bots
@pytest.mark.parametrize("rules", [PRESETS["call-partner-5"], CP6, CP4.replace(most_tricks_bonus=20)],
                         ids=["call-partner-5", "call-partner-6", "call-partner-most-tricks"])
def test_call_partner_solved_value_is_what_the_hand_scores(rules: RuleSet) -> None:
    """Best play by both teams from an endgame ends with the team's points the solver gave, and
    every defender scores the rest of the hand's points, as the state scores it."""
    rng = random.Random(4)
    bots = [make_player("heuristic", s) for s in range(rules.players)]
    checked = 0
    while checked < 12:
        hand = Hand(rules, rng.randrange(rules.players))
        hand.deal_random(rng)
        while hand.phase != Phase.PLAY or len(hand.tricks) < rules.num_tricks - 3:
            if hand.is_over:
                break
            hand.apply(bots[hand.to_act].act(view_of(hand, hand.to_act)), hand.to_act)
        if hand.is_over:
            continue
        team = hand.team_mask()
        pts = rules.deck.points
        before = sum(sum(pts[c] for c in cards) for _, cards, w in hand.tricks if team >> w & 1)
        value = solve(hand).value
        start = hand.copy()
        while hand.phase == Phase.PLAY:
            sol = solve(hand)
            pick = (max if team >> hand.to_act & 1 else min)(sol.cards, key=lambda c: (sol.cards[c], -c))
            hand.apply(pick)
        res = hand.result
        assert res is not None and res.bidding_points == before + value
        for s in range(rules.players):
            want = (res.bidding_points if res.made else -hand.bid) if team >> s & 1 \
                else rules.total_points - res.bidding_points
            assert res.score[s] == want
        # the expert values the same play as the bidder's side's score less the defenders'
        defender = next(s for s in range(rules.players) if not team >> s & 1)
        assert _final_utility(start, hand.bidder, value) == res.score[hand.bidder] - res.score[defender]
        checked += 1


def test_call_partner_solver_matches_the_state_on_endgames() -> None:
    # The solver's per-card values for a defender are the defending side's points.
    for hand in endgames("call-partner-6", 10, 3, seed=15):
        sol = solve(hand)
        seat = hand.to_act
        for card, v in sol.for_seat(seat).items():
            h = hand.copy()
            h.apply(card)
            while h.phase == Phase.PLAY:
                s = solve(h)
                team = h.team_mask()
                h.apply((max if team >> h.to_act & 1 else min)(s.cards, key=lambda c: (s.cards[c], -c)))
            res = h.result
            assert res is not None
            team = hand.team_mask()
            pts = hand.rules.deck.points
            side = [w for w in range(hand.n) if bool(team >> w & 1) == bool(team >> seat & 1)]
            before = sum(sum(pts[c] for c in cards) for _, cards, w in hand.tricks if w in side)
            assert res.points[seat] == before + v


def test_heuristic_declines_a_second_partner_only_with_a_hand_to_spare() -> None:
    strong = "G1 G14 G13 G12 G11 G10 G9 B1 R1"
    for bid, declines in ((70, True), (150, False)):
        hand = deal(CP6, {0: strong}, nest="B2 B3 B4", dealer=5)
        win_bid(hand, 0, bid)
        for c in parse_cards("B2 B3 B4"):
            hand.apply(A.BURY + c, 0)
        hand.apply(A.PARTNER + parse_card("RK"), 0)
        choice = HeuristicPlayer().act(view_of(hand, 0))
        assert (choice == A.NO_MORE_PARTNERS) is declines
        assert choice in hand.legal_actions()


def test_sampler_and_expert_rebuild_a_hand_after_no_more_partners() -> None:
    match = Match(CP6, 21)
    players = [Caller(True, s) for s in range(6)]
    hand = match.hand
    while not (hand.phase == Phase.NEST and hand.no_more_partners):
        match.apply(players[hand.to_act].act(view_of(hand, hand.to_act)), hand.to_act)
    rng = random.Random(1)
    # the bidder at its next declarations, then a defender in play: the samples replay the decline
    expert = ExpertPlayer(3, "easy", timed=False)
    while hand.phase == Phase.NEST:
        v = view_of(hand, hand.to_act)
        sample = sample_hand(v, rng)
        assert sample.no_more_partners and sample.step == hand.step
        hand.apply(expert.act(v), hand.to_act)
    seat = next(s for s in range(6) if not hand.team_mask() >> s & 1)
    while hand.to_act != seat:
        hand.apply(players[hand.to_act].act(view_of(hand, hand.to_act)), hand.to_act)
    v = view_of(hand, seat)
    sample = sample_hand(v, rng)
    assert sample.no_more_partners and sample.partner_cards == hand.partner_cards
    assert expert.act(v) in v.legal


def test_defender_feeds_a_fellow_defender_once_the_teams_are_known() -> None:
    # All called cards played: the defenders know each other and play as one side.
    checked = 0
    for hand in endgames("call-partner-5", 40, 3, seed=2):
        v = view_of(hand, hand.to_act)
        team = hand.team_mask()
        out = {c for _, cards, _ in hand.tricks for c in cards} | set(hand.trick)
        if team >> v.seat & 1:
            continue
        allies = frozenset(s for s in range(5) if not team >> s & 1)
        assert teammates(v) == (allies if set(hand.partner_cards) <= out else frozenset({v.seat}))
        checked += 1
    assert checked > 10


# ---------------------------------------------------------------------- words and the line mode
def test_the_optional_call_in_words() -> None:
    hand = deal(CP6, {}, dealer=5)
    win_bid(hand, 0)
    for c in cards_of_nest(hand):
        hand.apply(A.BURY + c, 0)
    v = view_of(hand, 0)
    assert step_prompt(v) == "Call a partner card" and "no more partners" not in choices_words(v)
    hand.apply(A.PARTNER + parse_card("B1"), 0)
    v = view_of(hand, 0)
    assert step_prompt(v) == "Call another partner card"
    assert choices_words(v).endswith(", or 'no more partners'")
    for text in ("no", "none", "no more partners", "No More"):
        assert parse_choice(text, v) == A.NO_MORE_PARTNERS
    assert parse_choice("y1", v) == A.PARTNER + parse_card("Y1")
    assert A.action_str(A.NO_MORE_PARTNERS) == "no more partners"
    assert choice_label(A.NO_MORE_PARTNERS) == "No more partners"
    seating = Seating(CP6, 0, ("human",) + ("heuristic",) * 5)
    assert event_line(seating, 0, A.NO_MORE_PARTNERS) == "You call no more partners."
    assert event_line(seating, 3, A.NO_MORE_PARTNERS) == "Seat 3 calls no more partners."


class Script:
    """Answers for the human at seat 0: bids the maximum, buries what is offered first, calls B1
    and then no more partners, the Bird high, black trump, then the first legal card."""

    def __init__(self, match: Match) -> None:
        self.match = match

    def readline(self, size: int = -1, /) -> str:
        if self.match.hands:
            return ""  # stop after the first hand
        v = view_of(self.match.hand, 0)
        if v.phase == Phase.BID:
            return f"{v.legal[-2] - A.BID if A.PASS in v.legal else v.legal[-1] - A.BID}\n"
        if v.step == "bury":
            return f"bury {A.action_str(v.legal[0])[5:]}\n"
        if v.step == "partner":
            return "no\n" if A.NO_MORE_PARTNERS in v.legal else "b1\n"
        if v.step == "bird":
            return "high\n"
        if v.step == "trump":
            return "b\n"
        return A.action_str(v.legal[0]) + "\n"


def test_plain_mode_offers_no_more_partners_and_records_it(tmp_path: Path) -> None:
    match = Match(CP6, 5)
    out = io.StringIO()
    bots = ["human"] + ["heuristic"] * 5
    play_plain(CP6, 0, bots, 5, Script(match), out, match=match, saves_dir=tmp_path)
    text = out.getvalue()
    assert "Call another partner card (any card of the deck, such as " in text
    assert "or 'no more partners'): no" in text
    assert "You call no more partners." in text
    assert "the bidder's team (" in text and "each player scores the side's result" in text
    (_, rec), = read_jsonl(tmp_path / "current.jsonl")
    assert rec["hands"][0]["calls"]["no_more_partners"] is True
    replay_record(rec)


# ---------------------------------------------------------------------- properties
CALL_PARTNER_RULES = [CP4, PRESETS["call-partner-5"], CP6, CP4.replace(most_tricks_bonus=20, moon="double"),
                      CP6.replace(trick_bonus=(25, 5), nest_to="bidder")]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(range(len(CALL_PARTNER_RULES))), st.integers(0, 2**32))
def test_call_partner_teammates_score_alike(which: int, seed: int) -> None:
    """Over random call-partner hands: all defenders get equal scores, all members of the bidder's
    team equal scores; the defenders' score is what their side took, the team's its points or -bid."""
    rules = CALL_PARTNER_RULES[which]
    rng = random.Random(seed)
    hand = Hand(rules, rng.randrange(rules.players))
    hand.deal_random(rng)
    while not hand.is_over:
        legal = hand.legal_actions()
        if hand.phase == Phase.BID:
            bids = [a for a in legal if a >= A.BID]
            action = rng.choice([a for a in legal if a < A.BID] + bids[:1])
        elif A.NO_MORE_PARTNERS in legal and rng.random() < 0.5:
            action = A.NO_MORE_PARTNERS
        else:
            action = rng.choice(legal)
        hand.apply(action, hand.to_act)
    res = hand.result
    if res is None:
        return  # thrown in
    team = hand.team_mask()
    members = [s for s in range(rules.players) if team >> s & 1]
    defenders = [s for s in range(rules.players) if not team >> s & 1]
    assert len({res.score[s] for s in members}) == 1
    assert len({res.score[s] for s in defenders}) == 1
    # What each side took, recomputed: its seats' takes, and the bonuses counted per side.
    took = seat_takes(hand)
    won = [sum(1 for *_, w in hand.tricks if (team >> w & 1) == side) for side in (1, 0)]
    side_pts = [sum(took[s] for s in members), sum(took[s] for s in defenders)]
    if rules.most_tricks_bonus and won[0] != won[1]:
        side_pts[0 if won[0] > won[1] else 1] += rules.most_tricks_bonus
    bonus, at_least = rules.trick_bonus
    for side in (0, 1):
        side_pts[side] += bonus if bonus and won[side] >= at_least else 0
    assert res.bidding_points == side_pts[0]
    assert all(res.points[s] == side_pts[0] for s in members)
    assert all(res.points[s] == side_pts[1] for s in defenders)
    total = sum(side_pts)
    moon = rules.moon == "double"
    team_score = 2 * total if moon and side_pts[0] == total else (side_pts[0] if res.made else -hand.bid)
    defender_score = 2 * total if moon and side_pts[1] == total else side_pts[1]
    assert res.score[members[0]] == team_score and res.score[defenders[0]] == defender_score


def test_full_screen_game_offers_no_more_partners_first(tmp_path: Path) -> None:
    match = Match(CP6, 3)
    bots = [HeuristicPlayer(s) for s in range(6)]
    hand = match.hand
    while not hand.partner_optional():
        match.apply(bots[hand.to_act].act(view_of(hand, hand.to_act)), hand.to_act)
    players = ["heuristic"] * 6
    players[hand.bidder] = "human"
    app = RookApp(pace=0, saves_dir=tmp_path, match=match, players=players)

    async def go() -> None:
        pilot: Pilot[int]
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            first = screen.choices()[0]
            assert (first.action, first.label, first.key) == (A.NO_MORE_PARTNERS, "No more partners", "1")
            assert all(A.PARTNER <= c.action < A.PASS for c in screen.choices()[1:])
            await pilot.press("1")
            assert hand.no_more_partners and len(hand.partner_cards) == 1

    asyncio.run(go())

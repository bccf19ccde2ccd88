"""The expert, its hints and the analysis of a game (issue 5)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rookgame import actions as A
from rookgame.analysis import analyze
from rookgame.bots.expert import ExpertPlayer
from rookgame.bots.hints import ranked
from rookgame.cli import app
from rookgame.play import selfplay
from rookgame.record import write_jsonl
from rookgame.rules import preset
from rookgame.state import Hand, Phase
from rookgame.view import view_of

from .helpers import play_out


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "cutthroat", "call-partner-5", "individual-6",
                                  "red-one", "double-bird"])
def test_expert_plays_every_kind_of_game_to_the_end(name: str) -> None:
    rules = preset(name)
    rng = random.Random(1)
    bots = [ExpertPlayer(s, "easy", timed=False) for s in range(rules.players)]
    for d in range(2):
        hand = Hand(rules, d % rules.players)
        hand.deal_random(rng)
        play_out(hand, bots)
        assert hand.phase in (Phase.DONE, Phase.THROWN_IN)


def test_hints_rank_every_legal_card_best_first() -> None:
    rules = preset("kentucky-discard")
    hand = Hand(rules, 0)
    hand.deal_random(random.Random(4))
    bot = ExpertPlayer(0, "easy", timed=False)
    while hand.phase != Phase.PLAY:
        hand.apply(bot.act(view_of(hand, hand.to_act)))
    view = view_of(hand, hand.to_act)
    hints = ranked(view, "easy")
    assert sorted(a for a, _ in hints) == sorted(view.legal)
    values = [v for _, v in hints]
    assert values == sorted(values, reverse=True)


def test_expert_chooses_only_legal_actions_for_every_seat() -> None:
    rules = preset("kentucky-discard")
    for seed in range(5):
        hand = Hand(rules, 0)
        hand.deal_random(random.Random(seed))
        bot = ExpertPlayer(0, "easy", timed=False)
        while not hand.is_over:
            view = view_of(hand, hand.to_act)
            choice = bot.act(view)
            assert choice in view.legal
            hand.apply(choice)


def test_analysis_prices_the_random_players_mistakes_higher(tmp_path: Path) -> None:
    rules = preset("kentucky-discard")
    rec = selfplay(rules, ["heuristic", "random"], 1, 3)[0]
    decisions = analyze(rec, 1, "easy")
    assert decisions
    cost = {0: 0.0, 1: 0.0}
    for d in decisions:
        assert d.taken_value <= d.best_value + 1e-9
        cost[d.seat % 2] += d.cost
    assert cost[1] > cost[0]


def test_rook_analyze_prints_costs_and_blunders(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    write_jsonl(path, selfplay(preset("tournament"), ["heuristic", "random"], 1, 2))
    result = CliRunner().invoke(app, ["analyze", str(path), "--game", "1", "--level", "easy"])
    assert result.exit_code == 0, result.output
    assert "blunder" in result.output and "points given away" in result.output
    bad = CliRunner().invoke(app, ["analyze", str(path), "--level", "grandmaster"])
    assert bad.exit_code == 2 and "levels: easy, medium, hard, expert" in bad.output


@pytest.mark.parametrize("name", ["full-deck", "kentucky-discard"])
def test_expert_buries_no_trump_whether_trump_is_named_first_or_last(name: str) -> None:
    rules = preset(name)
    rng = random.Random(8)
    checked = 0
    for d in range(12):
        hand = Hand(rules, d % 4)
        hand.deal_random(rng)
        bots = [ExpertPlayer(s, "easy", timed=False) for s in range(4)]
        while hand.phase in (Phase.BID, Phase.NEST):
            s = hand.to_act
            hand.apply(bots[s].act(view_of(hand, s)), s)
        if hand.phase != Phase.PLAY:
            continue
        trumps = hand.tables.suit_mask[hand.trump] if hand.tables else 0
        held = sum(1 for c in range(64) if (hand.hands[hand.bidder] | sum(1 << b for b in hand.buried)) >> c & 1
                   and trumps >> c & 1)
        if held <= rules.deck.hand_size:  # room to keep every trump
            assert not any(trumps >> c & 1 for c in hand.buried), [A.action_str(c) for c in hand.buried]
        checked += 1
    assert checked >= 6

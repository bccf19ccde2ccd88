"""How much seed 003's call-partner scoring (issue 15) changes against the old per-defender reading.

Self-plays games with heuristic bots and, for every played hand of the records, recomputes the
old score (each defender scored only what it took itself: its tricks, and the nest and the
last-trick bonus when it won the last trick) next to the recorded one (each defender scores the
defending side's points).  Also reports how many call-partner-6 hands the bidder called one card.

    PYTHONPATH=src python benchmarks/call_partner_scoring.py [games] [preset ...]
"""

from __future__ import annotations

import sys
import time
from typing import Any

from rookgame.cards import parse_card
from rookgame.play import selfplay
from rookgame.rules import RuleSet, preset


def old_scores(rules: RuleSet, hand: dict[str, Any]) -> tuple[set[int], list[int]]:
    """The bidder's team, and the hand's scores under the old reading, from the record alone."""
    pts = rules.deck.points
    took = [0] * rules.players
    for t in hand["tricks"]:
        took[t["winner"]] += sum(pts[parse_card(c)] for c in t["cards"])
    last = hand["tricks"][-1]["winner"]
    took[hand["bidder"] if rules.nest_to == "bidder" else last] += sum(pts[parse_card(c)] for c in hand["buried"])
    took[last] += rules.last_trick_bonus
    called = set(hand["calls"].get("partner", []))
    team = {hand["bidder"]} | {s for s, cards in enumerate(hand["deal"]) if called & set(cards)}
    team_pts = sum(took[s] for s in team)
    result = team_pts if team_pts >= hand["bid"] else -hand["bid"]
    return team, [result if s in team else took[s] for s in range(rules.players)]


def measure(name: str, games: int) -> None:
    rules = preset(name)
    start = time.perf_counter()
    records = selfplay(rules, ["heuristic"], games, seed=15)
    hands = changed = one_call = 0
    moved = 0  # points moved per defender seat, summed
    defender_seats = 0
    lengths = []
    for rec in records:
        played = [h for h in rec["hands"] if h["bidder"] is not None]
        lengths.append(len(played))
        for h in played:
            hands += 1
            team, old = old_scores(rules, h)
            if old != h["score"]:
                changed += 1
            for s in set(range(rules.players)) - team:
                defender_seats += 1
                moved += abs(h["score"][s] - old[s])
            one_call += bool(h["calls"].get("no_more_partners"))
    secs = time.perf_counter() - start
    print(f"{name}: {games} games, {hands} played hands ({sum(lengths) / len(lengths):.1f} per game), "
          f"{secs:.0f} s")
    print(f"  hands whose scores changed: {changed} ({100 * changed / hands:.1f}%)")
    print(f"  mean change per defender seat: {moved / max(1, defender_seats):.1f} points")
    if rules.min_partner_calls < rules.partner_calls:
        print(f"  hands where the bidder called fewer than {rules.partner_calls} cards: {one_call} "
              f"({100 * one_call / hands:.1f}%)")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for name in sys.argv[2:] or ["call-partner"]:
        measure(name, games)


if __name__ == "__main__":
    main()

"""Whole games of random bots per second through the game loop (``rookgame.play.play_match``).

Measures what the hand benchmark does not: the loop that drives a game (since issue 10 the
Table: whose turn, the seat's view, the bot, the check, the end of a hand), with a view built
for every decision.  One process, one core.

    python benchmarks/games_per_second.py                     # kentucky-discard and full-deck
    python benchmarks/games_per_second.py --rules cutthroat --seconds 10
"""

from __future__ import annotations

import argparse
import platform
import time

from rookgame.bots import RandomPlayer
from rookgame.play import play_match
from rookgame.rules import load


def run(rules_name: str, seconds: float) -> tuple[int, int, int, float]:
    rules = load(rules_name)
    games = hands = decisions = 0
    start = time.perf_counter()
    while True:
        players = [RandomPlayer(games * 16 + s) for s in range(rules.players)]
        match = play_match(rules, players, games)
        games += 1
        hands += len(match.hands)
        decisions += sum(len(h.history) for h in match.hands)
        now = time.perf_counter()
        if now - start >= seconds:
            return games, hands, decisions, now - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", action="append", help="preset or rules file (repeatable)")
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    for name in args.rules or ["kentucky-discard", "full-deck"]:
        games, hands, decisions, dt = run(name, args.seconds)
        print(f"{name:20s} {games / dt:7.1f} games/s  {decisions / dt:9,.0f} decisions/s  ({games} games, "
              f"{hands} hands, {dt:.1f} s)")


if __name__ == "__main__":
    main()

"""Random full hands per second through the public API.

Each hand: a seeded random deal, the auction, the nest exchange and trump,
every trick, and the score.  Every decision is drawn uniformly from
``Hand.legal_actions()`` and applied with ``Hand.apply_unchecked`` (the fast
path; the actions come from the legal list, so checking them again would only
measure the check twice).  Thrown-in hands count as hands (they are dealt and
bid).  One process, one core.

    python benchmarks/hands_per_second.py                      # both presets
    python benchmarks/hands_per_second.py --rules full-deck --seconds 10
    python benchmarks/hands_per_second.py --checked            # Hand.apply with every check
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from rookgame.rules import load
from rookgame.state import Hand


def run(rules_name: str, seconds: float, seed: int, checked: bool) -> tuple[int, int, float]:
    rules = load(rules_name)
    rng = random.Random(seed)
    choice = rng.choice
    n = rules.players
    hands = played = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(100):
            hand = Hand(rules, hands % n)
            hand.deal_random(rng)
            step = hand.apply if checked else hand.apply_unchecked
            legal = hand.legal_actions
            while hand.phase < 4:  # Phase.DONE
                step(choice(legal()))
            hands += 1
            played += hand.result is not None
        now = time.perf_counter()
        if now >= deadline:
            return hands, played, now - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", action="append", help="preset or rules file (repeatable)")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--checked", action="store_true", help="use Hand.apply (every action re-checked)")
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {platform.processor() or 'cpu'}")
    for name in args.rules or ["kentucky-discard", "full-deck"]:
        hands, played, dt = run(name, args.seconds, args.seed, args.checked)
        mode = "apply" if args.checked else "apply_unchecked"
        print(f"{name:20s} {hands / dt:9,.0f} hands/s  ({hands} hands, {played} played to the score, "
              f"{dt:.1f} s, {mode})")


if __name__ == "__main__":
    main()

"""Our exact solver against the bridge solver DDS, in one run, deal by deal in alternation.

Ours: whole kentucky-discard deals (9 tricks, 36 cards in the hands) solved from the first
lead, dealt from a seed, bid and nest by the heuristic players, as in solver_speed.py.  DDS:
``solve_board`` of the pip package endplay on random bridge deals (13 tricks, 52 cards) with a
random strain and leader.  Each deal pair is timed back to back, the order flipped every pair,
so that both see the same load on a shared machine.  Three pairings:

* value only (``solve(..., cards=False)``) against DDS's value and one best card
  (``SolveMode.OptimalOne``);
* every first card's value (``cards=True``, what the expert bot asks) against DDS's score of
  every legal card (``SolveMode.Default``, solve_board's default);
* value only against solve_board's default (the issue's comparison).

endplay is a benchmark-only dependency (``pip install endplay``, or ``pip install -e .[bench]``):

    python benchmarks/dds_compare.py --deals 100
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from rookgame.solver import Position, solve_position

sys.path.insert(0, str(Path(__file__).resolve().parent))
from solver_speed import positions as rook_positions  # noqa: E402  (the same deals to the first lead)

RANKS = "AKQJT98765432"


def bridge_pbn(rng: random.Random) -> str:
    cards = [(s, r) for s in range(4) for r in range(13)]
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = cards[13 * h:13 * h + 13]
        hands.append(".".join("".join(RANKS[r] for r in sorted(x for s2, x in mine if s2 == s)) for s in range(4)))
    return "N:" + " ".join(hands)


def summary(name: str, ms: list[float]) -> str:
    ms = sorted(ms)
    return (f"{name}: median {statistics.median(ms):.1f} ms, 90th percentile {ms[int(len(ms) * 0.9)]:.1f} ms, "
            f"worst {ms[-1]:.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    try:
        from endplay.dds import solve_board
        from endplay.dds.solve import SolveMode
        from endplay.types import Deal, Denom, Player
    except ImportError:
        sys.exit("needs endplay (DDS for Python): pip install endplay")
    positions = rook_positions(args.rules, args.deals, args.seed)
    brng = random.Random(args.seed)
    def bridge_deal() -> Deal:
        d = Deal.from_pbn(bridge_pbn(brng))
        d.trump = Denom(brng.randrange(5))
        d.first = Player(brng.randrange(4))
        return d

    # A deal of its own for each DDS mode: DDS keeps its table from one call to the next for the
    # same deal, so a second solve of a deal would be quicker than a solve from scratch.
    deals = [(bridge_deal(), bridge_deal()) for _ in range(args.deals)]
    ours = {False: [], True: []}  # type: dict[bool, list[float]]
    dds = {SolveMode.OptimalOne: [], SolveMode.Default: []}  # type: dict[SolveMode, list[float]]

    def run_ours(p: Position, cards: bool) -> None:
        t = time.perf_counter()
        solve_position(p, cards=cards)
        ours[cards].append((time.perf_counter() - t) * 1000)

    def run_dds(d: Deal, mode: SolveMode) -> None:
        t = time.perf_counter()
        solve_board(d, mode)
        dds[mode].append((time.perf_counter() - t) * 1000)

    for i, (p, (d1, d2)) in enumerate(zip(positions, deals)):
        jobs = [(False, None), (None, d1), (True, None), (None, d2)]
        for cards, d in jobs if i % 2 == 0 else jobs[::-1]:
            if d is None:
                run_ours(p, bool(cards))
            else:
                run_dds(d, SolveMode.OptimalOne if d is d1 else SolveMode.Default)
    print(f"{args.deals} deals each, alternating: {args.rules} whole deals (ours) and random bridge deals (DDS)")
    print("  " + summary("ours, value only", ours[False]))
    print("  " + summary("ours, every first card", ours[True]))
    print("  " + summary("DDS solve_board, one best card", dds[SolveMode.OptimalOne]))
    print("  " + summary("DDS solve_board, every card (default)", dds[SolveMode.Default]))
    med = statistics.median
    one, every = med(dds[SolveMode.OptimalOne]), med(dds[SolveMode.Default])
    print(f"  median ratios (ours / DDS): value only / one best card {med(ours[False]) / one:.2f}, "
          f"every card / every card {med(ours[True]) / every:.2f}, value only / default {med(ours[False]) / every:.2f}")


if __name__ == "__main__":
    main()

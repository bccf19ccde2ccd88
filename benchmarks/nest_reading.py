"""How near the deals a defender draws come to the real one: the bidder's trumps and its burial.

Heuristic players bid, take the nest and play two tricks of seeded deals; the next seat to play
that is not the bidder then draws deals (``sample_hand``) with and without ``read_nest``.  For
each drawn deal: how far the bidder's trump count is from the real one, and what share of the
real burial is in the drawn burial.  Means over every deal drawn.

    python benchmarks/nest_reading.py --rules kentucky-discard --positions 60 --draws 30
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from rookgame.bots.heuristic import HeuristicPlayer
from rookgame.bots.sampler import SampleError, sample_hand
from rookgame.cards import mask_of
from rookgame.view import view_of

sys.path.insert(0, str(Path(__file__).resolve().parent))
from decision_speed import positions  # noqa: E402  (deals played by the heuristic to a trick's first lead)


@dataclass
class Tally:
    deals: int = 0
    trump_error: float = 0.0  # summed |drawn - real| count of the bidder's trumps
    burial_share: float = 0.0  # summed share of the real burial in the drawn one
    seconds: float = 0.0


def measure(rules_name: str, count: int, draws: int, seed: int) -> dict[bool, dict[str, float]]:
    bot = HeuristicPlayer()
    rng = random.Random(seed)
    tallies = {False: Tally(), True: Tally()}
    for h in positions(rules_name, count, seed, trick=2):
        rules = h.rules
        if rules.nest_size == 0:
            break
        if h.to_act == h.bidder:  # the seat measured is one that has not seen the burial
            h.apply(bot.act(view_of(h, h.to_act)))
        view = view_of(h, h.to_act)
        real_burial = mask_of(h.buried)
        trumps = rules.play_tables(h.trump, h.low, h.bird_high).suit_mask[h.trump] if h.trump >= 0 else 0
        real_trumps = (h.hands[h.bidder] & trumps).bit_count()
        for read, t in tallies.items():
            for _ in range(draws):
                t0 = time.perf_counter()
                try:
                    deal = sample_hand(view, rng, read_nest=read)
                except SampleError:
                    continue
                t.seconds += time.perf_counter() - t0
                t.deals += 1
                t.trump_error += abs((deal.hands[deal.bidder] & trumps).bit_count() - real_trumps)
                t.burial_share += (mask_of(deal.buried) & real_burial).bit_count() / rules.nest_size
    return {read: {"deals": t.deals, "trump_error": t.trump_error / t.deals,
                   "burial_share": t.burial_share / t.deals, "sample_us": t.seconds / t.deals * 1e6}
            for read, t in tallies.items() if t.deals}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard,full-deck")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--draws", type=int, default=30)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    for name in args.rules.split(","):
        for read, f in measure(name, args.positions, args.draws, args.seed).items():
            print(f"{name} read_nest={int(read)}: {f['deals']} deals drawn; bidder's trumps off by "
                  f"{f['trump_error']:.2f}; share of the real burial {f['burial_share']:.1%}; "
                  f"{f['sample_us']:.0f} us a deal")


if __name__ == "__main__":
    main()

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
import time

from rookgame.bots.heuristic import HeuristicPlayer
from rookgame.bots.sampler import SampleError, sample_hand
from rookgame.cards import mask_of
from rookgame.rules import load
from rookgame.state import Hand, Phase
from rookgame.view import view_of


def measure(rules_name: str, positions: int, draws: int, seed: int) -> dict[bool, dict[str, float]]:
    rules = load(rules_name)
    bot = HeuristicPlayer()
    rng = random.Random(seed)
    sums = {read: [0, 0.0, 0.0, 0.0] for read in (False, True)}
    for d in range(positions):
        h = Hand(rules, d % rules.players)
        h.deal_random(random.Random(seed * 100_003 + d))
        while h.phase != Phase.PLAY or len(h.tricks) < 2 or h.to_act == h.bidder:
            if h.phase not in (Phase.BID, Phase.NEST, Phase.PLAY):
                break
            h.apply(bot.act(view_of(h, h.to_act)))
        if h.phase != Phase.PLAY or rules.nest_size == 0:
            continue
        view = view_of(h, h.to_act)
        real_burial = mask_of(h.buried)
        trumps = rules.play_tables(h.trump, h.low, h.bird_high).suit_mask[h.trump] if h.trump >= 0 else 0
        real_trumps = (h.hands[h.bidder] & trumps).bit_count()
        for read, s in sums.items():
            for _ in range(draws):
                t0 = time.perf_counter()
                try:
                    deal = sample_hand(view, rng, read_nest=read)
                except SampleError:
                    continue
                s[3] += time.perf_counter() - t0
                s[0] += 1
                s[1] += abs((deal.hands[deal.bidder] & trumps).bit_count() - real_trumps)
                s[2] += (mask_of(deal.buried) & real_burial).bit_count() / rules.nest_size
    return {read: {"deals": s[0], "trump_error": s[1] / s[0], "burial_share": s[2] / s[0],
                   "sample_us": s[3] / s[0] * 1e6} for read, s in sums.items() if s[0]}


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

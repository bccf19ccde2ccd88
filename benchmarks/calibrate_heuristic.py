"""Fit the heuristic's bidding estimate: what the bidding side takes, from hand features.

For each deal the seat left of the dealer takes the contract at the minimum bid (the
others pass), then four heuristic players play the hand out.  A least-squares fit of
the bidding side's share of the points on the bidder's pre-nest hand features gave
the constants the heuristic bid from until issue 12 (kept in benchmarks/bidding_arena.py
as the old bidding).  Superseded by benchmarks/fit_valuation.py, which fits
``rookgame/bots/valuation.py`` over many rule sets.

    python benchmarks/calibrate_heuristic.py --rules kentucky-discard --deals 3000
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from rookgame import actions as A
from rookgame.bots.colours import best_colour, sure_tricks
from rookgame.bots.colours import natural as _natural
from rookgame.bots.heuristic import HeuristicPlayer
from rookgame.rules import load
from rookgame.state import Hand, Phase
from rookgame.view import view_of


def features(rules, hand: int) -> list[float]:  # type: ignore[no-untyped-def]
    colour = best_colour(rules, hand)
    t = _natural(rules, colour)
    n_trump = (hand & t.suit_mask[colour]).bit_count()
    expected = rules.deck.hand_size * sum(1 for c in rules.deck.cards if t.suit[c] == colour) / rules.deck.size
    own = sum(rules.deck.points[c] for c in rules.deck.cards if hand >> c & 1)
    return [1.0, n_trump - expected, sure_tricks(rules, hand, colour), own / rules.total_points]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rules = load(args.rules)
    rng = random.Random(args.seed)
    players = [HeuristicPlayer() for _ in range(rules.players)]
    xs, ys = [], []
    for d in range(args.deals):
        hand = Hand(rules, d % rules.players)
        hand.deal_random(rng)
        bidder = hand.to_act
        x = features(rules, hand.hands[bidder])
        hand.apply(A.BID + rules.min_bid)
        while hand.phase == Phase.BID:
            hand.apply(A.PASS)
        while not hand.is_over:
            s = hand.to_act
            hand.apply(players[s].act(view_of(hand, s)))
        assert hand.result is not None
        xs.append(x)
        ys.append(hand.result.bidding_points / rules.total_points)
    coef, *_ = np.linalg.lstsq(np.array(xs), np.array(ys), rcond=None)
    pred = np.array(xs) @ coef
    resid = np.array(ys) - pred
    names = ["base share", "per trump above expected", "per sure trick", "per own point share"]
    for n, c in zip(names, coef):
        print(f"{n:28s} {c: .4f}")
    total = rules.total_points
    print(f"residual sd {resid.std() * total:.1f} points; mean taken {np.mean(ys) * total:.1f}")


if __name__ == "__main__":
    main()

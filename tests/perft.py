"""Perft-style counts: the number of legal action sequences from fixed positions, per preset.

The deals are fixed by arithmetic, not by a random generator (card ``i`` of the deal order
is the deck's card ``i * k mod size``), so the counts pin the rules alone: a change to who
may bid, bury, call or play what shows as a changed count.

    python tests/perft.py            # print the counts
    python tests/perft.py --write    # rewrite tests/golden/perft.json (only for an intended rule change)
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from rookgame import actions as A
from rookgame.rules import PRESETS, RuleSet
from rookgame.state import Hand, Phase, deal_order

GOLDEN = Path(__file__).parent / "golden" / "perft.json"
DEPTHS = {"auction": 4, "nest": 4, "calls": 4, "play": 6}


def fixed_hand(rules: RuleSet, dealer: int = 0) -> Hand:
    cards = rules.deck.cards
    size = len(cards)
    k = next(k for k in range(7, size + 7, 2) if math.gcd(k, size) == 1)
    masks = [0] * (rules.players + 1)
    for i, seat in enumerate(deal_order(rules, dealer)):
        masks[seat] |= 1 << cards[(i * k) % size]
    hand = Hand(rules, dealer)
    hand.set_deal(masks[:-1], masks[-1])
    return hand


def perft(hand: Hand, depth: int, phase: Phase) -> int:
    """Sequences of ``depth`` legal actions that stay within ``phase`` (a sequence that leaves it ends there)."""
    if depth == 0 or hand.phase != phase:
        return 1
    total = 0
    for action in hand.legal_actions():
        hand.push(action)
        total += perft(hand, depth - 1, phase)
        hand.pop()
    return total


def to_nest(rules: RuleSet) -> Hand:
    """The fixed line into the nest: the first seat bids the minimum, the others pass."""
    hand = fixed_hand(rules)
    hand.apply(A.BID + rules.min_bid)
    while hand.phase == Phase.BID:
        hand.apply(A.PASS)
    return hand


def to_calls(rules: RuleSet) -> Hand:
    """On from :func:`to_nest` to the declarations after the burials: each burial the first legal one."""
    hand = to_nest(rules)
    while hand.phase == Phase.NEST and hand.step_kind == "bury":
        hand.apply(hand.legal_actions()[0])
    return hand


def to_play(rules: RuleSet) -> Hand:
    """On from :func:`to_nest`: each declaration is the first legal one."""
    hand = to_nest(rules)
    while hand.phase == Phase.NEST:
        hand.apply(hand.legal_actions()[0])
    return hand


def counts(rules: RuleSet) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    starts = {"auction": (fixed_hand, Phase.BID), "nest": (to_nest, Phase.NEST), "calls": (to_calls, Phase.NEST),
              "play": (to_play, Phase.PLAY)}
    for part, (start, phase) in starts.items():
        hand = start(rules)
        out[part] = [perft(hand, d, phase) for d in range(1, DEPTHS[part] + 1)]
    return out


def all_counts() -> dict[str, dict[str, list[int]]]:
    return {name: counts(rules) for name, rules in sorted(PRESETS.items())}


if __name__ == "__main__":
    found = all_counts()
    if "--write" in sys.argv:
        GOLDEN.write_text(json.dumps(found, indent=1) + "\n")
        print("wrote", GOLDEN)
    else:
        print(json.dumps(found, indent=1))

"""The heuristic's bidding against its old bidding, on duplicate deals, in many rule sets.

The old bidding (the linear estimate fitted on kentucky-discard and full-deck, as of commit
5d19c0a) is kept here as ``OldBiddingHeuristic``: the current heuristic's card play with the
old auction, nest and trump choices.  It is registered as the bot ``heuristic-old`` for the
arena, which plays every deal in both seatings (every seat configuration).

    python benchmarks/bidding_arena.py --deals 300 --seed 1 \
        kentucky-discard full-deck docs/examples/*.toml benchmarks/random-rules/*.toml

For each rule set it prints the contracts made/bid for both bots, the new heuristic's points
per hand less the old one's with its 95% interval, and the new heuristic's made rate
against itself; ``--json FILE`` writes the figures.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rookgame import actions as A
from rookgame.arena import run_arena
from rookgame.bots import REGISTRY, Player
from rookgame.bots import heuristic as H
from rookgame.bots import valuation as V
from rookgame.bots.colours import best_colour, sure_tricks
from rookgame.bots.colours import natural as _natural
from rookgame.bots.heuristic import HeuristicPlayer
from rookgame.cards import cards_of
from rookgame.rules import RuleSet, load
from rookgame.view import View

# ---------------------------------------------------------------------- the old bidding, frozen
_BASE_SHARE = 0.56
_PER_TRUMP = 0.038
_PER_SURE_TRICK = 0.026
_PER_OWN_POINT = 0.35
ALONE_MARGIN = 50.0


def old_colour_score(rules: RuleSet, hand: int, colour: int) -> float:
    t = _natural(rules, colour)
    cards = sorted(cards_of(hand & t.suit_mask[colour]), key=lambda c: -t.strength[c])
    score = 10.0 * len(cards)
    order = sorted((c for c in rules.deck.cards if t.suit[c] == colour), key=lambda c: -t.strength[c])
    for i, c in enumerate(order[:5]):
        if hand >> c & 1:
            score += (5 - i) * 1.5
    score += sum(rules.deck.points[c] for c in cards) * 0.1
    return score


def old_best_colour(rules: RuleSet, hand: int) -> int:
    return max(range(4), key=lambda c: (old_colour_score(rules, hand, c), -c))


def old_estimate(rules: RuleSet, hand: int) -> float:
    colour = old_best_colour(rules, hand)
    t = _natural(rules, colour)
    n_trump = (hand & t.suit_mask[colour]).bit_count()
    expected_trump = rules.deck.hand_size * (len([c for c in rules.deck.cards if t.suit[c] == colour])
                                            / rules.deck.size)
    own = sum(rules.deck.points[c] for c in cards_of(hand))
    total = rules.total_points
    share = (_BASE_SHARE + _PER_TRUMP * (n_trump - expected_trump) + _PER_SURE_TRICK * sure_tricks(rules, hand, colour)
             + _PER_OWN_POINT * own / total)
    return max(0.0, min(1.0, share)) * total


def old_keep_value(rules: RuleSet, hand: int, colour: int, card: int) -> float:
    t = _natural(rules, colour)
    pts = rules.deck.points
    s = t.suit[card]
    if s == colour:
        return 1000.0 + t.strength[card] / 100
    order = sorted((c for c in rules.deck.cards if t.suit[c] == s), key=lambda c: -t.strength[c])
    rank_pos = order.index(card)
    held_above = sum(1 for c in order[:rank_pos] if hand >> c & 1)
    if rank_pos == held_above:
        return 500.0 + pts[card]
    value = 50.0 + (hand & t.suit_mask[s]).bit_count() * 8 - rank_pos * 2
    if pts[card]:
        value -= pts[card] * (2.0 if rules.nest_to == "bidder" else 1.0)
    return value


class OldBiddingHeuristic(HeuristicPlayer):
    """The heuristic as it bid, named trump, buried and called partners at commit 5d19c0a."""

    name = "heuristic-old"

    def limit(self, view: View) -> float:
        return old_estimate(view.rules, int(view.hand)) - self.margin

    def declare(self, view: View) -> int:
        rules = view.rules
        legal = view.legal
        hand = int(view.hand)
        colour = view.trump if view.trump >= 0 else old_best_colour(rules, hand)
        step = view.step
        if step == "trump":
            return A.TRUMP + colour if A.TRUMP + colour in legal else legal[0]
        if step == "direction":
            return A.HIGH
        if step == "bird":
            return A.BIRD_HIGH
        if step == "partner":
            if A.NO_MORE_PARTNERS in view.legal and old_estimate(rules, hand) >= view.bid + ALONE_MARGIN:
                return A.NO_MORE_PARTNERS
            return self.call_partner_old(view, colour)
        choices = [a - A.BURY for a in view.legal]
        return A.BURY + min(choices, key=lambda c: (old_keep_value(rules, hand, colour, c), c))

    def call_partner_old(self, view: View, colour: int) -> int:
        rules = view.rules
        t = _natural(rules, colour)
        hand = int(view.hand)
        legal = set(view.legal)
        order = sorted(rules.deck.cards, key=lambda c: (t.suit[c] != colour, -t.strength[c]))
        for c in order:
            if not hand >> c & 1 and A.PARTNER + c in legal and not (view.buried and int(view.buried) >> c & 1):
                return A.PARTNER + c
        return view.legal[0]


def _old(seed: int | None) -> Player:
    return OldBiddingHeuristic(seed)


class GlobalOnlyHeuristic(HeuristicPlayer):
    """The new bidding with the global model alone, not calibrated to the rule set (for comparison)."""

    name = "heuristic-global"

    def limit(self, view: View) -> float:
        rules = view.rules
        hand = int(view.hand)
        share = max(0.0, min(1.0, V.colour_value(rules, hand, best_colour(rules, hand))))
        return (share - H.BID_CAUTION * V.global_spread(rules)) * rules.total_points


class ValuedTrumpHeuristic(HeuristicPlayer):
    """The new bidding, naming as trump the colour the valuation rates highest (for comparison)."""

    name = "heuristic-vtrump"

    def declare(self, view: View) -> int:
        if view.trump < 0 and view.step in ("trump", "bury", "partner"):
            rules = view.rules
            hand = int(view.hand)
            colour = max(range(4), key=lambda c: (V.colour_value(rules, hand, c), -c))
            if view.step == "trump":
                return A.TRUMP + colour if A.TRUMP + colour in view.legal else view.legal[0]
            if view.step == "partner":
                return self.call_partner(view, colour)
            return self.bury(view, colour)
        return super().declare(view)


REGISTRY.setdefault("heuristic-old", _old)
REGISTRY.setdefault("heuristic-global", GlobalOnlyHeuristic)
REGISTRY.setdefault("heuristic-vtrump", ValuedTrumpHeuristic)


# ---------------------------------------------------------------------- measuring
def versus(rules: RuleSet, pair: tuple[str, str], deals: int, seed: int, workers: int) -> str:
    """One line: A against B, made/bid for both and A's points per hand less B's."""
    r = run_arena(rules, pair, deals, seed, workers=workers).to_json()
    a, b = r["per_bot"]
    d = r["difference"]
    low, high = d["ci95"] or (float("nan"), float("nan"))
    return (f"{rules.label[:22]:22s} {deals:5d} | {pair[0]} {a['made']}/{a['contracts']}{_pct(a['made_rate'])} "
            f"{pair[1]} {b['made']}/{b['contracts']}{_pct(b['made_rate'])} | A-B {d['mean']:+6.2f} "
            f"[{low:+6.2f}, {high:+6.2f}]")


def measure(rules: RuleSet, deals: int, seed: int, workers: int) -> dict[str, Any]:
    versus = run_arena(rules, ("heuristic", "heuristic-old"), deals, seed, workers=workers).to_json()
    itself = run_arena(rules, ("heuristic", "heuristic"), deals, seed, workers=workers).to_json()
    old_itself = run_arena(rules, ("heuristic-old", "heuristic-old"), deals, seed, workers=workers).to_json()
    new, old = versus["per_bot"]
    d = versus["difference"]
    return {
        "rules": rules.label,
        "deals": deals,
        "hands": versus["hands"],
        "seed": seed,
        "new_vs_old": {
            "difference": d,
            "new": {k: new[k] for k in ("contracts", "made", "made_rate", "avg_contract", "avg_taken")},
            "old": {k: old[k] for k in ("contracts", "made", "made_rate", "avg_contract", "avg_taken")},
            "new_points_per_hand": new["points_per_hand"]["mean"],
            "old_points_per_hand": old["points_per_hand"]["mean"],
        },
        "new_self": {k: itself["per_bot"][0][k] for k in ("contracts", "made", "made_rate", "avg_contract")},
        "old_self": {k: old_itself["per_bot"][0][k] for k in ("contracts", "made", "made_rate", "avg_contract")},
        "new_self_points_per_hand": itself["per_bot"][0]["points_per_hand"]["mean"],
        "old_self_points_per_hand": old_itself["per_bot"][0]["points_per_hand"]["mean"],
    }


def _pct(x: float | None) -> str:
    return "  n/a" if x is None else f"{100 * x:4.0f}%"


def line(m: dict[str, Any]) -> str:
    v = m["new_vs_old"]
    d = v["difference"]
    low, high = d["ci95"] or (float("nan"), float("nan"))
    return (f"{m['rules'][:22]:22s} {m['deals']:5d} | new {v['new']['made']:4d}/{v['new']['contracts']:<4d}"
            f"{_pct(v['new']['made_rate'])}  old {v['old']['made']:4d}/{v['old']['contracts']:<4d}"
            f"{_pct(v['old']['made_rate'])} | new-old {d['mean']:+6.2f} [{low:+6.2f}, {high:+6.2f}] | "
            f"self: new {_pct(m['new_self']['made_rate'])} old {_pct(m['old_self']['made_rate'])}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules", nargs="+")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--caution", type=float, help="the heuristic's BID_CAUTION for this run")
    ap.add_argument("--pair", help="only A against B, such as heuristic,heuristic-global")
    args = ap.parse_args()
    if args.caution is not None:
        H.BID_CAUTION = args.caution
    if args.pair:
        a, b = args.pair.split(",")
        for spec in args.rules:
            print(versus(load(spec), (a, b), args.deals, args.seed, args.workers), flush=True)
        return
    out = []
    for spec in args.rules:
        m = measure(load(spec), args.deals, args.seed, args.workers)
        m["spec"] = spec
        out.append(m)
        print(line(m), flush=True)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()

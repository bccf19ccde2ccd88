"""What a decision costs: a seat's view, its knowledge, a heuristic play-out, an expert decision.

Positions are mid-hand: heuristic players play seeded deals up to the first lead of the
middle trick.  Each figure is the mean over those positions: every seat's view, the knowledge
of the seat to act, one deal drawn for it to score a card on (the auction weighed), one
heuristic play-out to the end of the hand, one deal drawn for the seat after the bidder (which
has not seen the burial), 64 deals drawn for that seat from one view as a decision draws them
(``draw_us``, a deal), and one expert card decision (mid-hand, and at the
second card of the hand) without its time limit, so that both trees do the same work.  The
play-out is the expert's own (``rookgame.bots.playout.finish``; in a tree without it, the view
per card it replaced).

    python benchmarks/decision_speed.py --rules full-deck --positions 40
    python benchmarks/decision_speed.py --json            # one JSON line, for compare.py

Before and after in one run, alternately (see benchmarks/compare.py):

    python benchmarks/compare.py --old /work/wt-base --rounds 5 -- benchmarks/decision_speed.py --json
"""

from __future__ import annotations

import argparse
import json
import random
import time

from rookgame.bots.expert import ExpertPlayer
from rookgame.bots.heuristic import HeuristicPlayer
from rookgame.bots.knowledge import know
from rookgame.bots.sampler import Draw, sample_hand
from rookgame.rules import load
from rookgame.state import Hand, Phase
from rookgame.view import view_of

try:
    from rookgame.bots.playout import finish
except ImportError:  # a tree from before the play-outs on the state

    def finish(hand: Hand, bot: HeuristicPlayer, stop_at: int = 0) -> None:  # stop_at: never passed here
        while hand.phase < Phase.DONE:
            hand.apply_unchecked(bot.act(view_of(hand, hand.to_act)))


DRAWS = 64  # deals a view, as the expert draws for a card-play decision


def positions(rules_name: str, count: int, seed: int, trick: int | None = None) -> list[Hand]:
    """Deals played up to the first lead of trick ``trick`` (the middle one by default)."""
    rules = load(rules_name)
    bot = HeuristicPlayer()
    rng = random.Random(seed)
    out: list[Hand] = []
    while len(out) < count:
        h = Hand(rules, len(out) % rules.players)
        h.deal_random(rng)
        middle = rules.deck.hand_size // 2 if trick is None else trick
        while h.phase < Phase.DONE and not (h.phase == Phase.PLAY and len(h.tricks) == middle and not h.trick):
            h.apply_unchecked(bot.act(view_of(h, h.to_act)))
        if h.phase == Phase.PLAY:
            out.append(h)
    return out


def per_call(fn: object, reps: int) -> float:
    """Seconds per call of ``fn()`` (a callable), best of three runs of ``reps`` calls."""
    assert callable(fn)
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(reps):
            fn()
        best = min(best, (time.perf_counter() - t) / reps)
    return best


def measure(rules_name: str, count: int, seed: int, expert_positions: int) -> dict[str, float]:
    hands = positions(rules_name, count, seed)
    n = hands[0].n
    bot = HeuristicPlayer()

    def views() -> None:
        for h in hands:
            for s in range(n):
                view_of(h, s)

    seen = [view_of(h, h.to_act) for h in hands]

    def knows() -> None:
        for v in seen:
            know(v)

    def playouts() -> None:
        for h in hands:
            finish(h.copy(), bot)

    def samples() -> None:
        rng = random.Random(seed)
        for v in seen:
            sample_hand(v, rng)

    # A seat that has not seen the burial, the one after the bidder (its deals read the nest, where the
    # tree does that).
    defenders = [view_of(h, (h.bidder + 1) % n) for h in hands]

    def defender_samples() -> None:
        rng = random.Random(seed)
        for v in defenders:
            sample_hand(v, rng)

    # As a decision draws them: many deals from one view, prepared once (the first replays the history,
    # the others swap their hidden cards into it).
    def draws() -> None:
        rng = random.Random(seed)
        for v in defenders:
            draw = Draw(v)
            for _ in range(DRAWS):
                draw.sample(rng)

    view_us = per_call(views, 20) / (len(hands) * n) * 1e6
    draw_us = per_call(draws, 2) / (len(hands) * DRAWS) * 1e6
    sample_us = per_call(samples, 5) / len(hands) * 1e6
    defender_sample_us = per_call(defender_samples, 5) / len(hands) * 1e6
    know_us = per_call(knows, 20) / len(hands) * 1e6
    playout_ms = per_call(playouts, 3) / len(hands) * 1e3
    expert = ExpertPlayer(seed, "expert", timed=False)
    t = time.perf_counter()
    for h in hands[:expert_positions]:
        expert.rank(view_of(h, h.to_act))
    expert_ms = (time.perf_counter() - t) / expert_positions * 1e3
    # The second card of the hand: every sample is played out (no solving so early).
    early = positions(rules_name, expert_positions, seed + 1, trick=0)
    for h in early:
        h.apply_unchecked(bot.act(view_of(h, h.to_act)))
    t = time.perf_counter()
    for h in early:
        expert.rank(view_of(h, h.to_act))
    early_ms = (time.perf_counter() - t) / expert_positions * 1e3
    return {"view_us": view_us, "know_us": know_us, "sample_us": sample_us,
            "defender_sample_us": defender_sample_us, "draw_us": draw_us, "playout_ms": playout_ms,
            "expert_ms": expert_ms, "expert_early_ms": early_ms}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard,full-deck")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--expert-positions", type=int, default=4)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--json", action="store_true", help="print one JSON object of all figures")
    args = ap.parse_args()
    figures: dict[str, float] = {}
    for name in args.rules.split(","):
        for k, v in measure(name, args.positions, args.seed, args.expert_positions).items():
            figures[f"{name} {k}"] = v
    if args.json:
        print(json.dumps(figures))
        return
    for k, v in figures.items():
        print(f"{k:40} {v:10.2f}")


if __name__ == "__main__":
    main()

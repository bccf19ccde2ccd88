"""What a card costs in a play-out: the heuristic against the learned policy (rookgame/bots/policy.py).

Hands dealt and bid by heuristic players up to the first lead, then played out from there (as the
expert's play-outs do, :func:`rookgame.bots.playout.finish`) by the heuristic and by the policy in
turn, ``--rounds`` times each, the same hands; the figure is the time per card decision with a choice
(its time over them; the forced cards' cost is in it), the best round of each (the least disturbed by other
work on a shared machine), and the median round.

    python benchmarks/policy_speed.py --rules kentucky-discard,full-deck --hands 100 --rounds 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rookgame.bots.heuristic import HeuristicPlayer
from rookgame.bots.playout import finish, seat_knowledge
from rookgame.bots.policy import PolicyPlayer
from rookgame.rules import load
from rookgame.state import Hand, Phase
from rookgame.view import view_of


def starts(spec: str, count: int, seed: int) -> list[Hand]:
    rules = load(spec)
    bot = HeuristicPlayer()
    rng = random.Random(seed)
    out: list[Hand] = []
    while len(out) < count:
        h = Hand(rules, len(out) % rules.players)
        h.deal_random(rng)
        while h.phase < Phase.PLAY:
            h.apply(bot.act(view_of(h, h.to_act)))
        if h.phase == Phase.PLAY:
            out.append(h)
    return out


def decisions(hands: list[Hand], bot: HeuristicPlayer) -> tuple[int, int]:
    """Cards played, and card decisions with a choice among them, when ``bot`` plays ``hands`` out."""
    cards = chosen = 0
    for s in hands:
        h = s.copy()
        while h.phase == Phase.PLAY:
            legal = h.legal_tuple()
            cards += 1
            chosen += len(legal) > 1
            h.apply_unchecked(legal[0] if len(legal) == 1 else bot.play(seat_knowledge(h, h.to_act), legal))
    return cards, chosen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard,full-deck")
    ap.add_argument("--hands", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    bots = {"heuristic": HeuristicPlayer(), "policy": PolicyPlayer()}
    for spec in args.rules.split(","):
        hands = starts(spec, args.hands, args.seed)
        times: dict[str, list[float]] = {k: [] for k in bots}
        for _ in range(args.rounds):
            for name, bot in bots.items():
                t0 = time.perf_counter()
                for s in hands:
                    finish(s.copy(), bot)
                times[name].append(time.perf_counter() - t0)
        for name, bot in bots.items():
            cards, chosen = decisions(hands, bot)
            print(f"{spec}: {name}: {min(times[name]) / chosen * 1e6:.1f} us a decision with a choice "
                  f"(best of {args.rounds}; median {statistics.median(times[name]) / chosen * 1e6:.1f}), "
                  f"{min(times[name]) / cards * 1e6:.1f} us a card played; {chosen} decisions, {cards} cards, "
                  f"{args.hands} hands", flush=True)


if __name__ == "__main__":
    main()

"""How much each card an expert variant plays gives away against the best card for the real deal.

Positions come from recorded hands (``rookgame.research.hands``): the seat to play, in the first
tricks of a hand (``--tricks``), where it has a choice.  Each variant (as in expert_variants.py)
chooses a card there from its view, untimed; the real deal is then solved exactly for every legal
card (everyone playing on with every card known), and the variant's regret is the best card's
value less its card's, in points of the hand's score for its side.  Two variants choose on the
same positions, so their difference is measured position by position, far more tightly than an
arena does: most positions they answer alike.  It is a proxy: the solver's values assume perfect
play with every card known from there on, which no seat has.

    python benchmarks/card_regret.py --hands /tmp/belief/hands/medium-kd.jsonl --from 250 \\
        --a "expert:belief=1" --b expert --positions 400
    python benchmarks/card_regret.py --hands /tmp/belief/hands/medium-kd.jsonl --a oracle --b expert --worst 12

With ``--worst``, B's largest regrets are shown after: where, and each card's value for the real deal
beside B's own estimate of it (a regret among cards B rated alike is the hidden cards' doing, not the
search's).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from expert_variants import variant
from rookgame.arena import estimate
from rookgame.bots import make_player
from rookgame.bots.expert import Clock, ExpertPlayer, _final_utility
from rookgame.cards import card_str
from rookgame.research.hands import replay
from rookgame.research.train import read_records
from rookgame.rules import load
from rookgame.solver import BudgetExceeded, solve
from rookgame.state import Hand, Phase
from rookgame.view import View, view_of


class Oracle(ExpertPlayer):
    """The expert given the real deal as every deal it scores a card on: what perfect beliefs would
    give with the same search (``--a oracle``)."""

    def __init__(self, seed: int, truth: Hand) -> None:
        super().__init__(seed, "expert", timed=False)
        self.truth = truth

    def _deals(self, view: View, count: int, clock: Clock,
               enough: Callable[[], bool] | None = None) -> Iterator[Hand]:
        for _ in range(min(count, 2)):  # the play-outs are the heuristic's: the same on every copy
            yield self.truth.copy()


def _cache_file(args: argparse.Namespace, spec: str) -> Path | None:
    if args.cache is None:
        return None
    name = "".join(ch if ch.isalnum() or ch in "-_=." else "-" for ch in spec)
    return args.cache / f"{args.hands.stem}-{name}.json"


def _load(args: argparse.Namespace, spec: str) -> dict[str, int]:
    path = _cache_file(args, spec)
    if path is None or not path.exists():
        return {}
    got: dict[str, int] = json.loads(path.read_text())
    return got


def _save(args: argparse.Namespace, spec: str, picks: dict[str, int]) -> None:
    path = _cache_file(args, spec)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(picks))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=Path, required=True, help="recorded hands (JSON lines)")
    ap.add_argument("--from", dest="start", type=int, default=0, help="skip this many hands (the training ones)")
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--tricks", type=int, default=3, help="positions in the first this many tricks")
    ap.add_argument("--after", type=int, default=0, help="and not in the first this many")
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--max-nodes", type=int, default=20_000_000)
    ap.add_argument("--cache", type=Path, default=None,
                    help="keep B's cards here and reuse them (B run again on the same positions chooses the same)")
    ap.add_argument("--worst", type=int, default=0,
                    help="then B's this many largest regrets: each card's value for the real deal, B's estimate")
    args = ap.parse_args()
    names = [a if a == "oracle" else variant(a) for a in (args.a, args.b)]
    if not args.hands.is_file():
        raise SystemExit(f"{args.hands}: not a file of recorded hands")
    try:
        recs = read_records([args.hands], check=True)[args.start:]
    except ValueError as e:  # it names the file and the line
        raise SystemExit(str(e)) from None
    rng = random.Random(args.seed)
    regrets: list[list[float]] = [[], []]
    same = 0
    t0 = time.time()
    cache: dict[str, object] = {}
    kept: list[dict[str, int]] = [{}, _load(args, args.b)]
    seen: list[tuple[float, str, Hand, dict[int, float], int]] = []  # B's regret, where, the hand, values, card
    for h_i, rec in enumerate(recs):
        if len(regrets[0]) >= args.positions:
            break
        rules = cache.get(rec["rules"]) or load(rec["rules"])
        cache[rec["rules"]] = rules
        for hand in replay(rules, rec):  # type: ignore[arg-type]
            if len(regrets[0]) >= args.positions:
                break
            if hand.phase != Phase.PLAY or len(hand.tricks) >= args.tricks:
                if hand.phase > Phase.PLAY or len(hand.tricks) >= args.tricks:
                    break
                continue
            seat = hand.to_act
            legal = hand.legal_tuple()
            if len(legal) < 2 or rng.random() > 0.5 or len(hand.tricks) < args.after:
                continue
            try:
                sol = solve(hand, cards=True, max_nodes=args.max_nodes)
            except BudgetExceeded:
                continue
            assert sol.cards is not None
            values = {a: _final_utility(hand, seat, v) for a, v in sol.cards.items()}
            best = max(values.values())
            view = view_of(hand, seat)
            # One seed for both variants: the same random stream, the deals differ only by the change.
            seed = rng.getrandbits(32)
            picks = []
            where = f"{args.start + h_i}:{len(hand.history)}:{seed}"
            for name, got in zip(names, kept):
                if where not in got:
                    bot = Oracle(seed, hand) if name == "oracle" else make_player(name, seed)
                    if isinstance(bot, ExpertPlayer):
                        bot.timed = False
                    got[where] = bot.act(view)
                picks.append(got[where])
            for k in (0, 1):
                regrets[k].append(best - values[picks[k]])
            if args.worst:
                seen.append((best - values[picks[1]], where, hand.copy(), values, picks[1]))
            same += picks[0] == picks[1]
        if h_i % 10 == 9:
            print(f"  {len(regrets[0])} positions, {time.time() - t0:.0f} s", flush=True)
            _save(args, args.b, kept[1])
    _save(args, args.b, kept[1])
    d = estimate([x - y for x, y in zip(*regrets)])
    print(f"{args.hands.name}: {len(regrets[0])} positions ({args.after} <= tricks < {args.tricks}), "
          f"the same card in {same}; "
          f"mean regret {args.a} {statistics.fmean(regrets[0]):.2f}, {args.b} {statistics.fmean(regrets[1]):.2f}; "
          f"A - B {d.mean:+.2f} [{d.low:+.2f}, {d.high:+.2f}] points ({time.time() - t0:.0f} s)")
    if args.worst:
        show_worst(args.b, names[1], seen, args.worst, sum(regrets[1]))


def show_worst(spec: str, name: str, seen: list[tuple[float, str, Hand, dict[int, float], int]], count: int,
               total: float) -> None:
    """B's largest regrets: where, and for each card its value for the real deal against the mean of
    B's own estimates over its deals (untimed, B's seed there: the deals it chose from)."""
    worst = sorted(seen, key=lambda r: -r[0])[:count]
    share = sum(r[0] for r in worst) / total if total else 0.0
    print(f"{spec}'s {len(worst)} largest regrets, {share:.0%} of its regret in all "
          "(hand:step:seed; each card: the real deal's value / B's estimate)")
    for regret, where, hand, values, pick in worst:
        bot = make_player(name, int(where.split(":")[2]))
        estimates: dict[int, float] = {}
        if isinstance(bot, ExpertPlayer):
            bot.timed = False
            scored = bot.play_values(view_of(hand, hand.to_act), Clock(None))
            estimates = {a: statistics.fmean(d[a] for d in scored if a in d)
                         for a in values if any(a in d for d in scored)}
        cells = "  ".join(f"{'*' if a == pick else ''}{card_str(a)} {values[a]:+.0f} / "
                          f"{estimates[a]:+.1f}" if a in estimates else f"{card_str(a)} {values[a]:+.0f}"
                          for a in sorted(values, key=lambda a: -values[a]))
        print(f"  {where} trick {len(hand.tricks) + 1}, regret {regret:.0f}:  {cells}")


if __name__ == "__main__":
    main()

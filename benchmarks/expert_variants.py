"""Head to head: an expert level with some of its settings changed, against another (or a bot).

Two bots that play alike differ on few deals, so a duplicate match between them measures a
change far more tightly than two separate matches against a third bot.

    python benchmarks/expert_variants.py --rules kentucky-discard --deals 200 \\
        --a expert --b "expert:weigh_play=0"
    python benchmarks/expert_variants.py --rules full-deck --a "expert:samples=64" --b heuristic
    python benchmarks/expert_variants.py --rules kentucky-discard --a "expert:bid_margin=5" --b expert --vs heuristic
    nice -n 10 python benchmarks/expert_variants.py --a "expert:belief=1" --b expert --deals 300 \
        --progress 10 --minutes 50 --json /tmp/belief.json     # deal by deal, as many as fit

With ``--vs BOT`` each of A and B plays BOT on the same deals (two arenas), and the report gives both
margins and their difference deal by deal: how much the change gains against that bot.  BOT may be
``sees-all``, the ceiling (the margins are then negative: the gap is minus A's).  B may be the
JSON an earlier ``--vs`` run wrote with ``--json``: its B's arena is reused, or with ``FILE#0`` its A's.

With ``--beliefs-a FILE`` A draws its deals from those belief weights (``train_belief.py``'s
``belief.json``) instead of the shipped ones: new weights against the shipped, head to head.

    python benchmarks/expert_variants.py --rules kentucky-discard --a expert --beliefs-a DATA/belief.json \
        --b expert --deals 300 --seed 33 --progress 25

A variant is ``level:field=value,field=value`` over the fields of ``rookgame.bots.expert.Level``
(samples, solve_tricks, bid_samples, seconds, max_nodes, weigh_play, belief, bidmodel, bid_quantile,
playout, playout_tricks, prior, race, ismcts, ismcts_explore, early_samples, ...); a plain
name is a registered bot.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

from rookgame.arena import CEILING, estimate, play_deal, run_arena
from rookgame.bots import REGISTRY, Player
from rookgame.bots.belief import Model, shipped
from rookgame.bots.expert import LEVELS, ExpertPlayer, Level
from rookgame.bots.policy import shipped_policy
from rookgame.play import game_seeds
from rookgame.rules import RuleSet, load

sys.path.insert(0, str(Path(__file__).parent))
from belief_quality import read_weights  # noqa: E402


def variant_level(spec: str) -> Level:
    """The :class:`Level` that ``level:field=value,...`` names (a plain level: that level's own)."""
    level, _, changes = spec.partition(":")
    kinds = {f.name: f.type for f in dataclasses.fields(Level)}
    over: dict[str, object] = {}
    for item in filter(None, changes.split(",")):
        key, _, value = item.partition("=")
        kind = kinds[key]
        over[key] = float(value) if kind == "float" else bool(int(value)) if kind == "bool" else int(value)
    return dataclasses.replace(LEVELS[level], **over)  # type: ignore[arg-type]


def variant(spec: str, beliefs: Model | None = None) -> str:
    """Register the variant ``spec`` as a bot (the arena's workers inherit the registry), drawing from
    ``beliefs`` where given; its name."""
    if ":" not in spec and beliefs is None:
        return spec
    level = spec.partition(":")[0]
    lv = variant_level(spec)
    name = spec.replace(":", "-").replace(",", "-").replace("=", "") + ("-beliefs" if beliefs else "")

    def make(seed: int | None) -> Player:
        p = ExpertPlayer(seed, level)
        p.level = lv
        p.beliefs = beliefs
        if lv.belief:
            shipped()  # read before the first decision, as ExpertPlayer does for a level with beliefs
        if lv.playout or lv.prior:
            shipped_policy()  # the same for the policy's weights
        p.name = name
        return p

    REGISTRY[name] = make
    return name


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--rotate", action="store_true", help="two seatings a deal, rotated (as rook arena --rotate)")
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--beliefs-a", type=Path, default=None,
                    help="A draws its deals from these belief weights (train_belief.py's belief.json)")
    ap.add_argument("--vs", default=None, help="measure A and B each against this bot, paired deal by deal")
    ap.add_argument("--json", default=None, help="with --vs: write both arenas' JSON here (a list of two); with "
                    "--progress, each deal's A - B")
    ap.add_argument("--progress", type=int, default=0,
                    help="play deal by deal in this process, the running figure every this many deals")
    ap.add_argument("--minutes", type=float, default=0, help="with --progress: start no deal after this long")
    args = ap.parse_args()
    rules = load(args.rules)
    beliefs = None
    if args.beliefs_a is not None:
        if args.a.partition(":")[0] not in LEVELS:
            raise SystemExit(f"--beliefs-a: A must be an expert level ({', '.join(LEVELS)}), not {args.a!r}")
        beliefs = read_weights("--beliefs-a", args.beliefs_a)
    a, b = variant(args.a, beliefs), args.b if names_a_run(args.b) else variant(args.b)
    if args.vs:
        against(rules, args, a, b, args.vs if args.vs == CEILING else variant(args.vs))
        return
    if args.progress:
        by_deal(rules, args, a, b)
        return
    t = time.perf_counter()
    res = run_arena(rules, (a, b), args.deals, args.seed, workers=args.workers, rotate=args.rotate)
    d = res.difference
    ms = [entry["decision_ms"] for entry in res.to_json()["per_bot"]]
    made = [f"{t.made}/{t.contracts}" for t in res.tallies]
    print(f"{args.rules}: {args.a} v {args.b}: {d.mean:+.1f} [{d.low:+.1f}, {d.high:+.1f}] points per hand "
          f"over {args.deals} deals ({time.perf_counter() - t:.0f} s); contracts made {made[0]} v {made[1]}; "
          f"decision ms median/worst {ms[0]['median']:.1f}/{ms[0]['worst']:.0f} v "
          f"{ms[1]['median']:.1f}/{ms[1]['worst']:.0f}", flush=True)


def by_deal(rules: RuleSet, args: argparse.Namespace, a: str, b: str) -> None:
    """The arena's deals (the same seeds as run_arena's) one at a time in this process, the running
    figure every ``--progress`` deals: a run stopped early (``--minutes``) still says what it measured."""
    t = time.perf_counter()
    diffs: list[float] = []
    points = [0.0, 0.0]
    made = [[0, 0, 0], [0, 0, 0]]  # made, contracts, the contracts' sum

    def report() -> None:
        d = estimate(diffs)
        avg = [f"{m[2] / m[1]:.1f}" if m[1] else "-" for m in made]
        print(f"{args.rules}: {args.a} v {args.b}: {d.mean:+.2f} [{d.low:+.2f}, {d.high:+.2f}] points per hand "
              f"over {d.n} deals ({time.perf_counter() - t:.0f} s); points a hand {points[0] / d.n:.1f} v "
              f"{points[1] / d.n:.1f}; contracts made {made[0][0]}/{made[0][1]} v {made[1][0]}/{made[1][1]}, "
              f"average contract {avg[0]} v {avg[1]}", flush=True)
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"a": args.a, "b": args.b, "rules": args.rules, "seed": args.seed, "a_minus_b": diffs}, f)

    for index, deal_seed in enumerate(game_seeds(args.seed, args.deals)):
        if args.minutes and time.perf_counter() - t > 60 * args.minutes:
            break
        out = play_deal(rules, (a, b), index, deal_seed, rotate=args.rotate)
        diffs.append(out.a - out.b)
        points[0] += out.a
        points[1] += out.b
        for k in (0, 1):
            made[k][0] += out.tallies[k].made
            made[k][1] += out.tallies[k].contracts
            made[k][2] += out.tallies[k].contract_sum
        if len(diffs) % args.progress == 0:
            report()
    if diffs and len(diffs) % args.progress:
        report()  # the deals played since the last figure


def names_a_run(spec: str) -> bool:
    """Whether ``spec`` names an earlier run's JSON (``FILE.json`` or ``FILE.json#0``) rather than a bot."""
    return spec.partition("#")[0].endswith(".json")


def earlier_run(spec: str) -> dict[str, Any] | None:
    """The arena JSON ``spec`` names, or None for a bot."""
    if not names_a_run(spec):
        return None
    path, _, index = spec.partition("#")
    with open(path) as f:
        earlier = json.load(f)
    run: dict[str, Any] = earlier[int(index or -1)] if isinstance(earlier, list) else earlier
    return run


def against(rules: object, args: argparse.Namespace, a: str, b: str, vs: str) -> None:
    results = []
    for name, spec in ((a, args.a), (b, args.b)):
        run = earlier_run(spec)
        if run is not None:  # an earlier run against the same bot, on the same deals
            if vs == CEILING and run["bots"] == [CEILING, run["bots"][1]]:  # as rook arena --ceiling wrote it
                per = run["per_deal"]
                run = {**run, "per_deal": {"A": per["B"], "B": per["A"]}}
            results.append(run)
            continue
        t = time.perf_counter()
        # The sees-all ceiling can only sit in slot A: there the variant is B, and the margins are turned.
        ceiling = vs == CEILING
        res = run_arena(rules, (vs, name) if ceiling else (name, vs), args.deals, args.seed,  # type: ignore[arg-type]
                        workers=args.workers, rotate=args.rotate)
        js = res.to_json()
        if ceiling:
            js["per_deal"] = {"A": js["per_deal"]["B"], "B": js["per_deal"]["A"]}
            js["per_bot"] = js["per_bot"][::-1]
        d = estimate([x - y for x, y in zip(js["per_deal"]["A"], js["per_deal"]["B"])])
        ms = js["per_bot"][0]["decision_ms"]
        tal = res.tallies[1 if ceiling else 0]
        print(f"{args.rules}: {spec} v {args.vs}: {d.mean:+.1f} [{d.low:+.1f}, {d.high:+.1f}] over {args.deals} deals "
              f"({time.perf_counter() - t:.0f} s); contracts made {tal.made}/{tal.contracts}; decision ms median/worst "
              f"{ms['median']:.1f}/{ms['worst']:.0f}", flush=True)
        results.append(js)
    per = [[x - y for x, y in zip(r["per_deal"]["A"], r["per_deal"]["B"])] for r in results]
    e = estimate([x - y for x, y in zip(*per)])
    print(f"{args.rules}: ({args.a} - {args.vs}) - ({args.b} - {args.vs}), deal by deal: {e.mean:+.1f} "
          f"[{e.low:+.1f}, {e.high:+.1f}] over {e.n} deals", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f)


if __name__ == "__main__":
    main()

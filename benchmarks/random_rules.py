"""Random house-rules files: valid, plausible tables drawn over the real options, from a seed.

Each file is what a table might write: a mode and a number of players, a deck (a run of
ranks, Birds, perhaps an extra card), counters and their values, a nest and what becomes
of it, a bid range and step, bonuses, the trump and nest options and the house rules.
Every file is loaded back with :func:`rookgame.rules.load`; a draw that does not load, or
that would not make a plausible table (hands under 5 cards, an opening bid over a quarter
above the bidding side's share of the points in play, a goal over 12 hands away), is drawn again.

    python benchmarks/random_rules.py --seed 12 --count 10 --out benchmarks/random-rules

The same seed writes the same files.  The files for seed 12 are committed in
benchmarks/random-rules/ (the bidding valuation is measured on them).
The twenty for seed 24 are in benchmarks/random-rules-24/ (issue 28's head to head of the expert):

    python benchmarks/random_rules.py --seed 24 --count 20 --out benchmarks/random-rules-24
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

from rookgame.rules import RulesError, RuleSet, load, loads

COLOURS = "BRYG"


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)  # pragma: no cover


def to_toml(options: dict[str, Any], comment: str) -> str:
    lines = [f"# {line}" for line in comment.splitlines()]
    lines += [f"{k} = {_toml_value(v)}" for k, v in options.items()]
    return "\n".join(lines) + "\n"


def draw_options(rng: random.Random, index: int) -> dict[str, Any]:
    """One draw of options (not yet checked)."""
    mode = rng.choice(["partners", "partners", "partners", "individual", "call-partner"])
    if mode == "partners":
        players = rng.choice([4, 4, 4, 6, 2])
    elif mode == "individual":
        players = rng.choice([3, 3, 4, 5])
    else:
        players = rng.choice([4, 5, 5, 6])
    low = rng.choice([1, 1, 2, 4, 5, 5, 5, 6, 7])
    ranks = list(range(low, 15))
    if low > 1 and rng.random() < 0.3:
        ranks = [1, *ranks]  # the buckeye way: the 1s kept with a short deck
    birds = rng.choice([0, 1, 1, 1, 2])
    extra: list[str] = []
    if rng.random() < 0.15:
        free = [f"{c}{r}" for c in COLOURS for r in range(1, 15) if r not in ranks]
        if free:
            extra = [rng.choice(free)]
    rank_order = "1-high" if 1 in ranks and rng.random() < 0.5 else "14-high"
    counters: dict[str, int] = {}
    pool = [r for r in (5, 10, 14, 13, 1, 11) if r in ranks]
    for r in rng.sample(pool, k=min(len(pool), rng.choice([2, 3, 3, 4]))):
        counters[str(r)] = rng.choice([5, 10, 10, 15, 20]) if r != 5 else 5
    if birds:
        counters["RK"] = rng.choice([20, 20, 10, 30])
    if birds == 2:
        counters["RK2"] = rng.choice([20, 0])
    for e in extra:
        if rng.random() < 0.5:
            counters[e] = rng.choice([10, 20, 30])
    opts: dict[str, Any] = {
        "preset": "kentucky-discard",
        "name": f"random table {index:02d}",
        "mode": mode,
        "players": players,
        "ranks": ranks,
        "birds": birds,
    }
    if extra:
        opts["extra_cards"] = extra
    # A counters table in a file changes the preset's: remove what the preset counts and this draw does not.
    table = {k: 0 for k in ("5", "10", "14", "RK") if k not in counters}
    table.update(counters)
    opts["counters"] = table
    opts["rank_order"] = rank_order
    size = 4 * len(ranks) + len(extra) + birds
    nests = [k for k in range(0, 9) if (size - k) % players == 0 and (size - k) // players >= 5]
    if not nests:
        raise RulesError("no nest deals evenly")
    opts["nest_size"] = rng.choice(nests)
    opts["nest_dealt"] = rng.choice(["first_rounds", "last"])
    opts["nest_order"] = rng.choice(["bury_first", "trump_first"])
    opts["nest_to"] = rng.choice(["last_trick", "bidder"])
    opts["first_lead"] = rng.choice(["left_of_dealer", "bidder"])
    if birds:
        opts["bird_play"] = rng.choice(["anytime", "as_trump"])
        opts["bird_rank"] = rng.choice(["high", "high", "low", "mid", "called"])
    opts["most_tricks_bonus"] = rng.choice([0, 0, 20])
    opts["last_trick_bonus"] = rng.choice([0, 0, 10, 20])
    opts["bid_step"] = rng.choice([5, 5, 10])
    opts["all_pass"] = rng.choice(["redeal", "dealer_takes_min", "last_must_bid"])
    opts["no_counter_redeal"] = rng.random() < 0.3
    opts["bury_counters"] = rng.choice(["allowed", "allowed", "forbidden"])
    opts["moon"] = rng.choice(["off", "off", "double"])
    opts["trump_before_nest"] = rng.random() < 0.2
    opts["nest_shown"] = rng.random() < 0.2
    opts["show_buried_trump"] = rng.random() < 0.2
    opts["must_win_by_bid"] = rng.random() < 0.3
    opts["review"] = rng.choice(["none", "last", "all"])
    if "R2" in {f"{c}{r}" for c in COLOURS for r in ranks} | set(extra) and rng.random() < 0.3:
        opts["little_rook"] = True
    if rng.random() < 0.1:
        opts["low"] = True
    if rng.random() < 0.1:
        opts["no_trump"] = True
    if mode == "call-partner":
        opts["partner_calls"] = 1 if players < 6 else rng.choice([1, 2])
    return opts


def finish(rules: RuleSet, opts: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The bid range, the trick bonus and the goal, which depend on the points in play."""
    if rng.random() < 0.25:
        tricks = rules.deck.hand_size // 2 + 1
        opts["trick_bonus"] = {"points": 20, "tricks": tricks}
        rules = rules.replace(trick_bonus=(20, tricks))
    total = rules.total_points
    step = opts["bid_step"]
    # The opening bid is a share of the points in play near the bidding side's share of the cards:
    # half in partnerships, one seat's in individual games, the bidder's and its partners' in call-partner.
    side = side_share(rules)
    share = min(0.6, side * rng.uniform(0.75, 1.2))
    opts["min_bid"] = max(step, int(total * share) // step * step)
    if rng.random() < 0.3:
        opts["max_bid"] = min(total, max(opts["min_bid"] + 4 * step, int(total * 0.85) // step * step))
    else:
        opts["max_bid"] = "total"
    opts["goal"] = max(100, int(total * rng.uniform(2.5, 5)) // 50 * 50)
    if rng.random() < 0.3:
        opts["lose_at"] = -opts["goal"] // 2 // 50 * 50 or -50
    return opts


def side_share(rules: RuleSet) -> float:
    """The bidding side's share of the seats."""
    if rules.mode == "partners":
        return 0.5
    if rules.mode == "call-partner":
        return (1 + rules.partner_calls) / rules.players
    return 1 / rules.players


def plausible(rules: RuleSet) -> bool:
    total = rules.total_points
    return (rules.deck.hand_size >= 5 and 0 < rules.min_bid <= 1.25 * side_share(rules) * total
            and rules.min_bid <= rules.effective_max_bid and rules.goal <= 12 * total)


def draw_file(rng: random.Random, index: int) -> str:
    for _ in range(1000):
        try:
            opts = draw_options(rng, index)
            toml = to_toml(opts, "draft")
            rules = loads(toml, "draft")
            opts = finish(rules, opts, rng)
            text = to_toml(opts, f"Random house rules {index:02d} (benchmarks/random_rules.py).")
            rules = loads(text, f"random table {index:02d}")
        except RulesError:
            continue
        if plausible(rules):
            return text
    raise RuntimeError("no plausible rule set in 1000 draws")  # pragma: no cover


def generate(seed: int, count: int = 10) -> list[str]:
    """The text of ``count`` house-rules files for ``seed``."""
    rng = random.Random(seed)
    return [draw_file(rng, i + 1) for i in range(count)]


def write(seed: int, count: int, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, text in enumerate(generate(seed, count), 1):
        path = out / f"r{i:02d}.toml"
        path.write_text(text)
        load(path)  # every file loads as a user's file does
        paths.append(path)
    return paths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "random-rules")
    args = ap.parse_args()
    for path in write(args.seed, args.count, args.out):
        r = load(path)
        print(f"{path}: {r.mode} {r.players}p, {r.deck.size} cards, nest {r.nest_size}, "
              f"{r.total_points} in play, bids {r.min_bid}-{r.effective_max_bid} by {r.bid_step}")


if __name__ == "__main__":
    main()

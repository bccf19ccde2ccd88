"""Train the belief model (rookgame/bots/belief.py) from one seed: hands, positions, weights, figures.

Stages, each resumed where it stopped (run the same command again):

1. hands: every preset, docs/examples/family.toml and ``--random`` house-rules files drawn from
   ``--rules-seed`` (benchmarks/random_rules.py; not seed 12 nor 24, whose files are measured)
   played by heuristic players, the three measured rule sets by the ``medium`` expert and
   ``--best-rules`` by the expert itself (``--best-hands`` a ``--best-seed``, several seeds a file each;
   both untimed: a seed gives the same hands on any machine), into ``FOLDER/hands``;
2. positions: views of the seats in those hands, and where each card they had not seen lay;
3. training: PyTorch on the CPU (``pip install "rookgame[train]"``), a checkpoint every epoch;
4. figures: on held-out hands, the log-likelihood of the real deal and the cards placed right,
   against today's sampler, per rule set.

    python benchmarks/train_belief.py --folder /work/data --out src/rookgame/data/belief.json
    python benchmarks/train_belief.py --folder /work/data --heuristic-hands 500 --expert-hands 300 \
        --best-hands 740 --epochs 6 --out src/rookgame/data/belief.json     # the shipped weights
    python benchmarks/train_belief.py --folder /tmp/belief --backend ray --workers 16   # hands on Ray

The hands take the time (the medium expert plays about 1 kentucky-discard hand in 2 seconds on
one core, a full-deck one in 5; the expert one of either in 3 to 4); the rest runs in minutes.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

from rookgame.bots import belief as B
from rookgame.research import train as TR
from rookgame.research.hands import Job, run_job
from rookgame.rules import PRESETS

sys.path.insert(0, str(Path(__file__).parent))
import random_rules  # noqa: E402

FAMILY = "docs/examples/family.toml"  # as the hands name it: run from the checkout's root
MEASURED = {"kentucky-discard": "kd", "full-deck": "fd", FAMILY: "family"}
MEASURED_SEEDS = (12, 24)  # benchmarks/random-rules and issue 28's twenty files
SHORT = {"kentucky-discard": "kd", "full-deck": "fd"}


def jobs(args: argparse.Namespace) -> list[Job]:
    hands = args.folder / "hands"
    rules_dir = args.folder / f"rules{args.rules_seed}"
    specs = [(name, name) for name in PRESETS] + [(FAMILY, "family")]
    if args.random:
        paths = random_rules.write(args.rules_seed, args.random, rules_dir)
        specs += [(str(p), f"r{args.rules_seed}-{p.stem}") for p in paths]
    out = [Job(spec, ("heuristic",), args.heuristic_hands, args.seed, hands / f"heuristic-{name}.jsonl")
           for spec, name in specs]
    # The expert's hands a fifth at a time over the three rule sets, so that a stopped run has some of each.
    steps = 5
    for k in range(1, steps + 1):
        for spec, name in MEASURED.items():
            out.append(Job(spec, ("medium",), args.expert_hands * k // steps, args.expert_seed,
                           hands / f"medium-{name}.jsonl"))
    # The expert's own hands: the players whose cards the shipped beliefs place in play (its auction and its
    # card play read differently from the heuristic's and medium's).
    for k, (seed, count) in enumerate(best_runs(args)):
        for spec in filter(None, args.best_rules.split(",")):
            name = SHORT.get(spec, Path(spec).stem)
            tail = "" if k == 0 else f"-{seed}"  # the first seed's files keep their names
            out.append(Job(spec, ("expert",), count, seed, hands / f"expert-{name}{tail}.jsonl"))
    return out


def best_runs(args: argparse.Namespace) -> list[tuple[int, int]]:
    """(seed, hands per rule set) for each of ``--best-seed``; one ``--best-hands`` count serves every seed."""
    try:
        seeds = [int(s) for s in str(args.best_seed).split(",")]
        counts = [int(c) for c in str(args.best_hands).split(",")]
    except ValueError:
        raise SystemExit(f"--best-seed {args.best_seed} --best-hands {args.best_hands}: "
                         "whole numbers, comma-separated") from None
    if len(counts) == 1:
        counts *= len(seeds)
    if len(counts) != len(seeds):
        raise SystemExit(f"--best-hands {args.best_hands}: one count, or one for each of --best-seed {args.best_seed}")
    return list(zip(seeds, counts))


Records = list[dict[str, object]]


def split(args: argparse.Namespace) -> tuple[Records, Records, Records, dict[str, Records]]:
    """Training hands (the first 5 in 6 of each file): the heuristic's, medium's, the expert's; and
    held-out hands, per medium and expert file too."""
    train: Records = []
    expert_train: Records = []
    best_train: Records = []
    held: dict[str, Records] = {}
    for path in sorted((args.folder / "hands").glob("*.jsonl")):
        recs = TR.read_records([path])
        cut = len(recs) * 5 // 6
        if path.name.startswith("medium-"):
            expert_train += recs[:cut]
            held[path.stem] = recs[cut:]
        elif path.name.startswith("expert-"):
            best_train += recs[:cut]
            held[path.stem] = recs[cut:]
        else:
            train += recs[:cut]
            if path.stem in ("heuristic-kentucky-discard", "heuristic-full-deck", "heuristic-family"):
                held[path.stem] = recs[cut:]
    return train, expert_train, best_train, held


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--folder", type=Path, required=True, help="hands, checkpoints and figures go here")
    ap.add_argument("--seed", type=int, default=7, help="the heuristic's hands, the positions, the training")
    ap.add_argument("--expert-seed", type=int, default=101, help="the medium expert's hands")
    ap.add_argument("--rules-seed", type=int, default=31)
    ap.add_argument("--random", type=int, default=40, help="random house-rules files to play")
    ap.add_argument("--heuristic-hands", type=int, default=300, help="per rule set")
    ap.add_argument("--expert-hands", type=int, default=750, help="per measured rule set")
    ap.add_argument("--best-rules", default="kentucky-discard,full-deck",
                    help="rule sets the expert itself plays hands of, comma-separated")
    ap.add_argument("--best-hands", default="0",
                    help="the expert's hands per --best-rules rule set (one count, or one a --best-seed)")
    ap.add_argument("--best-seed", default="601",
                    help="the expert's hands: seeds, comma-separated, a file each (expert-kd.jsonl for the first, "
                         "expert-kd-SEED.jsonl for the others)")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--hidden", default="128,128")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--backend", choices=("local", "ray"), default="local")
    ap.add_argument("--address", default=None)
    ap.add_argument("--draws", type=int, default=60, help="deals of today's sampler a held-out position")
    ap.add_argument("--out", type=Path, default=None, help="write the weights here too")
    args = ap.parse_args()
    if args.rules_seed in MEASURED_SEEDS:
        raise SystemExit(f"--rules-seed {args.rules_seed} draws measured files; train on another seed")
    best_runs(args)  # a bad --best-seed or --best-hands is told before anything is written
    t0 = time.time()
    for job in jobs(args):
        played = run_job(job, args.workers, args.backend, args.address)
        if played:
            print(f"{job.out.name}: {played} hands ({time.time() - t0:.0f} s)", flush=True)
    train_recs, expert_recs, best_recs, held = split(args)
    cache: dict[str, object] = {}
    rows = TR.to_rows(itertools.chain(
        TR.positions(train_recs, 6, args.seed, acting=False, rules_cache=cache),  # type: ignore[arg-type]
        TR.positions(expert_recs, 16, args.seed + 1, acting=False, rules_cache=cache),  # type: ignore[arg-type]
        TR.positions(best_recs, 24, args.seed + 3, acting=False, rules_cache=cache)))  # type: ignore[arg-type]
    valid = TR.to_rows(TR.positions(
        [r for k, v in held.items() if k.startswith(("medium-", "expert-")) for r in v], 4, args.seed + 2,
        rules_cache=cache))  # type: ignore[arg-type]
    print(f"{rows.groups} cards in {len(rows.specs)} positions to train on, {valid.groups} held out "
          f"({time.time() - t0:.0f} s)", flush=True)
    cfg = TR.TrainConfig(hidden=tuple(int(h) for h in args.hidden.split(",")), epochs=args.epochs, seed=args.seed)
    model = TR.train_belief(rows, valid, cfg, checkpoint=args.folder / "belief.ckpt")
    model.info.update({"trained": f"benchmarks/train_belief.py --seed {args.seed} --expert-seed {args.expert_seed} "
                                  f"--rules-seed {args.rules_seed} "
                                  f"--random {args.random} --heuristic-hands {args.heuristic_hands} "
                                  f"--expert-hands {args.expert_hands} --best-rules {args.best_rules} "
                                  f"--best-hands {args.best_hands} --best-seed {args.best_seed} "
                                  f"--epochs {args.epochs} --hidden {args.hidden}",
                       "positions": len(rows.specs)})
    weights = model.to_bytes()
    (args.folder / "belief.json").write_bytes(weights)
    if args.out:
        args.out.write_bytes(weights)
    figures = measure(model, held, args.draws, args.seed)
    (args.folder / "figures.json").write_text(json.dumps(figures, indent=1) + "\n")


def measure(model: B.Model, held: dict[str, list[dict[str, object]]], draws: int, seed: int) -> dict[str, object]:
    """Per held-out file: the log-likelihood and share placed right of the room alone, today's
    sampler (``draws`` deals a position) and the model, at the seat to act."""
    out: dict[str, object] = {}
    print("held out: log-likelihood per card / cards placed right: room alone, today's sampler, beliefs")
    for name, recs in held.items():
        k, got = TR.belief_scores(model, TR.positions(recs, 4, seed + 3), draws, seed)
        prior, sampler, beliefs = got["room"], got["sampler"], got["beliefs"]
        row = {"positions": k, "room": prior.row(), "sampler": sampler.row(), "beliefs": beliefs.row()}
        out[name] = row
        print(f"{name:28s} {k:4d} positions  room {prior.row()[0]:.3f} / {prior.row()[1]:.1%}  "
              f"sampler {sampler.row()[0]:.3f} / {sampler.row()[1]:.1%}  "
              f"beliefs {beliefs.row()[0]:.3f} / {beliefs.row()[1]:.1%}", flush=True)
    return out


if __name__ == "__main__":
    main()

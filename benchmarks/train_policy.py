"""Train the card-play policy (rookgame/bots/policy.py) by imitation of the medium expert's cards.

The hands are the medium expert's self-play of benchmarks/train_belief.py (``FOLDER/hands/medium-*.jsonl``,
untimed: a seed gives the same hands anywhere).  The first hands of each file train (``--train``: 300
kentucky-discard, 500 full-deck, 500 family; the rest are held out, and benchmarks/card_regret.py's
positions come from them), every card decision with a choice is a position, the label the card played.
Then PyTorch on the CPU (``pip install "rookgame[train]"``, a checkpoint every epoch: run the same
command again to resume), and the figures: on the held-out decisions, how often the policy's most likely
card is the card the expert played, against the heuristic's card, all tricks and the first three.

    python benchmarks/train_policy.py --folder /work/data --out src/rookgame/data/policy.json
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from rookgame.research import policy as RP
from rookgame.research.train import read_records

FILES = {"medium-kd": 300, "medium-fd": 500, "medium-family": 500}


def join(parts: list[RP.Rows]) -> RP.Rows:
    off = 0
    gr = []
    for r in parts:
        gr.append(r.group + off)
        off += r.groups
    return RP.Rows(np.concatenate([r.x for r in parts]), np.concatenate([r.target for r in parts]),
                   np.concatenate(gr), np.concatenate([r.heuristic for r in parts]),
                   np.concatenate([r.tricks for r in parts]), [s for r in parts for s in r.specs])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--folder", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--checkpoint", type=Path, default=None, help="default: OUT with .pt")
    ap.add_argument("--hidden", default="64,64")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    train, held = [], {}
    for stem, cut in FILES.items():
        recs = read_records([args.folder / "hands" / f"{stem}.jsonl"])
        train.append(RP.decisions(recs[:cut]))
        held[stem] = RP.decisions(recs[cut:])
        print(f"{stem}: {train[-1].groups} decisions to train on, {held[stem].groups} held out", flush=True)
    valid = join(list(held.values()))
    cfg = RP.TrainConfig(hidden=tuple(int(h) for h in args.hidden.split(",")), epochs=args.epochs, seed=args.seed)
    model = RP.train_policy(join(train), valid, cfg, args.checkpoint or args.out.with_suffix(".pt"))
    args.out.write_bytes(model.to_bytes())
    print(f"wrote {args.out} ({args.out.stat().st_size // 1000} kB)")
    print("| held-out hands | decisions | policy | heuristic | tricks 1-3: decisions | policy | heuristic |")
    for stem, r in held.items():
        s = model.scores(r.x)
        h = r.heuristic.astype(np.float32)
        early = r.tricks < 3
        print(f"| {stem} | {r.groups} | {RP.accuracy(s, r):.1%} | {RP.accuracy(h, r):.1%} | {int(early.sum())} | "
              f"{RP.accuracy(s, r, early):.1%} | {RP.accuracy(h, r, early):.1%} |")


if __name__ == "__main__":
    main()

"""How well the shipped belief model places the hidden cards, on recorded hands (``rookgame.research.hands``).

For views at random steps of each hand (the seat to act), the log-likelihood of the real deal per
hidden card and the share placed right (the mean probability of the real place), for: each place's
room alone, today's sampler (``--draws`` deals a view, their shares), the model's marginals, the
marginals with the model's scores scaled (``--powers``: a calibrated model scores best at 1), and
the deals the expert really draws from the beliefs (its auction weighed, the nest read: do they
keep what the marginals promise?).  Views in the card play and before it are reported apart.

    python benchmarks/train_belief.py ...   # or any hands: rookgame.research.hands.run_job
    python benchmarks/belief_quality.py --hands DATA/hands/medium-kd.jsonl --count 300 --powers 0.85,1.15 --deals
    python benchmarks/belief_quality.py --hands DATA/hands/medium-kd.jsonl --weights FOLDER/belief.json   # a new model
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from rookgame.bots import belief as B
from rookgame.research import train as TR
from rookgame.state import Phase


def read_weights(option: str, path: Path) -> B.Model:
    """A belief model's weights from ``path`` (train_belief.py's belief.json); else the run stops, saying why."""
    try:
        return B.Model.from_bytes(path.read_bytes())
    except (OSError, ValueError, KeyError) as e:
        raise SystemExit(f"{option} {path}: not belief weights ({e})") from None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=Path, nargs="+", required=True, help="recorded hands (JSON lines)")
    ap.add_argument("--from", dest="start", type=int, default=0, help="skip this many hands of each file")
    ap.add_argument("--count", type=int, default=100, help="hands of each file")
    ap.add_argument("--per-hand", type=int, default=4, help="views a hand")
    ap.add_argument("--draws", type=int, default=60, help="deals a view, for the samplers' shares")
    ap.add_argument("--powers", default="", help="scales of the model's scores to try besides 1, comma-separated")
    ap.add_argument("--deals", action="store_true", help="also the deals drawn from the beliefs")
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--weights", type=Path, default=None,
                    help="a belief model's weights (train_belief.py's belief.json); else the shipped ones")
    args = ap.parse_args()
    model = read_weights("--weights", args.weights) if args.weights else B.shipped()
    if model is None:
        raise SystemExit("no belief weights ship in this build")
    try:
        powers = [1.0] + [float(x) for x in args.powers.split(",") if x.strip()]
    except ValueError:
        raise SystemExit(f"--powers {args.powers!r}: numbers separated by commas, e.g. 0.85,1.15") from None
    t0 = time.time()
    print("log-likelihood per hidden card / placed right")
    for path in args.hands:
        if not path.is_file():
            raise SystemExit(f"{path}: not a file of recorded hands")
        try:
            recs = TR.read_records([path], args.start + args.count, check=True)[args.start:]
        except ValueError as e:  # it names the file and the line
            raise SystemExit(str(e)) from None
        views = list(TR.positions(recs, args.per_hand, args.seed))
        for label, part in (("card play", [v for v in views if v.view.phase == Phase.PLAY]),
                            ("before it", [v for v in views if v.view.phase != Phase.PLAY])):
            k, scores = TR.belief_scores(model, part, args.draws, args.seed, powers, args.deals)
            cards = scores["room"].cards
            cells = "  ".join(f"{name} {s.row()[0]:.4f} / {s.row()[1]:.1%}" for name, s in scores.items())
            print(f"{path.name} {label}: {k} views, {cards} cards  {cells}  ({time.time() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()

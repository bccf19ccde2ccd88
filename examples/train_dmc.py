"""Train a small Rook policy on this CPU with deep Monte-Carlo, numpy only, then measure it in the arena.

Deep Monte-Carlo (as DouZero plays Dou Dizhu): a network maps a seat's observation
(:mod:`rookgame.research.observe`, built from its view only) to one value per action, the
score the seat's side may expect from taking it; the policy takes the best legal action
(exploring with probability ``epsilon`` while it learns).  After every hand, each decision of
the learning side is paired with the score that side booked, and the network is regressed
onto it (mean squared error, Adam).  The network: observation -> 256 ReLU -> one output
per action.  No torch: forward and backward passes are a few lines of numpy.

The learner holds both seats of one side (its partner is itself), the other side plays
``random`` (or, with ``--opponents random,heuristic``, a bot drawn each hand); the learning
side changes every hand.  Then the arena compares it in duplicate
against ``random`` and against ``heuristic`` (:func:`rookgame.arena.run_arena`, 95% intervals).

    python examples/train_dmc.py                       # kentucky-discard, 3 minutes, 300 deals
    python examples/train_dmc.py --minutes 8 --deals 500 --save dmc.npz
    python examples/train_dmc.py --load dmc.npz --minutes 0      # measure a saved policy
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

# One BLAS thread: the matrices are small, and threads fighting over two cores cost a factor of 5 here.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

from rookgame.arena import run_arena, verdict  # noqa: E402
from rookgame.bots import REGISTRY, Player, make_player  # noqa: E402
from rookgame.research import observe  # noqa: E402
from rookgame.research.base import seat_scores  # noqa: E402
from rookgame.rules import RuleSet, load  # noqa: E402
from rookgame.state import Hand  # noqa: E402
from rookgame.view import View, view_of  # noqa: E402

F = npt.NDArray[np.float32]


class Net:
    """observation -> hidden (ReLU) -> one value per action; Adam on the chosen actions' squared error."""

    def __init__(self, inputs: int, actions: int, hidden: int = 256, seed: int = 0, lr: float = 1e-3) -> None:
        rng = np.random.default_rng(seed)
        self.params = {
            "w1": (rng.standard_normal((inputs, hidden)) * np.sqrt(2.0 / inputs)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": (rng.standard_normal((hidden, actions)) * np.sqrt(1.0 / hidden)).astype(np.float32),
            "b2": np.zeros(actions, np.float32),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0
        self.lr = lr

    def values(self, x: F) -> F:
        p = self.params
        h = np.maximum(x @ p["w1"] + p["b1"], 0.0)
        out: F = h @ p["w2"] + p["b2"]
        return out

    def train(self, x: F, actions: npt.NDArray[np.int64], targets: F) -> float:
        p = self.params
        n = len(x)
        pre = x @ p["w1"] + p["b1"]
        h = np.maximum(pre, 0.0)
        q = h @ p["w2"] + p["b2"]
        rows = np.arange(n)
        err = q[rows, actions] - targets
        dq = np.zeros_like(q)
        dq[rows, actions] = 2.0 * err / n
        grads = {"w2": h.T @ dq, "b2": dq.sum(0)}
        dh = (dq @ p["w2"].T) * (pre > 0)
        grads["w1"] = x.T @ dh
        grads["b1"] = dh.sum(0)
        self.t += 1
        b1, b2 = 0.9, 0.999
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            mhat = self.m[k] / (1 - b1 ** self.t)
            vhat = self.v[k] / (1 - b2 ** self.t)
            p[k] -= (self.lr * mhat / (np.sqrt(vhat) + 1e-8)).astype(np.float32)
        return float((err ** 2).mean())

    def save(self, path: str) -> None:
        np.savez(path, **self.params)

    def load(self, path: str) -> None:
        with np.load(path) as data:
            for k in self.params:
                self.params[k] = data[k].astype(np.float32)


class DMCPlayer:
    """The trained policy as a bot: the best legal action by the network's values (or a random one,
    with probability ``epsilon``)."""

    name = "dmc"

    def __init__(self, net: Net, rules: RuleSet, epsilon: float = 0.0, seed: int | None = None) -> None:
        self.net = net
        self.encoder = observe.Encoder(rules)
        self.epsilon = epsilon
        self.rng = random.Random(seed)
        self.seen: list[tuple[F, int]] = []  # (observation, action) of every decision, while learning

    def act(self, view: View) -> int:
        legal = view.legal
        x = self.encoder.encode(view).copy()
        if len(legal) == 1:
            action = legal[0]
        elif self.epsilon and self.rng.random() < self.epsilon:
            action = self.rng.choice(legal)
        else:
            q = self.net.values(x[None, :])[0]
            action = legal[int(np.argmax(q[list(legal)]))]
        self.seen.append((x, action))
        return action


def scale(rules: RuleSet) -> float:
    return float(max(rules.total_points, 1))


def train(rules: RuleSet, net: Net, seconds: float, seed: int, batch: int = 256, epsilon: float = 0.1,
          opponents: Sequence[str] = ("random",)) -> int:
    """Play and learn for ``seconds`` against ``opponents`` (one drawn per hand); returns the hands played."""
    rng = random.Random(seed)
    n = rules.players
    learner = DMCPlayer(net, rules, epsilon, seed)
    pool = [make_player(name, seed + 1 + k) for k, name in enumerate(opponents)]
    xs: list[F] = []
    acts: list[int] = []
    targets: list[float] = []
    hands = 0
    losses: list[float] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        hand = Hand(rules, hands % n)
        hand.deal_random(rng)
        side = rng.randrange(2) if rules.mode == "partners" else rng.randrange(n)
        mine = [s for s in range(n) if (s % 2 == side if rules.mode == "partners" else s == side)]
        opponent = pool[rng.randrange(len(pool))]
        decided: list[tuple[int, int]] = []  # (seat, index into learner.seen)
        learner.seen.clear()
        while not hand.is_over:
            seat = hand.to_act
            view = view_of(hand, seat)
            if seat in mine:
                decided.append((seat, len(learner.seen)))
                hand.apply(learner.act(view), seat)
            else:
                hand.apply(opponent.act(view), seat)
        score = seat_scores(hand)
        for seat, i in decided:
            x, a = learner.seen[i]
            xs.append(x)
            acts.append(a)
            targets.append(score[seat] / scale(rules))
        hands += 1
        if len(xs) >= batch:
            order = np.random.default_rng(hands).permutation(len(xs))
            x_all = np.stack(xs)[order]
            a_all = np.array(acts, np.int64)[order]
            t_all = np.array(targets, np.float32)[order]
            for k in range(0, len(order), 64):
                losses.append(net.train(x_all[k:k + 64], a_all[k:k + 64], t_all[k:k + 64]))
            xs, acts, targets = [], [], []
        if hands % 2000 == 0:
            print(f"  {hands} hands, {time.perf_counter() - start:.0f} s, loss {np.mean(losses[-50:]):.4f}",
                  flush=True)
    return hands


@contextmanager
def registered(name: str, net: Net, rules: RuleSet) -> Iterator[None]:
    """The trained policy in the bot registry, so that the arena can seat it (workers=1: this process)."""
    def make(seed: int | None) -> Player:
        return DMCPlayer(net, rules, 0.0, seed)

    REGISTRY[name] = make
    try:
        yield
    finally:
        REGISTRY.pop(name, None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--deals", type=int, default=300, help="duplicate deals in each arena comparison")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponents", default="random", help="bots the learning side trains against, one drawn "
                    "per hand: random or random,heuristic")
    ap.add_argument("--save")
    ap.add_argument("--load")
    args = ap.parse_args()
    rules = load(args.rules)
    net = Net(observe.size(rules), 257 + rules.effective_max_bid, seed=args.seed)
    if args.load:
        net.load(args.load)
    start = time.perf_counter()
    opponents = [b.strip() for b in args.opponents.split(",") if b.strip()]
    hands = train(rules, net, args.minutes * 60, args.seed, opponents=opponents) if args.minutes > 0 else 0
    print(f"trained on {hands} hands of {rules.label} in {time.perf_counter() - start:.0f} s")
    if args.save:
        net.save(args.save)
    with registered("dmc", net, rules):
        for other in ("random", "heuristic"):
            result = run_arena(rules, ("dmc", other), args.deals, seed=1000 + args.seed, workers=1)
            d = result.difference
            print(f"dmc vs {other}: {d.mean:+.1f} points per hand [{d.low:+.1f}, {d.high:+.1f}] "
                  f"over {args.deals} duplicate deals")
            print("  " + verdict(result))


if __name__ == "__main__":
    main()

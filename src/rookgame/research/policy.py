"""Training the card-play policy (:mod:`rookgame.bots.policy`) by imitation of recorded hands.

Positions are the card decisions of recorded hands (:mod:`.hands`) where the seat had a choice: the
seat's knowledge there, its legal cards, and the card it played.  The network is fitted to give that
card the highest probability among the legal ones (cross-entropy of a softmax over the legal cards:
imitation of the action, not of any value), in PyTorch on the CPU (``pip install "rookgame[train]"``);
the weights it writes are read back in numpy.

Everything is drawn from one seed (the network's start, the order of the batches), so a run gives the
same weights again; a run stopped is resumed from its last checkpoint.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..bots import policy as P
from ..bots.heuristic import HeuristicPlayer
from ..bots.playout import seat_knowledge
from ..rules import RuleSet, load
from ..state import Phase
from .hands import replay
from .train import network


@dataclass
class Rows:
    """Decisions flattened to one row per legal card; ``group`` numbers the decision of each row."""

    x: npt.NDArray[np.float32]
    target: npt.NDArray[np.bool_]  # the card played
    group: npt.NDArray[np.int64]
    heuristic: npt.NDArray[np.bool_]  # the heuristic's card
    tricks: npt.NDArray[np.int64]  # per decision, tricks done before it
    specs: list[str] = field(default_factory=list)  # per decision

    @property
    def groups(self) -> int:
        return int(self.group[-1]) + 1 if len(self.group) else 0


def decisions(records: Iterable[dict[str, Any]], rules_cache: dict[str, RuleSet] | None = None) -> Rows:
    """Every card decision with a choice in ``records``: features, the card played, the heuristic's."""
    cache = rules_cache if rules_cache is not None else {}
    bot = HeuristicPlayer()
    xs: list[list[float]] = []
    tgt: list[bool] = []
    grp: list[int] = []
    heur: list[bool] = []
    tricks: list[int] = []
    specs: list[str] = []
    g = 0
    for rec in records:
        spec = rec["rules"]
        rules = cache.get(spec)
        if rules is None:
            rules = cache[spec] = load(spec)
        history = rec["history"]
        for step, hand in enumerate(replay(rules, rec)):
            if hand.phase != Phase.PLAY:
                if hand.phase > Phase.PLAY:
                    break
                continue
            legal = hand.legal_tuple()
            if len(legal) < 2:
                continue
            k = seat_knowledge(hand, hand.to_act)
            choice = bot.play(k, legal)
            played = int(history[step])
            rows = P.features(k, legal, choice)
            xs += rows
            tgt += [c == played for c in legal]
            heur += [c == choice for c in legal]
            grp += [g] * len(legal)
            tricks.append(len(hand.tricks))
            specs.append(spec)
            g += 1
    return Rows(np.array(xs, np.float32).reshape(-1, len(P.FEATURES)), np.array(tgt), np.array(grp, np.int64),
                np.array(heur), np.array(tricks, np.int64), specs)


@dataclass
class TrainConfig:
    hidden: tuple[int, ...] = (64, 64)
    epochs: int = 30
    batch: int = 512  # decisions a step
    lr: float = 2e-3
    weight_decay: float = 1e-5
    seed: int = 0


def _loss(torch: Any, logits: Any, target: Any, group: Any, groups: int) -> Any:
    top = torch.full((groups,), -1e9, dtype=logits.dtype).scatter_reduce(0, group, logits, reduce="amax")
    s = torch.zeros(groups, dtype=logits.dtype).index_add(0, group, torch.exp(logits - top[group]))
    lse = torch.log(s) + top
    return (lse[group[target]] - logits[target]).mean()


def accuracy(scores: npt.NDArray[Any], rows: Rows, mask: npt.NDArray[np.bool_] | None = None) -> float:
    """The share of decisions (those of ``mask``) where the top-scored card is the card played."""
    best = np.full(rows.groups, -np.inf)
    np.maximum.at(best, rows.group, scores)
    # a tie counts as wrong unless the card played is the only top one
    top = scores >= best[rows.group]
    tops = np.bincount(rows.group, weights=top, minlength=rows.groups)
    right = np.bincount(rows.group, weights=top & rows.target, minlength=rows.groups) > 0
    ok = right & (tops == 1)
    if mask is not None:
        ok = ok[mask]
    return float(ok.mean()) if len(ok) else 0.0


def train_policy(train: Rows, valid: Rows | None, cfg: TrainConfig, checkpoint: Path | None = None,
                 log: Any = print) -> P.Model:
    """Fit the policy; with ``checkpoint``, resume from it and save to it after every epoch."""
    torch, net, opt, start, mean, scale = network(train.x, cfg, checkpoint, log)
    tx = torch.from_numpy((train.x - mean) * scale)
    ttg = torch.from_numpy(train.target)
    tgr = torch.from_numpy(train.group)
    bounds = np.searchsorted(train.group, np.arange(train.groups + 1))

    def evaluate(rows: Rows) -> tuple[float, float]:
        x = torch.from_numpy((rows.x - mean) * scale)
        with torch.no_grad():
            z = net(x)[:, 0]
            loss = float(_loss(torch, z, torch.from_numpy(rows.target), torch.from_numpy(rows.group), rows.groups))
        return loss, accuracy(z.numpy(), rows)

    for epoch in range(start, cfg.epochs):
        t0 = time.time()
        order = np.random.default_rng(cfg.seed * 1000 + epoch).permutation(train.groups)
        total, steps = 0.0, 0
        for b in range(0, train.groups, cfg.batch):
            idx = np.sort(order[b:b + cfg.batch])
            r = torch.from_numpy(np.concatenate([np.arange(bounds[i], bounds[i + 1]) for i in idx]))
            _, inv = torch.unique(tgr[r], return_inverse=True)
            loss = _loss(torch, net(tx[r])[:, 0], ttg[r], inv, len(idx))
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach())
            steps += 1
        msg = f"epoch {epoch + 1}: train loss {total / max(1, steps):.4f}"
        if valid is not None:
            vl, va = evaluate(valid)
            msg += f", held out loss {vl:.4f}, accuracy {va:.3f}"
        log(msg + f" ({time.time() - t0:.0f} s)")
        if checkpoint is not None:
            torch.save({"net": net.state_dict(), "opt": opt.state_dict(), "epoch": epoch + 1}, checkpoint)
    linear = [m for m in net if isinstance(m, torch.nn.Linear)]
    return P.Model(mean.astype(np.float32), scale, tuple(
        (m.weight.detach().numpy().T.astype(np.float32).copy(), m.bias.detach().numpy().astype(np.float32).copy())
        for m in linear), {"features": list(P.FEATURES), "hidden": list(cfg.hidden)})

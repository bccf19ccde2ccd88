"""Training the learned models on hands the bots played (:mod:`.hands`): the belief model first.

Positions are read from recorded hands: a seat's view at some step, and where each card it has
not seen really lay then.  The belief model (:mod:`rookgame.bots.belief`) is fitted to put the
real place of each card first (the log-likelihood of the real deal, card by card), in PyTorch on
the CPU (``pip install "rookgame[train]"``); the weights it writes are read back in numpy.

Everything is drawn from one seed (which hands, which positions, the network's start, the order
of the batches), so a run gives the same weights again; a run stopped is resumed from its last
checkpoint.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ..bots import belief as B
from ..bots.constraints import SampleError, places
from ..rules import RuleSet, load
from ..state import Hand
from ..view import View, view_of
from .hands import replay


# ---------------------------------------------------------------------- positions
@dataclass
class Position:
    view: View
    inputs: B.Inputs
    truth: list[int]  # per card, the column of its real place
    spec: str


def truth_of(inp: B.Inputs, hand: Hand) -> list[int] | None:
    """Each hidden card's real place as a column of ``inp`` (None where one is not among them)."""
    col = {s: j for j, s in enumerate(inp.places)}
    n = hand.n
    out = []
    for i, c in enumerate(inp.cards):
        where = next((s for s in range(n) if hand.hands[s] >> c & 1), n)
        j = col.get(where)
        if j is None or not inp.allowed[i, j]:
            return None
        out.append(j)
    return out


def positions(records: Iterable[dict[str, Any]], per_hand: int, seed: int, acting: bool = True,
              rules_cache: dict[str, RuleSet] | None = None) -> Iterator[Position]:
    """``per_hand`` positions from each recorded hand, drawn from ``seed``: the view of the seat to act
    (with ``acting``), else of any seat, before a random action of the hand."""
    rng = random.Random(seed)
    cache = rules_cache if rules_cache is not None else {}
    for rec in records:
        spec = rec["rules"]
        rules = cache.get(spec)
        if rules is None:
            rules = cache[spec] = load(spec)
        steps = len(rec["history"])
        picks = sorted(rng.sample(range(steps), min(per_hand, steps)))
        seats = [rng.randrange(rules.players) for _ in picks]
        k = 0
        for step, hand in enumerate(replay(rules, rec)):
            if k >= len(picks):
                break
            if step != picks[k]:
                continue
            seat = hand.to_act if acting else seats[k]
            k += 1
            view = view_of(hand, seat)
            try:
                p = places(view)
            except SampleError:
                continue
            inp = B.inputs(view, p)
            if not inp.cards:
                continue
            truth = truth_of(inp, hand)
            if truth is not None:
                yield Position(view, inp, truth, spec)


def read_records(paths: Sequence[Path], limit: int | None = None, check: bool = False) -> list[dict[str, Any]]:
    """The recorded hands of ``paths`` (a JSON object a line, :mod:`.hands`); ValueError naming the file and
    line where one is not (with ``check``, also where one is not a hand its rules play: each replayed)."""
    out: list[dict[str, Any]] = []
    cache: dict[str, RuleSet] = {}
    for path in paths:
        with path.open() as f:
            for i, line in enumerate(f):
                if limit is not None and i >= limit:
                    break
                try:
                    rec = json.loads(line)
                except ValueError as e:
                    raise ValueError(f"{path}, line {i + 1}: not a recorded hand ({e})") from None
                if not isinstance(rec, dict) or not {"rules", "dealer", "dealt", "nest", "history"} <= rec.keys():
                    raise ValueError(f"{path}, line {i + 1}: not a recorded hand (rules, dealer, dealt, nest and "
                                     "history expected)")
                if check:
                    try:
                        spec = rec["rules"]
                        rules = cache.get(spec) or cache.setdefault(spec, load(spec))
                        for _ in replay(rules, rec):
                            pass
                    except (ValueError, KeyError, TypeError, IndexError) as e:
                        raise ValueError(f"{path}, line {i + 1}: {e}") from None
                out.append(rec)
    return out


# ---------------------------------------------------------------------- arrays
@dataclass
class Rows:
    """Positions flattened to (card, place) rows: ``group`` numbers the card each row is a place of."""

    x: npt.NDArray[np.float32]
    offset: npt.NDArray[np.float32]  # log of the place's room
    allowed: npt.NDArray[np.bool_]
    target: npt.NDArray[np.bool_]
    group: npt.NDArray[np.int64]
    position: npt.NDArray[np.int64]  # per card group, its position
    specs: list[str] = field(default_factory=list)  # per position

    @property
    def groups(self) -> int:
        return int(self.group[-1]) + 1 if len(self.group) else 0


def to_rows(items: Iterable[Position]) -> Rows:
    xs, offs, alls, tgts, grps, poss, specs = [], [], [], [], [], [], []
    g = 0
    for k, pos in enumerate(items):
        inp = pos.inputs
        C, P = inp.allowed.shape
        xs.append(inp.x.reshape(C * P, -1))
        offs.append(np.broadcast_to(np.log(np.maximum(inp.room, 1e-9))[None, :], (C, P)).reshape(-1))
        alls.append(inp.allowed.reshape(-1))
        t = np.zeros((C, P), np.bool_)
        t[np.arange(C), pos.truth] = True
        tgts.append(t.reshape(-1))
        grps.append(np.repeat(np.arange(g, g + C), P))
        poss.append(np.full(C, k))
        specs.append(pos.spec)
        g += C
    if not xs:
        raise ValueError("no positions")
    return Rows(np.concatenate(xs).astype(np.float32), np.concatenate(offs).astype(np.float32),
                np.concatenate(alls), np.concatenate(tgts), np.concatenate(grps), np.concatenate(poss), specs)


# ---------------------------------------------------------------------- training (PyTorch)
@dataclass
class TrainConfig:
    hidden: tuple[int, ...] = (64, 64)
    epochs: int = 20
    batch: int = 256  # positions a step
    lr: float = 2e-3
    weight_decay: float = 1e-5
    seed: int = 0


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise SystemExit('training needs PyTorch: pip install "rookgame[train]"') from None
    return torch


def _group_loss(torch: Any, logits: Any, offset: Any, allowed: Any, target: Any, group: Any, groups: int) -> Any:
    z = torch.where(allowed, logits + offset, torch.full_like(logits, -1e9))
    top = torch.full((groups,), -1e9, dtype=z.dtype).scatter_reduce(0, group, z, reduce="amax")
    s = torch.zeros(groups, dtype=z.dtype).index_add(0, group, torch.exp(z - top[group]))
    lse = torch.log(s) + top
    return (lse[group[target]] - z[target]).mean()


class NetConfig(Protocol):
    """What :func:`network` reads of a training's settings (the belief model's and the policy's)."""

    seed: int
    hidden: tuple[int, ...]
    lr: float
    weight_decay: float


def network(x: npt.NDArray[np.float32], cfg: NetConfig, checkpoint: Path | None, log: Any
            ) -> tuple[Any, Any, Any, int, npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """A scoring network's training set up, seeded: (torch, the network, its optimiser, the epoch to start from,
    the inputs' mean and scale); resumed from ``checkpoint`` where it exists."""
    torch = _torch()
    torch.manual_seed(cfg.seed)
    torch.set_num_threads(1)
    F = x.shape[1]
    mean = x.mean(axis=0)
    sd = x.std(axis=0)
    scale = np.where(sd > 1e-6, 1.0 / np.maximum(sd, 1e-6), 0.0).astype(np.float32)
    layers: list[Any] = []
    width = F
    for h in cfg.hidden:
        layers += [torch.nn.Linear(width, h), torch.nn.ReLU()]
        width = h
    layers.append(torch.nn.Linear(width, 1))
    net = torch.nn.Sequential(*layers)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    start = 0
    if checkpoint is not None and checkpoint.exists():
        state = torch.load(checkpoint, weights_only=False)
        net.load_state_dict(state["net"])
        opt.load_state_dict(state["opt"])
        start = state["epoch"]
        log(f"resumed at epoch {start}")
    return torch, net, opt, start, mean, scale

def train_belief(train: Rows, valid: Rows | None, cfg: TrainConfig, checkpoint: Path | None = None,
                 log: Any = print) -> B.Model:
    """Fit the belief model; with ``checkpoint``, resume from it and save to it after every epoch."""
    torch, net, opt, start, mean, scale = network(train.x, cfg, checkpoint, log)

    def tensors(rows: Rows) -> tuple[Any, ...]:
        x = torch.from_numpy((rows.x - mean) * scale)
        return (x, torch.from_numpy(rows.offset), torch.from_numpy(rows.allowed), torch.from_numpy(rows.target),
                torch.from_numpy(rows.group))

    tx, toff, tall, ttgt, tgrp = tensors(train)
    # rows of each position: positions are contiguous
    pos_of_row = train.position[train.group]
    bounds = np.searchsorted(pos_of_row, np.arange(int(pos_of_row[-1]) + 2))
    n_pos = len(bounds) - 1

    def evaluate(rows: Rows) -> float:
        x, off, al, tg, gr = tensors(rows)
        with torch.no_grad():
            return float(-_group_loss(torch, net(x)[:, 0], off, al, tg, gr, rows.groups))

    for epoch in range(start, cfg.epochs):
        t0 = time.time()
        order = np.random.default_rng(cfg.seed * 1000 + epoch).permutation(n_pos)
        total, steps = 0.0, 0
        for b in range(0, n_pos, cfg.batch):
            idx = np.sort(order[b:b + cfg.batch])
            rows = np.concatenate([np.arange(bounds[i], bounds[i + 1]) for i in idx])
            r = torch.from_numpy(rows)
            grp = tgrp[r]
            uniq, inv = torch.unique(grp, return_inverse=True)
            loss = _group_loss(torch, net(tx[r])[:, 0], toff[r], tall[r], ttgt[r], inv, len(uniq))
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach())
            steps += 1
        msg = f"epoch {epoch + 1}: train log-likelihood {-total / max(1, steps):.4f}"
        if valid is not None:
            msg += f", held out {evaluate(valid):.4f}"
        log(msg + f" ({time.time() - t0:.0f} s)")
        if checkpoint is not None:
            torch.save({"net": net.state_dict(), "opt": opt.state_dict(), "epoch": epoch + 1}, checkpoint)
    linear = [m for m in net if isinstance(m, torch.nn.Linear)]
    return B.Model(mean.astype(np.float32), scale, tuple(
        (m.weight.detach().numpy().T.astype(np.float32).copy(), m.bias.detach().numpy().astype(np.float32).copy())
        for m in linear), {"features": list(B.FEATURES), "hidden": list(cfg.hidden)})


# ---------------------------------------------------------------------- measuring
@dataclass
class Score:
    """Log-likelihood of the real deal per hidden card, and the share of cards a deal drawn from the
    beliefs puts in their real place (the mean probability of the real place)."""

    ll: float = 0.0
    right: float = 0.0
    cards: int = 0

    def add(self, probs: npt.NDArray[np.float32], truth: list[int], floor: float = 1e-3) -> None:
        for i, j in enumerate(truth):
            p = float(probs[i, j])
            self.ll += math.log(max(floor, p))
            self.right += p
            self.cards += 1

    def row(self) -> tuple[float, float]:
        return self.ll / max(1, self.cards), self.right / max(1, self.cards)


def room_prior(inp: B.Inputs) -> npt.NDArray[np.float32]:
    """Each card spread over the places it may be in by their room alone, balanced."""
    q = np.where(inp.allowed, inp.room[None, :], 0.0).astype(np.float64)
    q /= np.maximum(q.sum(axis=1, keepdims=True), 1e-12)
    return B.balance(q.astype(np.float32), inp.room)


def sampler_frequencies(pos: Position, draws: int, seed: int, **kw: Any) -> npt.NDArray[np.float32] | None:
    """Where ``draws`` deals from today's sampler put each hidden card (shares, lightly smoothed)."""
    from ..bots.sampler import sample_hand

    rng = random.Random(seed)
    inp = pos.inputs
    col = {s: j for j, s in enumerate(inp.places)}
    counts = np.zeros(inp.allowed.shape, np.float64)
    got = 0
    n = pos.view.rules.players
    for _ in range(draws):
        try:
            h = sample_hand(pos.view, rng, **kw)
        except SampleError:
            continue
        got += 1
        for i, c in enumerate(inp.cards):
            where = next((s for s in range(n) if h.hands[s] >> c & 1), n)
            j = col.get(where)
            if j is not None:
                counts[i, j] += 1
    if not got:
        return None
    prior = room_prior(inp).astype(np.float64)
    out: npt.NDArray[np.float32] = ((counts + prior) / (got + 1)).astype(np.float32)
    return out


def belief_scores(model: B.Model, positions: Iterable[Position], draws: int, seed: int,
                  powers: Sequence[float] = (1.0,), deals: bool = False) -> tuple[int, dict[str, Score]]:
    """How well each way of placing the hidden cards scores on ``positions`` (their count, and a
    :class:`Score` per way): the room alone, today's sampler (``draws`` deals a position), the model's
    marginals (at each of ``powers``, 1 the model as trained), and with ``deals`` the deals the expert
    draws from the beliefs (its auction weighed and the nest read; ``draws`` of them, their shares)."""
    names = ["room", "sampler"] + [f"beliefs x{k:g}" if k != 1.0 else "beliefs" for k in powers]
    if deals:
        names.append("belief deals")
    out = {name: Score() for name in names}
    k = 0
    for pos in positions:
        freq = sampler_frequencies(pos, draws, random.Random(seed * 7 + k).getrandbits(32))
        k += 1
        if freq is None:
            continue
        out["room"].add(room_prior(pos.inputs), pos.truth)
        out["sampler"].add(freq, pos.truth)
        for name, power in zip(names[2:], powers):
            out[name].add(B.marginals(model, pos.inputs, power), pos.truth)
        if deals:
            dealt = sampler_frequencies(pos, draws, random.Random(seed * 11 + k).getrandbits(32), belief=model)
            out["belief deals"].add(dealt if dealt is not None else room_prior(pos.inputs), pos.truth)
    return k, out

"""Hands played by bots with every card kept: what the learned models are trained on.

Each hand is dealt from its own seed, played by the named bots (the expert levels untimed, so a
seed gives the same hand on any machine and under any load) and kept as one JSON line: the rules
(a preset's name or a rules file), the dealer, the cards dealt, the nest, every action in order.
:func:`replay` gives the state after every action, from which any seat's view, and where each
card it has not seen really lies, are read.

A set of hands is written one file per job (a rule set and its bots), a line per hand, and
resumed where it stopped: a hand's seed is drawn from the job's seed and its index alone.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import Player, make_player
from ..rules import RuleSet, load
from ..state import Hand, Phase
from ..view import view_of

EXPERT_LEVELS = ("easy", "medium", "hard", "expert")


def player(name: str, seed: int) -> Player:
    """A bot by name; an expert level untimed (the same choices for the same view and seed, whatever the load)."""
    if name in EXPERT_LEVELS:
        from ..bots.expert import ExpertPlayer

        return ExpertPlayer(seed, name, timed=False)
    return make_player(name, seed)


def hand_seed(seed: int, index: int) -> int:
    """The seed of hand ``index`` of a job seeded ``seed``."""
    return random.Random(seed * 1_000_003 + index).getrandbits(48)


def play_hand(rules: RuleSet, names: Sequence[str], seed: int, dealer: int = 0) -> Hand:
    """One hand dealt from ``seed``, ``names[s % len(names)]`` at seat ``s``, played to its end."""
    n = rules.players
    players = [player(names[s % len(names)], seed * 64 + s) for s in range(n)]
    hand = Hand(rules, dealer)
    hand.deal_random(random.Random(seed))
    while hand.phase < Phase.DONE:
        s = hand.to_act
        hand.apply(players[s].act(view_of(hand, s)))
    return hand


def record(spec: str, names: Sequence[str], hand: Hand) -> dict[str, Any]:
    return {"rules": spec, "bots": list(names), "dealer": hand.dealer, "dealt": list(hand.dealt),
            "nest": hand.nest, "history": list(hand.history)}


def replay(rules: RuleSet, rec: dict[str, Any]) -> Iterator[Hand]:
    """The state before each action of a recorded hand, then the finished hand (one object, changed
    as it goes: copy what you keep)."""
    hand = Hand(rules, int(rec["dealer"]))
    hand.set_deal([int(h) for h in rec["dealt"]], int(rec["nest"]))
    for action in rec["history"]:
        yield hand
        hand.apply(int(action))
    yield hand


@dataclass(frozen=True)
class Job:
    """``hands`` hands of one rule set by one line-up of bots, into ``out``."""

    spec: str  # a preset's name or a rules file
    bots: tuple[str, ...]
    hands: int
    seed: int
    out: Path


def _chunk(spec: str, bots: tuple[str, ...], seed: int, indices: list[int]) -> list[dict[str, Any]]:
    rules = load(spec)
    return [record(spec, bots, play_hand(rules, bots, hand_seed(seed, i), i % rules.players)) for i in indices]


def done_count(path: Path) -> int:
    """Whole lines already written (a line cut short by a stop is dropped and played again)."""
    if not path.exists():
        return 0
    data = path.read_bytes()
    whole = data[:data.rfind(b"\n") + 1]
    if len(whole) != len(data):
        path.write_bytes(whole)
    return whole.count(b"\n")


def run_job(job: Job, workers: int = 1, backend: str = "local", address: str | None = None,
            chunk: int = 4) -> int:
    """Play the hands of ``job`` not yet in its file and append them in order; the number played now."""
    start = done_count(job.out)
    todo = list(range(start, job.hands))
    if not todo:
        return 0
    job.out.parent.mkdir(parents=True, exist_ok=True)
    calls = [(job.spec, job.bots, job.seed, todo[i:i + chunk]) for i in range(0, len(todo), chunk)]
    with job.out.open("a") as f:
        for lines in _map(calls, workers, backend, address):
            for line in lines:
                f.write(json.dumps(line, separators=(",", ":")) + "\n")
            f.flush()
    return len(todo)


def _map(calls: list[tuple[Any, ...]], workers: int, backend: str, address: str | None) -> Iterator[Any]:
    """``_chunk(*call)`` for each call, in order, here, in local processes, or on Ray."""
    if backend == "ray":
        from .distributed import run_tasks

        batch = 16
        for i in range(0, len(calls), batch):
            yield from run_tasks(_chunk, calls[i:i + batch], address, workers)
        return
    if workers <= 1:
        for call in calls:
            yield _chunk(*call)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(_chunk, *zip(*calls))

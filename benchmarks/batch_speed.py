"""Hands per second for training data, in one run: the batch simulator against a one-hand-at-a-time
loop, the PettingZoo environment, OpenSpiel's bridge and our OpenSpiel game; and what an
observation tensor costs.

Every figure is random players on random deals (thrown-in hands count: they are dealt and bid).

* ``table loop``: one hand at a time as a table plays it: each decision a view
  (``view_of``), :class:`~rookgame.bots.RandomPlayer` and a checked ``Hand.apply``.
* ``pettingzoo``: the AEC environment, a random legal action from the mask each step
  (so an observation array per step, as a learner would get).
* ``openspiel rook`` / ``openspiel bridge``: ``pyspiel`` states (bridge is C++ behind pybind, played
  out: ``use_double_dummy_result=false``, else each hand ends in a double-dummy solve),
  chance outcomes sampled by their probabilities, a uniform legal action each turn, from Python.
* ``batch``: :func:`rookgame.research.batch.simulate`, 1 and ``--workers`` processes.
* observation cost: microseconds per call for ``view_of``, the encoder, and each OpenSpiel
  game's ``observation_tensor`` / ``information_state_tensor`` on positions from random play.

    python benchmarks/batch_speed.py                       # kentucky-discard, 3 s a figure
    python benchmarks/batch_speed.py --rules cutthroat --seconds 2 --workers 2
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from rookgame.bots import RandomPlayer
from rookgame.research import observe
from rookgame.research.batch import simulate
from rookgame.rules import load
from rookgame.state import Hand
from rookgame.view import view_of


def rate(play_one: Callable[[int], Any], seconds: float) -> float:
    """Hands per second of ``play_one(i)`` over about ``seconds``."""
    k = 0
    start = time.perf_counter()
    while True:
        for _ in range(10):
            play_one(k)
            k += 1
        dt = time.perf_counter() - start
        if dt >= seconds:
            return k / dt


def table_loop(rules_name: str) -> Callable[[int], None]:
    rules = load(rules_name)
    players = [RandomPlayer(s) for s in range(rules.players)]
    rng = random.Random(1)

    def one(i: int) -> None:
        hand = Hand(rules, i % rules.players)
        hand.deal_random(rng)
        while not hand.is_over:
            seat = hand.to_act
            hand.apply(players[seat].act(view_of(hand, seat)), seat)

    return one


def zoo_loop(rules_name: str) -> Callable[[int], None]:
    from rookgame.research.zoo import raw_env

    e = raw_env(rules_name)
    rng = np.random.default_rng(1)

    def one(i: int) -> None:
        e.reset(seed=i)
        while not e.hand.is_over:
            obs = e.observe(e.agent_selection)
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))

    return one


def random_step(s: Any, rng: random.Random) -> None:
    """One step of an OpenSpiel state: a chance outcome by its probability, else a random legal action."""
    if s.is_chance_node():
        outcomes, probs = zip(*s.chance_outcomes())
        s.apply_action(rng.choices(outcomes, probs)[0])
    else:
        s.apply_action(rng.choice(s.legal_actions()))


def spiel_loop(game: Any) -> Callable[[int], None]:
    rng = random.Random(1)

    def one(i: int) -> None:
        s = game.new_initial_state()
        while not s.is_terminal():
            random_step(s, rng)

    return one


def positions(game: Any, count: int) -> list[Any]:
    rng = random.Random(2)
    out: list[Any] = []
    while len(out) < count:
        s = game.new_initial_state()
        while not s.is_terminal():
            if not s.is_chance_node():
                out.append(s.clone())
            random_step(s, rng)
    return out[:count]


def spiel_tensor_cost(game: Any, method: str, seconds: float = 1.0) -> float:
    """Microseconds per ``state.<method>(player)`` on positions from random play."""
    states = positions(game, 1000)
    k = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for s in states[k % 1000:k % 1000 + 100]:
            getattr(s, method)(s.current_player())
        k += 100
    return (time.perf_counter() - start) / k * 1e6


def per_call(fn: Callable[[], Any], seconds: float) -> float:
    """Microseconds per call."""
    k = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            fn()
        k += 100
    return (time.perf_counter() - start) / k * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"{args.rules}, {args.seconds:g} s a figure")
    table = rate(table_loop(args.rules), args.seconds)
    print(f"{'table loop (view + RandomPlayer + apply)':44s} {table:9,.0f} hands/s")
    try:
        import rookgame.research.zoo  # noqa: F401
        print(f"{'pettingzoo AEC env (observation each step)':44s} "
              f"{rate(zoo_loop(args.rules), args.seconds):9,.0f} hands/s")
    except ImportError:
        print("pettingzoo: not installed")
    spiel: Any = None
    try:
        import pyspiel

        from rookgame.research.spiel import load_game

        spiel = pyspiel
        rook = load_game(args.rules)
        bridge = pyspiel.load_game("bridge(use_double_dummy_result=false)")
        print(f"{'openspiel rook (Python game)':44s} {rate(spiel_loop(rook), args.seconds):9,.0f} hands/s")
        print(f"{'openspiel bridge (C++), from Python':44s} {rate(spiel_loop(bridge), args.seconds):9,.0f} hands/s")
    except ImportError:
        print("openspiel: not installed")
    for w in sorted({1, args.workers}):
        # sized to run about `seconds`: a first small batch measures the speed
        probe = simulate(args.rules, 500, seed=3, workers=1)
        start = time.perf_counter()
        simulate(args.rules, 500, seed=4, workers=1)
        guess = 500 / (time.perf_counter() - start) * args.seconds * w
        n = max(1000, int(guess))
        start = time.perf_counter()
        b = simulate(args.rules, n, seed=5, workers=w, chunk=max(500, n // (4 * w)))
        dt = time.perf_counter() - start
        print(f"{f'batch.simulate, {w} worker(s)':44s} {len(b) / dt:9,.0f} hands/s  ({len(b)} hands, {dt:.1f} s)")
        del probe
    # observation cost
    rules = load(args.rules)
    hands: list[tuple[Hand, int]] = []
    rng = random.Random(6)
    while len(hands) < 2000:
        h = Hand(rules, 0)
        h.deal_random(rng)
        while not h.is_over:
            hands.append((h.copy(), h.to_act))
            h.apply_unchecked(rng.choice(h.legal_actions()))
    enc = observe.Encoder(rules)
    enc_pr = observe.Encoder(rules, perfect_recall=True)
    views = [view_of(h, s) for h, s in hands]
    it = iter(range(10**12))
    print(f"observation tensor, {enc.tensor.size} floats; information state, {enc_pr.tensor.size}")
    print(f"{'  view_of':44s} {per_call(lambda: view_of(*hands[next(it) % len(hands)]), 1.0):9.1f} µs")
    print(f"{'  Encoder.encode(view)':44s} {per_call(lambda: enc.encode(views[next(it) % len(views)]), 1.0):9.1f} µs")
    print(f"{'  Encoder(perfect_recall).encode(view)':44s} "
          f"{per_call(lambda: enc_pr.encode(views[next(it) % len(views)]), 1.0):9.1f} µs")
    if spiel is not None:
        bridge_game = spiel.load_game("bridge(use_double_dummy_result=false)")
        for name, game in (("rook", load_game(args.rules)), ("bridge", bridge_game)):
            for method in ("observation_tensor", "information_state_tensor"):
                print(f"{f'  openspiel {name} {method}':44s} {spiel_tensor_cost(game, method):9.1f} µs")

if __name__ == "__main__":
    main()

"""OpenSpiel's own algorithms on Rook: information-set MCTS, and outcome-sampling MCCFR.

1. IS-MCTS (``open_spiel.python.algorithms.ismcts``) holds seat 0 of a preset against
   uniform random seats; it samples the hidden cards through ``resample_from_infostate``.
2. Outcome-sampling Monte-Carlo CFR (``outcome_sampling_mccfr``) learns a tabular policy on a
   very small house-rules file (``examples/tiny.toml``: 16 cards, 3 players); its average policy
   then holds seat 0 against random seats.

Each is compared with a uniform random seat 0 on the same deals (the chance outcomes are drawn
from one seeded generator per hand, the same for both), in points per hand with a 95% interval.

    python examples/spiel_algorithms.py                         # cutthroat, 20 hands, 100 simulations
    python examples/spiel_algorithms.py --preset kentucky-discard --hands 10 --iterations 50000
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from rookgame.research.spiel import load_game

TINY = Path(__file__).with_name("tiny.toml")

Policy = Callable[[Any], int]


def play(game: Any, seat0: Policy, seed: int) -> float:
    """Seat 0's return in one hand: ``seat0`` at seat 0, uniform random elsewhere."""
    chance = random.Random(seed)
    others = random.Random(seed + 1)
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes())
            s.apply_action(chance.choices(outcomes, probs)[0])
        elif s.current_player() == 0:
            s.apply_action(seat0(s))
        else:
            s.apply_action(others.choice(s.legal_actions()))
    return float(s.returns()[0])


def compare(game: Any, name: str, policy: Policy, hands: int, seed: int) -> None:
    uniform = random.Random(seed)
    diffs = []
    start = time.perf_counter()
    for k in range(hands):
        a = play(game, policy, seed * 1000 + k)
        b = play(game, lambda s: uniform.choice(s.legal_actions()), seed * 1000 + k)
        diffs.append(a - b)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    print(f"{name} - random at seat 0: {mean:+.1f} points per hand [{mean - half:+.1f}, {mean + half:+.1f}] "
          f"over {hands} hands ({time.perf_counter() - start:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--preset", default="cutthroat")
    ap.add_argument("--hands", type=int, default=20, help="hands for IS-MCTS")
    ap.add_argument("--simulations", type=int, default=100)
    ap.add_argument("--iterations", type=int, default=10000, help="MCCFR iterations on tiny.toml")
    ap.add_argument("--cfr-hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    game = load_game(args.preset)
    rng = np.random.RandomState(args.seed)
    bot = ismcts.ISMCTSBot(
        game=game, evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), uct_c=2.0,
        max_simulations=args.simulations, max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES, random_state=rng,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, use_observation_string=False,
        allow_inconsistent_action_sets=False, child_selection_policy=ismcts.ChildSelectionPolicy.PUCT)
    compare(game, f"IS-MCTS ({args.simulations} simulations, {args.preset})", bot.step, args.hands, args.seed)

    tiny = pyspiel.load_game("rook", {"rules": str(TINY)})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(tiny)
    np.random.seed(args.seed)
    start = time.perf_counter()
    for _ in range(args.iterations):
        solver.iteration()
    print(f"MCCFR: {args.iterations} iterations on tiny.toml in {time.perf_counter() - start:.0f} s")
    average = solver.average_policy()
    pick = random.Random(args.seed)

    def cfr(s: Any) -> int:
        probs = average.action_probabilities(s)
        actions = list(probs)
        return int(pick.choices(actions, [probs[a] for a in actions])[0])

    compare(tiny, "MCCFR average policy (tiny.toml)", cfr, args.cfr_hands, args.seed)


if __name__ == "__main__":
    main()

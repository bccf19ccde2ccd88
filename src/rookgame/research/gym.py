"""Rook as a single-agent Gymnasium environment: one seat learns, our bots hold the others.

::

    from rookgame.research.gym import RookSoloEnv
    e = RookSoloEnv("kentucky-discard", opponents="heuristic", seat=0)
    obs, info = e.reset(seed=1)
    while True:
        action = pick(obs, info["action_mask"])          # or e.action_masks()
        obs, reward, terminated, truncated, info = e.step(action)
        if terminated or truncated:
            break

An episode is one hand.  The other seats, the learner's partner included, are bots of the
registry (:data:`rookgame.bots.REGISTRY`: ``random``, ``heuristic``, ``easy`` ...), each
seeing only its own view; they act until it is the learner's turn or the hand is over.  The
observation is the learner's view as the float32 array of :mod:`rookgame.research.observe`;
``info["action_mask"]`` (and :meth:`RookSoloEnv.action_masks`, as sb3-contrib's maskable
algorithms ask for it) marks the legal actions.  The reward, at the end, is the learner's
score for the hand in points (its side's), times ``reward_scale``.  An action the rules refuse
ends the episode with ``illegal_reward`` (default: minus the maximum bid, the worst score a
hand can give) and ``info["illegal"] = True``, so that unmasked algorithms can learn the rules.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .. import actions as A
from ..bots import Player, make_player
from ..rules import RuleSet
from ..state import Hand
from ..view import view_of
from . import observe
from .base import rules_from, seat_scores

Obs = npt.NDArray[np.float32]


class RookSoloEnv(gymnasium.Env[Obs, Any]):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, rules: RuleSet | str | Path = "kentucky-discard", opponents: str | list[str] = "random",
                 seat: int = 0, dealer: int | None = None, reward_scale: float = 1.0,
                 illegal_reward: float | None = None, render_mode: str | None = None) -> None:
        self.rules = rules_from(rules)
        n = self.rules.players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat of {n} players")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"{n - 1} opponents are needed (the other seats), not {len(names)}")
        for name in names:
            make_player(name)  # an unknown bot is refused now, with the list of bots
        self.opponent_names = names
        self.seat = seat
        self.dealer = dealer
        self.reward_scale = reward_scale
        self.illegal_reward = -float(self.rules.effective_max_bid) if illegal_reward is None else illegal_reward
        self.render_mode = render_mode
        self.num_actions = A.BID + self.rules.effective_max_bid + 1
        self._encoder = observe.Encoder(self.rules)
        self.observation_space = spaces.Box(0.0, 1.0, (self._encoder.tensor.size,), np.float32)
        self.action_space = spaces.Discrete(self.num_actions)
        self._rng = random.Random()
        self.hand = Hand(self.rules, 0)
        self.players: dict[int, Player] = {}

    def _others(self) -> list[int]:
        return [s for s in range(self.rules.players) if s != self.seat]

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        rng = self._rng
        dealer = self.dealer if self.dealer is not None else rng.randrange(self.rules.players)
        self.hand = Hand(self.rules, dealer)
        self.hand.deal_random(rng)
        self.players = {s: make_player(name, rng.randrange(2**31))
                        for s, name in zip(self._others(), self.opponent_names)}
        self._bots_act()
        return self._obs(), self._info()

    def _bots_act(self) -> None:
        hand = self.hand
        while not hand.is_over and hand.to_act != self.seat:
            seat = hand.to_act
            hand.apply(self.players[seat].act(view_of(hand, seat)), seat)

    def _obs(self) -> Obs:
        return self._encoder.encode(view_of(self.hand, self.seat)).copy()

    def action_masks(self) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.num_actions, np.int8)
        if not self.hand.is_over and self.hand.to_act == self.seat:
            mask[self.hand.legal_actions()] = 1
        return mask

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), **extra}

    def step(self, action: int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        hand = self.hand
        if hand.is_over:
            raise RuntimeError("the hand is over: call reset()")
        if hand.check(int(action), self.seat) is not None:
            return self._obs(), self.illegal_reward * self.reward_scale, True, False, self._info(illegal=True)
        hand.apply_unchecked(int(action))
        self._bots_act()
        if hand.is_over:
            reward = seat_scores(hand)[self.seat] * self.reward_scale
            return self._obs(), reward, True, False, self._info(thrown_in=hand.result is None)
        return self._obs(), 0.0, False, False, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return observe.observation_string(view_of(self.hand, self.seat))


gymnasium.register(id="Rook-v0", entry_point="rookgame.research.gym:RookSoloEnv")

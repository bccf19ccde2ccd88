"""Rook as a PettingZoo AEC environment (``pip install "rookgame[zoo]"``).

::

    from rookgame.research.zoo import env
    e = env("cutthroat")            # a preset, an alias or a house-rules file
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else pick(obs["observation"], obs["action_mask"])
        e.step(action)

An episode is one hand, dealt at random from the ``reset`` seed.  The agents are
``seat_0`` .. ``seat_{n-1}``; the one to act is the seat the engine says.  Each
observation is a dict: ``observation``, the seat's view as a fixed-shape float32 array in
[0, 1] (every piece documented in :mod:`rookgame.research.observe`), and ``action_mask``,
int8 over the action space (1 for the seat's legal actions, all 0 when it is not its turn).
Actions are :mod:`rookgame.actions` numbers, ``Discrete(257 + max bid)``.  Rewards come
at the end of the hand: each seat's score for the hand in points (its side's, in partnership
and call-partner games), 0 for everyone in a thrown-in hand.  An illegal action is refused
with :class:`~rookgame.state.IllegalAction` (the state is unchanged).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import actions as A
from ..rules import RuleSet
from ..state import Hand
from ..view import view_of
from . import observe
from .base import rules_from, seat_scores


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name for the unwrapped class)
    metadata = {"render_modes": ["human", "ansi"], "name": "rook_v0", "is_parallelizable": False}

    def __init__(self, rules: RuleSet | str | Path = "kentucky-discard", dealer: int = 0,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.rules = rules_from(rules)
        self.dealer = dealer
        self.render_mode = render_mode
        n = self.rules.players
        self.possible_agents = [f"seat_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        self.num_actions = A.BID + self.rules.effective_max_bid + 1
        self._encoder = observe.Encoder(self.rules)
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self._encoder.tensor.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._rng = random.Random()
        self.hand = Hand(self.rules, dealer)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, Any]:
        view = view_of(self.hand, self.seat(agent))
        mask = np.zeros(self.num_actions, np.int8)
        if view.legal:
            mask[list(view.legal)] = 1
        return {"observation": self._encoder.encode(view).copy(), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.hand = Hand(self.rules, self.dealer)
        self.hand.deal_random(self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.hand.to_act]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "a seat to act must act"
        self.hand.apply(int(action), self.seat(agent))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.hand.is_over:
            for a, r in zip(self.possible_agents, seat_scores(self.hand)):
                self.rewards[a] = r
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[(self.seat(agent) + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self.possible_agents[self.hand.to_act]
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self.hand.to_act if self.hand.to_act >= 0 else 0
        return observe.observation_string(view_of(self.hand, seat))

    def close(self) -> None:
        pass


def env(rules: RuleSet | str | Path = "kentucky-discard", dealer: int = 0, render_mode: str | None = None) -> Any:
    """The AEC environment with PettingZoo's usual wrappers (actions in range, order of calls)."""
    e: Any = raw_env(rules, dealer, render_mode)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e

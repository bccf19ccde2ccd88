"""Rook as an OpenSpiel game (``pip install "rookgame[spiel]"``).

Importing this module registers the game ``rook`` with :mod:`pyspiel`::

    import pyspiel
    import rookgame.research.spiel  # noqa: F401  (registers "rook")
    game = pyspiel.load_game("rook", {"preset": "cutthroat"})
    game = pyspiel.load_game("rook(rules=/path/house.toml)")

Parameters: ``preset`` (a preset name or alias, default ``kentucky-discard``), ``rules`` (a
house-rules file; it wins over ``preset``), ``dealer`` (the dealing seat, default 0).

* **A game is one hand.**  Players are seats 0..n-1.  ``returns()`` is each seat's score for
  the hand, in points, as the score pad books it (its side's score in partnership and
  call-partner games): the bidding side its points or minus its bid, the others what they
  took.  A thrown-in hand (everyone passed under ``all_pass = "redeal"``, or a redeal call)
  ends with 0 for everyone.  Scores do not sum to a constant (a made contract scores for both
  sides), so every rule set is declared ``GENERAL_SUM``.
* **The deal is explicit chance, one chance node per card position**: the i-th chance outcome
  is the card (its index 0..57) dealt to the i-th place of the dealing order (clockwise from
  the dealer's left, the nest cards where the rules deal them), each remaining card equally
  likely.  This is the shuffle itself, one small chance node per card (40-58 in the
  presets), rather than one chance node over every deal (far more than 2**31 outcomes).
* **Actions** are :mod:`rookgame.actions` numbers: 0..63 play a card, 64..127 bury one,
  128..191 call a partner card, 192 pass, 193 redeal, 196..200 trump, 201..205 the other
  declarations, 256+v bid v.  ``num_distinct_actions`` is ``257 + max bid``.
* **Observations** (:mod:`rookgame.research.observe`) are built from the seat's
  :func:`~rookgame.view.view_of` only; while the cards are being dealt a seat sees the cards
  dealt to it so far.  ``resample_from_infostate`` deals the unseen cards again with the bots'
  sampler (:func:`rookgame.bots.sampler.sample_hand`, uniform: the auction is not weighed),
  for information-set MCTS.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pyspiel

from .. import actions as A
from ..bots.sampler import SampleError, sample_hand
from ..cards import NUM_CARDS, CardSet, card_str
from ..rules import RulesError, RuleSet, load, preset
from ..state import Hand, IllegalAction, deal_order
from ..view import View, view_of
from . import observe
from .base import seat_scores

DEFAULT_PARAMS: dict[str, Any] = {"preset": "kentucky-discard", "rules": "", "dealer": 0}

GAME_TYPE = pyspiel.GameType(
    short_name="rook",
    long_name="Rook (rookgame)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=DEFAULT_PARAMS,
)


def rules_of(params: dict[str, Any]) -> RuleSet:
    """The rule set a game's parameters name; :class:`ValueError` saying what would work otherwise."""
    unknown = set(params) - set(DEFAULT_PARAMS)
    if unknown:
        raise ValueError(f"rook: unknown parameter(s) {', '.join(sorted(unknown))}; "
                         f"parameters: {', '.join(DEFAULT_PARAMS)}")
    path = str(params.get("rules") or "")
    try:
        return load(path) if path else preset(str(params.get("preset") or DEFAULT_PARAMS["preset"]))
    except RulesError as e:
        raise ValueError(f"rook: {e}") from None


def utility_bounds(rules: RuleSet) -> tuple[float, float]:
    """The lowest and highest score a seat can book in one hand."""
    top = rules.total_points * (2 if rules.moon == "double" else 1)
    return -float(rules.effective_max_bid), float(max(top, rules.total_points))


def max_game_length(rules: RuleSet) -> int:
    """An upper bound on the actions of a hand, the deal's chance outcomes included."""
    deck = rules.deck
    return deck.size + observe.max_auction(rules) + len(rules.nest_steps) + deck.size - rules.nest_size


class RookGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of Rook under one rule set."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        full = dict(DEFAULT_PARAMS)
        full.update(params or {})
        self.rules = rules_of(full)
        self.dealer = int(full.get("dealer", 0))
        if not 0 <= self.dealer < self.rules.players:
            raise ValueError(f"rook: dealer = {self.dealer} is not a seat of {self.rules.players} players")
        low, high = utility_bounds(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=A.BID + self.rules.effective_max_bid + 1,
            max_chance_outcomes=NUM_CARDS,
            num_players=self.rules.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=max_game_length(self.rules),
        )
        super().__init__(GAME_TYPE, info, full)
        self.order = deal_order(self.rules, self.dealer)

    def new_initial_state(self) -> RookState:
        return RookState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RookObserver:
        if params:
            raise ValueError(f"rook: observer parameters are not supported; given {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("rook: only a seat's own observation is provided (public info and that seat's private "
                             "info, with or without perfect recall)")
        return RookObserver(self.rules, bool(iig_obs_type.perfect_recall))


class _Box:
    """The engine's hand in a state's attributes: OpenSpiel clones a Python state by deep-copying
    them, and :meth:`Hand.copy` is the engine's own (fast) copy; the rule set is shared, not copied."""

    __slots__ = ("hand",)

    def __init__(self, hand: Hand) -> None:
        self.hand = hand

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.hand.copy())


class RookState(pyspiel.State):  # type: ignore[misc]
    """A hand being dealt (chance) and played; :attr:`hand` is the engine's state once dealt."""

    def __init__(self, game: RookGame) -> None:
        super().__init__(game)
        self.order = game.order
        self.dealt: list[int] = []  # the chance outcomes so far: card dealt to each position in turn
        self.masks = [0] * (game.rules.players + 1)  # cards dealt so far per seat, the nest last
        self._box = _Box(Hand(game.rules, game.dealer))

    @property
    def hand(self) -> Hand:
        return self._box.hand

    @property
    def rules(self) -> RuleSet:
        return self._box.hand.rules

    # ------------------------------------------------------------------ the OpenSpiel API
    def current_player(self) -> int:
        if len(self.dealt) < len(self.order):
            return int(pyspiel.PlayerId.CHANCE)
        if self.hand.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.hand.to_act

    def _legal_actions(self, player: int) -> list[int]:
        return self.hand.legal_actions() if player == self.hand.to_act else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = [c for c in self.rules.deck.cards if not self._dealt_mask() >> c & 1]
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _dealt_mask(self) -> int:
        m = 0
        for x in self.masks:
            m |= x
        return m

    def _apply_action(self, action: int) -> None:
        if len(self.dealt) < len(self.order):
            place = self.order[len(self.dealt)]
            self.masks[place] |= 1 << action
            self.dealt.append(action)
            if len(self.dealt) == len(self.order):
                self.hand.set_deal(self.masks[:-1], self.masks[-1])
            return
        try:
            self.hand.apply(action)
        except IllegalAction as e:
            raise pyspiel.SpielError(f"rook: {e}") from None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {card_str(action)}"
        return A.action_str(action)

    def is_terminal(self) -> bool:
        return len(self.dealt) == len(self.order) and self.hand.is_over

    def returns(self) -> list[float]:
        return seat_scores(self.hand)

    def __str__(self) -> str:
        h = self.hand
        lines = [f"{h.rules.label}, dealer {h.dealer}, {h.phase.name.lower()}"]
        masks = h.hands if len(self.dealt) == len(self.order) else self.masks[:-1]
        for s, m in enumerate(masks):
            lines.append(f"seat {s}: {CardSet(m)}")
        lines.append(f"nest: {CardSet(h.nest if len(self.dealt) == len(self.order) else self.masks[-1])}")
        if h.history:
            lines.append("actions: " + ", ".join(A.action_str(a) for a in h.history))
        return "\n".join(lines)

    # ------------------------------------------------------------------ views and resampling
    def view(self, player: int) -> View:
        """What seat ``player`` sees (while dealing: the cards dealt to it so far)."""
        v = view_of(self.hand, player)
        if len(self.dealt) < len(self.order):
            v = v._replace(hand=CardSet(self.masks[player]))
        return v

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> RookState:
        """A state ``player_id`` cannot tell from this one, the unseen cards dealt again at random."""
        rng = random.Random(int(probability_sampler() * 2**62))
        game = self.get_game()
        out = game.new_initial_state()
        if len(self.dealt) < len(self.order):
            mine = self.masks[player_id]
            pool = [c for c in self.rules.deck.cards if not mine >> c & 1]
            rng.shuffle(pool)
            for i, card in enumerate(self.dealt):
                out.apply_action(card if self.order[i] == player_id else pool.pop())
            return out  # type: ignore[no-any-return]
        try:
            sampled = sample_hand(self.view(player_id), rng, tries=2000, weigh_auction=False, read_nest=False)
        except SampleError as e:
            raise pyspiel.SpielError(f"rook: cannot resample seat {player_id}'s information state: {e}") from None
        places = [sorted(CardSet(m)) for m in (*sampled.dealt, sampled.nest)]
        for place in self.order:
            out.apply_action(int(places[place].pop(0)))
        for action in sampled.history:
            out.apply_action(action)
        return out  # type: ignore[no-any-return]


class RookObserver:
    """OpenSpiel's PyObserver for Rook: ``tensor``/``dict`` filled from a seat's view (see observe)."""

    def __init__(self, rules: RuleSet, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self._encoder = observe.Encoder(rules, perfect_recall)
        self.tensor = self._encoder.tensor
        self.dict = self._encoder.dict

    def set_from(self, state: RookState, player: int) -> None:
        self._encoder.encode(state.view(player))

    def string_from(self, state: RookState, player: int) -> str:
        v = state.view(player)
        return observe.information_state_string(v) if self.perfect_recall else observe.observation_string(v)


pyspiel.register_game(GAME_TYPE, RookGame)


def load_game(preset: str = "kentucky-discard", rules: str = "", dealer: int = 0) -> Any:
    """``pyspiel.load_game("rook", ...)`` with the parameters spelled out."""
    return pyspiel.load_game("rook", {"preset": preset, "rules": rules, "dealer": dealer})


__all__ = ["GAME_TYPE", "RookGame", "RookObserver", "RookState", "load_game", "rules_of"]

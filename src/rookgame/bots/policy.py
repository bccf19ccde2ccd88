"""Which card to play: a learned policy, distilled from the expert's own card decisions.

For each legal card, a small network scores the card from what the seat knows
(:class:`~.knowledge.Knowledge`: its hand, the trick, the cards played and unseen, the voids, who
plays with it) and from the heuristic's choice there; the scores are softened over the legal cards
into the probability that the expert plays each.  Every feature is relative to the seat and the
rule set (a card's points, whether it follows, takes the trick, is the top of its colour; the
seat's place in the trick, its side), so one set of weights serves every preset and house-rules
file, as the beliefs' do (:mod:`.belief`).

It is trained by imitation (the cards the medium expert played in recorded hands; ``rook``'s
training code in :mod:`rookgame.research.policy`, PyTorch on the CPU) and runs here in numpy: the
weights ship in ``rookgame/data/policy.json``.  The expert may use it to play out its sampled deals
(:class:`PolicyPlayer`, ``expert:playout=1``) and to prune the cards it scores (``expert:prior=...``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from ..cards import BIRD
from .belief import Model as BeliefModel
from .belief import read_shipped
from .heuristic import HeuristicPlayer
from .knowledge import Knowledge

Array = npt.NDArray[np.float32]
WEIGHTS_FILE = "data/policy.json"

FEATURES = (
    # the card
    "points",  # / 20
    "counter",
    "bird",
    "trump",
    "higher_unseen",  # cards of its colour above it the seat has not seen, / 5 (at most 1)
    "lower_unseen",  # below it, / 5 (at most 1)
    "top",  # none above it unseen
    "higher_mine",  # cards of its colour above it in the seat's hand / 5
    "lower_mine",  # below it in the seat's hand / 5
    "colour_mine",  # cards of its colour in the seat's hand / hand size
    "colour_unseen",  # cards of its colour unseen / hand size
    "follows",  # of the colour led
    "ruffs",  # a trump on another colour's lead
    "throws",  # neither: a discard
    "takes",  # takes the trick from the card winning it now
    "sure",  # takes it and no later opponent can take it back (the heuristic's reckoning)
    "opp_void",  # an opponent yet to play (all of them when leading) has shown void in its colour
    "opp_ruff",  # one of them is void in its colour and may hold trump
    "heuristic",  # the heuristic plays this card here
    # the trick and the seat
    "leading",
    "place",  # the seat's place in the trick / (players - 1)
    "last",  # plays last to the trick
    "trick_points",  # points in the trick / 20
    "partner_winning",  # the trick is won by the seat's side so far
    "partner_sure",  # ... and no later opponent can take it
    "later_opponents",  # opponents yet to play to the trick / players
    "trumps_mine",  # / hand size
    "trumps_unseen",  # / hand size
    "cards_left",  # the seat's hand / hand size
    "bidder",  # the seat is the bidder
    "bidder_side",  # the seat plays with the bidder
    "legal",  # legal cards / hand size
    # the rules
    "players",  # / 8
    "partners", "individual", "call_partner",
    "no_trump",
)


class Model(BeliefModel):
    """A multilayer perceptron over one card's features: ReLU layers, then the card's score (the belief model's
    network, over the policy's features)."""

    KIND: ClassVar[str] = "policy"
    FEATURES: ClassVar[tuple[str, ...]] = FEATURES


class _Fast:
    """A model's layers with the input scaling folded into the first (fewer numpy calls a decision)."""

    __slots__ = ("layers",)

    def __init__(self, model: Model) -> None:
        (w0, b0), *rest = model.layers
        w = (w0 * model.scale[:, None]).astype(np.float64)
        b = (b0 - (model.mean * model.scale) @ w0).astype(np.float64)
        self.layers = [(w, b)] + [(wi.astype(np.float64), bi.astype(np.float64)) for wi, bi in rest]

    def scores(self, x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        layers = self.layers
        h = x
        for w, b in layers[:-1]:
            h = h @ w + b
            np.maximum(h, 0.0, out=h)
        w, b = layers[-1]
        out: npt.NDArray[np.float64] = (h @ w)[:, 0] + b[0]
        return out


@lru_cache(maxsize=1)
def shipped() -> Model | None:
    """The shipped weights, or None where none ship."""
    return read_shipped(Model, WEIGHTS_FILE)


def features(k: Knowledge, legal: tuple[int, ...] | list[int], choice: int) -> list[list[float]]:
    """One row of :data:`FEATURES` per card of ``legal`` (``choice``: the heuristic's card)."""
    t = k.tables
    assert t is not None
    rules = k.rules
    n = rules.players
    size = rules.deck.hand_size
    pts = rules.deck.points
    suit, strength, key, masks = t.suit, t.strength, t.key, t.suit_mask
    trump = t.trump
    hand, unseen = k.hand, k.unseen
    team = k.team
    voids = k.voids
    trick = k.trick
    done = len(trick)
    leading = not done
    opponents = [s for s in range(n) if s not in team]
    later = [(k.leader + i) % n for i in range(done + 1, n)] if done else [(k.seat + i) % n for i in range(1, n)]
    later_opp = [s for s in later if s not in team]
    trump_unseen = (unseen & masks[trump]).bit_count() if trump >= 0 else 0

    def sure(card: int, led: int) -> bool:
        """No later opponent can take the trick from ``card`` (the heuristic's ``safe``)."""
        if not later_opp:
            return True
        s = suit[card]
        rivals = unseen & masks[s]
        st = strength[card]
        while rivals:
            low = rivals & -rivals
            if strength[low.bit_length() - 1] > st:
                return False
            rivals ^= low
        if s != trump and trump >= 0 and trump_unseen:
            return not any(voids[o] >> led & 1 for o in later_opp)
        return True

    if done:
        led = suit[trick[0]]
        best = trick[0]
        best_i = 0
        for i in range(1, done):
            c = trick[i]
            if (suit[c] == trump or suit[c] == led) and key[c] > key[best]:
                best, best_i = c, i
        winner = (k.leader + best_i) % n
        ours = winner in team
        ours_sure = ours and sure(best, led)
        trick_pts = sum(pts[c] for c in trick)
    else:
        led, best, ours, ours_sure, trick_pts = -1, -1, False, False, 0
    hand_n = hand.bit_count()
    common = [
        float(leading), done / max(1, n - 1), float(done == n - 1), trick_pts / 20, float(ours), float(ours_sure),
        len(later_opp) / n, ((hand & masks[trump]).bit_count() if trump >= 0 else 0) / size, trump_unseen / size,
        hand_n / size, float(k.seat == k.bidder), float(k.bidder in team), len(legal) / size,
        n / 8, float(rules.mode == "partners"), float(rules.mode == "individual"),
        float(rules.mode == "call-partner"), float(trump < 0),
    ]
    rows = []
    for c in legal:
        s = suit[c]
        st = strength[c]
        hi_u = lo_u = hi_m = lo_m = 0
        m = unseen & masks[s]
        while m:
            low = m & -m
            if strength[low.bit_length() - 1] > st:
                hi_u += 1
            else:
                lo_u += 1
            m ^= low
        m = hand & masks[s]
        while m:
            low = m & -m
            o = strength[low.bit_length() - 1]
            if o > st:
                hi_m += 1
            elif o < st:
                lo_m += 1
            m ^= low
        if leading:
            takes = hi_u == 0
            is_sure = sure(c, s)
            follows = ruffs = throws = False
        else:
            follows = s == led
            ruffs = s == trump and led != trump
            throws = not follows and not ruffs
            takes = (s == trump or s == led) and key[c] > key[best]
            is_sure = takes and sure(c, led)
        void = False
        ruff = False
        for o in later_opp if not leading else opponents:
            if voids[o] >> s & 1:
                void = True
                if trump >= 0 and s != trump and not voids[o] >> trump & 1 and trump_unseen:
                    ruff = True
        p = pts[c]
        rows.append([
            p / 20, float(p > 0), float(c >= BIRD), float(s == trump and trump >= 0),
            min(hi_u, 5) / 5, min(lo_u, 5) / 5, float(hi_u == 0), min(hi_m, 5) / 5, min(lo_m, 5) / 5,
            (hand & masks[s]).bit_count() / size, (unseen & masks[s]).bit_count() / size,
            float(follows), float(ruffs), float(throws), float(takes), float(is_sure), float(void), float(ruff),
            float(c == choice),
        ] + common)
    return rows


class Policy:
    """The shipped (or a given) model, ready to score a seat's legal cards."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._fast = _Fast(model)
        self.heuristic = HeuristicPlayer()

    def probabilities(self, k: Knowledge, legal: tuple[int, ...] | list[int]) -> npt.NDArray[np.float64]:
        """The probability of each card of ``legal`` (in its order) that the expert plays it."""
        z = self.logits(k, legal)
        z = np.exp(z - z.max())
        out: npt.NDArray[np.float64] = z / z.sum()
        return out

    def logits(self, k: Knowledge, legal: tuple[int, ...] | list[int]) -> npt.NDArray[np.float64]:
        choice = self.heuristic.play(k, legal)
        return self._fast.scores(np.array(features(k, legal, choice), np.float64))

    def choose(self, k: Knowledge, legal: tuple[int, ...] | list[int]) -> int:
        """The card the expert most likely plays."""
        if len(legal) == 1:
            return legal[0]
        choice = self.heuristic.play(k, legal)
        z = self._fast.scores(np.array(features(k, legal, choice), np.float64))
        return legal[int(np.argmax(z))]


@lru_cache(maxsize=1)
def shipped_policy() -> Policy | None:
    model = shipped()
    return Policy(model) if model is not None else None


class PolicyPlayer(HeuristicPlayer):
    """The heuristic in the auction and the nest; in the card play, the policy's most likely card."""

    name = "policy"

    def __init__(self, seed: int | None = None, policy: Policy | None = None) -> None:
        super().__init__(seed)
        got = policy or shipped_policy()
        if got is None:
            raise RuntimeError("no policy weights ship")
        self.policy = got

    def play(self, k: Knowledge, legal: tuple[int, ...] | list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        choice = HeuristicPlayer.play(self, k, legal)
        z = self.policy._fast.scores(np.array(features(k, legal, choice), np.float64))
        return legal[int(np.argmax(z))]

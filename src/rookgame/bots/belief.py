"""Where the cards a seat has not seen lie: a learned belief model.

From a seat's view (the auction, the nest as far as seen, the trump named, every card played and
by whom, the voids shown), a small network gives, for each card the seat has not seen, a score for
each place it may be in: each other seat's hand, and the hidden nest or burial.  The scores are
turned into probabilities card by card over the places the view allows (a void, a burial that may
not hold counters, a card seen in the nest: the hard constraints of :func:`.sampler.places`), then
balanced so that each place expects as many cards as it holds (:func:`marginals`).  The sampler
deals from them (``sample_hand(..., belief=...)``), every hard constraint kept exact.

The network sees one (card, place) pair at a time, described relative to the seat and the rule set
(the card's points, its rank in its colour, whether it is trump; the place's bids, passes, side,
the cards it has played in the card's colour, its room), so one set of weights serves every
preset and house-rules file.  It is trained on hands played by the bots, the expert's own among them
(``benchmarks/train_belief.py``, :mod:`rookgame.research.train`); the weights ship in
``rookgame/data/belief.json`` and run here in numpy.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import ClassVar, Self, TypeVar

import numpy as np
import numpy.typing as npt

from .. import actions as A
from ..cards import BIRD
from ..rules import PlayTables, RuleSet
from ..state import Phase
from ..view import View
from .constraints import Places
from .knowledge import teammates

Array = npt.NDArray[np.float32]
WEIGHTS_FILE = "data/belief.json"

CARD_FEATURES = (
    "points",  # the card's points / 20
    "counter",
    "bird",
    "trump",  # of the trump named (0 before)
    "rank",  # its place in its colour from the top, 0 (top) to 1 (bottom), over the whole deck
    "higher_unseen",  # cards of its colour above it this seat has not seen, / 5 (at most 1)
    "top_unseen",  # none above it unseen
    "colour_unseen",  # cards of its colour this seat has not seen / cards it has not seen
    "colour_mine",  # cards of its colour this seat holds / its hand
    "colour_played",  # cards of its colour played / cards of the colour in the deck
)
PLACE_FEATURES = (
    "room",  # cards the place holds / cards this seat has not seen
    "hidden",  # the nest or the burial
    "nest",  # the face-down nest (not yet taken)
    "partner",  # plays with this seat
    "bidder",
    "bidder_side",  # known to play with the bidder
    "left",  # plays right after this seat
    "right",  # plays right before it
    "top_bid",  # its highest bid / points in play
    "top_bid_over",  # (its highest bid - the lowest bid) / points in play
    "bid",  # it bid at least once
    "passed",  # it passed
    "passed_cold",  # it passed without bidding
    "pass_level",  # (the lowest bid it could have made when it passed - the lowest bid) / points in play
    "contract",  # the contract / points in play, for the bidder
    "voids",  # colours it has shown void in / 4
    "ruffs",  # tricks it has trumped when void / tricks played
    "hand_left",  # cards it holds / hand size
)
PAIR_FEATURES = (
    "played_colour",  # cards of the card's colour the place has played / hand size
    "led_colour",  # tricks it led in the card's colour / tricks played
    "discarded_colour",  # cards of the colour it threw on another colour's trick / hand size
    "played_above",  # it has played a card of the colour above this one
    "played_below",  # it has played a card of the colour below this one
    "trump_bidder",  # the card is trump and the place the bidder
    # What the place played instead of this card, where it followed the colour (the card unplayed then):
    "could_win",  # tricks this card would have taken at its turn and the card it played did not
    "did_not_feed",  # tricks its side was winning and it gave fewer points than this card holds
    "gave_more",  # tricks the other side was winning and it gave more points than this card holds
    "won_dearer",  # tricks it took with a card above this one where this one would have taken them too
    "led_above",  # tricks it led in the colour with a card above this one
)
GLOBAL_FEATURES = (
    "players",  # / 8
    "partners", "individual", "call_partner",
    "nest_share",  # nest size / deck size
    "bidding", "nest_phase", "playing",
    "trump_known",
    "tricks_done",  # tricks played / tricks in a hand
)
FEATURES = CARD_FEATURES + PLACE_FEATURES + PAIR_FEATURES + GLOBAL_FEATURES


@dataclass(frozen=True)
class Inputs:
    """One view's (card, place) pairs: ``x[c, p]`` the features of card ``cards[c]`` in place
    ``places[p]`` (a seat, or ``n`` for the hidden nest or burial); ``allowed[c, p]`` where the
    view lets it be; ``room[p]`` the cards place ``p`` holds."""

    cards: list[int]
    places: list[int]
    x: Array
    allowed: npt.NDArray[np.bool_]
    room: Array


@lru_cache(maxsize=512)
def _ranks(rules: RuleSet, trump: int, low: bool, bird_high: bool) -> tuple[PlayTables, tuple[float, ...]]:
    """The play tables and each card's rank in its effective colour, 0 at the top to 1 at the bottom."""
    t = rules.play_tables(trump, low, bird_high)
    rank = [0.0] * 64
    for k in range(4):
        cards = sorted((c for c in rules.deck.cards if t.suit[c] == k), key=lambda c: -t.strength[c])
        for i, c in enumerate(cards):
            rank[c] = i / max(1, len(cards) - 1)
    return t, tuple(rank)


def _tables(view: View) -> tuple[PlayTables, tuple[float, ...]]:
    if view.trump >= -1:
        return _ranks(view.rules, view.trump, view.low, view.bird_high)
    return _ranks(view.rules, -1, False, True)  # no trump named yet: the colours as printed


def inputs(view: View, p: Places) -> Inputs:
    """The model's inputs for ``view``, whose hidden cards and places ``p`` describes."""
    rules = view.rules
    n = rules.players
    me = view.seat
    t, rank = _tables(view)
    suit, strength = t.suit, t.strength
    cards = list(p.pool)
    places = [s for s in range(n + 1) if p.want[s] and s != me]
    C, P = len(cards), len(places)
    hidden = len(cards) or 1
    size = rules.deck.hand_size
    total = rules.total_points or 1
    trump = view.trump if view.trump >= 0 else -1
    unseen = 0
    for c in cards:
        unseen |= 1 << c
    hand = int(view.hand)
    played = int(view.played)

    # ---- per card
    pts = rules.deck.points
    cf = np.zeros((C, len(CARD_FEATURES)), np.float32)
    colour_count = [(rules.deck.mask & t.suit_mask[k]).bit_count() or 1 for k in range(4)]
    unseen_in = [(unseen & t.suit_mask[k]).bit_count() for k in range(4)]
    mine_in = [(hand & t.suit_mask[k]).bit_count() for k in range(4)]
    played_in = [(played & t.suit_mask[k]).bit_count() for k in range(4)]
    hand_n = hand.bit_count() or 1
    for i, c in enumerate(cards):
        k = suit[c]
        higher = 0
        rivals = unseen & t.suit_mask[k]
        while rivals:
            low = rivals & -rivals
            if strength[low.bit_length() - 1] > strength[c]:
                higher += 1
            rivals ^= low
        cf[i] = (pts[c] / 20, pts[c] > 0, c >= BIRD, k == trump and trump >= 0, rank[c], min(higher, 5) / 5,
                 higher == 0, unseen_in[k] / hidden, mine_in[k] / hand_n, played_in[k] / colour_count[k])

    # ---- per place
    stats = _seat_stats(view, t, n)
    known = set(view.known_partners)
    team = teammates(view)
    lowest = rules.min_bid
    auction = _auction(view)
    tricks_done = len(view.tricks)
    pf = np.zeros((P, len(PLACE_FEATURES)), np.float32)
    room = np.zeros(P, np.float32)
    for j, s in enumerate(places):
        room[j] = p.want[s]
        if s == n:
            pf[j, :3] = (p.want[s] / hidden, 1.0, not p.taken)
            continue
        top, bids, passed, pass_level = auction[s]
        pf[j] = (p.want[s] / hidden, 0.0, 0.0, s in team, s == view.bidder, s in known and s != view.bidder,
                 s == (me + 1) % n, s == (me - 1) % n,
                 top / total, max(0, top - lowest) / total if bids else 0.0, bids > 0, passed, passed and not bids,
                 max(0, pass_level - lowest) / total if passed else 0.0,
                 view.bid / total if s == view.bidder and view.bid > 0 else 0.0,
                 bin(view.voids[s]).count("1") / 4 if view.voids else 0.0,
                 stats.ruffs[s] / max(1, tricks_done), view.hand_sizes[s] / size)

    # ---- per pair, a place at a time over all the cards
    xf = np.zeros((C, P, len(PAIR_FEATURES)), np.float32)
    key = t.key
    c_suit = np.array([suit[c] for c in cards])
    c_key = np.array([key[c] for c in cards])
    c_pts = np.array([pts[c] for c in cards])
    c_str = np.array([strength[c] for c in cards])
    is_trump = (c_suit == trump) & (trump >= 0)
    ticks = max(1, tricks_done)
    for j, s in enumerate(places):
        if s == n:
            continue
        xf[:, j, 0] = np.array(stats.plays[s])[c_suit] / size
        xf[:, j, 1] = np.array(stats.leads[s])[c_suit] / ticks
        xf[:, j, 2] = np.array(stats.discards[s])[c_suit] / size
        xf[:, j, 3] = np.array(stats.high[s])[c_suit] > c_str
        xf[:, j, 4] = np.array(stats.low[s])[c_suit] < c_str
        xf[:, j, 5] = is_trump & (s == view.bidder)
        follows = stats.follows[s]
        if follows:
            y = np.array([f[0] for f in follows])
            win = np.array([f[1] for f in follows])[None, :]
            ours = np.array([f[2] for f in follows])[None, :]
            took = np.array([f[3] for f in follows])[None, :]
            same = c_suit[:, None] == np.array([suit[v] for v in y])[None, :]
            y_pts = np.array([pts[v] for v in y])[None, :]
            y_key = np.array([key[v] for v in y])[None, :]
            ck, cp = c_key[:, None], c_pts[:, None]
            xf[:, j, 6] = np.minimum((same & (ck > win) & ~took).sum(axis=1), 3) / 3
            xf[:, j, 7] = np.minimum((same & ours & (cp > y_pts)).sum(axis=1), 3) / 3
            xf[:, j, 8] = np.minimum((same & ~ours & ~took & (y_pts > cp)).sum(axis=1), 3) / 3
            xf[:, j, 9] = np.minimum((same & took & (win < ck) & (ck < y_key)).sum(axis=1), 3) / 3
        leads = stats.lead_cards[s]
        if leads:
            same = c_suit[:, None] == np.array([suit[v] for v in leads])[None, :]
            above = np.array([strength[v] for v in leads])[None, :] > c_str[:, None]
            xf[:, j, 10] = np.minimum((same & above).sum(axis=1), 3) / 3

    g = np.array((n / 8, rules.mode == "partners", rules.mode == "individual", rules.mode == "call-partner",
                  rules.nest_size / rules.deck.size, view.phase == Phase.BID, view.phase == Phase.NEST,
                  view.phase >= Phase.PLAY, trump >= 0, tricks_done / size), np.float32)

    x = np.concatenate([np.broadcast_to(cf[:, None, :], (C, P, cf.shape[1])),
                        np.broadcast_to(pf[None, :, :], (C, P, pf.shape[1])), xf,
                        np.broadcast_to(g, (C, P, g.shape[0]))], axis=2)
    allowed = np.ones((C, P), np.bool_)
    bidder = view.bidder
    for j, s in enumerate(places):
        cant = p.cant[s]
        for i, c in enumerate(cards):
            if cant >> c & 1 or (p.only_bidder >> c & 1 and s not in (bidder, n)):
                allowed[i, j] = False
    return Inputs(cards, places, x, allowed, room)


@dataclass
class _Stats:
    plays: list[list[int]]  # [seat][colour] cards played
    leads: list[list[int]]
    discards: list[list[int]]
    high: list[list[int]]  # [seat][colour] the strongest card played (-inf: none)
    low: list[list[int]]
    ruffs: list[int]
    lead_cards: list[list[int]]  # per seat, the cards it led
    # per seat, each card it followed with: (the card, the key to beat before it, its side was winning
    # then, it took the lead)
    follows: list[list[tuple[int, int, bool, bool]]]


_NONE_HIGH = -10 ** 9
_NONE_LOW = 10 ** 9


def _seat_stats(view: View, t: PlayTables, n: int) -> _Stats:
    st = _Stats([[0] * 4 for _ in range(n)], [[0] * 4 for _ in range(n)], [[0] * 4 for _ in range(n)],
                [[_NONE_HIGH] * 4 for _ in range(n)], [[_NONE_LOW] * 4 for _ in range(n)], [0] * n,
                [[] for _ in range(n)], [[] for _ in range(n)])
    if view.phase < Phase.PLAY:
        return st
    suit, strength, trump, key = t.suit, t.strength, t.trump, t.key
    partners = view.rules.mode == "partners"
    known = set(view.known_partners)

    def same_side(a: int, b: int) -> bool:
        return a == b or (partners and a % 2 == b % 2) or (a in known and b in known)

    tricks = [(leader, cards) for leader, cards, _ in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        led = suit[cards[0]]
        best, best_seat = cards[0], leader
        for i, c in enumerate(cards):
            s = (leader + i) % n
            k = suit[c]
            if i and k == led:
                takes = key[c] > key[best] and (suit[best] == led or suit[best] != trump)
                st.follows[s].append((c, key[best] if suit[best] == led else _NONE_LOW, same_side(best_seat, s), takes))
            if i == 0 or ((k == trump or k == led) and key[c] > key[best]):
                best, best_seat = c, s
            st.plays[s][k] += 1
            if strength[c] > st.high[s][k]:
                st.high[s][k] = strength[c]
            if strength[c] < st.low[s][k]:
                st.low[s][k] = strength[c]
            if i == 0:
                st.leads[s][k] += 1
                st.lead_cards[s].append(c)
            elif k != led:
                if k == trump:
                    st.ruffs[s] += 1
                else:
                    st.discards[s][k] += 1
    return st


def _auction(view: View) -> list[tuple[int, int, bool, int]]:
    """Per seat: (its highest bid or 0, its bids, whether it passed, the lowest bid open when it passed)."""
    rules = view.rules
    out = [[0, 0, False, 0] for _ in range(rules.players)]
    top = -1
    for seat, action in view.auction:
        row = out[seat]
        if action >= A.BID:
            top = action - A.BID
            row[0] = max(int(row[0]), top)
            row[1] = int(row[1]) + 1
        elif action == A.PASS:
            row[2] = True
            row[3] = top + rules.bid_step if top >= 0 else rules.min_bid
    return [(int(a), int(b), bool(c), int(d)) for a, b, c, d in out]


# ---------------------------------------------------------------------- the network
M = TypeVar("M", bound="Model")


@dataclass(frozen=True)
class Model:
    """A multilayer perceptron over the (card, place) features: ReLU layers, then one score.  The card policy's
    model is this one over its own features (:class:`rookgame.bots.policy.Model`)."""

    KIND: ClassVar[str] = "belief"  # what the weights are, in the refusal of weights made for other features
    FEATURES: ClassVar[tuple[str, ...]] = FEATURES

    mean: Array
    scale: Array
    layers: tuple[tuple[Array, Array], ...]
    info: dict[str, object]

    def scores(self, x: Array) -> Array:
        h = (x - self.mean) * self.scale
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0, out=h)
        out: Array = h[..., 0]
        return out

    def to_bytes(self) -> bytes:
        """JSON: the weights to 6 significant digits (plain text, read back the same on any machine)."""
        def rounded(a: Array) -> object:
            return np.vectorize(lambda v: float(f"{v:.6g}"))(a).tolist() if a.size else a.tolist()

        data = {"info": self.info, "mean": rounded(self.mean), "scale": rounded(self.scale),
                "layers": [{"w": rounded(w), "b": rounded(b)} for w, b in self.layers]}
        return (json.dumps(data, separators=(",", ":")) + "\n").encode()

    @classmethod
    def from_bytes(cls, data: bytes) -> Self:
        z = json.loads(data)
        info = z["info"]
        if tuple(info.get("features", ())) != cls.FEATURES:
            raise ValueError(f"the {cls.KIND} weights were trained on other features")
        layers = tuple((np.array(layer["w"], np.float32), np.array(layer["b"], np.float32)) for layer in z["layers"])
        return cls(np.array(z["mean"], np.float32), np.array(z["scale"], np.float32), layers, info)


def read_shipped(kind: type[M], path: str) -> M | None:
    """The weights of a ``kind`` of model shipped at ``path`` in the package, or None where none ship."""
    try:
        data = resources.files("rookgame").joinpath(path).read_bytes()
    except (FileNotFoundError, OSError):
        return None
    return kind.from_bytes(data)


@lru_cache(maxsize=1)
def shipped() -> Model | None:
    """The shipped weights, or None where none ship."""
    return read_shipped(Model, WEIGHTS_FILE)


SINKHORN_ROUNDS = 20


def marginals(model: Model, inp: Inputs, power: float = 1.0) -> Array:
    """For each card, the probability of each place: the model's scores softened over the places the
    view allows, with each place's prior share (its room) as the base, then scaled place by place and
    card by card (Sinkhorn) until each place expects as many cards as it holds.  ``power`` scales the
    scores (above 1 sharper, below 1 flatter: a check of the model's calibration)."""
    if not inp.cards:
        return np.zeros((0, len(inp.places)), np.float32)
    logits = power * model.scores(inp.x) + np.log(np.maximum(inp.room, 1e-9))[None, :]
    logits = np.where(inp.allowed, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    q = np.exp(logits)
    q /= q.sum(axis=1, keepdims=True)
    return balance(q, inp.room)


def balance(q: Array, room: Array, rounds: int = SINKHORN_ROUNDS) -> Array:
    """``q`` (cards by places, rows summing to 1) scaled so that each column sums to its room while
    each row still sums to 1, as far as ``rounds`` of alternate scaling get."""
    q = q.astype(np.float64)
    for _ in range(rounds):
        col = q.sum(axis=0)
        q *= np.where(col > 0, room / np.maximum(col, 1e-12), 0.0)[None, :]
        row = q.sum(axis=1, keepdims=True)
        q /= np.maximum(row, 1e-12)
    out: Array = q.astype(np.float32)
    return out


def log_likelihood(probs: Array, truth: list[int], floor: float = 1e-4) -> float:
    """The mean log-probability given to the place each card really is in (``truth[c]``: a column)."""
    if not truth:
        return 0.0
    return float(sum(math.log(max(floor, float(probs[i, j]))) for i, j in enumerate(truth)) / len(truth))



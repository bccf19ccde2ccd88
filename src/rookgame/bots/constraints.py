"""What a seat's view fixes about the cards it has not seen: which cards they are, the places they
may be in (each other seat's hand, the hidden nest or burial), how many each place holds, and the
cards each place may not hold.  The hard constraints that every deal the bots imagine keeps
(:mod:`.sampler`), and that the learned beliefs (:mod:`.belief`) are given.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import cards_of
from ..kernel import seat_of
from ..rules import NAMING_STEPS
from ..state import Phase
from ..view import View
from ..visible import buried_trumps_shown


class SampleError(RuntimeError):
    """No deal consistent with the view was found in the tries allowed."""


def played_by(view: View) -> list[int]:
    """Mask of the cards each seat has played."""
    n = view.rules.players
    out = [0] * n
    for leader, cards, _ in view.tricks:
        for i, c in enumerate(cards):
            out[seat_of(leader, i, n)] |= 1 << c
    for i, c in enumerate(view.trick):
        out[seat_of(view.leader, i, n)] |= 1 << c
    return out


def voids_of(view: View) -> list[int]:
    """Per seat, the mask of cards it cannot hold, from the colours it failed to follow."""
    rules = view.rules
    out = [0] * rules.players
    if view.trump < -1 or not view.voids:
        return out
    t = rules.play_tables(view.trump, view.low, view.bird_high)
    for seat, colours in enumerate(view.voids):
        for k in range(4):
            if colours >> k & 1:
                out[seat] |= t.suit_mask[k]
    return out


def nest_taken(view: View) -> bool:
    """Whether the bidder has the nest in hand (or has buried it back)."""
    if view.bidder < 0 or view.phase == Phase.BID:
        return False
    if view.phase >= Phase.PLAY:
        return True
    steps = view.rules.nest_steps
    done = len(steps) - list(reversed(steps)).index(view.step) - 1 if view.step in steps else 0
    return view.rules.pickup_step == 0 or (view.buried_count > 0) or (
        view.step not in NAMING_STEPS and done >= view.rules.pickup_step)


@dataclass
class Places:
    """What a seat's view fixes about the cards it has not seen, the first stage of a draw: the places
    they go to (each other seat's hand, then the hidden nest or burial as place ``n``), how many
    each takes, and the cards each may not take."""

    view: View
    played: list[int]  # per seat, the cards it has played
    taken: bool  # the bidder has the nest in hand (or has buried it back)
    nest_seen: int  # the nest as dealt, where this seat saw it
    buried_seen: int  # the burial this seat saw (its own), and the trumps buried face up
    extra: int  # cards in place n: the face-down nest, or the burial this seat did not see
    want: list[int]  # cards each place takes (this seat's own: none, it keeps its hand)
    cant: list[int]  # per place, the cards it may not take
    only_bidder: int  # cards seen in the nest that are not played: the bidder holds or buried them
    pool: list[int]  # the cards to deal


def places(view: View) -> Places:
    """The constraints a deal must meet to show ``view``'s seat exactly what it sees, read from the
    view: the cards played, the voids shown, the nest and the burial as far as seen, the "points in
    the nest" announcement; :class:`SampleError` where the view is one no deal is drawn for."""
    rules = view.rules
    n = rules.players
    me = view.seat
    played = played_by(view)
    all_played = 0
    for m in played:
        all_played |= m
    cant = voids_of(view)
    taken = nest_taken(view)
    nest_seen = int(view.nest) if view.nest is not None else 0
    buried_seen = int(view.buried) if view.buried is not None else 0
    shown = int(view.shown_buried)
    if not taken:
        extra = 0 if nest_seen else rules.nest_size  # the face-down nest
    elif buried_seen or me == view.bidder:
        extra = 0
    else:
        if view.buried_count < rules.nest_size:
            raise SampleError("the bidder is still burying; only the bidder decides now")
        extra = view.buried_count - shown.bit_count()
    known = int(view.hand) | all_played | buried_seen | shown | (nest_seen if not taken else 0)
    pool = cards_of(rules.deck.mask & ~known)
    want = list(view.hand_sizes) + [extra]
    want[me] = 0
    if not taken and nest_seen:
        want[n] = 0
    if sum(want) != len(pool):
        raise SampleError(f"the view does not add up: {len(pool)} hidden cards for {sum(want)} places")
    # "No points in the nest": the hidden buried cards hold no counter.  Nor where counters may not be
    # buried: a bidder may bury one only when it holds fewer other cards than it has to bury, which
    # takes nearly every counter in one hand; such deals are left out, and the deals drawn no longer
    # fail on the burial one time in a few (family.toml: 7 of 8 did).
    no_counters = view.nest_points is False or rules.bury_counters == "forbidden"
    cant.append(rules.deck.counter_mask if taken and no_counters else 0)
    if buried_trumps_shown(rules, view.phase, view.trump):
        # Buried trumps are shown to the table: the burial this seat has not seen holds none.
        cant[n] |= rules.play_tables(view.trump, view.low, view.bird_high).suit_mask[view.trump]
    # A card seen in the nest (nest_shown) is with the bidder or buried.
    only_bidder = nest_seen & ~all_played & ~known if taken else 0
    return Places(view, played, taken, nest_seen, buried_seen | shown, extra, want, cant, only_bidder, pool)

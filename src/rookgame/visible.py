"""Who may see which card, and when: the one rule.

Every part that shows a hand to someone asks here: the view a decision-maker gets
(:func:`rookgame.view.view_of`), the public log a seat's events come from
(:func:`rookgame.log.public_operations`), the play-outs' fast path
(:func:`rookgame.bots.playout.seat_knowledge`) and the bots' sampler, which knows only a view
(:func:`buried_trumps_shown`).  Nothing else decides it.

A seat sees its own cards and every card played.  The nest: the bidder once taken,
and everyone once the auction is won where the rules show it (``nest_shown``).
The burial: the bidder who made it, and the buried trumps, turned face up when the
card play starts, where the rules show them (``show_buried_trump``).  A called
partner: the bidder, the holder of the called card, and everyone once it is played.
The tricks taken: a person may look back at none, the last or all (``review``);
what fell is public.  A spectator (seat :data:`SPECTATOR`) sees what the whole
table sees and holds no cards.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .cards import mask_of
from .kernel import seat_of
from .rules import RuleSet
from .state import Hand, Phase

SPECTATOR = -1  # the seat of someone watching: what the whole table sees, no hand


class Sight(NamedTuple):
    """What one seat may see of a hand now, as card masks (None: not seen)."""

    seat: int  # SPECTATOR for someone watching
    hand: int  # the seat's cards now (none for a spectator)
    dealt: int | None  # the seat's hand as dealt (None for a spectator)
    nest: int | None  # the nest as dealt
    buried: int | None  # the whole burial: the bidder's own
    shown_buried: int  # buried cards the rules show the table (always seen by everyone)
    partners: tuple[int, ...]  # seats known to be on the bidder's side


def visible(hand: Hand, seat: int) -> Sight:
    """What ``seat`` (or :data:`SPECTATOR`) may see of ``hand`` at this point."""
    person = 0 <= seat < hand.n
    return Sight(
        seat if person else SPECTATOR,
        hand.hands[seat] if person else 0,
        hand.dealt[seat] if person and hand.dealt else None,
        hand.nest if sees_nest(hand, seat) else None,
        mask_of(hand.buried) if sees_burial(hand, seat) else None,
        shown_buried(hand),
        known_partners(hand, seat),
    )


def table_sees_nest(hand: Hand) -> bool:
    """Whether the whole table sees the nest (``nest_shown``, once the auction is won)."""
    return hand.rules.nest_shown and hand.bidder >= 0 and hand.phase != Phase.THROWN_IN


def sees_nest(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` sees the nest as dealt: the bidder once taken, everyone where it is shown."""
    return table_sees_nest(hand) or (seat == hand.bidder and hand.nest_taken())


def sees_burial(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` sees every buried card: only the bidder, who chose them."""
    return seat >= 0 and seat == hand.bidder and hand.phase >= Phase.NEST and hand.phase != Phase.THROWN_IN


def buried_trumps_shown(rules: RuleSet, phase: int, trump: int) -> bool:
    """Whether the buried trumps lie face up for the table: under ``show_buried_trump``, once a colour is
    trump, from the start of the card play (never in a hand thrown in).  :func:`shown_buried` says which
    cards; a seat that knows only its view (the bots' sampler, :mod:`rookgame.bots.constraints`) asks this."""
    return rules.show_buried_trump and trump >= 0 and Phase.PLAY <= phase != Phase.THROWN_IN


def shown_buried(hand: Hand) -> int:
    """The buried cards turned face up to the table: the trumps, from the start of the card play,
    under ``show_buried_trump`` (a mask; 0 otherwise)."""
    if not buried_trumps_shown(hand.rules, hand.phase, hand.trump) or hand.tables is None:
        return 0
    return mask_of(hand.buried) & hand.tables.suit_mask[hand.trump]


def known_cards(hand: Hand, seat: int, burial: int | None = None) -> int:
    """The cards whose place ``seat`` knows in the card play: its hand, every card played, the burial it
    made or was shown (``burial``, where the caller has :func:`burial_known` already).  The rest
    (``deck & ~known_cards``) lie, for all it knows, in another hand or buried; the fast path of the play-outs
    builds a seat's knowledge from this on every card."""
    return hand.hands[seat] | hand.played | (burial_known(hand, seat) if burial is None else burial)


def burial_known(hand: Hand, seat: int) -> int:
    """The buried cards ``seat`` knows: the whole burial for the bidder, who made it, else those the rules show
    the table (a mask).  Fixed through the card play, so the play-outs ask it once a hand."""
    return mask_of(hand.buried) if sees_burial(hand, seat) else shown_buried(hand)


def known_partners(hand: Hand, seat: int) -> tuple[int, ...]:
    """Seats that ``seat`` knows to be on the bidder's side."""
    if hand.bidder < 0 or hand.phase == Phase.THROWN_IN:
        return ()
    mode = hand.rules.mode
    if mode == "partners":
        return _side(hand.n, hand.bidder % 2)
    if mode == "individual" or hand.phase < Phase.PLAY:
        return (hand.bidder,)
    # Call-partner: a holder of a called card knows; everyone learns when it is played.
    known = {hand.bidder}
    if seat >= 0 and hand.partners >> seat & 1:
        known.add(seat)
    called = set(hand.partner_cards)
    plays = [(leader, cards) for leader, cards, _ in hand.tricks]
    plays.append((hand.leader, tuple(hand.trick)))
    for leader, cards in plays:
        for i, c in enumerate(cards):
            if c in called:
                known.add(seat_of(leader, i, hand.n))
    return tuple(sorted(known))


def reviewable(rules: RuleSet, tricks: tuple[tuple[int, tuple[int, ...], int], ...]
               ) -> tuple[tuple[int, tuple[int, ...], int], ...]:
    """The taken tricks a person may look back at once a trick is turned face down (``review``):
    none (seed 003), the last one, or all.  Every card that fell was seen as it fell (a bot may
    remember it); this is what a screen may show again."""
    if rules.review == "all":
        return tricks
    return tricks[-1:] if rules.review == "last" else ()


@cache
def _side(n: int, parity: int) -> tuple[int, ...]:
    return tuple(s for s in range(n) if s % 2 == parity)

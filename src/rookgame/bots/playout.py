"""Play-outs: heuristic players finish a sampled deal, straight on the state.

The expert scores its candidates on deals it imagines (:mod:`.sampler`).  Inside such a deal
each simulated seat is told only what it would see there (:func:`seat_knowledge` gives the same
:class:`~.knowledge.Knowledge` as ``know(view_of(hand, seat))``, a test pins it), but without
building a view per card: the state keeps the cards played and the voids as cards fall, so a
play-out step costs the same on the last trick as on the first.  What the seat has seen comes
from :mod:`rookgame.visible`, the one rule the views are built from.

The heuristic's own card play there runs in C where it was built (``_cplayout.c``, :func:`c_playout`): the
same cards as :meth:`HeuristicPlayer.play` (tests/test_playout.py), chosen without the per-card Python; the
engine still applies and scores every card.
"""

from __future__ import annotations

from ..cards import mask_of
from ..rules import PlayTables
from ..state import Hand, Phase
from ..view import view_of
from ..visible import burial_known, known_cards, known_partners
from .heuristic import HeuristicPlayer, PerContract, discard_ranks, per_contract
from .knowledge import Knowledge, team_of

try:  # pragma: no branch
    from ._cplayout import playout as _c_playout  # type: ignore[import-not-found]
    from ._cplayout import tables as _c_tables
except ImportError:  # pragma: no cover - depends on the build: the Python below plays every card then
    _c_playout = _c_tables = None

_PLAY = int(Phase.PLAY)
_DONE = int(Phase.DONE)
_PACKED: PerContract[bytes] = {}


def seat_knowledge(hand: Hand, seat: int, burial: int | None = None, team: frozenset[int] | None = None) -> Knowledge:
    """What ``seat`` knows in the card play of ``hand`` (a deal the caller may see whole).  ``burial`` and
    ``team``, where the caller has them already (they hold through the card play: :func:`finish`), are what the
    seat knows of the burial (:func:`rookgame.visible.burial_known`) and its team."""
    rules = hand.rules
    tables = hand.tables
    assert tables is not None
    bidder = hand.bidder
    if team is None:
        team = team_of(rules, seat, bidder, hand.phase, known_partners(hand, seat), hand.partner_cards, hand.played) \
            if rules.mode == "call-partner" else team_of(rules, seat, bidder, hand.phase, (), (), 0)
    return Knowledge(rules, seat, tables, hand.hands[seat], hand.trick, hand.leader, bidder, hand.played,
                     rules.deck.mask & ~known_cards(hand, seat, burial), hand.voids, team)


def finish(hand: Hand, bot: HeuristicPlayer, stop_at: int = 0) -> None:
    """``bot`` plays every seat of ``hand`` to the end of the hand (changing ``hand``); with
    ``stop_at``, only until the first lead with that many tricks left."""
    apply = hand.apply_unchecked
    last = hand.deck.hand_size - stop_at if stop_at else -1
    rules = hand.rules
    # What each seat knows of the burial, and (but where a called card tells it in the play) its team, are fixed
    # through the card play: worked out at its first card, then only the hands and the cards played change.
    known: list[int] | None = None
    teams: list[frozenset[int]] | None = None
    # The heuristic's own card play goes to its C twin where built (c_playout).
    in_c = _c_playout is not None and type(bot) is HeuristicPlayer
    while hand.phase < _DONE:
        if hand.phase == _PLAY and in_c:
            for card in c_playout(hand, stop_at):
                apply(card)
            return
        if hand.phase == _PLAY:
            if len(hand.tricks) == last and not hand.trick:
                return
            legal = hand.legal_tuple()
            if len(legal) == 1:
                apply(legal[0])
                continue
            seat = hand.to_act
            if known is None:
                known = [burial_known(hand, s) for s in range(hand.n)]
                if rules.mode != "call-partner":
                    teams = [team_of(rules, s, hand.bidder, hand.phase, (), (), 0) for s in range(hand.n)]
            apply(bot.play(seat_knowledge(hand, seat, known[seat], teams[seat] if teams is not None else None), legal))
        else:
            known = teams = None  # a play-out from the auction or the nest: the burial is not made yet
            apply(bot.act(view_of(hand, hand.to_act)))


def c_playout(hand: Hand, stop_at: int = 0) -> bytes:
    """The cards the heuristic plays in ``hand``'s card play from here, in order, as :func:`finish` would play
    them (to the end, or to the first lead with ``stop_at`` tricks left), worked out by the C twin of
    :meth:`HeuristicPlayer.play` (``_cplayout.c``); the hand is not changed."""
    assert _c_playout is not None and hand.phase == _PLAY
    rules = hand.rules
    t = hand.tables
    assert t is not None
    n = hand.n
    call = rules.mode == "call-partner"
    # Each seat's team; in call-partner games the partners each seat knows, from which C works out its team as
    # the called cards fall (knowledge.team_of).
    masks = [mask_of(known_partners(hand, s) if call else team_of(rules, s, hand.bidder, hand.phase, (), (), 0))
             for s in range(n)]
    return _c_playout(  # type: ignore[no-any-return]
        _packed(t, rules.deck.points), hand.hands, hand.trick, hand.to_act, hand.played, hand.voids, len(hand.tricks),
        hand.deck.hand_size, [burial_known(hand, s) for s in range(n)], masks, hand.bidder, rules.deck.mask, stop_at,
        mask_of(hand.partner_cards) if call else None)


def _packed(t: PlayTables, points: tuple[int, ...]) -> bytes:
    """One contract's tables packed for the C play-outs, once per contract."""
    return per_contract(_PACKED, t, points, _pack)


def _pack(t: PlayTables, points: tuple[int, ...]) -> bytes:
    assert _c_tables is not None
    packed: bytes = _c_tables(t.suit, t.strength, t.key, points, discard_ranks(t, points), t.above, t.suit_mask,
                              t.anytime, t.trump)
    return packed

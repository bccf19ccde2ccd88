"""The exact solver: the same values as plain minimax, for every legal card, in every preset; and
plain minimax the same values as playing every line out through the state machine."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rookgame import kernel
from rookgame.bots import Player, make_player
from rookgame.rules import PRESETS, RuleSet, preset
from rookgame.solver import HAVE_C, AlphaBeta, BudgetExceeded, Position, minimax, solve, solve_position
from rookgame.state import Hand, Phase
from rookgame.view import view_of

from .test_random_rules import house_rules


def endgames(name: str, count: int, max_left: int, seed: int) -> list[Hand]:
    """Positions with at most ``max_left`` tricks to play, mid-trick ones included, from heuristic games."""
    return endgames_of(preset(name), count, max_left, seed)


def endgames_of(rules: RuleSet, count: int, max_left: int, seed: int, mid_trick: bool = True) -> list[Hand]:
    rng = random.Random(seed)
    bots = [make_player("heuristic", s) for s in range(rules.players)]
    out: list[Hand] = []
    while len(out) < count:
        hand = Hand(rules, len(out) % rules.players)
        hand.deal_random(rng)
        stop = rng.randint(1, max_left)
        while not hand.is_over:
            left = rules.deck.hand_size - len(hand.tricks)
            if hand.phase == Phase.PLAY and left <= stop and (mid_trick or not hand.trick) and rng.random() < 0.4:
                out.append(hand.copy())
                break
            s = hand.to_act
            hand.apply(bots[s].act(view_of(hand, s)), s)
    return out


def test_the_c_solver_is_built() -> None:
    assert HAVE_C, "pip install builds rookgame.solver._csolver; a C compiler was missing"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_c_solver_matches_minimax_on_small_endgames(name: str) -> None:
    # Thousands in all: 150 endgames in each of the 15 presets, every legal card compared.
    for hand in endgames(name, 150, 3, seed=len(name)):
        value, cards = minimax(Position.of(hand))
        sol = solve(hand, engine="c")
        assert (sol.value, sol.cards) == (value, cards)


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "call-partner-5", "regular-partnership",
                                  "one-high", "double-bird"])
def test_python_solver_matches_minimax(name: str) -> None:
    for hand in endgames(name, 25, 3, seed=7):
        value, cards = minimax(Position.of(hand))
        sol = solve(hand, engine="python")
        assert (sol.value, sol.cards) == (value, cards)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "cutthroat", "call-partner-6"])
def test_c_and_python_solvers_agree_deeper(name: str) -> None:
    for hand in endgames(name, 6, 5, seed=3):
        c = solve(hand, engine="c")
        py = solve(hand, engine="python")
        assert (c.value, c.cards) == (py.value, py.cards)


@pytest.mark.slow
def test_house_rule_bonuses_are_solved_exactly() -> None:
    rules = preset("kentucky-discard").replace(trick_bonus=(20, 5), max_bid=None)
    rng = random.Random(2)
    bots = [make_player("heuristic", s) for s in range(4)]
    for _ in range(20):
        hand = Hand(rules, 0)
        hand.deal_random(rng)
        while not hand.is_over and not (hand.phase == Phase.PLAY and len(hand.tricks) >= 6):
            s = hand.to_act
            hand.apply(bots[s].act(view_of(hand, s)), s)
        if hand.phase != Phase.PLAY:
            continue
        value, cards = minimax(Position.of(hand))
        assert solve(hand).cards == cards


def test_solved_value_is_what_best_play_takes() -> None:
    # Everyone playing the solver's best card reaches exactly the solved value (full deck: no nest
    # or bonus goes with the last trick, so the value is the counters of the team's tricks).
    rules = preset("full-deck")
    pts = rules.deck.points
    for hand in endgames("full-deck", 20, 4, seed=11):
        team = Position.of(hand).team
        done = len(hand.tricks)
        target = solve(hand).value
        h = hand.copy()
        while h.phase == Phase.PLAY:
            sol = solve(h)
            pick = (max if team >> h.to_act & 1 else min)(sol.cards, key=lambda c: (sol.cards[c], -c))
            assert sol.cards[pick] == sol.value
            h.apply(pick)
        got = sum(sum(pts[c] for c in cards) for _, cards, w in h.tricks[done:] if team >> w & 1)
        assert got == target


def _first_lead(name: str, seed: int) -> tuple[Hand, list[Player]]:
    """A deal bid and declared by heuristic players, at the first lead of the card play."""
    hand = Hand(preset(name), 0)
    hand.deal_random(random.Random(seed))
    bots = [make_player("heuristic", s) for s in range(4)]
    while hand.phase != Phase.PLAY:
        hand.apply(bots[hand.to_act].act(view_of(hand, hand.to_act)))
    return hand, bots


def test_solver_budget_gives_up_cleanly() -> None:
    hand, _ = _first_lead("full-deck", 5)
    with pytest.raises(BudgetExceeded):
        solve_position(Position.of(hand), max_nodes=10)


@pytest.mark.skipif(not HAVE_C, reason="the time limit is the C solver's")
def test_solver_gives_up_at_its_time_limit_and_answers_within_it() -> None:
    """The expert's time limit reaches inside the solver: a whole full-deck deal is not solved in
    a microsecond, and an endgame is solved exactly when there is time."""
    hand, bots = _first_lead("full-deck", 5)
    with pytest.raises(BudgetExceeded, match="s$"):
        solve(hand, seconds=1e-6)
    while hand.deck.hand_size - len(hand.tricks) > 3:
        hand.apply(bots[hand.to_act].act(view_of(hand, hand.to_act)))
    assert solve(hand, seconds=30.0).value == solve(hand).value


def test_only_a_hand_in_play_is_solved() -> None:
    hand = Hand(preset("tournament"), 0)
    hand.deal_random(random.Random(1))
    with pytest.raises(ValueError, match="card play"):
        solve(hand)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "call-partner-6", "cutthroat"])
def test_c_solver_is_exact_with_a_tiny_table(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A table of 1024 entries is overwritten all the time: the bounds kept in it, the best moves
    # tried first and the entries reused across solves must still give minimax's values.
    import rookgame.solver as solver

    monkeypatch.setattr(solver, "TT_BITS", 10)
    for hand in endgames(name, 60, 3, seed=5):
        value, cards = minimax(Position.of(hand))
        sol = solve(hand, engine="c")
        assert (sol.value, sol.cards) == (value, cards)
    # Deeper, where the tiny table is full: the same values as with the full-size table.
    deeper = endgames(name, 8, 6, seed=9)
    tiny = [solve(hand, engine="c") for hand in deeper]
    monkeypatch.setattr(solver, "TT_BITS", 20)
    for hand, small in zip(deeper, tiny):
        sol = solve(hand, engine="c")
        assert (small.value, small.cards) == (sol.value, sol.cards)


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "call-partner-5", "cutthroat", "double-bird"])
def test_c_solver_is_exact_in_mid_trick(name: str) -> None:
    # The counters on the table count as sure for a side whose card the others still to play
    # cannot beat: mid-trick positions, every legal card compared with minimax.
    rng = random.Random(13)
    rules = preset(name)
    bots = [make_player("heuristic", s) for s in range(rules.players)]
    checked = 0
    while checked < 60:
        hand = Hand(rules, checked % rules.players)
        hand.deal_random(rng)
        stop = rng.randint(1, 3)
        while not hand.is_over:
            left = rules.deck.hand_size - len(hand.tricks)
            if hand.phase == Phase.PLAY and left <= stop and hand.trick:
                value, cards = minimax(Position.of(hand))
                sol = solve(hand, engine="c")
                assert (sol.value, sol.cards) == (value, cards)
                checked += 1
            s = hand.to_act
            hand.apply(bots[s].act(view_of(hand, s)), s)


# ---------------------------------------------------------------------- the reference, played out
def _side_points(hand: Hand, seats: int) -> int:
    """What the seats in the mask ``seats`` (one team) took in the finished hand, as it was scored."""
    res = hand.result
    assert res is not None
    rules = hand.rules
    members = [s for s in range(hand.n) if seats >> s & 1]
    if rules.mode == "call-partner":
        return res.points[members[0]]  # each seat books its side's points
    return sum(res.points[k] for k in {rules.side_of(s) for s in members})


def _taken_so_far(hand: Hand, seats: int) -> int:
    """The points the team already holds: its tricks' counters, and the nest where it goes to the bidder."""
    pts = hand.rules.deck.points
    got = sum(pts[c] for _, cards, w in hand.tricks if seats >> w & 1 for c in cards)
    if hand.rules.nest_to == "bidder" and seats >> hand.bidder & 1:
        got += sum(pts[c] for c in hand.buried)
    return got


def played_out(hand: Hand, seats: int) -> tuple[int, dict[int, int]]:
    """Every line of play to the end through the state machine (Hand.push/pop, its legal cards and
    its scoring): (value, value after each legal card) of the points the team ``seats`` takes from
    here, the team maximizing them and the others minimizing them.  Shares no code with the solver."""
    h = hand.copy()
    base = _taken_so_far(h, seats)

    def rec() -> int:
        if h.phase == Phase.DONE:
            return _side_points(h, seats) - base
        values = []
        for c in h.legal_actions():
            h.push(c)
            values.append(rec())
            h.pop()
        return max(values) if seats >> h.to_act & 1 else min(values)

    seat = h.to_act
    cards = {}
    for c in h.legal_actions():
        h.push(c)
        cards[c] = rec()
        h.pop()
    return (max if seats >> seat & 1 else min)(cards.values()), cards


_CUTTHROAT = preset("cutthroat")
PLAYED_OUT = {
    # name: (rules, endgames, most tricks left)
    "cutthroat most-tricks": (_CUTTHROAT.replace(most_tricks_bonus=20), 120, 3),
    "cutthroat trick-count": (_CUTTHROAT.replace(trick_bonus=(20, 9)), 80, 3),
    "cutthroat both, last trick": (_CUTTHROAT.replace(most_tricks_bonus=20, trick_bonus=(10, 9), last_trick_bonus=20,
                                                      nest_to="last_trick", moon="double"), 80, 3),
    "individual-5 bonuses": (preset("individual-5").replace(most_tricks_bonus=20, trick_bonus=(20, 6)), 60, 2),
    "individual-6 most-tricks": (preset("individual-6").replace(most_tricks_bonus=20, nest_to="bidder"), 40, 2),
    "call-partner-5 bonuses": (preset("call-partner-5").replace(most_tricks_bonus=20, trick_bonus=(20, 6)), 60, 2),
    "call-partner most-tricks": (preset("call-partner").replace(most_tricks_bonus=20, nest_to="bidder"), 60, 3),
    "kentucky-discard": (preset("kentucky-discard"), 60, 3),
    "kentucky-discard trick-count, moon": (preset("kentucky-discard").replace(trick_bonus=(20, 5), max_bid=None,
                                                                            moon="double"), 60, 3),
    "full-deck most-tricks, moon": (preset("full-deck").replace(most_tricks_bonus=20, moon="double"), 60, 3),
    "regular-partnership": (preset("regular-partnership"), 60, 3),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PLAYED_OUT))
def test_minimax_is_the_hand_played_out(name: str) -> None:
    # The reference search against the state machine itself: the bidder team's future points and
    # each card's, bonuses included; the fast solvers, C and Python, too; and the defenders' points
    # that the solution reports for a defender, against the same play-out for their team.
    rules, count, max_left = PLAYED_OUT[name]
    for hand in endgames_of(rules, count, max_left, seed=21):
        team = hand.team_mask()
        want = played_out(hand, team)
        assert minimax(Position.of(hand)) == want
        for engine in ("c", "python"):
            sol = solve(hand, engine=engine)
            assert (sol.value, sol.cards) == want
        defender = next(s for s in range(hand.n) if not team >> s & 1)
        assert solve(hand).for_seat(defender) == played_out(hand, (1 << hand.n) - 1 & ~team)[1]


@pytest.mark.slow
def test_cutthroat_most_tricks_bonus_goes_to_the_bidder_above_each_defender() -> None:
    # Issue 10: the defenders of an individual game score apart, so the bidder takes the bonus with
    # more tricks than each of them, not than both together.  One trick left in 40 cutthroat hands:
    # the solver pooled the defenders' tricks and missed the bonus in 3 of them.  (120 hands: since the
    # heuristic bids from the valuation, bidders are stronger and the case is rarer; 5 of 120 hold it.)
    rules = _CUTTHROAT.replace(most_tricks_bonus=20)
    hands = endgames_of(rules, 120, 1, seed=1, mid_trick=False)
    wrong = [h for h in hands if minimax(Position.of(h))[0] != played_out(h, h.team_mask())[0]]
    assert not wrong
    # The sample holds the case: with the last trick the bidder would be ahead of each defender
    # but not of the two together.
    def hinges(h: Hand) -> bool:
        others = [w for s, w in enumerate(h.won) if s != h.bidder]
        return max(others) <= h.won[h.bidder] < sum(others)

    assert sum(map(hinges, hands)) >= 3


@pytest.mark.skipif(not HAVE_C, reason="the C solver is not built")
def test_c_trick_winner_is_the_kernels() -> None:
    from rookgame.solver import _csolver  # type: ignore[attr-defined]

    rng = random.Random(8)
    for name in sorted(PRESETS):
        rules = preset(name)
        cards = list(rules.deck.cards)
        for trump in range(-1, 4):
            for low in (False, True):
                for bird_high in (True, False):
                    t = rules.play_tables(trump, low, bird_high)
                    for _ in range(40):
                        size = rng.randint(1, rules.players)
                        trick = rng.sample(cards, size)
                        leader = rng.randrange(rules.players)
                        got = _csolver.trick_winner(trick, leader, rules.players, t.suit, t.key, t.trump)
                        assert got == kernel.trick_winner(t, leader, trick, rules.players)


@pytest.mark.skipif(not HAVE_C, reason="the C solver is not built")
def test_c_end_bonus_is_the_kernels() -> None:
    from rookgame.solver import _csolver  # type: ignore[attr-defined]

    rng = random.Random(9)
    for _ in range(3000):
        sides = rng.randint(2, 8)
        tricks = rng.randint(1, 17)
        won = [0] * sides
        for _ in range(tricks):
            won[rng.randrange(sides)] += 1
        team = rng.randrange(1, 1 << sides)
        most = rng.choice((0, 20))
        count, at = rng.choice(((0, 0), (20, tricks // 2 + 1), (10, rng.randint(0, tricks))))
        bonuses = kernel.trick_bonuses(most, (count, at), won)
        want = sum(b for k, b in enumerate(bonuses) if team >> k & 1)
        assert _csolver.end_bonus(won, team, most, count, at) == want


# ------------------------------------------------------------------ random rules, random positions
def _random_position(rules: RuleSet, seed: int, max_left: int, min_left: int = 1) -> Hand | None:
    """A hand of random legal actions stopped in its card play with ``min_left`` to ``max_left``
    tricks to go (mid-trick or not; fewer where the hand has fewer), or None where the hand ended
    before its card play."""
    rng = random.Random(seed)
    hand = Hand(rules, rng.randrange(rules.players))
    hand.deal_random(rng)
    stop = rng.randint(min_left, max_left)
    while not hand.is_over:
        if hand.phase == Phase.PLAY and rules.deck.hand_size - len(hand.tricks) <= stop and rng.random() < 0.5:
            return hand
        hand.apply(rng.choice(hand.legal_actions()), hand.to_act)
    return None


@pytest.mark.slow
@settings(max_examples=90, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(house_rules(modelled=False), st.integers(0, 2**32 - 1))
def test_c_and_python_solvers_agree_under_random_house_rules(rules: RuleSet, seed: int) -> None:
    # The partition search's table (an entry holds for positions that differ only in ranks that did
    # not matter) must give the pure-Python solver's values in every rule set: low and no-trump
    # play, one or two birds, extra cards, bonuses, individual and call-partner games.
    # Up to 5 tricks, and at most 24 cards: the pure-Python solver takes seconds on 30 cards of six players, and
    # over a minute on a rare one (the C solver's deeper positions are checked in the presets below).
    hand = _random_position(rules, seed, min(5, 24 // rules.players), 2)
    if hand is None:
        return
    p = Position.of(hand)
    py = solve_position(p, cards=True, engine="python")
    c = solve_position(p, cards=True, engine="c")
    assert (c.value, c.cards) == (py.value, py.cards)
    value_only = solve_position(p, cards=False, engine="c")
    assert value_only.value == py.value and value_only.cards == {}
    # A budget of exactly the nodes it took is enough; one node less gives up.
    assert solve_position(p, cards=False, engine="c", max_nodes=value_only.nodes).value == py.value
    if value_only.nodes > 1:
        with pytest.raises(BudgetExceeded):
            solve_position(p, cards=False, engine="c", max_nodes=value_only.nodes - 1)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "cutthroat", "call-partner-5"])
def test_c_solver_matches_python_on_deeper_random_positions(name: str) -> None:
    # Six to seven tricks left, where low cards often stop mattering and the table's entries are
    # shared between positions that differ in them.
    rules = preset(name)
    checked = 0
    seed = 0
    while checked < 4:
        seed += 1
        hand = _random_position(rules, seed, 7)
        if hand is None or rules.deck.hand_size - len(hand.tricks) < 6:
            continue
        p = Position.of(hand)
        py = AlphaBeta(p)
        want = py.value()
        assert solve_position(p, cards=False, engine="c").value == want
        checked += 1


def test_c_solver_is_exact_where_the_order_of_low_trumps_decides() -> None:
    # Found by a longer run of the random house-rules test: with table entries that ignored the
    # order of low cards (partition search, now off), the C solver gave one card 15 instead of 20.
    rules = RuleSet(
        preset="kentucky-discard", name="random house rules", players=5, mode="call-partner",
        ranks=tuple(range(1, 15)), birds=2, nest_size=3, nest_dealt="first_rounds", rank_order="14-high",
        counters=(("10", 5), ("11", 5), ("7", 5), ("8", 5), ("RK", 20)), max_bid=None, nest_order="bury_first",
        nest_to="last_trick", first_lead="left_of_dealer", bird_play="anytime", bird_rank="high", partner_calls=1,
        extra_cards=(), most_tricks_bonus=0, last_trick_bonus=0, min_bid=0, bid_step=5, all_pass="redeal",
        bury_counters="allowed", moon="off", top_trumps=(), trick_bonus=(0, 0), review="none",
    )
    hand = _random_position(rules, 0, 5, 3)
    assert hand is not None
    p = Position.of(hand)
    py = solve_position(p, cards=True, engine="python")
    c = solve_position(p, cards=True, engine="c")
    assert (c.value, c.cards) == (py.value, py.cards) == (20, {10: 20, 22: 20, 46: 20, 50: 20, 52: 20})

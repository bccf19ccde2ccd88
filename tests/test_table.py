"""The Table: named seats of people and bots, the one loop that drives a game, per-seat events."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rookgame import actions as A
from rookgame import table as T
from rookgame.bots import LegalChooser, RandomPlayer, make_player
from rookgame.cards import card_str, cards_of
from rookgame.play import play_match
from rookgame.record import game_record
from rookgame.rules import RuleSet, preset
from rookgame.state import IllegalAction, Phase
from rookgame.table import Bot, Human, Table, TableError
from rookgame.view import View

from .test_random_rules import house_rules

RULES = preset("kentucky-discard")


def test_a_table_of_bots_plays_the_game_play_match_plays() -> None:
    for name in ("kentucky-discard", "call-partner-5"):
        rules = preset(name)
        table = Table(rules, [Bot("heuristic")] * rules.players, seed=9)
        table.play()
        match = play_match(rules, [make_player("heuristic", 9 * 16 + s) for s in range(rules.players)], 9)
        assert game_record(table.match, table.names) == game_record(match, table.names)


def test_people_at_several_seats_each_answer_for_their_own_seat() -> None:
    table = Table(RULES, [Human("Ann"), Bot("heuristic"), Human("Bo"), Bot("heuristic")], seed=3)
    assert table.humans == [0, 2] and table.names == ["Ann", "heuristic", "Bo", "heuristic"]
    for _ in range(400):
        if table.is_over or len(table.match.hands) >= 2:
            break
        table.run_bots()
        seat = table.to_act
        assert seat is not None and table.is_human(seat)
        other = 2 - seat
        legal = table.legal(seat)
        assert table.legal(other) == ()
        before = list(table.hand.history)
        with pytest.raises(IllegalAction, match=f"it is seat {seat}'s turn, not seat {other}'s"):
            table.submit(other, legal[0])
        assert table.hand.history == before  # a refused action changes nothing
        table.submit(seat, legal[-1] if legal[-1] != A.REDEAL else legal[0])
    assert len(table.match.hands) >= 2


def test_thinking_changes_nothing_and_a_person_is_never_answered_for() -> None:
    table = Table(RULES, [Human(), Bot("expert"), Bot("heuristic"), Bot("heuristic")], seed=5)
    table.run_bots()
    with pytest.raises(TableError, match="a person's"):
        table.think(0)
    table.submit(0, A.PASS)
    seat = table.to_act
    assert seat is not None and seat != 0
    before = (list(table.hand.history), list(table.hand.hands))
    action = table.think()
    assert (list(table.hand.history), list(table.hand.hands)) == before
    table.submit(seat, action)


def test_each_seat_hears_only_what_it_may_know() -> None:
    table = Table(RULES, [Bot("heuristic")] * 4, seed=11)
    while len(table.match.hands) < 1:
        table.bot_step()
    hand = table.match.hands[0]
    for seat in (0, 1, 2, 3, None):
        events = table.events(seat)
        json.dumps(events)  # JSON-ready
        deal = events[0]
        assert deal["op"] == "Deal"
        for s in range(4):
            assert (deal["hands"][s] is not None) == (s == seat)
        buried = [e["card"] for e in events if e["op"] == "Bury" and e["hand"] == 1]
        assert buried == ([card_str(c) for c in hand.buried] if seat == hand.bidder else [None] * 5)
        # no card of another hand appears before it is played
        text = json.dumps([e for e in events if e["op"] not in ("Play", "TrickWon") and e["hand"] == 1])
        others = [c for s in range(4) if s != seat and s != hand.bidder for c in cards_of(hand.dealt[s])]
        assert not any(f'"{card_str(c)}"' in text for c in others)
    assert table.events(1, since=3) == table.events(1)[3:]


def test_hooks_run_at_the_end_of_each_hand_and_of_the_game() -> None:
    ends: list[int] = []
    games: list[int] = []
    table = Table(RULES, [Bot("heuristic")] * 4, seed=2, on_hand_end=lambda t, h: ends.append(len(t.match.hands)),
                  on_game_end=lambda t: games.append(t.match.winner or 0))
    table.play()
    assert ends == list(range(1, len(table.match.hands) + 1)) and len(games) == 1


def test_a_bot_takes_a_missing_persons_seat_and_gives_it_back() -> None:
    table = Table(RULES, [Human("Ann"), Bot("heuristic"), Bot("heuristic"), Bot("heuristic")], seed=4)
    table.run_bots()
    table.set_seat(0, Bot("heuristic"))
    table.bot_step()
    table.set_seat(0, Human("Ann"))
    assert table.is_human(0) and table.players[0] is None


def test_bad_tables_are_refused_with_the_reason() -> None:
    with pytest.raises(TableError, match="4 seats; 3 given"):
        Table(RULES, [Bot("random")] * 3)
    with pytest.raises(TableError, match="unknown bot 'nobody'"):
        Table(RULES, [Bot("nobody")] * 4)
    with pytest.raises(TableError, match="people sit at seats"):
        Table(RULES, [Human()] + [Bot("random")] * 3).play()


def test_a_game_that_never_ends_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(T, "MAX_HANDS", 3)
    from .test_arena import Overbidder

    table = Table(preset("kentucky-original"), [Bot("over", player=Overbidder(s)) for s in range(4)], seed=1)
    with pytest.raises(T.NoEnd, match="no winner after 3 hands"):
        table.play()


class Cheat:
    """A bot that always plays card 0, legal or not."""

    name = "cheat"

    def act(self, view: object) -> int:
        return 0


def test_a_bot_that_breaks_the_rules_is_named_and_nothing_changes() -> None:
    table = Table(RULES, [Bot("cheat", player=Cheat())] + [Bot("heuristic")] * 3, seed=1)
    table.run_bots(stop=lambda t: t.to_act == 0)
    before = list(table.hand.history)
    with pytest.raises(TableError, match="bot 'cheat' at seat 0 chose an illegal action B1: B1 is not a bid"):
        table.run_bots()
    assert table.hand.history == before

    from rookgame import arena

    with pytest.raises(arena.ArenaError, match=r"deal 0 .*at seat \d chose an illegal action B1: B1 is not"):
        arena._step(Table(RULES, [Bot("cheat", player=Cheat())] * 4, seed=1), (0, 0, 0, 0),
                    (arena.Tally(), arena.Tally()), "arena_deal_broke_rules",
                    {"index": 0, "seed": "1", "configuration": 0})


def test_a_table_says_what_went_wrong_in_the_readers_language_and_the_same_after_a_worker() -> None:
    """A bot that broke the rules, an unknown bot, a game that never ends: each a code and its facts, told in
    the reader's language down to the rule the bot broke, and whole again from a worker process (a pickle)."""
    import pickle

    from rookgame import arena
    from rookgame.words.language import speaking

    table = Table(RULES, [Bot("cheat", player=Cheat())] + [Bot("heuristic")] * 3, seed=1)
    table.run_bots(stop=lambda t: t.to_act == 0)
    with pytest.raises(TableError) as broke:
        table.run_bots()
    with speaking("es"):
        said = broke.value.words()
        assert said.startswith("el bot 'cheat' del asiento 0 eligió una acción no permitida"), said
        assert "is not a bid" not in said and "the auction" not in said, said  # the rule it broke, in Spanish too
        wrapped = arena.ArenaError("arena_deal_broke_rules", cause=broke.value, index=0, seed="1", configuration=0)
        assert wrapped.words().endswith(said), wrapped.words()
    back = pickle.loads(pickle.dumps(wrapped))
    assert (back.code, back.params, str(back)) == (wrapped.code, wrapped.params, str(wrapped))
    with speaking("sv"):
        assert back.words() == wrapped.words() and "valde ett otillåtet drag" in back.words()
    with pytest.raises(TableError) as unknown, speaking("pt"):
        Table(RULES, [Bot("nobody")] * 4)
    with speaking("pt"):
        assert unknown.value.words().startswith("robô desconhecido 'nobody'; robôs: random, heuristic")


class ViewedRandom:
    """The random bot given its whole view each turn, as any other bot."""

    name = "random"

    def __init__(self, seed: int | None) -> None:
        self.bot = RandomPlayer(seed)

    def act(self, view: View) -> int:
        return self.bot.act(view)


@pytest.mark.parametrize("name", ["kentucky-discard", "call-partner-5", "cutthroat"])
def test_random_bots_play_the_same_game_from_their_legal_actions_as_from_their_views(name: str) -> None:
    rules = preset(name)
    fast = Table(rules, [Bot("random")] * rules.players, seed=5)
    fast.play()
    viewed = Table(rules, [Bot("random", player=ViewedRandom(T.bot_seed(5, s))) for s in range(rules.players)],
                   seed=5)
    viewed.play()
    assert len(fast.match.hands) > 1
    assert game_record(fast.match, fast.names) == game_record(viewed.match, viewed.names)


class LegalOnly(LegalChooser):
    """A bot that decides from its legal actions alone."""

    name = "legal-only"

    def __init__(self) -> None:
        self.asked: list[tuple[int, tuple[int, ...]]] = []

    def act_legal(self, phase: Phase, legal: tuple[int, ...]) -> int:
        self.asked.append((phase, legal))
        return legal[-1]


def test_a_bot_that_reads_only_its_legal_actions_is_given_them_and_no_view(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_view(*args: object) -> View:
        raise AssertionError("a view was built")

    monkeypatch.setattr(T, "view_of", no_view)
    bots = [LegalOnly() for _ in range(RULES.players)]
    table = Table(RULES, [Bot("legal-only", player=b) for b in bots], seed=2)
    for _ in range(60):
        seat = table.to_act
        assert seat is not None
        phase, legal = table.hand.phase, table.hand.legal_tuple()
        table.bot_step()
        assert bots[seat].asked[-1] == (phase, legal)
    assert {phase for b in bots for phase, _ in b.asked} >= {Phase.BID, Phase.PLAY}


class Overbidder(RandomPlayer):
    """A random bot that overrides ``act``: it must be given its view and be heard."""

    def act(self, view: View) -> int:
        if view.phase == Phase.BID:
            return max(view.legal)
        return super().act(view)


def test_a_subclass_of_the_random_bot_that_reads_its_view_is_given_it() -> None:
    table = Table(RULES, [Bot("over", player=Overbidder(s)) for s in range(RULES.players)], seed=4)
    table.run_bots(stop=lambda t: t.hand.phase != Phase.BID)
    assert table.hand.bid == RULES.effective_max_bid


def _events_made_afresh(table: Table, seat: int | None) -> list[dict[str, object]]:
    """Every event ``seat`` may know, made from the hands themselves, nothing kept."""
    from rookgame import log as L

    m = table.match
    out = [T.event_json(i + 1, op) for i, h in enumerate(m.hands) for op in L.public_operations(h, seat)]
    if not m.is_over and m.hand.dealt:
        out += [T.event_json(len(m.hands) + 1, op) for op in L.public_operations(m.hand, seat)]
    return out


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=house_rules(), seed=st.integers(0, 2**16), takebacks=st.lists(st.integers(0, 60), max_size=4))
def test_each_seat_hears_what_it_may_know_at_every_action_in_any_house_rules(rules: RuleSet, seed: int,
                                                                                takebacks: list[int]) -> None:
    """The events a seat is told as a game goes on (each seat's kept and extended, the nest and burials shown when
    the rules show them) are at every action those its view of the whole log makes, actions taken back included."""
    table = Table(rules, [Bot("random")] * rules.players, seed=seed)
    seats: list[int | None] = [*range(rules.players), None]
    for step in range(400):
        if table.is_over or len(table.match.hands) >= 2:  # into the second hand: the first one's kept
            break
        hand = table.match.hand
        legal = hand.legal_actions()
        if step in takebacks and len(legal) > 1:  # an action told, then taken back (Hand.pop), another made
            hand.push(legal[-1])
            for seat in seats:
                assert table.events(seat) == _events_made_afresh(table, seat), (step, seat)
            hand.pop()
        table.bot_step()
        for seat in seats:
            assert table.events(seat) == _events_made_afresh(table, seat), (step, seat)

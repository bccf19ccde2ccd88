"""Bots that think in worker processes: the same moves as in the server's own process, and a table that
never waits on a bot whose worker died or that overran its time limit."""

from __future__ import annotations

import os
import random
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from rookgame.botpool import GRACE, BotFailed, BotPool, fallback
from rookgame.bots import make_player
from rookgame.rules import preset
from rookgame.state import Hand
from rookgame.view import View, view_of

pytestmark = pytest.mark.slow  # each test starts worker processes


class Sleepy:
    """A bot that never answers in time."""

    name = "sleepy"

    def __init__(self, seed: int | None) -> None:
        pass

    def act(self, view: View) -> int:
        time.sleep(30)
        return view.legal[0]


class Broken:
    name = "broken"

    def __init__(self, seed: int | None) -> None:
        pass

    def act(self, view: View) -> int:
        raise ZeroDivisionError("a bot's bug")


def a_view(seed: int = 1) -> View:
    hand = Hand(preset("kentucky-discard"))
    hand.deal_random(random.Random(seed))
    return view_of(hand, hand.to_act)


def test_a_bot_in_the_pool_plays_exactly_as_in_the_servers_own_process() -> None:
    levels = ["heuristic", "random", "heuristic", "random"]
    with BotPool(2) as pool:
        for game in range(2):
            hand = Hand(preset("full-deck"))
            hand.deal_random(random.Random(game))
            local = [make_player(level, 40 + s) for s, level in enumerate(levels)]
            while not hand.is_over:
                seat = hand.to_act
                view = view_of(hand, seat)
                action = pool.think(("T", game, seat), levels[seat], 40 + seat, view).result(timeout=30)
                assert action == local[seat].act(view)  # the bot kept its random stream between decisions
                hand.apply(action)
            for seat in range(4):
                pool.forget(("T", game, seat))


def test_a_worker_killed_is_started_again_and_its_decision_comes_from_the_heuristic() -> None:
    with BotPool(1) as pool:
        view = a_view()
        assert pool.decide("a", "heuristic", 1, view) in view.legal
        pid = pool.workers[0].process.pid
        assert pid is not None  # the worker was started
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.3)  # the watchdog notices and starts another
        assert pool.restarts >= 1
        assert pool.decide("a", "heuristic", 1, view) == make_player("heuristic", 1).act(view)


def test_a_stuck_bot_costs_at_most_its_limit_and_the_grace_then_the_heuristic_answers() -> None:
    with BotPool(1, grace=0.5) as pool:
        view = a_view()
        started = time.monotonic()
        assert pool.decide("s", "tests.test_botpool:Sleepy", 1, view) == fallback(view)
        took = time.monotonic() - started
        assert took < 1.0 + 0.5 + 1.0, f"{took:.2f} s"  # the default limit, the grace, the watchdog's beat
        assert pool.decide("h", "heuristic", 1, view) in view.legal  # the restarted worker answers again
        assert GRACE > 0


def test_a_bot_that_raises_is_told_and_the_table_goes_on() -> None:
    with BotPool(1) as pool:
        view = a_view()
        with pytest.raises(BotFailed, match="ZeroDivisionError: a bot's bug"):
            pool.think("b", "tests.test_botpool:Broken", 1, view).result(timeout=30)
        assert pool.decide("b", "tests.test_botpool:Broken", 1, view) == fallback(view)
        assert pool.restarts == 0  # a bot's error is not its worker's death


def test_many_tables_think_at_once() -> None:
    views = [a_view(s) for s in range(40)]
    with BotPool(2) as pool, ThreadPoolExecutor(8) as threads:
        actions = list(threads.map(lambda iv: pool.decide(("t", iv[0]), "heuristic", iv[0], iv[1]),
                                   enumerate(views)))
    assert all(a in v.legal for a, v in zip(actions, views))

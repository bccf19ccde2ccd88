"""Arenas and self-play beyond one machine, on Ray (``pip install "rookgame[ray]"``).

``rook arena --backend ray`` and ``rook selfplay --backend ray`` send the same units of work
as the local backend (chunks of duplicate deals, match seeds, whole games) to Ray tasks
instead of local processes.  Every unit is seeded by its index alone, and the results are
put back in index order, so a seed gives the same results, to the record, on either backend
and on any number of machines.

Without ``--address`` a local Ray cluster is started in this process with ``--workers`` CPUs
(default: one per core).  With ``--address`` (``ray://host:10001`` or ``host:6379``, or
``auto`` for a cluster this machine belongs to) the work goes to that cluster; rookgame, at
the same version, must be installed on every node.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..play import MAX_HANDS, _seed_stream, one_game, seat_bots
from ..rules import RuleSet


class RayUnavailable(RuntimeError):
    """Ray is not installed, or the cluster cannot be reached."""


def ray_module() -> Any:
    try:
        import ray
    except ImportError:
        raise RayUnavailable('the ray backend needs Ray: pip install "rookgame[ray]"') from None
    return ray


def connect(address: str | None = None, workers: int | None = None) -> Any:
    """Ray, initialised: a local cluster of ``workers`` CPUs, or the cluster at ``address``."""
    ray = ray_module()
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        except Exception as e:  # Ray raises ConnectionError, RuntimeError, ValueError by case
            where = f"the Ray cluster at {address}" if address else "a local Ray cluster"
            raise RayUnavailable(f"cannot start or reach {where}: {e}") from None
    return ray


def run_tasks(fn: Callable[..., Any], calls: Sequence[tuple[Any, ...]], address: str | None = None,
              workers: int | None = None, done: Callable[[Any], Any] | None = None) -> list[Any]:
    """``[fn(*args) for args in calls]``, each call a Ray task; ``done(result)`` as each finishes
    (in any order); the results in the order of ``calls``."""
    ray = connect(address, workers)
    remote = ray.remote(num_cpus=1)(fn)
    refs = [remote.remote(*args) for args in calls]
    index = {ref: i for i, ref in enumerate(refs)}
    out: list[Any] = [None] * len(refs)
    pending = list(refs)
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                result = ray.get(ref)
                out[index[ref]] = result
                if done is not None:
                    done(result)
    except BaseException:
        for ref in pending:
            ray.cancel(ref)
        raise
    return out


def _games(rules: RuleSet, names: Sequence[str], items: Sequence[int], max_hands: int | None) -> list[dict[str, Any]]:
    return [one_game(rules, names, game_seed, max_hands) for game_seed in items]


def selfplay_games(rules: RuleSet, bots: Sequence[str], games: int, seed: int, address: str | None = None,
                   workers: int | None = None, batch: int = 64, *,
                   max_hands: int | None = None) -> Iterator[dict[str, Any]]:
    """:func:`rookgame.play.selfplay_games` on Ray: the same records in the same order.

    Games go out ``batch`` at a time (one Ray task per game), so a huge count never builds a
    list of every seed; each batch is yielded in game order as it completes."""
    names = seat_bots(rules, bots)
    stream = _seed_stream(seed)
    g = 0
    while g < games:
        seeds = []
        for _ in range(min(batch, games - g)):
            g += 1
            seeds.append(next(stream))
        for chunk in run_tasks(_games, [(rules, names, [s], max_hands) for s in seeds], address, workers):
            yield from chunk


__all__ = ["MAX_HANDS", "RayUnavailable", "connect", "run_tasks", "selfplay_games"]

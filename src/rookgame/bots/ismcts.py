"""Information-set Monte Carlo tree search for the card play (single observer, Cowling, Powley and
Whitehouse 2012).

The expert's usual search scores each card on every sampled deal as if the deal were known (each
play-out then lets every seat act on the cards of that deal).  Here one tree is grown over all the
deals at once: each iteration takes the next deal, walks down the tree choosing at every node among
the actions legal in that deal (UCB1, a child's exploration counted from how often it was available,
not from its parent's visits), adds one node, and lets the heuristic finish the hand.  A node's
statistics are the result for the seat that acted there, so each seat in the tree plays for its own
side; the cards of the tree are chosen from what every deal allows, not from one deal's cards alone.

The deals come from the expert's sampler (every hard constraint kept); the search knows no more than
the seat's view.  Rewards are the hand's utility for the acting seat (bots/expert.py), scaled by the
points in play.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator

from ..state import Hand, Phase
from .heuristic import HeuristicPlayer
from .playout import finish

_PLAY = int(Phase.PLAY)


class Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # summed rewards of the seat that chose the action leading here


def search(deals: Iterator[Hand], iterations: int, player: HeuristicPlayer,
           reward: Callable[[Hand, int], float], over: Callable[[], bool], rng: random.Random,
           explore: float = 0.7, scale: float = 100.0) -> dict[int, tuple[int, float]]:
    """Grow a tree from the position of ``deals`` (each a deal in play at the same position, cycled
    when they run out) for ``iterations`` iterations or until ``over()``; the root's actions with their
    visits and mean reward for the seat to play.  ``reward(hand, seat)`` values a finished hand for a seat."""
    root = Node()
    # each deal drawn once, then the same deals again in turn (cycle keeps what it has drawn)
    for deal in itertools.islice(itertools.cycle(deals), iterations):
        if over():
            break
        h = deal.copy()
        node = root
        path: list[tuple[Node, int]] = []
        while h.phase == _PLAY:
            legal = h.legal_tuple()
            seat = h.to_act
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                a = untried[0] if len(untried) == 1 else rng.choice(untried)
                child = Node()
                child.avail = 1
                children[a] = child
                h.apply_unchecked(a)
                path.append((child, seat))
                break
            c = explore * scale
            best = -math.inf
            a = legal[0]
            for b in legal:
                ch = children[b]
                u = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if u > best:
                    best, a = u, b
            node = children[a]
            h.apply_unchecked(a)
            path.append((node, seat))
        finish(h, player)
        seen: dict[int, float] = {}
        for child, seat in path:
            r = seen.get(seat)
            if r is None:
                r = seen[seat] = reward(h, seat)
            child.visits += 1
            child.total += r
    return {a: (ch.visits, ch.total / ch.visits if ch.visits else 0.0) for a, ch in root.children.items()}

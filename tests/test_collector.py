"""A serving process's garbage collector (:mod:`rookgame.web.collector`): a heap that grows (sockets
opening) never starts a full collection, the pause that stopped every table for 0.2-0.3 s, and
garbage that reached the oldest generation is still freed, on the timer.  Each case runs in a process
of its own: the collector's settings are the whole process's."""

from __future__ import annotations

import subprocess
import sys
import textwrap

GROWING_HEAP = """
import gc, sys
from rookgame.web.collector import quiet_collections
if sys.argv[1] == "quiet":
    quiet_collections(every=3600)
full = gc.get_stats()[2]["collections"]
kept = [[i] for i in range(600_000)]  # long-lived containers, as 2,000 sockets' coroutines are
print(gc.get_stats()[2]["collections"] - full)
"""

OLD_GARBAGE = """
import gc, time, weakref
from rookgame.web.collector import quiet_collections
quiet_collections(every=0.2)
class Node:
    pass
a, b = Node(), Node()
a.other, b.other = b, a  # a cycle: only the collector frees it
gone = weakref.ref(a)
gc.collect(1); gc.collect(1)  # survived young collections: it is in the oldest generation now
del a, b
for _ in range(50_000):
    [[1]]  # young collections meanwhile, which do not look at the oldest generation
deadline = time.monotonic() + 10
while gone() is not None and time.monotonic() < deadline:
    time.sleep(0.05)
print("freed" if gone() is None else "kept")
print(gc.get_freeze_count() > 0)
"""


def run(script: str, *args: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(script), *args], capture_output=True, text=True,
                         timeout=120, check=True)
    return out.stdout.split()


def test_a_growing_heap_never_starts_a_full_collection_in_a_serving_process() -> None:
    assert int(run(GROWING_HEAP, "default")[0]) > 0  # what Python does by itself: the pauses
    assert run(GROWING_HEAP, "quiet") == ["0"]


def test_garbage_in_the_oldest_generation_is_freed_by_the_timer() -> None:
    assert run(OLD_GARBAGE) == ["freed", "True"]

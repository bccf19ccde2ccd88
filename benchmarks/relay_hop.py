"""The relay's hop in a site (`rook serve --workers 2` on PostgreSQL): a page's round trip to its table's process,
straight to it and relayed through the other process, alternately in one run.

One table; one page joins it at the process that plays it (its private address, as the public address would
hand it to that process), another at the other process, which relays every message to the first
(:mod:`rookgame.web.relay`).  Each round, each page sends a ``ping`` and waits for the table's process's
``pong``; the two take turns, so both meet the same machine, at 5 rounds a second (a page may send 10
messages a second: :data:`rookgame.web.limits.RATE`).  Reported: median, 90th and 99th percentile and
maximum of each, in ms, and the relayed/straight ratio of the medians with its spread over ``--blocks`` blocks.
Without ``--db``, a PostgreSQL server of its own is started (Debian's package, as the tests do).

    python benchmarks/relay_hop.py --rounds 600
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from contextlib import ExitStack
from pathlib import Path

import httpx
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from rookgame.web.store import Store  # noqa: E402
from site_failover import start_site  # noqa: E402


def join(address: str, code: str, token: str | None) -> ClientConnection:
    ws = connect(f"ws://{address}/ws")
    ws.send(json.dumps({"type": "join", "v": 2, "table": code, **({"token": token} if token else {})}))
    while json.loads(ws.recv(timeout=20))["type"] != "welcome":
        pass
    return ws


def round_trip(ws: ClientConnection) -> float:
    started = time.perf_counter()
    ws.send(json.dumps({"type": "ping"}))
    while json.loads(ws.recv(timeout=20))["type"] != "pong":
        pass
    return (time.perf_counter() - started) * 1000


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=600)
    ap.add_argument("--blocks", type=int, default=10, help="blocks for the ratio's spread")
    ap.add_argument("--db", help="a PostgreSQL URL (default: a server of its own)")
    args = ap.parse_args()
    with ExitStack() as stack:
        db, base, owners = start_site(stack, 2, args.db)
        made = httpx.post(f"{base}/api/tables", json={"your_name": "Ann",
                                                      "seats": ["me", "heuristic", "heuristic", "heuristic"]}).json()
        store = Store(db)
        stack.callback(store.close)
        lease = store.lease_of(made["code"])
        assert lease is not None
        owner = lease[0]
        other = (owners - {owner}).pop()
        straight = join(owner.partition("@")[2], made["code"], None)  # a spectator's page, at the table's process
        relayed = join(other.partition("@")[2], made["code"], made["token"])  # Ann's, at the other process
        stack.callback(straight.close)
        stack.callback(relayed.close)
        for _ in range(10):  # warm both paths
            round_trip(straight), round_trip(relayed)
            time.sleep(0.2)
        times: dict[str, list[float]] = {"straight": [], "relayed": []}
        for i in range(args.rounds):
            first, second = (straight, relayed) if i % 2 == 0 else (relayed, straight)
            for ws in (first, second):
                times["straight" if ws is straight else "relayed"].append(round_trip(ws))
            time.sleep(0.2)  # under the rate limit, which would refuse a ping
        size = args.rounds // args.blocks
        ratios = [statistics.median(times["relayed"][b * size:(b + 1) * size])
                  / statistics.median(times["straight"][b * size:(b + 1) * size]) for b in range(args.blocks)]
        out = {name: {"median_ms": round(statistics.median(xs), 3), "p90_ms": round(percentile(xs, 0.9), 3),
                      "p99_ms": round(percentile(xs, 0.99), 3), "max_ms": round(max(xs), 3)}
               for name, xs in times.items()}
        out["ratio_of_medians"] = {"median": round(statistics.median(ratios), 3), "min": round(min(ratios), 3),
                                   "max": round(max(ratios), 3), "blocks": args.blocks}
        out["added_ms_median"] = round(statistics.median(times["relayed"]) - statistics.median(times["straight"]), 3)
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

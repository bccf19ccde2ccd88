"""How fast one connection may send: a token bucket per client, and the numbers it is set by."""

from __future__ import annotations

import time

RATE = 10.0  # messages a second a client may send, on average
BURST = 30.0  # and at once
MAX_DROPS = 200  # messages over the rate before the connection is closed


class Bucket:
    """A token bucket: ``RATE`` messages a second on average, ``BURST`` at once."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst, self.level, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True

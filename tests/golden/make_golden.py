"""The golden records: games random bots played once, kept as fixtures of the rules (tests/test_golden.py
replays them card by card).  Write them anew only when a rule change is intended, which makes the old
ones fail to replay:

    python tests/golden/make_golden.py
"""

from __future__ import annotations

from pathlib import Path

from rookgame.play import selfplay
from rookgame.record import write_jsonl
from rookgame.rules import preset

HERE = Path(__file__).parent
GOLDEN = {  # preset: (games, seed)
    "kentucky-discard": (3, 2026),
    "full-deck": (3, 2026),
    "cutthroat": (2, 2026),
    "individual-5": (2, 2026),
    "call-partner-5": (2, 2026),
    "one-high": (2, 2026),
    "red-one": (2, 2026),
    "double-bird": (2, 2026),
}


def path_of(name: str) -> Path:
    return HERE / f"{name}.jsonl"


def main() -> None:
    for name, (games, seed) in GOLDEN.items():
        write_jsonl(path_of(name), selfplay(preset(name), ["random"], games, seed))
        print("wrote", path_of(name))


if __name__ == "__main__":
    main()

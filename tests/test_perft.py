"""Perft-style golden counts per preset: auction, nest and card play from fixed deals (see tests/perft.py)."""

from __future__ import annotations

import json

import pytest

from rookgame.rules import PRESETS

from .perft import DEPTHS, GOLDEN, counts

EXPECTED = json.loads(GOLDEN.read_text())


def test_every_preset_has_golden_counts() -> None:
    assert sorted(EXPECTED) == sorted(PRESETS)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_perft_counts_of_the_auction_the_nest_and_the_play(name: str) -> None:
    found = counts(PRESETS[name])
    assert {k: len(v) for k, v in found.items()} == DEPTHS
    assert found == EXPECTED[name], f"{name}: the rules changed what may be bid, buried, called or played"


def test_perft_counts_catch_a_rule_change() -> None:
    # Bids in steps of 10 instead of 5: fewer auctions, and the count says so.
    rules = PRESETS["kentucky-discard"].replace(bid_step=10)
    assert counts(rules)["auction"] != EXPECTED["kentucky-discard"]["auction"]

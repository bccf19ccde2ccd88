"""The bot arena: duplicate deals, determinism, statistics, records, the ``rook arena`` command."""

from __future__ import annotations

import json
import math
import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rookgame import actions as A
from rookgame.arena import (
    ArenaError,
    Estimate,
    Proportion,
    check_bots,
    deal_configs,
    estimate,
    frame_slots,
    run_arena,
    seat_configs,
)
from rookgame.bots import REGISTRY, RandomPlayer
from rookgame.cli import app
from rookgame.match import Match
from rookgame.record import read_jsonl, replay_record
from rookgame.rules import RuleSet, preset
from rookgame.state import Phase
from rookgame.view import View

from .helpers import comparable

TOURNAMENT = preset("kentucky-discard")
CUTTHROAT = preset("cutthroat")
CALL5 = preset("call-partner-5")


class OtherRandom(RandomPlayer):
    """The random bot on other seeds: as strong as ``random``, but playing differently."""

    name = "random-other"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(None if seed is None else seed ^ 0x5EED5)


class Overbidder(RandomPlayer):
    """Bids the most it may whenever it may bid: set nearly every time it buys the contract."""

    name = "overbidder"

    def act(self, view: View) -> int:
        if view.phase == Phase.BID:
            bids = [a for a in view.legal if a >= A.BID]
            if bids:
                return bids[-1]
        return super().act(view)


@pytest.fixture
def test_bots() -> Iterator[None]:
    """Two extra bots, registered for the test only (played with workers=1, in this process)."""
    added = {"random-other": OtherRandom, "overbidder": Overbidder}
    REGISTRY.update(added)
    try:
        yield
    finally:
        for name in added:
            REGISTRY.pop(name, None)


# ---------------------------------------------------------------------- configurations and deals
@pytest.mark.parametrize("rules", [TOURNAMENT, CUTTHROAT, CALL5, preset("individual-6")], ids=lambda r: r.preset)
def test_each_seat_is_played_by_each_bot_equally_often(rules: RuleSet) -> None:
    configs = seat_configs(rules)
    assert len(configs) == (2 if rules.mode == "partners" else 2 * rules.players)
    assert len(set(configs)) == len(configs)
    for seat in range(rules.players):
        column = [c[seat] for c in configs]
        assert column.count(0) == column.count(1)
    a_seats = sum(c.count(0) for c in configs)
    assert a_seats == sum(c.count(1) for c in configs)


def test_partnership_configs_swap_the_sides() -> None:
    assert seat_configs(TOURNAMENT) == [(0, 1, 0, 1), (1, 0, 1, 0)]


@pytest.mark.parametrize("rules", [TOURNAMENT, CUTTHROAT, CALL5], ids=lambda r: r.preset)
def test_the_record_frame_deals_what_the_rotating_dealer_deals(rules: RuleSet) -> None:
    """Deal i is dealt by seat i % n; it is played in the frame where the dealer is seat 0."""
    n = rules.players
    for dealer in range(n):
        table = Match(rules, 1234, first_dealer=dealer).hand
        frame = Match(rules, 1234).hand
        assert frame.nest == table.nest
        for j in range(n):
            assert frame.hands[j] == table.hands[(j + dealer) % n]
    assert frame_slots((0, 1, 1), 1) == (1, 1, 0)
    assert frame_slots((0, 1, 1), 2) == (1, 0, 1)


@pytest.mark.parametrize("rules", [TOURNAMENT, CUTTHROAT], ids=lambda r: r.preset)
def test_duplicate_configs_see_identical_deals(rules: RuleSet) -> None:
    deals = 6
    result = run_arena(rules, ("random", "random"), deals, 7, workers=1, keep_records=True)
    k = len(seat_configs(rules))
    assert len(result.records) == deals * k
    for i in range(deals):
        group = result.records[i * k:(i + 1) * k]
        first = group[0]["hands"][0]
        assert all(len(rec["hands"]) == 1 for rec in group)
        assert all(rec["hands"][0]["deal"] == first["deal"] for rec in group)
        assert all(rec["hands"][0]["nest"] == first["nest"] for rec in group)
        assert all(rec["seed"] == group[0]["seed"] for rec in group)
        assert first["dealer"] == 0  # records start with seat 0 dealing
        # The bots change seats from one configuration to the next.
        assert len({tuple(rec["players"]) for rec in group}) == k


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = run_arena(TOURNAMENT, ("random", "random"), 24, 5, workers=1, matches=2, keep_records=True)
    two = run_arena(TOURNAMENT, ("random", "random"), 24, 5, workers=2, matches=2, keep_records=True)
    assert two.workers == 2
    assert comparable(one) == comparable(two)
    assert one.records == two.records


def test_the_same_seed_gives_the_same_deals_and_another_seed_others() -> None:
    a = run_arena(TOURNAMENT, ("random", "random"), 5, 1, workers=1, keep_records=True)
    b = run_arena(TOURNAMENT, ("random", "random"), 5, 1, workers=1, keep_records=True)
    c = run_arena(TOURNAMENT, ("random", "random"), 5, 2, workers=1, keep_records=True)
    assert a.records == b.records
    assert a.records[0]["hands"][0]["deal"] != c.records[0]["hands"][0]["deal"]


# ---------------------------------------------------------------------- statistics
@pytest.mark.parametrize("rules", [TOURNAMENT, CUTTHROAT, CALL5], ids=lambda r: r.preset)
def test_a_bot_against_itself_differs_by_exactly_zero(rules: RuleSet) -> None:
    """Two copies of a bot get the same seeds seat by seat: the duplicate pairs cancel exactly."""
    result = run_arena(rules, ("random", "random"), 10, 3, workers=1)
    assert result.differences == [0.0] * 10
    assert result.points(0) == result.points(1)
    assert result.difference.contains(0.0)


def test_random_against_random_shows_no_difference(test_bots: None) -> None:
    result = run_arena(TOURNAMENT, ("random", "random-other"), 200, 1, workers=1)
    d = result.difference
    assert d.n == 200
    assert d.sd > 0  # the two bots play differently...
    assert d.contains(0.0)  # ...but neither is stronger
    assert abs(d.mean) < 10  # points per hand: a hand is worth about 12 a seat, a contract 70 to 120
    assert d.half_width < 15
    for k in (0, 1):  # a hand of the tournament preset is worth about 12 points a seat to a random bot
        assert 0 < result.points(k).mean < 25


def test_a_weaker_bot_is_found_weaker(test_bots: None) -> None:
    result = run_arena(TOURNAMENT, ("overbidder", "random"), 40, 2, workers=1)
    assert result.difference.high < 0
    over, rand = result.tallies
    assert over.contracts > rand.contracts
    assert over.went_set > over.made
    assert over.contract_sum / over.contracts == 120  # the tournament preset's max_bid


def test_estimates() -> None:
    e = estimate([1.0, 3.0])
    assert e.mean == 2.0 and e.n == 2
    assert e.half_width == pytest.approx(1.96 * math.sqrt(2) / math.sqrt(2), rel=1e-3)
    single = estimate([4.0])
    assert single.to_json()["ci95"] is None and math.isinf(single.half_width)
    assert Estimate(0.0, 0.0, 5).contains(0.0)
    p = Proportion(0, 8)
    assert p.rate == 0.0 and p.low == 0.0 and p.high == pytest.approx(0.324, abs=1e-3)
    q = Proportion(4, 8)
    assert q.low == pytest.approx(1 - q.high)


def test_bidding_tallies_add_up() -> None:
    result = run_arena(TOURNAMENT, ("random", "random"), 30, 4, workers=1)
    played = sum(t.contracts for t in result.tallies)
    assert played + result.thrown_in == result.hands
    for t in result.tallies:
        assert t.made + t.went_set == t.contracts
        assert t.seat_hands == result.hands * 2  # two seats per hand in partnerships
        assert t.decisions > 0 and t.median_time() is not None


def test_whole_matches_are_counted_per_bot() -> None:
    result = run_arena(TOURNAMENT, ("random", "random"), 2, 9, workers=1, matches=2, keep_records=True)
    rate_a, rate_b = result.win_rate(0), result.win_rate(1)
    assert rate_a is not None and rate_b is not None
    assert rate_a.games == rate_b.games == 4
    assert rate_a.won + rate_b.won == 4
    finished = [rec for rec in result.records if rec["winner"] is not None]
    assert len(finished) == 4
    assert run_arena(TOURNAMENT, ("random", "random"), 2, 9, workers=1).win_rate(0) is None


# ---------------------------------------------------------------------- records and JSON
@pytest.mark.slow
@pytest.mark.parametrize("rules", [TOURNAMENT, CUTTHROAT, CALL5], ids=lambda r: r.preset)
def test_arena_records_replay(rules: RuleSet) -> None:
    result = run_arena(rules, ("random", "random"), 2 * rules.players, 11, workers=1, matches=1,
                       keep_records=True)
    assert len(result.records) == (2 * rules.players + 1) * len(seat_configs(rules))
    for n, rec in enumerate(result.records, 1):
        replayed = replay_record(rec, n)
        assert replayed.match.winner == rec["winner"]
    one_hand = result.records[0]
    assert one_hand["winner"] is None and len(one_hand["hands"]) == 1


def test_the_json_summary_has_every_field() -> None:
    result = run_arena(CUTTHROAT, ("random", "random"), 3, 2, workers=1, matches=1)
    js = json.loads(json.dumps(result.to_json(), allow_nan=False))
    assert js["format"] == "rook-arena/1"
    for key in ("rules", "rules_label", "bots", "deals", "seed", "configs", "hands", "thrown_in", "matches",
                "match_games", "match_hands", "difference", "per_bot", "per_deal", "workers", "seconds"):
        assert key in js, key
    assert js["rules"]["preset"] == "cutthroat"
    assert js["hands"] == 3 * 6 and len(js["configs"]) == 6
    assert set(js["difference"]) == {"mean", "ci95", "sd", "n"}
    assert len(js["per_deal"]["A"]) == 3
    for bot in js["per_bot"]:
        for key in ("slot", "bot", "points_per_hand", "contracts", "made", "set", "made_rate", "avg_bid",
                    "avg_contract", "avg_taken", "decisions", "decision_ms", "games"):
            assert key in bot, key
        assert set(bot["decision_ms"]) == {"median", "mean", "worst"}
        assert bot["games"]["played"] == 6


@pytest.mark.parametrize("rules", [CUTTHROAT, CALL5], ids=lambda r: r.preset)
def test_individual_and_call_partner_presets_run(rules: RuleSet) -> None:
    result = run_arena(rules, ("random", "random"), 5, 6, workers=2)
    assert result.hands == 5 * 2 * rules.players
    assert len(result.per_deal) == 5
    assert all(math.isfinite(a) and math.isfinite(b) for a, b in result.per_deal)


@pytest.mark.parametrize("rules", [CUTTHROAT, CALL5, preset("individual-6")], ids=lambda r: r.preset)
def test_a_rotating_deal_is_still_duplicate_and_the_lone_seat_goes_round_the_table(rules: RuleSet) -> None:
    n = rules.players
    lone_from_dealer = []
    for index in range(2 * n):
        configs = deal_configs(rules, index, rotate=True)
        assert len(configs) == 2
        for seat in range(n):  # every seat of the deal is played once by each bot
            assert sorted(c[seat] for c in configs) == [0, 1]
        slots = frame_slots(configs[0], index % n)  # as the record's frame has it: the dealer is seat 0
        assert slots.count(0) == 1  # A alone, then B alone in the same seat
        lone_from_dealer.append(slots.index(0))
    assert sorted(lone_from_dealer[:n]) == list(range(n))  # every place from the dealer in n deals
    assert deal_configs(TOURNAMENT, 3, rotate=True) == seat_configs(TOURNAMENT)  # partners: unchanged


def test_a_rotating_arena_plays_two_hands_a_deal_and_a_bot_against_itself_still_cancels() -> None:
    result = run_arena(CUTTHROAT, ("random", "random"), 6, 4, workers=1, rotate=True, keep_records=True)
    assert result.hands == 12 and len(result.records) == 12 and result.seatings == 2
    assert result.differences == [0.0] * 6
    js = result.to_json()
    assert js["rotate"] is True and js["seatings_per_deal"] == 2 and js["hands"] == 12
    whole = run_arena(CUTTHROAT, ("random", "random"), 6, 4, workers=1, keep_records=True)
    assert whole.hands == 6 * 2 * CUTTHROAT.players
    # the rotating arena's hands are among the full arena's: the same deals, the same seeds
    assert all(rec in whole.records for rec in result.records)


# ---------------------------------------------------------------------- bad input
def test_bad_input_is_refused() -> None:
    with pytest.raises(ArenaError, match="unknown bot.*; bots: random"):
        check_bots(["random", "nobody"])
    with pytest.raises(ArenaError, match="exactly two"):
        check_bots(["random"])
    with pytest.raises(ArenaError, match="exactly two"):
        check_bots(["random", "random", "random"])
    assert check_bots([" Random ", "random"]) == ("random", "random")
    with pytest.raises(ArenaError, match="at least 1 deal"):
        run_arena(TOURNAMENT, ("random", "random"), 0, 1)


# ---------------------------------------------------------------------- the command
runner = CliRunner()


@pytest.mark.slow
def test_rook_arena_writes_table_json_records_and_plot(tmp_path: Path) -> None:
    summary, records, image = tmp_path / "arena.json", tmp_path / "arena.jsonl", tmp_path / "arena.png"
    res = runner.invoke(app, ["arena", "--rules", "tournament", "--bots", "random,random", "--deals", "12",
                              "--seed", "3", "--matches", "1", "--workers", "2", "--json", str(summary),
                              "--out", str(records), "--plot", str(image)])
    assert res.exit_code == 0, res.output
    assert "points/hand" in res.output and "A - B" in res.output
    js = json.loads(summary.read_text())
    assert js["deals"] == 12 and js["bots"] == ["random", "random"] and js["matches"] == 1
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    games = list(read_jsonl(records))
    assert len(games) == 12 * 2 + 2
    for n, rec in games:
        replay_record(rec, n)
    res = runner.invoke(app, ["replay", str(records)])
    assert res.exit_code == 0, res.output


@pytest.mark.parametrize("args, says", [
    (["--bots", "random,nobody"], "unknown bot"),
    (["--bots", "random"], "exactly two"),
    (["--bots", "random,random", "--deals", "0"], "at least 1 deal"),
    (["--bots", "random,random", "--rules", "no-such-preset"], "neither a preset nor a file"),
])
def test_rook_arena_refuses_bad_input(args: list[str], says: str) -> None:
    res = runner.invoke(app, ["arena", *args])
    assert res.exit_code == 2
    assert says in res.output
    if "bot" in says or "two" in says:
        assert "; bots: random, heuristic" in res.output


# ---------------------------------------------------------------------- fair play by construction
class Peeker(RandomPlayer):
    """A registered bot that also defines ``act_state``: the arena must still give it only its view."""

    name = "peeker"
    given_state = 0

    def act_state(self, hand: object, seat: int) -> int:
        Peeker.given_state += 1
        raise AssertionError("the arena handed the whole state to a player that is not the ceiling")


def test_the_arena_gives_the_state_to_no_player_but_the_ceiling() -> None:
    REGISTRY["peeker"] = Peeker
    try:
        result = run_arena(TOURNAMENT, ("peeker", "random"), 3, 1, workers=1)
    finally:
        REGISTRY.pop("peeker", None)
    assert Peeker.given_state == 0 and result.hands > 0


def test_sees_all_is_not_a_bot_and_no_bots_name_reaches_it() -> None:
    assert "sees-all" not in REGISTRY
    with pytest.raises(ArenaError, match="not a player; measure a bot against that ceiling with --ceiling"):
        check_bots(["sees-all", "expert"])
    assert check_bots(["expert"], ceiling=True) == ("sees-all", "expert")
    with pytest.raises(ArenaError, match="one bot"):
        check_bots(["expert", "random"], ceiling=True)
    for command in (["selfplay", "--bots", "sees-all", "--games", "1"], ["arena", "--bots", "sees-all,random"],
                    ["play", "--plain", "--partner", "sees-all"]):
        res = runner.invoke(app, command, input="")
        assert res.exit_code == 2, (command, res.output)
        assert "sees-all" in res.output


def test_rook_arena_measures_the_ceiling_with_its_own_flag() -> None:
    res = runner.invoke(app, ["arena", "--ceiling", "--bots", "random", "--deals", "2", "--workers", "1",
                              "--rules", "kentucky-discard"])
    assert res.exit_code == 0, res.output
    assert "sees-all" in res.output


def test_rook_arena_speaks_the_readers_language() -> None:
    """The tables, their captions, the verdict and the last lines in Swedish: no English left."""
    res = runner.invoke(app, ["--lang", "sv", "arena", "--rules", "kentucky-discard", "--bots", "heuristic,random",
                              "--deals", "2", "--workers", "1"])
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())
    for swedish in ("Grundläggande (A) mot Slumpvis (B), Kentucky Discard", "poäng/hand", "95% KI",
                    "2 duplikatgivar x 2 placeringar = 4 händer, frö 0", "Kontrakt vunna som budgivare",
                    "Grundläggande - Slumpvis:", "poäng per hand, 95% KI [", "över 2 givar:", "av 4 händer",
                    "(0 poäng)", "s på 1 process", "A: Grundläggande", "medelbud: varje bud"):
        assert swedish in out, swedish
    assert any(v in out for v in ("ingen skillnad påvisad på 95%-nivån", "(A) är starkare", "(B) är starkare"))
    for english in ("points", "duplicate", "deals", "seed", "Contracts", "no difference", "is stronger",
                    "thrown in", "worker", "avg bid", "heuristic", "Basic"):
        assert english not in out, english


def test_an_arena_refusal_is_told_in_the_readers_language_and_survives_a_worker() -> None:
    """The arena says why it refuses from a code and its facts: the reader's language on the command line,
    the same error back from a worker process (a pickle), English for logs."""
    said = runner.invoke(app, ["--lang", "es", "arena", "--bots", "random,nadie", "--deals", "1"])
    assert said.exit_code == 2 and "bot(s) desconocido(s) 'nadie'; bots: random" in said.output, said.output
    two = runner.invoke(app, ["--lang", "sv", "arena", "--bots", "random", "--deals", "1"])
    assert two.exit_code == 2 and "exactly two" not in two.output and "random, heuristic" in two.output, two.output
    e = ArenaError("arena_deal_broke_rules", index=3, seed="12345678", configuration=1, why="card not held")
    back = pickle.loads(pickle.dumps(e))
    assert (back.code, back.params, str(back)) == (e.code, e.params,
                                                   "deal 3 (seed 12345678), configuration 1: card not held")


def test_the_arena_plot_is_labelled_in_the_readers_language(tmp_path: Path) -> None:
    import matplotlib

    from rookgame.arena import plot
    from rookgame.words.language import speaking

    result = run_arena(TOURNAMENT, ("random", "heuristic"), 2, 5, workers=1)
    image = tmp_path / "diff.svg"
    with speaking("es"), matplotlib.rc_context({"svg.fonttype": "none"}):  # the words as text, not outlines
        plot(result, image)
    said = image.read_text()
    assert "repartos duplicados jugados" in said and "diferencia acumulada (semilla 5)" in said
    assert "duplicate deals played" not in said and "running difference" not in said

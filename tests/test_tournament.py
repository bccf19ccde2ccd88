"""Duplicate tournaments: the movement, matchpoints and IMPs worked by hand, the log that rebuilds an
event, what a unit may see before a round is over, and `rook tournament`."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rookgame.cards import cards_of
from rookgame.cli import app
from rookgame.match import Match
from rookgame.record import game_record, replay_record
from rookgame.rules import preset
from rookgame.table import Bot
from rookgame.tournament import Director, TournamentError, board_score, board_table, imps, nets, run_bots
from rookgame.words.language import speaking

KD = preset("kentucky-discard")


def pairs(n: int, rules=KD, **options: object) -> Director:  # type: ignore[no-untyped-def]
    d = Director(rules, options.pop("rounds", 1), options.pop("boards", 2), 7, **options)  # type: ignore[arg-type]
    for i in range(n):
        d.register(f"pair {i + 1}", ["heuristic"] * d.unit_size)
    return d


def test_matchpoints_and_imps_of_a_worked_example() -> None:
    """Two tables, two boards; the figures below are worked by hand.

    Board 1: table 1 North-South 100, East-West 20 (nets +80, -80); table 2 60 and 60 (0, 0).
      NS: table 1 beats table 2: 2 matchpoints to 0; IMPs: +80 against a datum of 0 is 6 (80 is the sixth
      step of the scale), -6 to table 2. EW: the other way round.
    Board 2: table 1 90 and 30 (+60, -60); table 2 70 and 50 (+20, -20).
      NS: table 1 2 to 0; IMPs: a difference of 40 is 3 (steps 10, 20, 30). EW the other way round.
    So table 1's North-South and table 2's East-West have 4 of 4 matchpoints (100%) and +9 IMPs; the
    other two 0% and -9.
    """
    d = pairs(4)
    seatings = d.start_round()
    assert len(seatings) == 2 and d.boards()[0].number == 1
    (t1, t2) = seatings
    d.record(1, 1, 1, [100, 20])
    d.record(1, 2, 1, [60, 60])
    d.record(1, 1, 2, [90, 30])
    d.record(1, 2, 2, [70, 50])
    assert nets([100, 20]) == [80, -80] and imps(80) == 6 and imps(-40) == -3
    board1 = d.board_scores(1, 1)
    assert board1 == {1: ([2.0, 0.0], [6, -6]), 2: ([0.0, 2.0], [-6, 6])}
    by_unit = {s.unit.number: s for s in d.standings()}
    winners = {t1.units[0], t2.units[1]}
    for unit, st in by_unit.items():
        assert st.boards == 2 and st.top == 4.0
        assert (st.matchpoints, st.percent, st.imps) == ((4.0, 100.0, 9) if unit in winners else (0.0, 0.0, -9))
    assert {s.unit.number for s in d.standings()[:2]} == winners
    lines = d.boards_csv().splitlines()
    assert lines[0].startswith("round,board,table,position,unit,score,net,matchpoints,imps")
    assert len(lines) == 1 + 2 * 2 * 2


def test_a_round_robin_meets_every_pair_once_and_turns_the_sides() -> None:
    d = pairs(6, rounds=5, boards=1)
    met: dict[frozenset[int], int] = {}
    ns = {u: 0 for u in range(1, 7)}
    for r in range(1, 6):
        for s in d.start_round():
            met[frozenset(s.units)] = met.get(frozenset(s.units), 0) + 1
            ns[s.units[0]] += 1
            for b in d.boards():
                d.record(r, s.table, b.number, [50, 70])
    assert sorted(met.values()) == [1] * 15  # 6 pairs: 15 meetings, each once
    assert all(1 <= n <= 4 for n in ns.values())  # each pair sits North-South some rounds, East-West others


def test_swiss_pairs_the_leaders_and_never_repeats_a_meeting_it_can_avoid() -> None:
    d = pairs(6, rounds=3, boards=1, movement="swiss")
    seen: set[frozenset[int]] = set()
    for r in range(1, 4):
        seatings = d.start_round()
        if r > 1:  # the two best placed meet if they have not already
            top = [s.unit.number for s in d.standings()[:2]]
            if frozenset(top) not in seen:
                assert any(set(top) == set(s.units) for s in seatings)
        for s in seatings:
            assert frozenset(s.units) not in seen
            seen.add(frozenset(s.units))
            # the lower-numbered unit wins: the standings spread out
            d.record(r, s.table, d.boards()[0].number, [100, 0] if s.units[0] < s.units[1] else [0, 100])


def test_units_sit_out_in_turn_and_are_credited_the_average() -> None:
    d = pairs(5, rounds=3, boards=2, fill=None, movement="swiss")
    out = []
    for r in range(1, 4):
        d.start_round()
        out.append(d.sitting_out())
        for s in d.seatings():
            for b in d.boards():
                d.record(r, s.table, b.number, [80, 40])
    assert [len(o) for o in out] == [1, 1, 1] and len({o[0] for o in out}) == 3  # never the same unit twice
    assert all(st.boards == 6 for st in d.standings())  # a round sat out counts its boards, at the average
    assert sorted(st.sat_out for st in d.standings()) == [0, 0, 1, 1, 1]


def test_a_sit_out_gets_half_the_matchpoints_of_each_board() -> None:
    d = pairs(5, rounds=1, boards=2, fill=None)
    d.start_round()
    (away,) = d.sitting_out()
    for s in d.seatings():
        for b in d.boards():
            d.record(1, s.table, b.number, [80, 40] if s.table == 1 else [40, 80])
    st = next(s for s in d.standings() if s.unit.number == away)
    assert (st.boards, st.matchpoints, st.top, st.percent, st.imps) == (2, 2.0, 4.0, 50.0, 0)


def test_bots_fill_a_table_short_of_units() -> None:
    d = pairs(3, rounds=1, boards=1)
    d.start_round()
    assert [u.filler for u in d.units] == [False, False, False, True]
    assert d.sitting_out() == () and len(d.seatings()) == 2


def test_the_log_rebuilds_the_event_where_it_was() -> None:
    d = pairs(6, rounds=2, boards=2, movement="swiss")
    d.start_round()
    for s in d.seatings():
        for b in d.boards():
            d.record(1, s.table, b.number, [90, 30] if s.table % 2 else [30, 90])
    d.start_round()
    first = d.seatings()[0]
    d.record(2, first.table, d.boards()[0].number, [65, 55])  # killed here, mid-round
    d.correct(1, 1, 1, [95, 25], "a counter miscounted")
    d.replace(3, 1, "medium")
    again = Director.from_events(json.loads(json.dumps(d.events)))
    assert again.round == 2 and not again.round_over()
    assert again.seatings() == d.seatings() and again.results == d.results
    assert [s.to_json() for s in again.standings()] == [s.to_json() for s in d.standings()]
    assert again.unit(3).members == ("heuristic", "medium")
    assert again.events == d.events


def test_a_unit_sees_other_tables_results_and_the_round_in_the_standings_only_once_the_round_is_over() -> None:
    d = pairs(4, rounds=2, boards=1)
    d.start_round()
    (t1, t2) = d.seatings()
    board = d.boards()[0].number
    d.record(1, t1.table, board, [100, 20])
    mine, theirs = t1.units[0], t2.units[0]
    assert [r.table for r in d.results_for(mine, 1)] == [t1.table]
    assert d.results_for(theirs, 1) == []  # table 2 has not played the board: it learns nothing of it
    assert all(s.boards == 0 for s in d.standings())  # the round is not over: nothing shows yet
    with pytest.raises(TournamentError, match="no round 2"):
        d.boards(2)  # no board of the next round is handed out
    d.record(1, t2.table, board, [60, 60])
    assert len(d.results_for(theirs, 1)) == 2 and all(s.boards == 1 for s in d.standings())


def test_a_director_is_refused_what_cannot_be_done_and_told_what_can() -> None:
    d = pairs(4, rounds=1, boards=1)
    with pytest.raises(TournamentError, match="2 player"):
        d.register("a", ["heuristic"])
    d.start_round()
    with pytest.raises(TournamentError, match="units register before the first round"):
        d.register("late", ["a", "b"])
    with pytest.raises(TournamentError, match="not 9"):
        d.record(1, 9, 1, [1, 2])
    with pytest.raises(TournamentError, match="2 whole scores"):
        d.record(1, 1, 1, [1, 2, 3])
    d.record(1, 1, 1, [1, 2])
    with pytest.raises(TournamentError, match="correct it instead"):
        d.record(1, 1, 1, [1, 2])
    with pytest.raises(TournamentError, match="says why"):
        d.correct(1, 1, 1, [3, 4], " ")
    d.pause()
    d.record(1, 2, 1, [5, 5])
    with pytest.raises(TournamentError, match="paused"):
        d.start_round()
    with pytest.raises(TournamentError, match="rounds = 0"):
        Director(KD, 0, 1, 1)
    with pytest.raises(TournamentError, match="round robin needs"):
        pairs(5, rounds=2, movement="round-robin", fill=None).start_round()


def test_a_directors_refusal_names_the_rules_by_their_name_in_the_readers_language_never_by_their_key() -> None:
    """A unit of the wrong size and too few units for a table: the refusal carries the rules' key (a code) and says
    the preset's name in the reader's language, as the rules' own pages do; a house-rules file by its own name."""
    few = Director(preset("cutthroat"), 1, 1, 7, fill=None)
    for name in ("a", "b"):
        few.register(name, ["random"])
    with pytest.raises(TournamentError) as too_few:
        few.start_round()
    with pytest.raises(TournamentError) as wrong_size:
        Director(preset("full-deck"), 1, 1, 7).register("a", ["random"])
    assert too_few.value.params["rules"] == "cutthroat" and wrong_size.value.params["rules"] == "full-deck"
    assert str(too_few.value) == "a table of Cutthroat seats 3 units: 2 registered"
    assert str(wrong_size.value) == "a unit of Full deck is 2 players, named: not ['random']"
    said = {}
    for code in ("es", "pt", "sv"):
        with speaking(code):
            said[code] = (too_few.value.words(), wrong_size.value.words())
    assert said["es"] == ("una mesa de A muerte sienta 3 unidades: hay 2 inscritas",
                          "una unidad de Mazo completo son 2 jugadores, con nombre: no ['random']")
    assert said["pt"][0].startswith("uma mesa de Cutthroat (cada um por si) senta 3 unidades")
    assert "Baralho completo" in said["pt"][1]
    assert said["sv"][0] == "ett bord i Var för sig har plats för 3 enheter: 2 anmälda" and "Hel lek" in said["sv"][1]
    assert not [t for pair in said.values() for t in pair if "cutthroat" in t or "full-deck" in t]
    with pytest.raises(TournamentError, match=r"a unit of Our house is 2 players"):
        Director(preset("full-deck").replace(name="Our house"), 1, 1, 7).register("a", ["random"])


def test_rook_tournament_says_its_refusal_in_the_readers_language_naming_the_rules_by_their_name() -> None:
    res = CliRunner().invoke(app, ["--lang", "sv", "tournament", "--rules", "cutthroat", "--players", "2",
                                   "--sit-out", "-w", "1"])
    said = " ".join(res.output.split())
    assert res.exit_code == 2, res.output
    assert "ett bord i Var för sig har plats för 3 enheter: 2 anmälda" in said and "cutthroat" not in said


def test_rook_tournament_prints_its_standings_in_the_readers_language(tmp_path: Path) -> None:
    """The standings' title names the rules by the preset's name, its columns and the members (bots by their
    level's name) and the lines of the files written are the reader's language; a unit keeps its name."""
    res = CliRunner().invoke(app, ["--lang", "es", "tournament", "--rules", "full-deck", "--players", "4",
                                   "--bots", "heuristic,random", "--rounds", "1", "--boards", "1", "--seed", "5",
                                   "-w", "1", "--csv", str(tmp_path / "s.csv"), "--boards-csv", str(tmp_path / "b.csv"),
                                   "--json", str(tmp_path / "e.json")])
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())
    assert "Mazo completo: 4 parejas, 1 ronda de 1 tablero, semilla 5, puntuado por matchpoints" in said, said
    header = next(line for line in res.output.splitlines() if "puesto" in line)
    columns = ("unidad", "jugadores", "tableros", "matchpoints %", "IMPs", "descansó")
    assert [w for w in columns if w not in header] == []
    assert "Básico & Básico" in said and "Al azar & Al azar" in said and "heuristic 1" in said  # a unit's own name
    rows = [line for line in res.output.splitlines() if " & " in line]
    assert rows and all(re.search(r"\d,\d", row) and not re.search(r"\d\.\d", row) for row in rows), rows  # 50,0
    assert "clasificación escrita en" in said and "el resultado de cada tablero escrito en" in said
    assert "el torneo completo escrito en" in said
    english = ("full-deck", "Full deck", "pairs", "round(s)", "board(s)", "place", "members", "sat out",
               "heuristic & heuristic", "random & random", "written to")
    assert [w for w in english if w in said] == []


@pytest.mark.slow
def test_an_event_of_bots_plays_the_same_whatever_the_workers_and_every_board_replays() -> None:
    def event(workers: int) -> Director:
        d = Director(KD, 2, 2, 11)
        for i, level in zip(range(5), itertools.cycle(["heuristic", "random"])):
            d.register(f"{level} {i}", [level, level])
        return run_bots(d, workers)

    one, two = event(1), event(2)
    assert one.to_json()["standings"] == two.to_json()["standings"]
    assert one.finished and len(one.results) == 2 * 3 * 2  # 6 units (a filler): 3 tables, 2 rounds, 2 boards
    for res in one.results.values():
        assert res.record is not None
        replay_record(res.record)
        assert len(res.record["hands"]) == 1
    heuristic = [s.percent for s in one.standings() if s.unit.members[0] == "heuristic" and not s.unit.filler]
    random_ = [s.percent for s in one.standings() if s.unit.members[0] == "random"]
    assert sum(heuristic) / len(heuristic) > sum(random_) / len(random_)


@pytest.mark.slow
def test_an_individual_game_seats_one_player_a_side(tmp_path: Path) -> None:
    d = Director(preset("cutthroat"), 2, 1, 3)
    for i in range(5):
        d.register(f"p{i}", ["random"])
    run_bots(d, 1)
    assert d.unit_size == 1 and len(d.units) == 6 and all(len(s.units) == 3 for s in d.seatings(1))
    assert all(st.boards == 2 for st in d.standings())


@pytest.mark.slow
def test_rook_tournament_prints_the_standings_and_writes_the_event(tmp_path: Path) -> None:
    out = tmp_path / "event.json"
    res = CliRunner().invoke(app, ["tournament", "--players", "4", "--bots", "heuristic,random", "--rounds", "2",
                                   "--boards", "1", "--seed", "5", "-w", "1", "--json", str(out),
                                   "--csv", str(tmp_path / "s.csv"), "--boards-csv", str(tmp_path / "b.csv")])
    assert res.exit_code == 0, res.output
    assert "place" in res.output and "heuristic 1" in res.output
    event = json.loads(out.read_text())
    assert event["format"] == "rook-tournament/1" and len(event["standings"]) == 4
    records = [r["record"] for rnd in event["rounds"] for t in rnd["tables"] for r in t["results"]]
    assert len(records) == 4 and all(replay_record(r) for r in records)
    assert (tmp_path / "s.csv").read_text().startswith("place,unit,name")
    bad = CliRunner().invoke(app, ["tournament", "--bots", "grandmaster"])
    assert bad.exit_code == 2 and "unknown bot(s) grandmaster" in bad.output


def test_a_board_is_one_hand_that_stays_on_the_table_and_its_record_replays() -> None:
    d = pairs(4, rounds=1, boards=2)
    d.start_round()
    seating, board = d.seatings()[0], d.boards()[1]
    table = board_table(KD, board, [Bot(m) for m in d.board_seats(seating, board)])
    first = table.view(0).hand
    table.run_bots()
    assert table.is_over and len(table.match.hands) == 1 and table.to_act is None
    assert table.hand is table.match.hands[0]  # the board's hand is still there to look at, not a next deal
    record = game_record(table.match, table.names)
    assert len(record["hands"]) == 1 and replay_record(record)
    assert set(cards_of(Match(KD, board.seed).hand.hands[0])) == set(first)  # the board's seed dealt it
    # record seat j is table seat frame[j]: board 2 is dealt by seat 1, so table seat 1 is the record's seat 0
    assert d.frame(board) == [1, 2, 3, 0] and [d.record_seat(board, s) for s in range(4)] == [3, 0, 1, 2]
    score = board_score(table)
    by_position = d.position_scores(board, score)
    assert by_position == [score[1], score[0]]  # the record's side 0 (seats 0, 2) is table seats 1, 3


def test_what_a_unit_sees_holds_no_seed_no_deal_and_no_other_tables_result_before_the_round_is_over() -> None:
    d = pairs(4, rounds=2, boards=1)
    d.start_round()
    (t1, t2) = d.seatings()
    d.record(1, t1.table, 1, [100, 20])
    mine, theirs = t1.units[0], t2.units[0]
    seen = json.dumps(d.view(theirs))
    assert '"seed"' not in seen and str(d.seed) not in seen and d.view(theirs)["rounds"][0]["results"] == []
    assert [r["table"] for r in d.view(mine)["rounds"][0]["results"]] == [t1.table]
    assert d.view()["rounds"][0]["results"] == [] and d.view()["rounds"][0]["tables"][0]["played"] == 1
    assert len(d.view(director=True)["rounds"][0]["results"]) == 1  # the director's, to correct it
    d.record(1, t2.table, 1, [60, 60])
    assert len(d.view()["rounds"][0]["results"]) == 2 and d.view()["standings"][0]["boards"] == 1


def test_a_person_plays_in_one_unit_only_and_a_board_is_found_where_its_table_is() -> None:
    d = Director(KD, 1, 2, 3)
    d.register("A", ["Ann", "Bo"])
    with pytest.raises(TournamentError, match="Ann is already registered") as refused:
        d.register("B", ["Cy", "ann"])
    assert refused.value.code == "same_person" and refused.value.params == {"name": "Ann"}
    d.register("B", ["heuristic", "heuristic"])  # bots may fill any number of seats
    with pytest.raises(TournamentError, match="Bo is already registered"):
        d.replace(2, 0, "Bo")
    d.register("C", ["Cy", "Di"])
    d.start_round()
    found = d.seating_of(3)
    assert found is not None
    seating, position = found
    assert seating.units[position] == 3
    for member, name in enumerate(("Cy", "Di")):
        assert d.player_at(seating, d.member_seat(position, member)) == name
    assert d.next_board(1, seating.table) == d.boards()[0]
    d.record(1, seating.table, 1, [80, 40])
    assert d.next_board(1, seating.table) == d.boards()[1]
    d.record(1, seating.table, 2, [80, 40])
    assert d.next_board(1, seating.table) is None

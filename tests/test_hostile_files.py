"""Hostile and broken files given to the `rook` command (issue 15): never a traceback, and
the exit status tells the case apart: 0 done, 1 a record that fails its checks, 2 bad
arguments or a file that cannot be read or written (3 only for a bug)."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import rookgame.cli as cli
import rookgame.play as P
from rookgame.cli import app
from rookgame.record import RecordError, read_jsonl, replay_record
from rookgame.tui import run_play

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "one-high.jsonl"
runner = CliRunner()


def rook(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    # typer.Exit and click's usage errors arrive as SystemExit; anything else is a traceback.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result


def first_record() -> str:
    return GOLDEN.read_text(encoding="utf-8").splitlines()[0]


# ---------------------------------------------------------------------- unreadable files: 2
def test_directory_given_as_a_record_exits_2(tmp_path: Path) -> None:
    for command in ("replay", "analyze"):
        result = rook(command, str(tmp_path))
        assert result.exit_code == 2 and "is a folder" in result.output
    result = rook("rules", str(tmp_path))
    assert result.exit_code == 2 and "is a folder" in result.output


def test_missing_record_exits_2(tmp_path: Path) -> None:
    for command in ("replay", "analyze"):
        result = rook(command, str(tmp_path / "nowhere.jsonl"))
        assert result.exit_code == 2 and "does not exist" in result.output


# ---------------------------------------------------------------------- records that fail: 1
@pytest.mark.parametrize(("line", "reason"), [
    (b'{"format": "rook-record/1", "players": ["caf\xe9"]}', "line 2 is not UTF-8 text (byte 45 of the line is 0xe9)"),
    (b"[" * 5000 + b"]" * 5000, "line 2 is not a game record: arrays or objects nested too deep"),
    (b'{"seed": ' + b"7" * 5000 + b"}", "line 2 is not a game record: a number is thousands of digits long"),
    (b'{"format": "rook-record/1", "seed": ' + b"7" * 4000 + b"}", "not a rook-record/1 record"),
    (b'{"format": "rook-record/1"', "line 2 is not JSON"),
])
def test_a_broken_record_exits_1_with_the_line_and_why(tmp_path: Path, line: bytes, reason: str) -> None:
    f = tmp_path / "games.jsonl"
    f.write_bytes(first_record().encode() + b"\n" + line + b"\n")
    for command in ("replay", "analyze"):
        result = rook(command, str(f), *(["--game", "2"] if command == "analyze" else []))
        assert result.exit_code == 1, result.output
        assert reason in " ".join(result.output.split())
        assert len(result.output) < 1000  # the 5,000 digits are not printed back


def test_a_save_that_is_broken_is_refused_on_resume(tmp_path: Path) -> None:
    for content in (b"[" * 5000 + b"]" * 5000, b'{"seed": ' + b"7" * 5000 + b"}", b'{"players": ["\xff"]}',
                    b'{"format": "rook-record/1", "hands": ' + b"[" * 900 + b"]" * 900 + b"}"):
        save = tmp_path / "current.jsonl"
        save.write_bytes(content + b"\n")
        err = io.StringIO()
        code = run_play(None, None, None, None, True, str(save), 0.0, str(tmp_path), input_stream=io.StringIO(""),
                        output_stream=io.StringIO(), error_stream=err)
        assert code == 1 and "cannot resume" in err.getvalue()
    err = io.StringIO()
    # a folder or a missing file is a bad argument (exit 2), not a bad record (exit 1)
    assert run_play(None, None, None, None, True, str(tmp_path), 0.0, str(tmp_path), input_stream=io.StringIO(""),
                    output_stream=io.StringIO(), error_stream=err) == 2
    assert "is a folder, not a saved game" in err.getvalue()
    err = io.StringIO()
    assert run_play(None, None, None, None, True, str(tmp_path / "nothing.jsonl"), 0.0, str(tmp_path),
                    input_stream=io.StringIO(""), output_stream=io.StringIO(), error_stream=err) == 2
    assert "no saved game there" in err.getvalue()


def test_square_brackets_from_a_file_are_printed_as_they_are(tmp_path: Path) -> None:
    # rich reads "[/x]" as markup: in a name it was a MarkupError traceback.
    f = tmp_path / "house.toml"
    f.write_text('name = "[/x] [bold]table"\n', encoding="utf-8")
    result = rook("rules", str(f))
    assert result.exit_code == 0 and "[/x] [bold]table" in result.output
    f.write_text('name = "[/x]"\nplayers = 9\n', encoding="utf-8")
    result = rook("rules", str(f))
    assert result.exit_code == 2 and "players = 9" in result.output
    rec = json.loads(first_record())
    rec["players"][1] = "[/red]"
    g = tmp_path / "games.jsonl"
    g.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    result = rook("replay", str(g), "--game", "1")
    assert result.exit_code == 0 and "seat 1 [/red]" in result.output


def test_an_unexpected_error_is_one_line_with_exit_status_3(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    def broken(rec: dict[str, Any], game: int = 1) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(cli, "replay_record", broken)
    monkeypatch.setattr(sys, "argv", ["rook", "replay", str(GOLDEN)])
    with pytest.raises(SystemExit) as e:
        cli.main()
    assert e.value.code == 3
    out = capsys.readouterr().err
    assert "internal error: ZeroDivisionError: a bug" in out and "please report it" in out
    assert "Traceback" not in out


# ---------------------------------------------------------------------- selfplay
def test_selfplay_checks_the_output_folder_before_playing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_games(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a game was played before the output was checked")

    monkeypatch.setattr(P, "play_match", no_games)
    result = rook("selfplay", "-n", "3", "--out", str(tmp_path / "missing" / "x.jsonl"))
    assert result.exit_code == 2 and "the folder" in result.output and "does not exist" in result.output
    result = rook("selfplay", "-n", "3", "--out", str(tmp_path))
    assert result.exit_code == 2 and "is a folder" in result.output
    (tmp_path / "locked").mkdir(mode=0o500)
    if os.geteuid() != 0:  # root writes anywhere
        result = rook("selfplay", "-n", "3", "--out", str(tmp_path / "locked" / "x.jsonl"))
        assert result.exit_code == 2 and "cannot be written" in result.output


def test_selfplay_writes_each_game_as_it_finishes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = P.play_match
    played = []

    def interrupted_at_the_third(*args: Any, **kwargs: Any) -> Any:
        played.append(1)
        if len(played) == 3:
            raise KeyboardInterrupt  # the user gives up on a long run
        return real(*args, **kwargs)

    monkeypatch.setattr(P, "play_match", interrupted_at_the_third)
    out = tmp_path / "games.jsonl"
    result = rook("selfplay", "-n", "5", "--out", str(out))
    assert result.exit_code not in (0, 2)  # click: "Aborted!"
    games = list(read_jsonl(out))
    assert len(games) == 2  # the two games played before the interruption are kept, whole
    for n, rec in games:
        assert replay_record(rec, n).finished


def test_selfplay_records_a_game_stopped_at_the_cap_unfinished_and_goes_on(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(P, "MAX_HANDS", 3)  # game 1 of seed 0 needs more hands than this; the others do not
    rules = tmp_path / "short.toml"
    rules.write_text("goal = 150\n", encoding="utf-8")
    out = tmp_path / "games.jsonl"
    result = rook("selfplay", "-n", "6", "--rules", str(rules), "--out", str(out))
    text = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "game 1 stopped unfinished: no winner after 3 hands" in text
    assert "6 games" in text and "1 unfinished, stopped with no winner at the cap of 3 hands (game 1)" in text
    games = list(read_jsonl(out))
    assert len(games) == 6 and games[0][1]["winner"] is None and "stopped" in games[0][1]
    assert len(games[0][1]["hands"]) == 3  # the cap is exact: three hands, not four
    assert all(rec["winner"] is not None for _, rec in games[1:])


def test_a_game_stopped_at_the_cap_is_said_in_the_readers_language_and_recorded_in_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Records are language-neutral: the record's "stopped" is English; rook selfplay's note and rook replay's
    transcript say it in Spanish."""
    monkeypatch.setattr(P, "MAX_HANDS", 3)
    rules = tmp_path / "short.toml"
    rules.write_text("goal = 150\n", encoding="utf-8")
    out = tmp_path / "games.jsonl"
    result = rook("--lang", "es", "selfplay", "-n", "1", "--rules", str(rules), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "la partida 1 se detuvo sin terminar: sin ganador tras 3 manos: detenida en el límite de manos" in " ".join(
        result.output.split())
    rec = next(read_jsonl(out))[1]
    assert rec["stopped"].startswith("no winner after 3 hands: stopped at the cap of hands")
    shown = rook("--lang", "es", "replay", str(out), "--game", "1")
    assert "Partida sin terminar: sin ganador tras 3 manos" in " ".join(shown.output.split()), shown.output


@pytest.mark.slow
def test_random_bots_in_kentucky_original_end_every_run_with_unfinished_games_that_replay(tmp_path: Path) -> None:
    """Random bidders overbid and are set hand after hand: a game stopped at the cap is kept, unfinished."""
    from rookgame.record import check_schema

    out = tmp_path / "games.jsonl"
    result = rook("selfplay", "--bots", "random", "--rules", "kentucky-original", "-n", "3", "--max-hands", "30",
                  "--out", str(out))
    text = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    games = [rec for _, rec in read_jsonl(out)]
    assert len(games) == 3
    unfinished = [rec for rec in games if rec["winner"] is None]
    assert unfinished and "unfinished, stopped with no winner at the cap of 30 hands" in text
    for n, rec in enumerate(games, 1):
        check_schema(rec)
        assert replay_record(rec, n).finished == (rec["winner"] is not None)
    assert "no winner after 30 hands" in unfinished[0]["stopped"]
    replayed = rook("replay", str(out))
    assert replayed.exit_code == 0 and "unfinished" in replayed.output, replayed.output
    stopped = games.index(unfinished[0]) + 1
    shown = rook("replay", str(out), "--game", str(stopped))
    assert "Unfinished game: no winner after 30 hands" in " ".join(shown.output.split())
    bad = dict(unfinished[0], winner=0)
    with pytest.raises(RecordError, match="stopped unfinished"):
        replay_record(bad)


def test_selfplay_with_every_game_finished_exits_0(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = rook("selfplay", "-n", "2", "--bots", "random", "--out", str(out))
    assert result.exit_code == 0 and "2 games" in result.output
    assert [n for n, _ in read_jsonl(out)] == [1, 2]


def test_an_empty_records_file_and_a_counter_not_in_the_deck_are_refused_with_a_message(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n")
    for command in (["replay", str(empty)], ["analyze", str(empty)]):
        result = rook(*command)
        assert result.exit_code == 2 and "no game" in result.output, result.output
    for text, says in (('preset = "kentucky-original"\ncounters = { RK = 20 }\n', "the deck has no RK: set birds = 1"),
                       ("counters = { G3 = 10 }\n", "G3 is not in the deck: add 3 to ranks or G3 to extra_cards"),
                       ("counters = { 1 = 15 }\n", "no card of rank 1 is in the deck: add 1 to ranks")):
        f = tmp_path / "house.toml"
        f.write_text(text, encoding="utf-8")
        out = str(tmp_path / "g.jsonl")
        for command in (["rules", str(f)], ["selfplay", "--rules", str(f), "-n", "1", "--out", out]):
            result = rook(*command)
            assert result.exit_code == 2 and says in " ".join(result.output.split()), result.output


# ---------------------------------------------------------------------- outputs, counts and caps
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="/dev/full is Linux's always-full device")
def test_an_output_the_disk_refuses_is_exit_2_with_the_reason_never_a_bug() -> None:
    for args in (["selfplay", "--games", "2", "--bots", "random", "--out", "/dev/full"],
                 ["arena", "--bots", "random,random", "--deals", "2", "-w", "1", "--json", "/dev/full"],
                 ["arena", "--bots", "random,random", "--deals", "2", "-w", "1", "--out", "/dev/full"]):
        result = rook(*args)
        said = " ".join(result.output.split())
        assert result.exit_code == 2, said
        assert "/dev/full: cannot be written: No space left on device" in said and "bug" not in said


class _FullDisk:
    """A file opened for writing on a full disk: every write refused as the system refuses it."""

    def __init__(self, f: Any) -> None:
        self.f = f

    def __enter__(self) -> _FullDisk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.f.close()

    def write(self, data: bytes) -> int:
        import errno

        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_finished_run_writes_every_output_it_can_and_a_full_disk_leaves_the_old_file_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk full for the summary alone: the records and the plot are still written, the summary that was
    there stays as it was (no half-written file, no temporary one left), and the run ends with exit 2 saying
    which file and why."""
    summary, records, plot = tmp_path / "summary.json", tmp_path / "games.jsonl", tmp_path / "diff.svg"
    summary.write_text("the last run's summary\n", encoding="utf-8")
    real = os.fdopen

    def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        f = real(fd, *args, **kwargs)
        return _FullDisk(f) if ".summary.json." in os.readlink(f"/proc/self/fd/{fd}") else f

    monkeypatch.setattr(os, "fdopen", fdopen)
    result = rook("arena", "--bots", "random,random", "--deals", "2", "-w", "1", "--out", str(records),
                  "--json", str(summary), "--plot", str(plot))
    said = " ".join(result.output.split())
    assert result.exit_code == 2, said
    assert f"--json {summary}: cannot be written: No space left on device" in said, said
    assert summary.read_text(encoding="utf-8") == "the last run's summary\n"
    assert len(list(read_jsonl(records))) == 4 and plot.read_bytes().startswith(b"<?xml")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["diff.svg", "games.jsonl", "summary.json"]
    mask = os.umask(0)
    os.umask(mask)
    assert records.stat().st_mode & 0o777 == 0o666 & ~mask  # a new file's permissions, not a temporary one's
    monkeypatch.setattr(os, "fdopen", real)
    assert rook("arena", "--bots", "random,random", "--deals", "2", "-w", "1", "--json", str(summary)).exit_code == 0
    assert json.loads(summary.read_text(encoding="utf-8"))["deals"] == 2


def test_an_output_that_is_a_folder_is_refused_before_anything_is_played(tmp_path: Path) -> None:
    for option in ("--out", "--json", "--plot"):
        result = rook("arena", "--bots", "random,random", "--deals", "2", option, str(tmp_path))
        said = " ".join(result.output.split())
        assert result.exit_code == 2 and f"{option} {tmp_path} is a folder; give a file name such as" in said
        assert "deals" not in said.split("error:")[0]  # refused before the progress bar started


def test_a_plot_is_written_to_the_name_given_or_refused(tmp_path: Path) -> None:
    plot = tmp_path / "diff.svg"
    result = rook("arena", "--bots", "random,random", "--deals", "2", "-w", "1", "--plot", str(plot))
    assert result.exit_code == 0 and plot.is_file() and plot.read_bytes().startswith(b"<?xml")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["diff.svg"]
    result = rook("arena", "--bots", "random,random", "--deals", "2", "--plot", str(tmp_path / "diff"))
    assert result.exit_code == 2 and "give a file name ending in .png, .svg, or .pdf" in result.output
    assert not (tmp_path / "diff.png").exists()


@pytest.mark.parametrize("args, bound", [
    (["selfplay", "--games", "99999999999999999999999", "--out", "x.jsonl"], "1 to 1000000"),
    (["arena", "--deals", "99999999999999999999999"], "more than 1000000"),
    (["arena", "--matches", "10000000000"], "more than 100000"),
    (["selfplay", "--max-hands", "10000000000", "--out", "x.jsonl"], "1 to 1000000"),
    (["arena", "--workers", "100000"], "more than 1024"),
])
def test_counts_have_upper_bounds(args: list[str], bound: str) -> None:
    result = rook(*args)
    said = " ".join(result.output.replace("│", " ").split())
    assert result.exit_code == 2 and bound in said and "Traceback" not in said, said


def test_max_hands_stops_a_game_after_exactly_that_many_hands(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = rook("selfplay", "--games", "3", "--bots", "random", "--max-hands", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert [len(rec["hands"]) for _, rec in read_jsonl(out)] == [2, 2, 2]

"""Saves and finished games lose nothing: failed writes, two writers, torn lines, two sessions."""

from __future__ import annotations

import errno
import fcntl
import io
import json
import os
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rookgame import saves
from rookgame.bots import make_player
from rookgame.cards import card_str, cards_of, mask_of
from rookgame.cli import app
from rookgame.match import Match
from rookgame.record import RecordError, read_jsonl, replay_record
from rookgame.rules import load
from rookgame.saves import (
    CURRENT,
    FINISHED,
    SaveError,
    SaveInUse,
    SaveSession,
    SaveWriteError,
    claim_save,
    keep_finished,
    load_record,
    resume_game,
    save_game,
)
from rookgame.tui import run_play
from rookgame.view import view_of

RULES = load("kentucky-discard")
PLAYERS = ["human", "heuristic", "heuristic", "heuristic"]


def played(seed: int, actions: int) -> Match:
    match = Match(RULES, seed)
    bots = [make_player("heuristic", seed * 16 + s) for s in range(RULES.players)]
    for _ in range(actions):
        if match.is_over:
            break
        seat = match.hand.to_act
        match.apply(bots[seat].act(view_of(match.hand, seat, match.totals)), seat)
    return match


def test_a_save_that_cannot_be_written_says_where_and_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    match = played(3, 20)
    folder_file = tmp_path / "games"
    folder_file.write_text("not a folder")
    with pytest.raises(SaveWriteError) as caught:
        save_game(match, PLAYERS, folder_file / CURRENT)
    assert caught.value.path == folder_file / CURRENT
    assert str(caught.value) == f"could not save to {folder_file / CURRENT}: {folder_file} is a file, not a folder"

    # a full disk: the old save stays whole and no temporary file is left behind
    path = tmp_path / CURRENT
    save_game(match, PLAYERS, path)
    before = path.read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)  # the os module that saves (and rookgame.files) write through
    with pytest.raises(SaveWriteError, match="the disk is full"):
        save_game(played(3, 40), PLAYERS, path)
    with pytest.raises(SaveWriteError, match="the disk is full"):
        keep_finished(played(3, 10_000), PLAYERS, tmp_path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []


@pytest.mark.slow
def test_two_writers_never_see_a_missing_or_empty_save(tmp_path: Path) -> None:
    path = tmp_path / CURRENT
    games = [played(5, n) for n in (10, 30)]
    save_game(games[0], PLAYERS, path)
    problems: list[BaseException] = []
    done = threading.Event()

    def write(match: Match) -> None:
        try:
            for _ in range(40):
                save_game(match, PLAYERS, path)
        except BaseException as e:
            problems.append(e)

    def read() -> None:
        while not done.is_set():
            try:
                rec = load_record(path)
                assert len(rec["hands"]) >= 1
            except BaseException as e:
                problems.append(e)
                return

    writers = [threading.Thread(target=write, args=(m,)) for m in games]
    reader = threading.Thread(target=read)
    reader.start()
    for w in writers:
        w.start()
    for w in writers:
        w.join()
    done.set()
    reader.join()
    assert problems == []
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    resume_game(path)


def _held_by_another_process(path: Path, pid: int = 4242) -> int:
    """Hold ``path``'s lock as another ``rook play`` would (flock conflicts between open files)."""
    fd = os.open(path.with_name(f".{path.name}.lock"), os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    os.write(fd, f"{pid}\n".encode())
    return fd


def test_a_second_rook_play_does_not_overwrite_the_first_ones_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fd = _held_by_another_process(tmp_path / CURRENT)
    try:
        err = io.StringIO()
        code = run_play(None, None, None, None, True, None, 0, str(tmp_path), 5,
                        input_stream=io.StringIO("p\n"), output_stream=io.StringIO(), error_stream=err)
        assert code == 1
        assert "another rook play (process 4242) is keeping its game there" in err.getvalue()
        assert "--saves-dir" in err.getvalue()
        assert not (tmp_path / CURRENT).exists()
        monkeypatch.setattr(saves, "LOCK_WAIT", 0.05)
        with pytest.raises(SaveInUse, match="process 4242"):
            save_game(played(5, 10), PLAYERS, tmp_path / CURRENT)
    finally:
        os.close(fd)
    # once the other session is gone, the save is free; a session's own saves pass its lock
    with claim_save(tmp_path / CURRENT):
        save_game(played(5, 10), PLAYERS, tmp_path / CURRENT)
    resume_game(tmp_path / CURRENT)


def _finished_with_a_torn_line(tmp_path: Path) -> tuple[Path, Match]:
    game = played(8, 10_000)
    assert game.is_over
    path = keep_finished(game, PLAYERS, tmp_path)
    line = path.read_text()
    with open(path, "a") as f:
        f.write(line[: len(line) // 2])  # a crash in the middle of the next append
    return path, game


def test_a_torn_last_line_of_finished_games_is_skipped_and_reported(tmp_path: Path) -> None:
    path, _ = _finished_with_a_torn_line(tmp_path)
    told: list[RecordError] = []
    games = list(read_jsonl(path, on_torn=told.append))
    assert [n for n, _ in games] == [1]
    assert [str(e) for e in told] == ["line 2 is a game cut short while it was written (a crash or a full disk); "
                                      "skipped"]
    res = CliRunner().invoke(app, ["replay", str(path)])
    assert res.exit_code == 0, res.output
    assert "line 2 is a game cut short" in res.output and "1 game," in res.output
    res = CliRunner().invoke(app, ["--lang", "es", "replay", str(path)])  # told in the reader's language
    assert res.exit_code == 0, res.output
    assert "la línea 2 es una partida cortada mientras se escribía" in " ".join(res.output.split())


def test_the_next_finished_game_is_not_glued_to_a_torn_line(tmp_path: Path) -> None:
    path, game = _finished_with_a_torn_line(tmp_path)
    keep_finished(game, PLAYERS, tmp_path)
    told: list[RecordError] = []
    games = list(read_jsonl(path, on_torn=told.append))
    assert [n for n, _ in games] == [1, 3] and len(told) == 1
    for n, rec in games:
        assert replay_record(rec, n).match.totals == game.totals
    res = CliRunner().invoke(app, ["replay", str(path), "--game", "3"])
    assert res.exit_code == 0, res.output
    # other damage is still an error: only a record cut short is passed over
    path.write_text(path.read_text() + "garbage\n")
    res = CliRunner().invoke(app, ["replay", str(path)])
    assert res.exit_code == 1 and "line 4 is not JSON" in res.output


def test_finished_games_from_two_writers_are_each_one_whole_line(tmp_path: Path) -> None:
    games = [played(s, 10_000) for s in (8, 9)]
    threads = [threading.Thread(target=lambda m=m: [keep_finished(m, PLAYERS, tmp_path) for _ in range(10)])
               for m in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lines = (tmp_path / FINISHED).read_text().splitlines()
    assert len(lines) == 20 and all(json.loads(line)["winner"] is not None for line in lines)


# ---------------------------------------------------------------------- the save format
def test_a_save_does_not_show_the_hidden_cards_to_whoever_opens_it(tmp_path: Path) -> None:
    from rookgame.cards import card_str, cards_of
    from rookgame.record import SAVE_FORMAT

    game = played(3, 20)
    path = save_game(game, PLAYERS, tmp_path / "current.jsonl")
    text = path.read_text()
    head = json.loads(text)
    assert head["format"] == SAVE_FORMAT and head["record"] == "rook-record/1"
    assert "kentucky-discard, hand 1" in head["about"] and "resume it with rook play --resume" in head["about"]
    hidden = [card_str(c) for s in (1, 2, 3) for c in cards_of(game.hand.dealt[s])]
    hidden += [card_str(c) for c in cards_of(game.hand.nest)]
    assert not any(f'"{c}"' in text for c in hidden)  # no card name in the file as text
    again, players = resume_game(path)
    assert players == PLAYERS and again.hand.history == game.hand.history


def test_a_save_of_the_old_format_still_resumes(tmp_path: Path) -> None:
    from rookgame.record import game_record

    game = played(4, 25)
    path = tmp_path / "old.jsonl"
    path.write_text(json.dumps(game_record(game, PLAYERS)) + "\n")  # a save written before rook-save/2
    again, _ = resume_game(path)
    assert again.hand.history == game.hand.history


def test_a_damaged_save_is_refused_with_a_message(tmp_path: Path) -> None:
    game = played(5, 25)
    path = save_game(game, PLAYERS, tmp_path / "current.jsonl")
    head = json.loads(path.read_text())
    for damage in (head["game"][:-8], "not base64 !", head["game"][::-1]):
        path.write_text(json.dumps({**head, "game": damage}) + "\n")
        with pytest.raises(SaveError, match="save is damaged|unpacks|does not hold"):
            resume_game(path)
        result = CliRunner().invoke(app, ["replay", str(path)])
        assert result.exit_code == 1 and "Traceback" not in result.output


def test_rook_replay_reads_a_save(tmp_path: Path) -> None:
    game = played(6, 30)
    path = save_game(game, PLAYERS, tmp_path / "current.jsonl")
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert [replay_record(rec).match.hand.history for _, rec in read_jsonl(path)] == [game.hand.history]


# ---------------------------------------------------------------------- the save session both front ends use
def seed_of(path: Path) -> int:
    return int(load_record(path)["seed"])


def test_a_new_game_never_replaces_a_saved_one_it_sets_it_aside_once(tmp_path: Path) -> None:
    save_game(played(1, 20), PLAYERS, tmp_path / CURRENT)
    session = SaveSession(played(2, 20), PLAYERS, saves_dir=tmp_path)
    assert session.other_game_at_target() == tmp_path / CURRENT
    kept = session.save()
    assert kept is not None and kept.parent == tmp_path and kept.name.startswith("current-")
    assert seed_of(kept) == 1 and seed_of(tmp_path / CURRENT) == 2
    assert session.save() is None  # its own save now: replaced, nothing more set aside
    assert sorted(p.name for p in tmp_path.glob("*.jsonl")) == sorted([CURRENT, kept.name])


def test_a_resumed_game_is_saved_over_its_own_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.jsonl"
    save_game(played(1, 20), PLAYERS, path)
    match, players = resume_game(path)
    session = SaveSession(match, players, saves_dir=tmp_path, save_path=path, resumed=True)
    assert session.wrote and session.other_game_at_target() is None
    assert session.save() is None
    assert [p.name for p in tmp_path.glob("*.jsonl")] == ["mine.jsonl"]


def test_a_save_moved_to_a_folder_or_a_file_goes_there_and_sets_aside_a_game_found_there(tmp_path: Path) -> None:
    session = SaveSession(played(2, 20), PLAYERS, saves_dir=tmp_path / "a")
    assert session.move_to(tmp_path / "b") == tmp_path / "b" / CURRENT and session.keep_dir == tmp_path / "b"
    assert session.move_to(str(tmp_path / "c" / "game.jsonl")) == tmp_path / "c" / "game.jsonl"
    assert session.keep_dir == tmp_path / "c"
    other = tmp_path / "c" / "game.jsonl"
    other.parent.mkdir()
    save_game(played(1, 20), PLAYERS, other)
    kept = session.save()
    assert kept is not None and seed_of(kept) == 1 and seed_of(other) == 2


def test_a_failed_save_says_where_and_leaves_the_game_unsaved(tmp_path: Path) -> None:
    (tmp_path / "games").write_text("a file, not a folder")
    session = SaveSession(played(2, 20), PLAYERS, saves_dir=tmp_path / "games")
    with pytest.raises(SaveWriteError, match="is a file, not a folder") as caught:
        session.save()
    assert caught.value.path == tmp_path / "games" / CURRENT
    assert not session.wrote


def test_keeping_the_finished_game_removes_every_save_of_it(tmp_path: Path) -> None:
    match = played(4, 10_000)
    assert match.is_over
    session = SaveSession(match, PLAYERS, saves_dir=tmp_path)
    session.save()
    session.move_to(tmp_path / "elsewhere")
    session.save()
    path = session.keep_finished()
    assert path == tmp_path / "elsewhere" / FINISHED
    assert len(list(read_jsonl(path))) == 1
    assert not (tmp_path / CURRENT).exists() and not (tmp_path / "elsewhere" / CURRENT).exists()
    assert not session.wrote


def test_a_game_that_is_not_saved_has_no_target(tmp_path: Path) -> None:
    session = SaveSession(played(2, 20), PLAYERS)
    assert session.target is None and session.save() is None and not session.wrote
    with pytest.raises(SaveWriteError, match="no folder"):
        session.keep_finished()


def test_a_huge_file_is_refused_as_a_save_before_it_is_read(tmp_path: Path) -> None:
    import tracemalloc

    path = tmp_path / "huge.jsonl"
    with open(path, "wb") as f:
        f.truncate(saves.MAX_SAVE_BYTES + 1)  # sparse: a file of 64 MB that costs no disk
    tracemalloc.start()
    with pytest.raises(SaveError, match="over 64 MB, too big for a saved game"):
        load_record(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 1_000_000


def test_rook_replay_tells_a_saved_game_in_progress_as_the_table_sees_it_unless_asked_to_reveal(
        tmp_path: Path) -> None:
    game = played(6, 60)
    assert len(game.hands) == 1 and game.hand.history and not game.is_over  # one hand finished, one in play
    path = save_game(game, PLAYERS, tmp_path / CURRENT)
    hand = game.hand
    unseen = {card_str(c) for c in cards_of(hand.nest | mask_of(hand.buried))} - {
        card_str(c) for c in cards_of(hand.played)}
    for seat in range(4):
        unseen |= {card_str(c) for c in cards_of(hand.hands[seat])}

    shown = CliRunner().invoke(app, ["replay", str(path), "--game", "1"])
    assert shown.exit_code == 0, shown.output
    finished, in_play = shown.output.split("Hand 2:")
    assert "seat 0:" in finished and "nest:" in finished and "buried:" in finished  # a finished hand, whole
    words = set(in_play.replace(",", " ").split())
    assert not words & unseen, f"hidden cards shown: {sorted(words & unseen)}"
    assert "told as the table sees it" in in_play and "5 cards, face down" in in_play

    revealed = CliRunner().invoke(app, ["replay", str(path), "--game", "1", "--reveal"])
    assert revealed.exit_code == 0
    later = set(revealed.output.split("Hand 2:")[1].replace(",", " ").split())
    assert unseen <= later  # every card of the hand in play

"""`rook play --plain` (line mode), saving and resuming games."""

from __future__ import annotations

import io
import json
import pickle
import random
import re
from pathlib import Path

import pytest

from rookgame import actions as A
from rookgame.bots import make_player
from rookgame.cards import card_str
from rookgame.match import Match
from rookgame.plain import play_plain
from rookgame.record import game_record, read_jsonl, replay_record
from rookgame.rules import load
from rookgame.saves import (
    CURRENT,
    FINISHED,
    SaveError,
    SaveWriteError,
    load_record,
    rebuild,
    resume_game,
    save_game,
    saved_games,
    saves_dir,
)
from rookgame.state import Phase
from rookgame.tui import run_play
from rookgame.view import view_of, winning_so_far
from rookgame.words.language import PSEUDO, speaking
from rookgame.words.play import choices_words, parse_choice

RULES = load("kentucky-discard")
BOTS = ["human", "heuristic", "heuristic", "heuristic"]
PLAYERS = ["human", "heuristic", "heuristic", "heuristic"]


class Answers:
    """Standard input for a script: answers in short forms, read off the human seat's view.

    Bids 120 on its first chance in the first hand (so it wins the bid and does the nest
    exchange), passes afterwards; buries the first cards offered, names black, and plays
    the first legal card."""

    def __init__(self, seat: int = 0, limit: int = 10_000) -> None:
        self.seat = seat
        self.match: Match | None = None
        self.limit = limit
        self.lines: list[str] = []

    def readline(self, size: int = -1, /) -> str:
        assert self.match is not None
        if len(self.lines) >= self.limit:
            return ""
        v = view_of(self.match.hand, self.seat, self.match.totals)
        assert v.legal, "asked for a move when it is not the human's turn"
        if v.phase == Phase.BID:
            bids = [a for a in v.legal if a >= A.BID]
            text = str(bids[-1] - A.BID) if not self.match.hands and bids else "p"
        elif v.step == "bury":
            text = card_str(v.legal[0] - A.BURY)
        elif v.step == "trump":
            text = "b"
        elif v.phase == Phase.PLAY:
            text = card_str(v.legal[0]).lower()
        else:
            text = A.action_str(v.legal[0])
        self.lines.append(text)
        return text + "\n"


def test_plain_plays_a_whole_game_from_a_script(tmp_path: Path) -> None:
    answers = Answers()
    match = Match(RULES, 11)
    answers.match = match
    out = io.StringIO()
    result = play_plain(RULES, 0, BOTS, 11, answers, out, match=match, saves_dir=tmp_path)
    text = out.getvalue()
    assert result.is_over and result.winner is not None
    assert "Game over:" in text
    side = "Us (You and North)" if result.winner == 0 else "Them (West and East)"
    assert side in text
    # the events of the game, one per line
    assert "Your hand (9 cards): " in text
    assert re.search(r"^Your bid \(pass, \d+, \d+ \.\.\. 120\): 120$", text, re.M)
    assert "You win the bid at 120." in text
    assert "The nest: " in text
    assert "Bury 5 cards (" in text and "Name trump (B Black, R Red, Y Yellow, G Green): b" in text
    assert "You name trump: Black." in text
    assert "West plays " in text and "wins trick 9 with" in text
    assert "Hand 1: you bid 120 with Black trump" in text
    assert "Totals: Us " in text
    # nothing hidden is told: another seat's burial is only counted
    assert "buries 5 cards." in text or all("buries" not in ln for ln in text.splitlines() if "You" not in ln)
    # finished games are kept for `rook replay`
    games = list(read_jsonl(tmp_path / FINISHED))
    assert len(games) == 1
    replayed = replay_record(games[0][1])
    assert replayed.match.totals == result.totals and replayed.finished
    assert not (tmp_path / CURRENT).exists()


def test_plain_refuses_illegal_input_with_the_engines_reason_and_saves_at_eof(tmp_path: Path) -> None:
    # seed 11: seat 0 deals, seats 1-3 bid first; the human is asked to bid.
    script = io.StringIO("hello\nbid 5\n2000\nY14\n")
    out = io.StringIO()
    match = play_plain(RULES, 0, BOTS, 11, script, out, saves_dir=tmp_path)
    text = out.getvalue()
    assert "Not understood: 'hello'" in text
    assert "Not allowed: bid 5 is below the minimum bid" in text or "Not allowed: bid 5 does not beat" in text
    assert "Not allowed: bid 2,000 is above the maximum bid 120." in text
    assert "Not allowed: Y14 is not a bid: the auction is on" in text
    assert not match.is_over and match.hand.phase == Phase.BID
    saved = tmp_path / CURRENT
    assert f"Game saved to {saved}" in text
    # the save resumes to the same position
    again, players = resume_game(saved)
    assert players == PLAYERS
    assert again.hand.history == match.hand.history and again.hand.dealt == match.hand.dealt


def test_plain_resume_finishes_the_saved_game(tmp_path: Path) -> None:
    first = Answers(limit=8)  # stop after 8 answers: mid-hand
    match = Match(RULES, 21)
    first.match = match
    play_plain(RULES, 0, BOTS, 21, first, io.StringIO(), match=match, saves_dir=tmp_path)
    saved = tmp_path / CURRENT
    assert saved.exists()
    resumed, players = resume_game(saved)
    assert [h.history for h in resumed.hands] == [h.history for h in match.hands]
    assert resumed.hand.history == match.hand.history
    rest = Answers()
    rest.match = resumed
    out = io.StringIO()
    done = play_plain(RULES, 0, players, None, rest, out, match=resumed, saves_dir=tmp_path, save_path=saved)
    assert done.is_over
    assert not saved.exists(), "a resumed game that ends leaves the current save"
    assert len(list(read_jsonl(tmp_path / FINISHED))) == 1


def test_run_play_plain_and_its_errors(tmp_path: Path) -> None:
    err = io.StringIO()
    assert run_play("no-such-preset", None, None, None, True, None, 0, str(tmp_path), error_stream=err) == 2
    assert "neither a preset nor a file" in err.getvalue()
    err = io.StringIO()
    assert run_play(None, None, "grandmaster", None, True, None, 0, str(tmp_path), error_stream=err) == 2
    assert "unknown bot" in err.getvalue() and "heuristic" in err.getvalue()
    err = io.StringIO()
    assert run_play("cutthroat", 3, None, None, True, None, 0, str(tmp_path), error_stream=err) == 2
    assert "seats 0 to 2" in err.getvalue()
    # a plain game from a script, to the end of its input, then resumed with --resume current
    out = io.StringIO()
    code = run_play("full-deck", 1, "random", "heuristic", True, None, 0, str(tmp_path), 5,
                    input_stream=io.StringIO("p\n"), output_stream=out)
    assert code == 0 and "Rook: Full deck" in out.getvalue()
    assert "West (seat 2, Basic)" in out.getvalue() and "Your partner is North" in out.getvalue()
    saved = tmp_path / CURRENT
    assert saved.exists()
    rec = load_record(saved)
    assert rec["players"] == ["heuristic", "human", "heuristic", "random"]
    out = io.StringIO()
    assert run_play(None, None, None, None, True, "current", 0, str(tmp_path), input_stream=io.StringIO(""),
                    output_stream=out) == 0
    assert "Seed 5" in out.getvalue()


def test_resume_refuses_bad_saves_and_changes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    for content, why in (("", "empty"), ("{not json", "not JSON"), ('{"format": "other"}', "not a rook-record/1"),
                         ('[1, 2]', "not a rook-record/1")):
        bad.write_text(content)
        with pytest.raises(SaveError, match=why):
            resume_game(bad)
        assert bad.read_text() == content
        err = io.StringIO()
        assert run_play(None, None, None, None, True, str(bad), 0, str(tmp_path), error_stream=err) == 1
        assert "cannot resume" in err.getvalue() and bad.read_text() == content
    with pytest.raises(SaveError, match="no saved game"):
        resume_game(tmp_path / "missing.jsonl")
    # a save whose cards are not the deal of its seed
    match = _played(RULES, 3, 30)
    path = tmp_path / "game.jsonl"
    save_game(match, PLAYERS, path)
    rec = load_record(path)  # an old-style save (a plain record) still resumes, and is checked as strictly
    deal = rec["hands"][0]["deal"]
    deal[0][0], deal[1][0] = deal[1][0], deal[0][0]
    path.write_text(json.dumps(rec))
    before = path.read_text()
    with pytest.raises(SaveError, match="not the deal of seed 3"):
        resume_game(path)
    assert path.read_text() == before
    # a finished game is not resumed; a game of bots only is not a `rook play` game
    done = _played(RULES, 4, 10_000)
    save_game(done, PLAYERS, path)
    with pytest.raises(SaveError, match="finished"):
        resume_game(path)
    save_game(_played(RULES, 4, 20), ["heuristic"] * 4, path)
    with pytest.raises(SaveError, match="no person among the players"):
        resume_game(path)
    save_game(_played(RULES, 4, 20), ["Ann", "heuristic", "Ann", "heuristic"], path)
    with pytest.raises(SaveError, match="two people of one name"):
        resume_game(path)


def test_a_save_that_cannot_be_resumed_is_said_in_the_readers_language(tmp_path: Path) -> None:
    """A SaveError is a code and its facts: English for the logs (str), the reader's language where it is shown
    (run_play's message, the full screen's), the record's error it stems from told in that language too."""
    bad = tmp_path / "bad.jsonl"
    for content, english, spanish in (
            ("", "bad.jsonl: the file is empty", "bad.jsonl: el archivo está vacío"),
            ("{not json", "bad.jsonl: not a rook-record/1 game record (line 1 is not JSON",
             "bad.jsonl: no es un registro de partida rook-record/1 (la línea 1 no es JSON"),
            ("{}\n{}\n", "bad.jsonl: holds 2 games", "bad.jsonl: contiene 2 partidas")):
        bad.write_text(content)
        with pytest.raises(SaveError) as e:
            resume_game(bad)
        assert english in str(e.value)
        with speaking("es"):
            assert spanish in e.value.words()
            err = io.StringIO()
            assert run_play(None, None, None, None, True, str(bad), 0, str(tmp_path), error_stream=err) == 1
        assert "no se puede reanudar: " in err.getvalue() and spanish in err.getvalue()
    save_game(_played(RULES, 4, 20), ["heuristic"] * 4, bad)
    with pytest.raises(SaveError, match="no person among the players") as e:
        resume_game(bad)
    with speaking("es"):
        assert "ninguna persona entre los jugadores" in e.value.words()
    with speaking(PSEUDO):  # every word from the catalogs
        err = io.StringIO()
        assert run_play(None, None, None, None, True, str(tmp_path / "none.jsonl"), 0, str(tmp_path),
                        error_stream=err) == 2
    assert "no saved game there" not in err.getvalue() and "none.jsonl" in err.getvalue()
    assert pickle.loads(pickle.dumps(e.value)).words() == e.value.words()  # its facts survive between processes


@pytest.mark.parametrize("preset", ["kentucky-discard", "full-deck", "call-partner", "cutthroat", "one-high"])
def test_resume_rebuilds_every_position(tmp_path: Path, preset: str) -> None:
    """Stopping anywhere (auction, nest, mid-trick, between hands) and resuming gives the same game."""
    rules = load(preset)
    players = ["human"] + ["heuristic"] * (rules.players - 1)
    rng = random.Random(preset)
    for stop in sorted(rng.sample(range(1, 120), 12)):
        match = _played(rules, 7, stop)
        path = tmp_path / f"{preset}.jsonl"
        save_game(match, players, path)
        if match.is_over:
            continue
        again, names = resume_game(path)
        assert names == players
        assert again.totals == match.totals and len(again.hands) == len(match.hands)
        assert again.hand.history == match.hand.history and again.hand.dealt == match.hand.dealt
        assert game_record(again, players) == game_record(match, players)


def test_rebuild_checks_the_recorded_totals() -> None:
    match = _played(RULES, 9, 60)
    rec = game_record(match, PLAYERS)
    assert rec["hands"][0].get("totals") is not None
    rec["hands"][0]["totals"] = [999, 0]
    with pytest.raises(SaveError, match="totals"):
        rebuild(rec)


def test_saves_dir_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ROOK_HOME", str(tmp_path))
    assert saves_dir() == tmp_path / "games"
    assert saves_dir(str(tmp_path / "x")) == tmp_path / "x"
    monkeypatch.delenv("ROOK_HOME")
    assert saves_dir() == Path.home() / ".rook" / "games"


def test_short_forms_and_the_trick_leader() -> None:
    match = Match(RULES, 11)
    hand = match.hand
    v = view_of(hand, hand.to_act)
    assert parse_choice("p", v) == A.PASS and parse_choice("85", v) == A.BID + 85
    assert choices_words(v).startswith("pass, 70, 75 ... 120") or choices_words(v).startswith("pass, redeal")
    # play out the auction and the nest with bots, then check the leader of each trick as it grows
    bots = [make_player("heuristic", s) for s in range(4)]
    while hand.phase != Phase.PLAY:
        match.apply(bots[hand.to_act].act(view_of(hand, hand.to_act)), hand.to_act)
    for _ in range(RULES.num_tricks * 4 - 1):
        seat = hand.to_act
        match.apply(bots[seat].act(view_of(hand, seat)), seat)
        v = view_of(hand, 0)
        if v.trick:
            leader = winning_so_far(v)
            assert leader is not None and leader[1] in v.trick
        else:
            # a trick just ended: the helper, shown the whole trick, names the engine's winner
            lead, cards, winner = v.tricks[-1]
            whole = v._replace(trick=cards, leader=lead)
            assert winning_so_far(whole) == (winner, cards[(winner - lead) % 4])
    v = view_of(hand, hand.to_act)
    assert v.phase == Phase.PLAY
    words = choices_words(v)
    assert all(tok in words for tok in (card_str(a) for a in v.legal))
    with pytest.raises(A.ActionError):
        parse_choice("xyzzy", v)


def _played(rules: object, seed: int, actions: int) -> Match:
    """A game between heuristic bots stopped after ``actions`` actions (or at its end)."""
    from rookgame.rules import RuleSet

    assert isinstance(rules, RuleSet)
    match = Match(rules, seed)
    bots = [make_player("heuristic", seed * 16 + s) for s in range(rules.players)]
    for _ in range(actions):
        if match.is_over:
            break
        seat = match.hand.to_act
        match.apply(bots[seat].act(view_of(match.hand, seat, match.totals)), seat)
    return match


# ---------------------------------------------------------------------- saves that lose nothing
class Scripted(Answers):
    """Answers, with extra lines typed after a given number of answers ("quit", a folder, ...)."""

    def __init__(self, extra: dict[int, list[str]], limit: int = 10_000) -> None:
        super().__init__(limit=limit)
        self.extra = extra
        self.pending: list[str] = []
        self.moves = 0

    def readline(self, size: int = -1, /) -> str:
        if not self.pending and self.moves in self.extra:
            self.pending = self.extra.pop(self.moves)
        if self.pending:
            return self.pending.pop(0) + "\n"
        self.moves += 1
        return super().readline()


def _hands_in_save(path: Path) -> int:
    """The finished hands a save holds (the unfinished last one has no totals)."""
    return sum("totals" in h for h in load_record(path)["hands"])


def test_line_mode_saves_after_every_hand(tmp_path: Path) -> None:
    saved = tmp_path / CURRENT
    seen: list[tuple[int, int]] = []

    class Checking(Answers):
        def readline(self, size: int = -1, /) -> str:
            assert self.match is not None
            if self.match.hands:  # a kill at any prompt would lose no finished hand
                seen.append((_hands_in_save(saved), len(self.match.hands)))
            return super().readline()

    answers = Checking()
    match = Match(RULES, 11)
    answers.match = match
    play_plain(RULES, 0, BOTS, 11, answers, io.StringIO(), match=match, saves_dir=tmp_path)
    assert match.is_over and len(match.hands) >= 3
    assert seen and all(in_save == played for in_save, played in seen)
    assert {played for _, played in seen} >= {1, 2}
    assert not saved.exists(), "a finished game leaves no unfinished save behind"
    assert len(list(read_jsonl(tmp_path / FINISHED))) == 1


def test_a_save_to_a_folder_that_is_a_file_keeps_the_game_going_and_says_where(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.write_text("a file where the saves folder should be")
    answers = Answers(limit=30)  # into the third hand, then the end of the input
    match = Match(RULES, 11)
    answers.match = match
    out = io.StringIO()
    play_plain(RULES, 0, BOTS, 11, answers, out, match=match, saves_dir=folder)
    text = out.getvalue()
    assert len(match.hands) >= 2 and not match.is_over
    said = f"Could not save to {folder / CURRENT}: {folder} is a file, not a folder. The game goes on"
    assert text.count(said) == len(match.hands)
    assert "--saves-dir FOLDER" in text and "The game is not saved" in text
    # through `rook play --plain`: a warning before the game, which is played all the same
    err = io.StringIO()
    out = io.StringIO()
    assert run_play(None, None, None, None, True, None, 0, str(folder), 11, input_stream=io.StringIO("p\n"),
                    output_stream=out, error_stream=err) == 0
    assert f"warning: could not save to {folder / CURRENT}: {folder} is a file, not a folder" in err.getvalue()
    assert "Your bid" in out.getvalue()


def test_a_full_disk_mid_game_then_quit_offers_another_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    from rookgame import files, saves

    full, other = tmp_path / "full", tmp_path / "other"
    real = files.write_whole  # what saves writes with (it holds it as _write_whole)

    def write(path: Path, data: bytes) -> None:
        if path.parent == full:
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(saves, "_write_whole", write)
    # 20 answers: past the first hand; 'quit', then play on; 5 answers later 'quit' and another folder
    answers = Scripted({20: ["quit", "play"], 25: ["quit", str(other)]})
    match = Match(RULES, 11)
    answers.match = match
    out = io.StringIO()
    play_plain(RULES, 0, BOTS, 11, answers, out, match=match, saves_dir=full)
    text = out.getvalue()
    assert f"Could not save to {full / CURRENT}: the disk is full. The game goes on" in text
    assert text.count("Type another folder to save the game in, 'play' to play on") == 2
    assert f"Game saved to {other / CURRENT}. Resume it with: rook play --plain --resume {other / CURRENT}" in text
    again, _ = resume_game(other / CURRENT)
    assert again.hand.history == match.hand.history and len(again.hands) == len(match.hands) >= 1
    assert answers.moves == 25


def test_save_folder_moves_the_game_to_another_folder(tmp_path: Path) -> None:
    other = tmp_path / "other"
    answers = Scripted({3: [f"save {other}"]}, limit=20)
    match = Match(RULES, 11)
    answers.match = match
    out = io.StringIO()
    play_plain(RULES, 0, BOTS, 11, answers, out, match=match, saves_dir=tmp_path / "first")
    assert f"Game saved to {other / CURRENT}; it is saved there after every hand" in out.getvalue()
    again, _ = resume_game(other / CURRENT)
    assert again.hand.history == match.hand.history
    assert not (tmp_path / "first" / CURRENT).exists()


def test_a_finished_game_that_cannot_be_kept_is_saved_where_it_can_be(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import rookgame.saves as saves

    def refuse(match: Match, players: list[str], directory: object) -> Path:
        raise SaveWriteError(tmp_path / FINISHED, "disk_full")

    monkeypatch.setattr(saves, "keep_finished", refuse)
    answers = Answers()
    match = Match(RULES, 11)
    answers.match = match
    out = io.StringIO()
    play_plain(RULES, 0, BOTS, 11, answers, out, match=match, saves_dir=tmp_path)
    text = out.getvalue()
    saved = tmp_path / CURRENT
    assert match.is_over and f"Could not keep the finished game in {tmp_path / FINISHED}: the disk is full." in text
    assert f"It is saved in {saved} instead (see it with: rook replay {saved})." in text
    assert replay_record(load_record(saved)).finished


def test_a_new_game_never_replaces_the_saved_one(tmp_path: Path) -> None:
    first = Answers(limit=5)
    match = Match(RULES, 21)
    first.match = match
    play_plain(RULES, 0, BOTS, 21, first, io.StringIO(), match=match, saves_dir=tmp_path)
    saved = tmp_path / CURRENT
    before = saved.read_text()
    old = load_record(saved)
    # quitting at once leaves the saved game as it was
    out = io.StringIO()
    play_plain(RULES, 0, BOTS, 11, io.StringIO("quit\n"), out, saves_dir=tmp_path)
    assert f"Note: a game is saved in {saved}; once you play, this new game is saved there" in out.getvalue()
    assert "the game saved in" in out.getvalue() and saved.read_text() == before
    # playing on keeps it under a name of its own, which resumes, and the new game is saved in its place
    out = io.StringIO()
    play_plain(RULES, 0, BOTS, 11, io.StringIO("p\n"), out, saves_dir=tmp_path)  # a pass, then the input ends
    kept = [p for p in saved_games(tmp_path) if p != saved]
    assert len(kept) == 1 and f"The game saved before is kept in {kept[0]}" in out.getvalue()
    assert load_record(kept[0]) == old and resume_game(kept[0])[0].seed == 21
    assert resume_game(saved)[0].seed == 11


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_at_a_terminal_a_new_game_asks_before_it_sets_a_saved_one_aside(tmp_path: Path) -> None:
    first = Answers(limit=5)
    match = Match(RULES, 21)
    first.match = match
    play_plain(RULES, 0, BOTS, 21, first, io.StringIO(), match=match, saves_dir=tmp_path)
    before = (tmp_path / CURRENT).read_text()
    out = io.StringIO()
    play_plain(RULES, 0, BOTS, 11, Terminal("n\n"), out, saves_dir=tmp_path)
    assert "Start a new game?" in out.getvalue() and "rook play --plain --resume" in out.getvalue()
    assert (tmp_path / CURRENT).read_text() == before and len(saved_games(tmp_path)) == 1


def test_sigterm_saves_the_line_mode_game(tmp_path: Path) -> None:
    import os
    import select
    import signal
    import subprocess
    import sys
    import time

    src = Path(__file__).resolve().parents[1] / "src"
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    proc = subprocess.Popen([sys.executable, "-c", "from rookgame.cli import main; main()", "play", "--plain",
                             "--seed", "11", "--saves-dir", str(tmp_path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(b"p\n")  # one move, then the game waits for the next answer
        proc.stdin.flush()
        seen = b""
        deadline = time.monotonic() + 20
        waiting = False  # for the next answer, after the pass: the output ends with a prompt
        while not waiting and time.monotonic() < deadline:
            if select.select([proc.stdout], [], [], 0.5)[0]:
                seen += os.read(proc.stdout.fileno(), 65536)
            waiting = b"You pass." in seen and seen.endswith(b"): ")
        assert waiting, seen.decode()
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = (seen + out).decode()
    saved = tmp_path / CURRENT
    assert proc.returncode == 0, err.decode()
    assert f"Stopped: SIGTERM.\nGame saved to {saved}. Resume it with: rook play --plain --resume {saved}" in text
    assert not err
    match, players = resume_game(saved)
    assert players[0] == "human" and match.hand.phase == Phase.PLAY, text  # past the pass that was typed


class FirstChoice:
    """Standard input for a game of several people: Enter at each "Pass to" gate, else the first choice the
    prompt names (a pass in the auction, the first card that may be played or buried)."""

    def __init__(self, out: io.StringIO, limit: int) -> None:
        self.out = out
        self.limit = limit
        self.answers = 0

    def readline(self, size: int = -1, /) -> str:
        if self.answers >= self.limit:
            return ""
        self.answers += 1
        prompt = self.out.getvalue().splitlines()[-1]
        if prompt.startswith("Pass to "):
            return "\n"
        inside = prompt[prompt.rindex("(") + 1:prompt.rindex(")")]
        return inside.split(",")[0].split()[0] + "\n"


def test_run_play_plain_with_two_people_passes_the_screen_between_them(tmp_path: Path) -> None:
    out = io.StringIO()
    code = run_play(None, None, None, None, True, None, 0, str(tmp_path), 5, humans="2",
                    input_stream=FirstChoice(out, 60), output_stream=out)
    text = out.getvalue()
    assert code == 0, text
    assert "Seats: Player 1 (seat 0); West (seat 1, Basic); Player 2 (seat 2); East (seat 3, Basic)." in text
    assert "Pass and play: each person's cards are shown only after the screen is handed to them." in text
    lines = text.splitlines()
    gates = [ln for ln in lines if ln.startswith("Pass to ")]
    assert "Pass to Player 2 (seat 2); Player 2, press Enter when only you can see the screen: " in gates
    assert "Pass to Player 1 (seat 0); Player 1, press Enter when only you can see the screen: " in gates
    # Each person is asked only after the screen was passed to them, and answers for their own seat.
    holder = None
    asked = []
    prompt = re.compile(r"^(Your bid|Your card|Your lead|Bury \d+ cards?|Name trump).*\): (\S+)$")
    for i, line in enumerate(lines):
        if line.startswith("Pass to "):
            holder = line.split(" (seat")[0].removeprefix("Pass to ")
            assert lines[i + 1] == f"{holder}, your hand: " + lines[i + 1].split("your hand: ")[1]
        elif prompt.match(line):
            assert holder is not None
            asked.append(holder)
            assert lines[i + 1].startswith(f"{holder} "), (line, lines[i + 1])  # "Player 2 passes." ...
    assert {"Player 1", "Player 2"} <= set(asked) and len(asked) > 6
    assert len(gates) > 2 and all(a != b for a, b in zip(gates, gates[1:]))  # the screen changes hands each time
    # the end of the input saves the game with its people; resumed, they sit where they sat
    rec = load_record(tmp_path / CURRENT)
    assert rec["players"] == ["Player 1", "heuristic", "Player 2", "heuristic"]
    out = io.StringIO()
    assert run_play(None, None, None, None, True, "current", 0, str(tmp_path), input_stream=FirstChoice(out, 4),
                    output_stream=out) == 0
    again = out.getvalue()
    assert "Seats: Player 1 (seat 0); West (seat 1, Basic); Player 2 (seat 2)" in again
    assert "Pass to Player" in again and "your hand: " in again


def test_run_play_refuses_bad_people_and_seats_with_a_reason(tmp_path: Path) -> None:
    cases = [
        (dict(humans="0"), "--humans 0: give 1 to 4 people"),
        (dict(humans="5"), "--humans 5: give 1 to 4 people"),
        (dict(humans="Ann,ann"), "two people are named 'Ann'"),
        (dict(humans="Ann,Heuristic"), "'Heuristic' is the name of a bot"),
        (dict(humans="Ann,,Bo"), "a name is empty"),
        (dict(humans="Ann\x1b[2J"), "characters that cannot be shown"),
        (dict(humans="2", seat="0"), "--seat 0: 2 people need a seat each; give 2 seats, such as 0,2"),
        (dict(humans="2", seat="0,x"), "'x' is not a seat number"),
        (dict(humans="2", seat="1,1"), "seat 1 is given twice"),
        (dict(humans="Ann,Bo", seat="0,4"), "--seat 4: Kentucky Discard has seats 0 to 3"),
        (dict(seat="-1"), "--seat -1: Kentucky Discard has seats 0 to 3"),
    ]
    for options, reason in cases:
        err = io.StringIO()
        humans = options.get("humans")
        code = run_play(None, options.get("seat"), None, None, True, None, 0, str(tmp_path), 1, humans=humans,
                        input_stream=io.StringIO(""), output_stream=io.StringIO(), error_stream=err)
        assert code == 2 and reason in err.getvalue(), (options, err.getvalue())
    assert not (tmp_path / CURRENT).exists()
    # through the command: exit 2 and the reason, no traceback
    from typer.testing import CliRunner

    from rookgame.cli import app

    result = CliRunner().invoke(app, ["play", "--plain", "--saves-dir", str(tmp_path), "--humans", "Ann,random"])
    assert result.exit_code == 2 and "'random' is the name of a bot" in result.output
    assert "Traceback" not in result.output
    # partners sit together by default; --seat places people where asked
    out = io.StringIO()
    assert run_play(None, "1,2", None, None, True, None, 0, str(tmp_path), 1, humans="Ann,Bo",
                    input_stream=io.StringIO(""), output_stream=out) == 0
    assert "Seats: South (seat 0, Basic); Ann (seat 1); Bo (seat 2); East (seat 3, Basic)." in out.getvalue()
    assert "Pass to Ann (seat 1)" in out.getvalue()


def test_run_play_full_screen_seats_the_people_it_is_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rookgame.tui.app import RookApp

    started: list[RookApp] = []
    monkeypatch.setattr(RookApp, "run", lambda self, *a, **k: started.append(self))
    assert run_play(None, "3,1", None, "random", False, None, 0, str(tmp_path), 4, humans="Ann,Bo") == 0
    settings = started[-1].settings
    assert settings.people == ("Ann", "Bo") and settings.people_seats == (3, 1) and settings.seed == 4
    assert settings.players(RULES) == ["random", "Bo", "random", "Ann"]
    assert run_play(None, 2, None, None, False, None, 0, str(tmp_path)) == 0
    assert started[-1].settings.people == () and started[-1].settings.players(RULES)[2] == "human"


def test_the_line_mode_names_the_bidder_as_the_one_who_buried() -> None:
    # Trump first, then the burials, then the lead from the dealer's left: the event after the
    # unseen burials is the lead, by another seat than the bidder.
    rules = load("full-deck").replace(first_lead="left_of_dealer")
    out = io.StringIO()
    play_plain(rules, 0, BOTS, 7, io.StringIO("p\n" * 3), out)
    lines = out.getvalue().splitlines()
    won = [ln for ln in lines if " the bid at " in ln and not ln.startswith("You")]
    buried = [ln for ln in lines if ln.endswith("buries 5 cards.")]
    assert won and len(buried) == len(won)
    for w, b in zip(won, buried):
        assert b.split(" buries")[0] == w.split(" wins")[0], (w, b)


def test_rook_play_without_a_terminal_says_to_play_line_by_line_instead_of_hanging() -> None:
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "rookgame.cli", "play"], input="", capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2 and "rook play --plain" in proc.stderr and "needs a terminal" in proc.stderr


def test_rook_version_names_the_release() -> None:
    from importlib.metadata import version

    from typer.testing import CliRunner

    from rookgame.cli import app

    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.startswith(f"rook {version('rookgame')} ")


@pytest.mark.parametrize("rules, why", [("cutthroat", "every player plays alone"),
                                        ("call-partner", "found by the called cards")])
def test_a_partner_bot_is_refused_where_the_rules_have_no_fixed_partner(tmp_path: Path, rules: str, why: str) -> None:
    from rookgame.tui import run_play

    err = io.StringIO()
    assert run_play(rules, None, "expert", None, True, None, 0, str(tmp_path), 1, input_stream=io.StringIO(""),
                    output_stream=io.StringIO(), error_stream=err) == 2
    assert "--partner expert" in err.getvalue() and why in err.getvalue()
    assert not list(tmp_path.iterdir())  # nothing was started or saved


def test_rook_selfplay_and_rook_rules_speak_in_words() -> None:
    import tempfile

    from typer.testing import CliRunner

    from rookgame.cli import app

    with tempfile.TemporaryDirectory() as d:
        out = CliRunner().invoke(app, ["selfplay", "--games", "2", "--out", f"{d}/g.jsonl"]).output
    said = " ".join(out.split())
    assert "{" not in said and ("won by seats 0+2" in said or "won by seats 1+3" in said), said
    rules = CliRunner().invoke(app, ["rules", "kentucky-discard"]).output
    assert "None" not in rules


# ---------------------------------------------------------------------- issue 14: the line mode's words
class BuryAtOnce(Answers):
    """As :class:`Answers`, but names a card it does not hold in the first bury line, then all five on one line."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.tried = False

    def readline(self, size: int = -1, /) -> str:
        assert self.match is not None
        v = view_of(self.match.hand, self.seat, self.match.totals)
        if v.legal and v.phase == Phase.NEST and v.step == "bury":
            cards = [card_str(a - A.BURY) for a in v.legal][:5]
            if not self.tried:
                self.tried = True
                missing = next(card_str(c) for c in RULES.deck.cards if not v.hand >> c & 1)
                text = " ".join([*cards[:4], missing])
            else:
                text = " ".join(cards)
            self.lines.append(text)
            return text + "\n"
        return super().readline()


def test_plain_buries_several_cards_on_one_line_and_refuses_them_all_for_one_bad_card(tmp_path: Path) -> None:
    answers = BuryAtOnce(limit=12)
    match = Match(RULES, 11)
    answers.match = match
    out = io.StringIO()
    play_plain(RULES, 0, BOTS, 11, answers, out, match=match)
    text = out.getvalue()
    first, second = [line for line in answers.lines if len(line.split()) == 5]
    assert f"Not allowed: {first.split()[-1]} is not in your hand. Nothing was buried." in text
    assert re.search(r"^Bury 5 cards \(.*\): " + re.escape(second) + "$", text, re.M)
    hand = match.hand
    assert sorted(card_str(c) for c in hand.buried) == sorted(second.split())
    assert "Bury 1 card" not in text  # all five went on the one line
    assert "Name trump (" in text


def test_plain_says_you_and_lists_only_this_games_choices() -> None:
    script = io.StringIO("hello\nY14\nhelp\nrules\n")
    out = io.StringIO()
    play_plain(RULES, 0, BOTS, 11, script, out)
    text = out.getvalue()
    assert "Not understood: 'hello' is not a choice here: type a bid, or p to pass: pass, " in text
    understood = next(line for line in text.splitlines() if line.startswith("Not understood"))
    assert "partner" not in understood and "bird high" not in understood and "no-trump" not in understood
    assert "Not allowed: Y14 is not a bid: the auction is on; you may pass or bid" in text
    refusals = [line for line in text.splitlines() if line.startswith(("Not allowed", "Not understood"))]
    assert refusals and not any("seat 0" in line for line in refusals)
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Type a choice"))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("- "))
    helped = "\n".join(lines[start:end])
    assert "several on one line" in helped and "redeal when you hold no counters" in helped
    assert "'last'" not in helped  # kentucky-discard: taken tricks stay face down
    assert "partner" not in helped
    assert "The table: 4 players in two partnerships" in text and "Bidding: The player left of the dealer" in text


def test_plain_resume_recaps_the_hand_and_a_thrown_in_hand_says_why() -> None:
    first = Answers(limit=12)
    match = Match(RULES, 21)
    first.match = match
    play_plain(RULES, 0, BOTS, 21, first, io.StringIO(), match=match)
    out = io.StringIO()
    play_plain(RULES, 0, BOTS, None, io.StringIO(""), out, match=match)
    text = out.getvalue()
    assert "The hand so far, as it was played:" in text
    recap = next(line for line in text.splitlines() if line.startswith("Resumed here."))
    assert "You won the bid at 120. Trump is Black." in recap and "tricks played. Points taken this hand: Us " in recap
    # seed 8: the first hand is bid and played; in the second East, with no counter, calls for a redeal
    answers = Answers(limit=60)
    match = Match(RULES, 8)
    answers.match = match
    out = io.StringIO()
    play_plain(RULES, 0, BOTS, 8, answers, out, match=match)
    text = out.getvalue()
    assert ("Hand 2 is thrown in: East holds no counters and calls for a redeal, as these rules allow. Nobody "
            "scores; West deals again, and the new deal is hand 3") in text
    from rookgame.words.results import thrown_in_words
    from rookgame.words.seating import Seating

    you = Seating(RULES, 0, tuple(PLAYERS))
    assert thrown_in_words(you, 4, 0).startswith("Hand 4 is thrown in: everyone passed: nobody bid. Nobody "
                                                 "scores; you deal again, and the new deal is hand 5")


def test_a_line_too_long_to_be_an_answer_is_dropped_without_being_kept() -> None:
    import tracemalloc

    huge = "x" * 10_000_000 + "\n"  # 10 MB on one line, then a real answer
    stream = io.StringIO(huge + "p\n")
    out = io.StringIO()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    match = play_plain(RULES, 0, BOTS, 11, stream, out)
    peak = tracemalloc.get_traced_memory()[1] - before
    tracemalloc.stop()
    text = out.getvalue()
    assert "That line is over 1,000 characters, too long to be an answer: it was dropped. Answer again." in text
    assert "x" * 100 not in text  # never echoed
    assert (0, A.PASS) in match.hand.auction  # the next line was the answer, the person's pass
    assert peak < 2_000_000, f"{peak:,} bytes traced for a line of 10 MB"


SHOW_BURIED = 'preset = "kentucky-discard"\nshow_buried_trump = true\n'


def test_the_line_mode_tells_the_trumps_the_bidder_buried_where_the_rules_show_them(tmp_path: Path) -> None:
    """show_buried_trump: as the play starts the table is told the buried trumps (seed 3: seat 2, a random bot,
    wins the bid and buries two trumps while the person passes)."""
    from rookgame.cards import CardSet
    from rookgame.rules import loads
    from rookgame.visible import shown_buried

    rules = loads(SHOW_BURIED, "house rules", goal=1)
    match = Match(rules, 3)
    out = io.StringIO()
    play_plain(rules, 0, ["human", "random", "random", "random"], 3, io.StringIO("p\n" * 5), out, match=match)
    hand = match.hands[0] if match.hands else match.hand
    buried = [str(c) for c in CardSet(shown_buried(hand))]
    assert buried and hand.bidder == 2 and hand.phase >= Phase.PLAY
    text = out.getvalue()
    line = next(ln for ln in text.splitlines() if "turned face up for the table" in ln)
    assert line.startswith("North buried") and all(c in line.split() or c + "." in line.split() for c in buried), line
    assert text.index("turned face up") < text.index("Trump is ")  # before the first lead


def test_the_line_mode_tells_who_the_called_partner_is_once_the_called_card_falls() -> None:
    rules = load("call-partner")
    match = Match(rules, 5)
    out = io.StringIO()
    answers = Answers()
    answers.match = match
    play_plain(rules, 0, ["human"] + ["heuristic"] * (rules.players - 1), 5, answers, out, match=match)
    text = out.getvalue()
    calls = re.findall(r"calls (\S+): its holder is the bidder's partner", text)
    assert calls
    told = re.findall(r"plays the called (\S+?)[:,]", text)
    assert told and set(told) <= set(calls)


class AtTerminal(FirstChoice):
    """The same answers, typed at a terminal (isatty): the screen is cleared as it changes hands."""

    def readline(self, size: int = -1, /) -> str:
        prompt = self.out.getvalue().rsplit("\x1b[3J", 1)[-1].splitlines()[-1]
        if prompt.startswith("Pass to "):
            self.answers += 1
            return "\n" if self.answers <= self.limit else ""
        return super().readline(size)

    def isatty(self) -> bool:
        return True


def test_pass_and_play_at_a_terminal_clears_the_last_persons_hand_from_the_screen_and_its_scroll_back(
        tmp_path: Path) -> None:
    """Issue 25: before the next person's gate the screen and the terminal's scroll-back are cleared, so the
    previous person's cards are not one scroll away; nothing of them is left after the clearing."""
    out = io.StringIO()
    code = run_play(None, None, None, None, True, None, 0, str(tmp_path), 5, humans="Ann,Bo",
                    input_stream=AtTerminal(out, 30), output_stream=out)
    assert code == 0
    text = out.getvalue()
    clear = "\x1b[H\x1b[2J\x1b[3J"  # home, clear the screen, clear the scroll-back
    pieces = text.split(clear)
    assert len(pieces) > 3
    for before, after in zip(pieces, pieces[1:]):
        assert after.startswith("Pass to "), after[:40]  # the gate comes right after the clearing
        shown = re.findall(r"^(Ann|Bo), your hand: ", before, re.M)
        if shown:  # that person's hand is gone from what the next one can scroll back to
            assert f"{shown[-1]}, your hand: " not in after.split("\n", 1)[0]


def test_a_hands_result_tells_the_nest_and_the_burial_only_as_the_seat_may_see_them(tmp_path: Path) -> None:
    """The person wins the first bid: its result names the nest and the burial; the later hands, won by bots
    with the nest hidden, name neither.  With show_buried_trump, another seat's buried trumps are named, the
    rest of its burial and the nest never."""
    from rookgame.cards import CardSet
    from rookgame.rules import loads
    from rookgame.visible import shown_buried

    answers = Answers()
    match = Match(RULES, 11)
    answers.match = match
    out = io.StringIO()
    play_plain(RULES, 0, BOTS, 11, answers, out, match=match, saves_dir=tmp_path)
    text = out.getvalue()
    first = match.hands[0]
    assert first.bidder == 0 and len(match.hands) > 1
    nest = next(ln for ln in text.splitlines() if ln.startswith("The nest was "))
    assert sorted(nest.rstrip(".").split()[3:]) == sorted(str(c) for c in CardSet(first.nest))
    buried = next(ln for ln in text.splitlines() if ln.startswith("You buried "))
    assert sorted(buried.rstrip(".").split()[2:]) == sorted(card_str(c) for c in first.buried)
    assert text.index("Hand 1: you bid") < text.index(nest) < text.index(buried) < text.index("Hand 2")
    assert text.count("The nest was ") == 1 and text.count("You buried ") == 1  # the bots' hands: hidden
    assert all(" buried " not in ln for ln in text.splitlines() if not ln.startswith("You"))

    rules = loads(SHOW_BURIED, "house rules", goal=1)
    match = Match(rules, 3)
    out = io.StringIO()

    class Passes(Answers):  # passes every auction, then plays as Answers does
        def readline(self, size: int = -1, /) -> str:
            assert self.match is not None
            return "p\n" if self.match.hand.phase == Phase.BID else super().readline(size)

    passes = Passes(limit=60)
    passes.match = match
    play_plain(rules, 0, ["human", "random", "random", "random"], 3, passes, out, match=match, saves_dir=tmp_path)
    hand = match.hands[0]
    shown = [str(c) for c in CardSet(shown_buried(hand))]
    text = out.getvalue()
    after = text[text.index("Hand 1: North bid"):]
    line = next(ln for ln in after.splitlines() if "shown to the table" in ln)
    assert line.startswith(f"North buried {len(shown)} trumps") and sorted(line.rstrip(".").split()[-len(shown):]) \
        == sorted(shown), line
    hidden = [card_str(c) for c in hand.buried if card_str(c) not in shown]
    words = re.findall(r"[A-Za-z0-9]+", after)  # a card at a sentence's end is followed by its full stop
    assert "The nest was" not in after and not any(c in words for c in hidden), after

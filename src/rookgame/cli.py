"""The ``rook`` command: ``rules``, ``play`` (the terminal game), ``serve`` (the web tables), ``selfplay``,
``replay``, ``analyze``, ``arena``, ``tournament`` and ``bots``; each a subcommand here, each standing on the library.

Exit status: 0 done; 1 a record that fails its checks (or selfplay games skipped); 2 bad
arguments or a file that cannot be read or written; 3 an unexpected error (a bug: one line,
no traceback; ``ROOK_DEBUG=1`` shows the traceback)."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal, NoReturn, TextIO

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from . import play as P
from . import rules as R
from . import tournament as T
from .bots import REGISTRY
from .cliwords import WordsGroup, asked_language
from .files import write_output
from .record import RecordError, SealedRecord, read_jsonl, record_line, replay_record, write_jsonl
from .words.catalog import Param, decimal, fill, level_name, listed, number
from .words.commands import SAY
from .words.language import LanguageError, language_from, set_language
from .words.pages import PAGES
from .words.play import action_words
from .words.rules import how_to_play, paragraph, preset_description, preset_name, rules_rows, rules_title
from .words.tournament import PAGE as TOURNAMENT_PAGE
from .words.transcript import game_transcript, side_name

BAD_RECORD = 1  # a record that fails its checks; selfplay: games skipped
BAD_INPUT = 2  # bad arguments, or a file that cannot be read or written
INTERNAL_ERROR = 3  # an unexpected exception: a bug

app = typer.Typer(cls=WordsGroup, add_completion=False, no_args_is_help=True,
                  help="Rook, the trick-taking card game: rules, self-play, records and replay.")
console = Console()  # in a terminal, its own width: Rich folds a table's cells to fit
if not console.is_terminal:  # a file or a pipe, where Rich would take 80 columns: a wide table keeps a row a line
    console.width = 100
err = Console(stderr=True)


def _say(key: str, **params: Param) -> str:
    """One of the command's sentences (:data:`rookgame.words.commands.SAY`), in the reader's language."""
    return fill(SAY[key], params)


def _version(show: bool) -> None:
    if show:
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version("rookgame")
        except PackageNotFoundError:  # run from a source tree that was never installed
            found = _say("version_unknown")
        console.print(_say("version", version=found, python=sys.version.split()[0]), highlight=False)
        raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option("--version", is_eager=True, callback=_version,
                                                   help="print the version and exit")] = False,
             lang: Annotated[str | None, typer.Option("--lang", metavar="LANG",
                                                      help="the language to speak")] = None) -> None:
    """Rook, the trick-taking card game: rules, self-play, records and replay."""
    # The language was chosen before the command line was parsed (cliwords.WordsGroup): nothing to do here.


def _error(message: str) -> None:
    # Text: messages quote files and values, and rich would read "[/x]" in them as markup
    err.print(Text(_say("error", message=message), style="red"), highlight=False, soft_wrap=True)  # greppable


def _fail(message: str, code: int = BAD_INPUT) -> NoReturn:
    _error(message)
    raise typer.Exit(code)


def _load_rules(spec: str) -> R.RuleSet:
    try:
        return R.load(spec)
    except R.RulesError as e:
        _fail(e.words())


def _check_readable(file: Path) -> None:
    """Exit 2 unless ``file`` is a file that can be opened."""
    try:
        with open(file, "rb"):
            pass
    except FileNotFoundError:
        _fail(_say("missing", file=str(file)))
    except IsADirectoryError:
        _fail(_say("folder_not_records", file=str(file)))
    except (OSError, ValueError) as e:
        _fail(_say("unreadable", file=str(file), why=str(getattr(e, "strerror", None) or e)))


def _records(file: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """The records of ``file``: exit 1 at a line that is not one, 2 if the file cannot be read."""
    _check_readable(file)
    try:
        yield from read_jsonl(file, on_torn=lambda torn: _torn_warning(file, torn.words()))
    except RecordError as e:
        err.print(Text(_say("file_says", file=str(file), message=e.words()), style="red"), soft_wrap=True)
        raise typer.Exit(BAD_RECORD) from None
    except OSError as e:
        _fail(_say("unreadable", file=str(file), why=str(e.strerror or e)))


def _out_file(option: str, path: Path, example: str) -> Path:
    """An output file named on the command line, checked before anything is played (exit 2): not a folder,
    in a folder that exists, writable."""
    if path.is_dir():
        _fail(_say("out_folder", option=option, path=str(path), example=str(path / example)))
    folder = path.parent
    if not folder.is_dir():
        _fail(_say("out_no_folder", option=option, path=str(path), folder=str(folder)))
    if not os.access(path if path.exists() else folder, os.W_OK):
        _fail(_say("out_denied", option=option, path=str(path)))
    return path


@contextlib.contextmanager
def _writing(option: str, path: Path) -> Iterator[None]:
    """Writing an output: what the system refuses (a full disk, a vanished folder) is exit 2 with its reason."""
    try:
        yield
    except OSError as e:
        _fail(_out_failed(option, path, e))


def _out_failed(option: str, path: Path, e: OSError) -> str:
    return _say("out_failed", option=option, path=str(path), why=str(e.strerror or e))


Output = tuple[str, Path | None, Callable[[Path], None], Callable[[Path], str]]


def _write_outputs(outputs: Sequence[Output]) -> None:
    """The files a finished run was asked for, each (option, path or None, writer, what to say once written):
    each written whole, so a full disk leaves a file that was there as it was; one the system refuses is said
    with its reason and the others are still written (the run is not lost for one of them); exit 2 after."""
    failed = False
    for option, path, write, written in outputs:
        if path is None:
            continue
        try:
            write(path)
        except OSError as e:
            failed = True
            _error(_out_failed(option, path, e))
        else:
            console.print(Text(written(path)))
    if failed:
        raise typer.Exit(BAD_INPUT)


def _json_bytes(data: object, indent: int | None = None) -> bytes:
    return (json.dumps(data, indent=indent) + "\n").encode("utf-8")


def _open_out(out: Path) -> TextIO:
    """The output file, checked and opened before anything is played (exit 2 if it cannot be written)."""
    _out_file("--out", out, "games.jsonl")
    with _writing("--out", out):
        return open(out, "w", encoding="utf-8")


PLOT_SUFFIXES = (".png", ".svg", ".pdf")
MAX_GAMES = 1_000_000  # bounds on the counts a command takes: a typo of many digits is refused at once
MAX_DEALS = 1_000_000
MAX_MATCHES = 100_000
MAX_WORKERS = 1024
MAX_HANDS_CAP = 1_000_000


@app.command()
def rules(spec: Annotated[str | None, typer.Argument(metavar="[PRESET|FILE]",
                                                     help="a preset name or a house-rules TOML file")] = None,
          ) -> None:
    """List the presets, or explain one rule set in words: what it is, how to play it, every option."""
    if spec is None:
        table = Table(title=_say("presets_title"))
        for col in ("preset", "players", "deck", "hand_nest", "points", "bid", "goal"):
            wide = max(map(len, R.PRESETS)) if col == "preset" else None  # a preset's key is typed: never cut
            table.add_column(_say(f"col_{col}"), no_wrap=col != "preset", min_width=wide, max_width=wide)
        for name, rs in R.PRESETS.items():
            players = _say(f"players_{rs.mode.replace('-', '_')}", players=rs.players)
            table.add_row(Text.assemble(name, "\n", (preset_name(name), "dim")), players, str(rs.deck.size),
                          f"{rs.deck.hand_size} x {rs.nest_size}", number(rs.total_points),
                          _say("bid_range", min=rs.min_bid, max=rs.effective_max_bid, step=rs.bid_step),
                          number(rs.goal))
        console.print(table)
        console.print(Text(_say("aliases", aliases=", ".join(f"{a} = {b}" for a, b in R.ALIASES.items()))))
        console.print(Text(_say("show_one")))
        return
    rs = _load_rules(spec)
    console.print(Text(_say("rules_title", name=rules_title(rs), preset=rs.preset), style="bold"))
    about = preset_description(rs.preset) if not rs.name else ""
    if about:
        console.print(Text(about))
    console.print()
    console.print(Text(_say("how_to_play"), style="bold"))
    for head, text in how_to_play(rs):
        line = Text(paragraph(head, text))  # one template: the heading where the language puts it, in bold
        at = line.plain.find(head)
        if at >= 0:
            line.stylize("bold", at, at + len(head))
        console.print(line)
    table = Table(title=Text(_say("options_title")))
    for col in ("option", "value", "meaning"):
        table.add_column(_say(f"col_{col}"))
    for row in rules_rows(rs):
        table.add_row(*(Text(cell) for cell in row))  # Text: a name may hold "[...]"
    console.print(table)


@app.command()
def selfplay(
    rules: Annotated[str, typer.Option("--rules", "-r", help="preset name or house-rules TOML file")]
    = "kentucky-discard",
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=MAX_GAMES, help="number of whole games")] = 10,
    seed: Annotated[int, typer.Option("--seed", "-s", help="the same seed gives the same file")] = 0,
    out: Annotated[Path, typer.Option("--out", "-o", help="where to write the records (.jsonl)")]
    = Path("games.jsonl"),
    bots: Annotated[str, typer.Option("--bots", help="bot names cycled over the seats: "
                                      + ", ".join(REGISTRY))] = "heuristic",
    max_hands: Annotated[int | None, typer.Option("--max-hands", min=1, max=MAX_HANDS_CAP,
                                                  help="stop a game with no winner after this many hands and "
                                                  f"record it unfinished [default: {P.MAX_HANDS}]")] = None,
    backend: Annotated[P.Backend, typer.Option("--backend", help="local (this process) or ray (a Ray cluster): "
                                         "the same games either way")] = "local",
    address: Annotated[str | None, typer.Option("--address", help="the Ray cluster (default: start a local one)")]
    = None,
    workers: Annotated[int | None, typer.Option("--workers", "-w", max=MAX_WORKERS, help="CPUs of a local Ray cluster "
                                                "(default: one per core)")] = None,
) -> None:
    """Play whole games between bots and write their records, each as it finishes.

    A game with no winner after --max-hands hands (players who overbid may never reach the goal) is
    stopped there and written unfinished (winner null, "stopped" saying why), which rook replay
    checks as any other.  Exit status 0, or 2 for bad arguments or an --out that cannot be written."""
    rs = _load_rules(rules)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b.lower() not in REGISTRY]
    if unknown or not names:
        _fail(_say("unknown_bots", unknown=", ".join(unknown) or _say("none_given"), bots=", ".join(REGISTRY)))
    cap = P.MAX_HANDS if max_hands is None else max_hands
    _check_backend(backend, address, workers)
    if workers is not None and backend != "ray":
        _fail(_say("workers_ray"))
    if backend == "ray":
        from .research import distributed

        try:
            distributed.connect(address, workers)
        except distributed.RayUnavailable as e:
            _fail(str(e))
        games_iter = distributed.selfplay_games(rs, names, games, seed, address, workers, max_hands=cap)
    else:
        games_iter = P.selfplay_games(rs, names, games, seed, max_hands=cap)
    hands = 0
    written = 0
    stopped: list[int] = []
    wins: dict[int, int] = {}
    with _open_out(out) as f, _writing("--out", out), Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err,
            transient=False) as progress:
        task = progress.add_task(f"{rs.label}", total=games)
        for g, item in enumerate(games_iter, 1):
            f.write(record_line(item))
            f.flush()  # a game on disk as soon as it is played: an interrupted run keeps it
            written += 1
            hands += len(item["hands"])
            if item["winner"] is None:
                stopped.append(g)
                progress.console.print(Text(_say("game_stopped", game=str(g), why=P.stopped_words(len(item["hands"]))),
                                            style="yellow"))
            else:
                wins[item["winner"]] = wins.get(item["winner"], 0) + 1
            progress.update(task, completed=g)
    summary = listed([_say("side_won", side=side_name(rs, side), count=n) for side, n in sorted(wins.items())],
                     "unit") or _say("none_won")
    # each count in its own form ("1 game", "1 hand"), a parameter of the one sentence
    said: dict[str, Param] = {"hands": _say("n_hands", count=hands), "rules": rs.label, "out": str(out),
                              "summary": summary}
    if stopped:
        which = ", ".join(str(g) for g in stopped[:10]) + (" ..." if len(stopped) > 10 else "")
        console.print(Text(_say("written_stopped", **said, games=_say("n_games", count=written), count=len(stopped),
                                cap=_say("n_hands", count=cap), listed=which)))
    else:
        console.print(Text(_say("written", **said, games=written)))


def _torn_warning(file: Path, why: str) -> None:
    err.print(Text(_say("torn", file=str(file), why=why), style="yellow"), soft_wrap=True)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a .jsonl file of rook-record/1 games")],
    game: Annotated[int | None, typer.Option("--game", "-g", min=1, help="print a transcript of game N")] = None,
    reveal: Annotated[bool, typer.Option("--reveal", help="a saved game in progress: show every card of the hand "
                                         "in play too (its deal, the nest, the burial)")] = False,
) -> None:
    """Re-check every action of every game against the rules and the recorded scores.

    Exit status 0 when every game checks out, 1 at the first game that does not, 2 for a file
    that cannot be read or a --game it does not have."""
    checked = 0
    hands = 0
    unfinished = 0
    for n, rec in _records(file):
        if game is not None and n != game:
            continue
        try:
            replayed = replay_record(rec, n)
        except RecordError as e:
            err.print(Text(_say("file_says", file=str(file), message=e.words()), style="red"), soft_wrap=True)
            raise typer.Exit(BAD_RECORD) from None
        checked += 1
        hands += len(rec["hands"])
        unfinished += rec["winner"] is None
        if game is not None:
            # A sealed save's hand in play is told as the table sees it: the seal is there so that whoever
            # opens the file does not read the cards still hidden.
            hidden = isinstance(rec, SealedRecord) and not reveal and not replayed.finished
            console.print(Text(game_transcript(rec, n, replayed.match.hand if hidden else None)))
    if game is not None and not checked:
        _fail(_say("no_game", file=str(file), game=str(game)))
    if not checked:
        _fail(_say("no_games", file=str(file)))
    said: dict[str, Param] = {"file": str(file), "count": checked, "hands": _say("n_hands", count=hands),
                              "unfinished": _say("n_unfinished", count=unfinished)}
    console.print(Text(_say("checked_unfinished" if unfinished else "checked", **said)))


def _check_backend(backend: P.Backend, address: str | None, workers: int | None) -> None:
    if address is not None and backend != "ray":
        _fail(_say("address_ray"))
    if workers is not None and workers < 1:
        _fail(_say("workers_at_least", value=str(workers)))


@app.command()
def arena(
    bots: Annotated[str, typer.Option("--bots", "-b", help="the two bots, A,B (the same name twice is allowed): "
                                      + ", ".join(REGISTRY))],
    ceiling: Annotated[bool, typer.Option("--ceiling", help="measure one bot (--bots B) against the sees-all "
                                          "ceiling, which is shown every card: for measurement only")] = False,
    rules: Annotated[str, typer.Option("--rules", "-r", help="preset name or house-rules TOML file")]
    = "kentucky-discard",
    deals: Annotated[int, typer.Option("--deals", "-n", max=MAX_DEALS,
                                       help="duplicate deals; each is played in every seating")]
    = 200,
    seed: Annotated[int, typer.Option("--seed", "-s", help="the same seed gives the same deals and results")] = 0,
    matches: Annotated[int, typer.Option("--matches", "-m", max=MAX_MATCHES,
                                         help="also play this many duplicate whole games to the goal per "
                                         "seating")] = 0,
    workers: Annotated[int | None, typer.Option("--workers", "-w", max=MAX_WORKERS,
                                                help="processes (default: one per core)")]
    = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="write the summary here as JSON")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="write every hand and game played as "
                                             "rook-record/1 records (.jsonl)")] = None,
    plot: Annotated[Path | None, typer.Option("--plot", help="draw the running difference with its 95% band "
                                              "(.png)")] = None,
    backend: Annotated[P.Backend, typer.Option("--backend", help="local (worker processes) or ray (a Ray cluster): "
                                         "the same results for a seed either way")] = "local",
    address: Annotated[str | None, typer.Option("--address", help="the Ray cluster (default: start a local one "
                                                "with --workers CPUs)")] = None,
    rotate: Annotated[bool, typer.Option("--rotate", help="games without fixed partners: play each deal in two "
                                         "seatings, not two per seat (A alone in one seat, then B alone in it; "
                                         "the seat moves round from deal to deal): as many times fewer hands "
                                         "as there are players")] = False,
) -> None:
    """Compare two bots in duplicate: every deal is played with the seats swapped, so the cards' luck cancels."""

    from . import arena as AR

    rs = _load_rules(rules)
    try:
        pair = AR.check_bots(bots.split(","), ceiling)
        AR.check_counts(deals, matches, workers)  # before anything is written or played
    except AR.ArenaError as e:
        _fail(e.words())
    _check_backend(backend, address, workers)
    for option, path, example in (("--out", out, "games.jsonl"), ("--json", json_out, "summary.json"),
                                  ("--plot", plot, "diff.png")):
        if path is not None:
            _out_file(option, path, example)  # before anything is played: a bad name costs nothing
    if plot is not None and plot.suffix.lower() not in PLOT_SUFFIXES:
        _fail(_say("plot_suffix", path=str(plot), suffixes=listed(list(PLOT_SUFFIXES), "or")))
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err, transient=False) as progress:
        what = (_say("arena_progress_matches", rules=rs.label, deals=_say("n_deals", count=deals), count=matches)
                if matches else _say("arena_progress", rules=rs.label, count=deals))
        task = progress.add_task(what, total=deals + matches)
        try:
            result = AR.run_arena(rs, pair, deals, seed, workers=workers, matches=matches,
                                  progress=lambda done, total: progress.update(task, completed=done),
                                  keep_records=out is not None, backend=backend, address=address,
                                  rotate=rotate)
        except AR.ArenaError as e:
            _fail(e.words(), BAD_RECORD)
    for table in AR.summary_tables(result):
        console.print(table)
    console.print(Text(AR.verdict(result)))
    where = (_say("on_ray", address=address) if address
             else _say("n_workers_ray" if backend == "ray" else "n_workers", count=result.workers))
    console.print(Text(_say("thrown_in", count=result.thrown_in, hands=_say("n_hands", count=result.hands),
                            seconds=decimal(result.seconds, 1), where=where)))
    _write_outputs([
        ("--out", out, lambda p: write_jsonl(p, result.records),
         lambda p: _say("records_written", count=len(result.records), path=str(p))),
        ("--json", json_out, lambda p: write_output(p, _json_bytes(result.to_json(), indent=2)),
         lambda p: _say("summary_written", path=str(p))),
        ("--plot", plot, lambda p: AR.plot(result, p), lambda p: _say("plot_written", path=str(p))),
    ])



@app.command()
def play(
    rules: Annotated[str | None, typer.Option("--rules", "-r", help="preset name or house-rules TOML file "
                                              "(default kentucky-discard; the setup screen lets you choose)")] = None,
    seat: Annotated[str | None, typer.Option("--seat", help="your seat, 0 = the first dealer; with --humans, "
                                             "the people's seats: 0,2 (default: partners together)")] = None,
    humans: Annotated[str | None, typer.Option("--humans", help="people at one screen, pass and play: how many "
                                               "(2) or their names (Ann,Bo); bots take the other seats")] = None,
    partner: Annotated[str | None, typer.Option("--partner", help="your partner's bot: " + ", ".join(REGISTRY))]
    = None,
    opponents: Annotated[str | None, typer.Option("--opponents", help="the opponents' bot: " + ", ".join(REGISTRY))]
    = None,
    plain: Annotated[bool, typer.Option("--plain", help="line mode for screen readers and scripts: moves from "
                                        "standard input")] = False,
    resume: Annotated[str | None, typer.Option("--resume", help="resume a saved game: its .jsonl file, or "
                                               "'current'")] = None,
    pace: Annotated[float, typer.Option("--pace", min=0, max=10, help="seconds between the computer's moves")] = 0.6,
    saves_dir: Annotated[str | None, typer.Option("--saves-dir", help="where games are kept "
                                                  "(default $ROOK_HOME/games or ~/.rook/games)")] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="decides the deals (default: random)")] = None,
) -> None:
    """Play Rook against the computer, alone or several people at one screen, full screen or line by line (--plain)."""
    from .tui import run_play

    if not plain and not (sys.stdin.isatty() and sys.stdout.isatty()):
        _fail(_say("needs_terminal"))

    raise typer.Exit(run_play(rules, seat, partner, opponents, plain, resume, pace, saves_dir, seed, humans=humans))



@app.command()
def serve(
    host: Annotated[str | None, typer.Option("--host", help="the address to listen on (default: every interface, "
                                             "answering this computer and the local network only, so phones on "
                                             "the Wi-Fi join; 0.0.0.0: any address; 127.0.0.1: this computer "
                                             "only)")] = None,
    port: Annotated[int, typer.Option("--port", "-p", min=1, max=65535, help="the port")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="the database: an SQLAlchemy URL (default: the SQLite file "
                                           "$ROOK_HOME/rook.db or ~/.rook/rook.db; "
                                           "postgresql+psycopg://user@host/db for a club)")] = None,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="do not open a browser")] = False,
    pace: Annotated[float, typer.Option("--pace", min=0, max=10, help="seconds between the bots' moves")] = 0.6,
    allow_origin: Annotated[list[str] | None, typer.Option("--allow-origin", help="another origin whose pages may "
                                                           "play here (a proxy's https://rook.example.org)")] = None,
    bot_processes: Annotated[int | None, typer.Option("--bot-processes", min=0, max=64,
                                                      help="worker processes the bots think in")] = None,
    log_format: Annotated[Literal["text", "json"], typer.Option("--log-format", help="the log's form")] = "text",
    workers: Annotated[int, typer.Option("--workers", min=1, max=64, help="server processes")] = 1,
    relay_host: Annotated[str, typer.Option("--relay-host", help="where the others reach this machine's "
                                                                  "processes")] = "127.0.0.1",
) -> None:
    """Serve Rook tables in the browser: friends join from their phones with the table's code."""
    from .web import app as web
    from .web.store import StoreError

    url = db
    if url is not None and "://" not in url:  # a plain path: an SQLite file there
        path = Path(url).expanduser()
        if path.is_dir():
            _fail(_say("db_folder", db=str(db), example=str(path / "rook.db")))
        url = f"sqlite:///{path}"
    if workers > 1 and not (url or "").startswith("postgresql"):
        _fail(_say("workers_postgresql", workers=str(workers)))
    try:
        web.serve(host, port, url, open_browser=not no_browser, bot_delay=pace,
                  allowed_origins=tuple(allow_origin or ()), bot_processes=bot_processes, log_format=log_format,
                  workers=workers, relay_host=relay_host)
    except StoreError as e:
        _fail(_say("db_error", why=str(e)))
    except (OSError, ValueError) as e:
        if isinstance(e, OSError) and e.errno == 98:
            _fail(_say("port_in_use", port=str(port), next=str(port + 1)))
        _fail(_say("cannot_serve", why=str(e)))


@app.command()
def analyze(
    file: Annotated[Path, typer.Argument(help="a .jsonl file of rook-record/1 games")],
    game: Annotated[int, typer.Option("--game", "-g", min=1, help="which game of the file")] = 1,
    level: Annotated[str, typer.Option("--level", help="the expert level that judges: easy, medium, hard, expert")]
    = "medium",
    blunder: Annotated[float, typer.Option("--blunder", min=0, help="flag a choice that costs this many points")]
    = 10.0,
    seed: Annotated[int, typer.Option("--seed", "-s", help="the sampling seed")] = 0,
    all_decisions: Annotated[bool, typer.Option("--all", help="list every decision, not only the costly ones")]
    = False,
) -> None:
    """For each decision of each seat: the action taken, the best action and the points it cost."""
    from .analysis import NOISE_Z
    from .analysis import analyze as run_analysis
    from .bots.expert import LEVELS

    if level not in LEVELS:
        _fail(_say("unknown_level", level=repr(level), levels=", ".join(LEVELS)))
    record = None
    for n, rec in _records(file):
        if n == game:
            record = rec
            break
    if record is None:
        _fail(_say("no_game", file=str(file), game=str(game)))
    with Progress(TextColumn(_say("analysing")), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err,
                  transient=True) as progress:
        task = progress.add_task("analyse", total=None)
        try:
            decisions = run_analysis(record, game, level, seed,
                                     lambda d, t: progress.update(task, completed=d, total=t), blunder)
        except RecordError as e:
            err.print(Text(_say("file_says", file=str(file), message=e.words()), style="red"), soft_wrap=True)
            raise typer.Exit(BAD_RECORD) from None
    table = Table(title=Text(_say("analyze_title", file=str(file), game=game, level=level)))
    for col in ("hand", "trick", "seat", "phase", "taken", "best", "cost", ""):
        table.add_column(_say(f"col_{col}") if col else "",
                         justify="right" if col in ("hand", "trick", "seat", "cost") else "left")
    costs: dict[int, list[float]] = {}
    flags: dict[int, int] = {}
    for d in decisions:
        costs.setdefault(d.seat, []).append(d.cost)
        flagged = d.flagged(blunder)
        flags[d.seat] = flags.get(d.seat, 0) + flagged
        if all_decisions or flagged:
            noise = "" if d.cost == 0 else " ±?" if d.noise == float("inf") else f" ±{decimal(d.noise, 1)}"
            phase = PAGES.get(f"tb_step_{d.phase}")  # the part of the hand as the web table names it
            table.add_row(str(d.hand), str(d.trick or "-"), str(d.seat), fill(phase, {}) if phase else d.phase,
                          f"{action_words(d.taken)} ({decimal(d.taken_value, 1, signed=True)})",
                          f"{action_words(d.best)} ({decimal(d.best_value, 1, signed=True)})",
                          f"{decimal(d.cost, 1)}{noise}", _say("blunder_mark") if flagged else "")
    console.print(table)
    console.print(Text(_say("blunder_rule", points=int(blunder) if blunder == int(blunder) else decimal(blunder),
                            z=decimal(NOISE_Z))))
    for seat in sorted(costs):
        c = costs[seat]
        console.print(Text(_say("seat_costs", seat=seat, decisions=_say("n_decisions", count=len(c)),
                                blunders=_say("n_blunders", count=flags[seat]), points=decimal(sum(c), 1))))


@app.command()
def tournament(
    rules: Annotated[str, typer.Option("--rules", "-r", help="preset or house-rules TOML file")]
    = "kentucky-discard",
    players: Annotated[int, typer.Option("--players", "-p", min=2, max=512, help="units entered: pairs in a "
                                         "partnership game, players in the others")] = 8,
    bots: Annotated[str, typer.Option("--bots", help="bot levels cycled over the units: " + ", ".join(REGISTRY))]
    = "heuristic",
    rounds: Annotated[int, typer.Option("--rounds", min=1, max=64, help="rounds")] = 3,
    boards: Annotated[int, typer.Option("--boards", min=1, max=64, help="boards (deals) a round, the same at "
                                        "every table")] = 4,
    seed: Annotated[int, typer.Option("--seed", "-s", help="the same seed gives the same event")] = 0,
    scoring: Annotated[T.Scoring, typer.Option("--scoring", help="what ranks the standings")] = "matchpoints",
    movement: Annotated[T.Movement, typer.Option("--movement", help="auto: a round robin where every unit can "
                                                 "meet every other, else Swiss")] = "auto",
    sit_out: Annotated[bool, typer.Option("--sit-out", help="a table short of units: units sit out in turn "
                                          "(default: a heuristic unit fills it)")] = False,
    workers: Annotated[int | None, typer.Option("--workers", "-w", min=1, max=MAX_WORKERS,
                                                help="processes (default: one per core)")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="write the whole event here (rook-tournament/1: "
                                                  "units, rounds, every board's record, standings)")] = None,
    csv_out: Annotated[Path | None, typer.Option("--csv", help="write the standings here as CSV")] = None,
    boards_csv: Annotated[Path | None, typer.Option("--boards-csv", help="write every board's result at every "
                                                    "table here as CSV")] = None,
) -> None:
    """A duplicate tournament of bots: every table of a round plays the same boards, each result scored
    against the other tables that held the same cards; the standings, best first."""

    rs = _load_rules(rules)
    levels = [b.strip().lower() for b in bots.split(",") if b.strip()]
    unknown = [b for b in levels if b not in REGISTRY]
    if unknown or not levels:
        _fail(_say("unknown_bots", unknown=", ".join(unknown) or _say("none_given"), bots=", ".join(REGISTRY)))
    for option, path, example in (("--json", json_out, "event.json"), ("--csv", csv_out, "standings.csv"),
                                  ("--boards-csv", boards_csv, "boards.csv")):
        if path is not None:
            _out_file(option, path, example)
    try:
        director = T.Director(rs, rounds, boards, seed, scoring, movement, fill=None if sit_out else "heuristic")
        size = director.unit_size
        for i in range(players):
            level = levels[i % len(levels)]
            director.register(f"{level} {i + 1}", [level] * size)
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=err, transient=False) as progress:
            said = _say("tournament_progress", rules=rs.label, rounds=rounds,
                        boards=fill(TOURNAMENT_PAGE["t_boards_n"], {"count": boards}))
            task = progress.add_task(said, total=rounds * boards)
            T.run_bots(director, workers, lambda done, total: progress.update(task, completed=done))
    except T.TournamentError as e:
        _fail(e.words())
    units = _say("n_pairs" if size > 1 else "n_players", count=players)
    table = Table(title=Text(_say("tournament_title", rules=rs.label, units=units, rounds=rounds,
                                  boards=fill(TOURNAMENT_PAGE["t_boards_n"], {"count": boards}), seed=seed,
                                  scoring=fill(TOURNAMENT_PAGE[f"t_scoring_{scoring}"], {}))))
    for col in ("place", "unit", "members", "boards", "percent", "imps", "sat_out"):
        table.add_column(_say(f"col_{col}"), justify="left" if col in ("unit", "members") else "right")
    for place, st in enumerate(director.standings(), 1):  # a unit by its own name, its bots by their levels' names
        table.add_row(str(place), Text(st.unit.name), Text(" & ".join(level_name(m) for m in st.unit.members)),
                      str(st.boards), decimal(st.percent, 1), number(st.imps, signed=True), str(st.sat_out))
    console.print(table)
    _write_outputs([
        ("--json", json_out, lambda p: write_output(p, _json_bytes(director.to_json())),
         lambda p: _say("event_written", path=str(p))),
        ("--csv", csv_out, lambda p: write_output(p, director.standings_csv().encode("utf-8")),
         lambda p: _say("standings_written", path=str(p))),
        ("--boards-csv", boards_csv, lambda p: write_output(p, director.boards_csv().encode("utf-8")),
         lambda p: _say("boards_written", path=str(p))),
    ])


@app.command()
def bots() -> None:
    """The computer players, and how hard each searching level thinks (its time limit per decision)."""
    from .bots import REGISTRY
    from .bots.expert import LEVELS

    table = Table(title=Text(_say("bots_title")))
    for col in ("bot", "time", "deals_card", "exact", "deals_bid"):
        table.add_column(_say(f"col_{col}"), justify="left" if col == "bot" else "right")
    for name in REGISTRY:
        lv = LEVELS.get(name)
        if lv is None:
            about = {"random": "bot_random", "heuristic": "bot_heuristic"}.get(name, "bot_other")
            table.add_row(_say(about, name=name), "-", "-", "-", "-")
        else:
            deals = number(lv.samples) if not lv.early_samples or lv.early_samples == lv.samples else \
                _say("deals_early_late", early=number(lv.early_samples), late=number(lv.samples))
            table.add_row(name, _say("seconds", seconds=decimal(lv.seconds)), deals,
                          _say("tricks_left", tricks=lv.solve_tricks), number(lv.bid_samples))
    console.print(table)
    console.print(Text(_say("bots_about")))


def main() -> None:
    """The ``rook`` command.  Every fault the code knows of has its own message and exit status;
    anything else is a bug, told in one line with exit status 3 rather than a traceback."""
    try:
        app()
    except Exception as e:
        if os.environ.get("ROOK_DEBUG"):
            raise
        with contextlib.suppress(LanguageError):  # said in the language the command line asked for
            set_language(language_from(asked_language(sys.argv[1:]), os.environ))
        what = " ".join(str(e).split())
        err.print(Text(_say("internal", kind=type(e).__name__, what=what[:300] + ("..." if len(what) > 300 else "")),
                       style="red"))
        raise SystemExit(INTERNAL_ERROR) from None


if __name__ == "__main__":
    main()

"""The ``rook`` command: rules, selfplay, replay."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from . import rules as R
from .bots import REGISTRY
from .play import selfplay as run_selfplay
from .record import RecordError, read_jsonl, replay_record, write_jsonl
from .transcript import game_transcript, rules_rows

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Rook, the trick-taking card game: rules, self-play, records and replay.")
console = Console(width=max(Console().width, 100))
err = Console(stderr=True)


def _load_rules(spec: str) -> R.RuleSet:
    try:
        return R.load(spec)
    except R.RulesError as e:
        err.print(f"[red]error:[/red] {e}", highlight=False)
        raise typer.Exit(2) from None


@app.command()
def rules(spec: Annotated[str | None, typer.Argument(metavar="[PRESET|FILE]",
                                                     help="a preset name or a house-rules TOML file")] = None,
          ) -> None:
    """List the presets, or print one rule set in full."""
    if spec is None:
        table = Table(title="Rook presets")
        for col in ("preset", "players", "deck", "hand x nest", "points", "bid", "goal"):
            table.add_column(col, no_wrap=True)
        for name, rs in R.PRESETS.items():
            table.add_row(name, f"{rs.players} {rs.mode}", str(rs.deck.size),
                          f"{rs.deck.hand_size} x {rs.nest_size}", str(rs.total_points),
                          f"{rs.min_bid}-{rs.effective_max_bid} by {rs.bid_step}", str(rs.goal))
        console.print(table)
        console.print("Aliases: " + ", ".join(f"{a} = {b}" for a, b in R.ALIASES.items()))
        console.print("Show one: rook rules PRESET   House rules: rook rules FILE.toml (see docs/rules-files.md)")
        return
    rs = _load_rules(spec)
    table = Table(title=f"{rs.label} (preset {rs.preset})")
    table.add_column("option")
    table.add_column("value")
    table.add_column("meaning")
    for row in rules_rows(rs):
        table.add_row(*row)
    console.print(table)


@app.command()
def selfplay(
    rules: Annotated[str, typer.Option("--rules", "-r", help="preset name or house-rules TOML file")]
    = "kentucky-discard",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="number of whole games")] = 10,
    seed: Annotated[int, typer.Option("--seed", "-s", help="the same seed gives the same file")] = 0,
    out: Annotated[Path, typer.Option("--out", "-o", help="where to write the records (.jsonl)")]
    = Path("games.jsonl"),
    bots: Annotated[str, typer.Option("--bots", help="bot names cycled over the seats: "
                                      + ", ".join(REGISTRY))] = "random",
) -> None:
    """Play whole games between bots and write their records."""
    rs = _load_rules(rules)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b.lower() not in REGISTRY]
    if unknown or not names:
        err.print(f"[red]error:[/red] unknown bot(s) {', '.join(unknown) or '(none given)'}; "
                  f"bots: {', '.join(REGISTRY)}", highlight=False)
        raise typer.Exit(2)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err, transient=False) as progress:
        task = progress.add_task(f"{rs.label}", total=games)
        records = run_selfplay(rs, names, games, seed, lambda g: progress.update(task, completed=g))
    write_jsonl(out, records)
    hands = sum(len(r["hands"]) for r in records)
    wins: dict[int, int] = {}
    for r in records:
        wins[r["winner"]] = wins.get(r["winner"], 0) + 1
    console.print(f"{games} games, {hands} hands of {rs.label} written to {out}; "
                  f"wins by side: {dict(sorted(wins.items()))}")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a .jsonl file of rook-record/1 games")],
    game: Annotated[int | None, typer.Option("--game", "-g", min=1, help="print a transcript of game N")] = None,
) -> None:
    """Re-check every action of every game against the rules and the recorded scores."""
    if not file.exists():
        err.print(f"[red]error:[/red] {file} does not exist")
        raise typer.Exit(2)
    checked = 0
    hands = 0
    try:
        for n, rec in read_jsonl(file):
            if game is not None and n != game:
                continue
            replay_record(rec, n)
            checked += 1
            hands += len(rec["hands"])
            if game is not None:
                console.print(game_transcript(rec, n), highlight=False)
    except RecordError as e:
        err.print(f"[red]{file}: {e}[/red]", highlight=False)
        raise typer.Exit(1) from None
    if game is not None and not checked:
        err.print(f"[red]error:[/red] {file} has no game {game}")
        raise typer.Exit(2)
    console.print(f"{file}: {checked} game(s), {hands} hands: every action, trick, score, total "
                  "and winner checks out")


def main() -> None:
    app()

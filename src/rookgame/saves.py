"""Saving a game in progress and resuming it; keeping finished games for ``rook replay``.

A saved game is one ``rook-record/1`` line (:func:`rookgame.record.game_record`).  To
resume, the match is dealt again from the record's rules and seed and every recorded
action is applied in order with :meth:`Match.apply`: the auction, the bidder's
declarations in ``rules.nest_steps`` order, the tricks.  The redealt cards must equal
the recorded deal, hand by hand, or the save is refused.

The saves directory is ``$ROOK_HOME/games`` (``~/.rook/games`` without ``ROOK_HOME``):
``current.jsonl`` holds the game in progress, ``finished.jsonl`` gathers finished games
(one per line, appended).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from . import actions as A
from .bots import REGISTRY
from .cards import CardError, card_str, mask_of, parse_card
from .match import Match
from .record import FORMAT, RecordError, check_schema, declarations, game_record
from .rules import RulesError, from_json
from .state import IllegalAction, Phase

CURRENT = "current.jsonl"
FINISHED = "finished.jsonl"
HUMAN = "human"


class SaveError(ValueError):
    """A save file that cannot be read or resumed; the message says which file and why."""


def saves_dir(override: str | Path | None = None) -> Path:
    """Where games are kept: ``override``, else ``$ROOK_HOME/games``, else ``~/.rook/games``."""
    if override:
        return Path(override).expanduser()
    home = os.environ.get("ROOK_HOME")
    base = Path(home).expanduser() if home else Path.home() / ".rook"
    return base / "games"


def save_game(match: Match, players: list[str], path: str | Path) -> Path:
    """Write the game (finished or not) as a one-line ``.jsonl`` record, replacing the file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(game_record(match, players), separators=(",", ":")) + "\n"
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(line, encoding="utf-8")
    os.replace(tmp, path)  # never leave a half-written save behind
    return path


def keep_finished(match: Match, players: list[str], directory: str | Path) -> Path:
    """Append a finished game to ``finished.jsonl`` in ``directory``."""
    path = Path(directory) / FINISHED
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(game_record(match, players), separators=(",", ":")) + "\n")
    return path


def load_record(path: str | Path) -> dict[str, Any]:
    """The one game record of a save file; :class:`SaveError` if it is missing or not one."""
    path = Path(path)
    try:
        if not path.is_file():
            raise SaveError(f"{path}: no saved game there")
        lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"{path}: cannot be read: {e}") from None
    if not lines:
        raise SaveError(f"{path}: the file is empty")
    if len(lines) > 1:
        raise SaveError(f"{path}: holds {len(lines)} games; a saved game is one line (resume one game at a time)")
    try:
        rec = json.loads(lines[0])
    except json.JSONDecodeError as e:
        raise SaveError(f"{path}: not a game record (not JSON: {e})") from None
    except RecursionError:
        raise SaveError(f"{path}: not a game record (arrays or objects nested too deep)") from None
    except ValueError:  # int() refuses a number of over 4,300 digits
        raise SaveError(f"{path}: not a game record (a number is thousands of digits long)") from None
    if not isinstance(rec, dict) or rec.get("format") != FORMAT:
        raise SaveError(f"{path}: not a {FORMAT} game record")
    try:
        check_schema(rec)
    except RecordError as e:
        raise SaveError(f"{path}: {e}") from None
    return rec


def rebuild(rec: dict[str, Any], source: str = "the record") -> Match:
    """Deal the record's game again from its rules and seed and apply every recorded action."""
    try:
        rules = from_json(rec["rules"])
    except RulesError as e:
        raise SaveError(f"{source}: {e}") from None
    seed = rec.get("seed")
    if not isinstance(seed, int):
        raise SaveError(f"{source}: the record has no seed, so its deals cannot be dealt again")
    match = Match(rules, seed)
    hands = rec["hands"]
    for hi, hrec in enumerate(hands, 1):
        where = f"{source}: hand {hi}"
        if match.is_over:
            raise SaveError(f"{where}: the game was already over before this hand")
        hand = match.hand
        if hrec["dealer"] != hand.dealer:
            raise SaveError(f"{where}: dealer recorded as seat {hrec['dealer']}, but seat {hand.dealer} deals")
        try:
            deal = [mask_of(parse_card(c) for c in cs) for cs in hrec["deal"]]
            nest = mask_of(parse_card(c) for c in hrec["nest"])
        except CardError as e:
            raise SaveError(f"{where}: {e}") from None
        if deal != list(hand.dealt) or nest != hand.nest:
            raise SaveError(f"{where}: the recorded cards are not the deal of seed {seed}; the save was changed "
                            "or written by another version")
        n_before = len(match.hands)

        def do(action: int, seat: int | None, what: str, where: str = where) -> None:
            try:
                match.apply(action, seat)
            except IllegalAction as e:
                raise SaveError(f"{where}: {what}: {e}") from None

        for seat, value in hrec["auction"]:
            action = {"pass": A.PASS, "redeal": A.REDEAL}.get(value, A.BID + value if isinstance(value, int) else -1)
            if action < 0:
                raise SaveError(f"{where}: {value!r} is not a bid")
            do(action, seat, f"seat {seat} bids {value}")
        if len(match.hands) == n_before and hand.phase == Phase.NEST:
            try:
                declared = declarations(rules.nest_steps, hrec)
            except (CardError, RecordError) as e:
                raise SaveError(f"{where}: {e}") from None
            for action in declared:
                do(action, hand.bidder, A.action_str(action))
        for ti, trec in enumerate(hrec["tricks"], 1):
            for i, text in enumerate(trec["cards"]):
                seat = (trec["leader"] + i) % rules.players
                try:
                    card = parse_card(text)
                except CardError as e:
                    raise SaveError(f"{where}, trick {ti}: {e}") from None
                do(card, seat, f"trick {ti}: seat {seat} plays {card_str(card)}")
            if "winner" in trec and hand.tricks and len(hand.tricks) >= ti and hand.tricks[ti - 1][2] != trec["winner"]:
                raise SaveError(f"{where}, trick {ti}: winner recorded as seat {trec['winner']}, "
                                f"but seat {hand.tricks[ti - 1][2]} wins")
        finished = len(match.hands) > n_before
        if hi < len(hands) and not finished:
            raise SaveError(f"{where}: the hand is not finished, yet more hands follow")
        if finished and "totals" in hrec and hrec["totals"] != match.totals:
            raise SaveError(f"{where}: totals recorded as {hrec['totals']}, but the rules give {match.totals}")
    if rec.get("winner") != match.winner:
        raise SaveError(f"{source}: winner recorded as {rec.get('winner')}, but the cards give {match.winner}")
    return match


def resume_game(path: str | Path) -> tuple[Match, list[str]]:
    """The saved game of ``path`` rebuilt move by move, and its players ("human" for the person).

    Refuses, with :class:`SaveError` and without touching the file, a file that is missing,
    not a record, a finished game, a game whose deal does not follow from its seed, or whose
    players are not one human and registered bots."""
    rec = load_record(path)
    players = rec["players"]
    match = rebuild(rec, str(path))
    if match.is_over:
        raise SaveError(f"{path}: that game is finished (winner side {match.winner}); see it with rook replay")
    problems = player_problems(players, match.rules.players)
    if problems:
        raise SaveError(f"{path}: {problems}")
    return match, list(players)


def bot_name(player: str) -> str:
    """The registered bot of a record's player name: "heuristic", or "heuristic-1" as selfplay writes it."""
    key = player.strip().lower()
    if key in REGISTRY:
        return key
    base, _, suffix = key.rpartition("-")
    if suffix.isdigit() and base in REGISTRY:
        return base
    raise KeyError(player)


def player_problems(players: list[str], seats: int) -> str:
    if len(players) != seats:
        return f"{len(players)} players recorded for {seats} seats"
    if players.count(HUMAN) != 1:
        return f"no single {HUMAN!r} seat among the players {players}; this is not a game played with `rook play`"
    unknown = []
    for p in players:
        if p == HUMAN:
            continue
        try:
            bot_name(p)
        except KeyError:
            unknown.append(p)
    if unknown:
        return f"unknown bot(s) {', '.join(unknown)}; bots: {', '.join(REGISTRY)}"
    return ""

"""``rook play --plain``: the game as lines of text, for screen readers and scripts.

Every event is one line: the deal (your hand), each bid, the nest, trump, each card
played and by whom, the winner of each trick, the score of the hand and the totals.
When it is your turn a prompt names the legal choices in words and one line is read
from the input.  Illegal input is refused with the engine's reason and asked again.
At the end of the input the game is saved (when a saves directory is given) and the
function returns cleanly.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, TextIO

from . import actions as A
from .actions import ActionError
from .bots import Player, make_player
from .cards import card_str
from .match import Match
from .rules import RuleSet
from .saves import CURRENT, HUMAN, keep_finished, save_game
from .state import IllegalAction, Phase
from .tui.words import (
    Seating,
    choices_words,
    event_line,
    hand_by_colour,
    hint_text,
    parse_choice,
    result_lines,
    review_text,
    score_pad,
    step_prompt,
    trick_plays,
    trick_points,
    trump_words,
    winner_line,
    winning_so_far,
)
from .view import View, view_of

HELP = ("Type a choice and press Enter: a bid (85) or p to pass; a card (Y14, rk) to play or bury; "
        "a colour letter (b, r, y, g) to name trump; 'hint' for the computer's advice; 'hand' to hear your "
        "cards again; 'last' for the taken tricks the rules let you see again; 'quit' to save and stop.")


class LineSource(Protocol):
    """Where answers come from: standard input, a file, or a script's own object."""

    def readline(self) -> str: ...


def _player_names(rules: RuleSet, human_seat: int, bots: Sequence[str | Player | None]) -> list[str]:
    names = []
    for s in range(rules.players):
        if s == human_seat:
            names.append(HUMAN)
        else:
            b = bots[s]
            names.append(b if isinstance(b, str) else getattr(b, "name", "bot"))
    return names


class PlainGame:
    """The line-mode loop; see :func:`play_plain`."""

    def __init__(self, match: Match, human: int, players: list[Player | None], names: list[str],
                 inp: LineSource, out: TextIO, saves_dir: Path | None = None, save_path: Path | None = None) -> None:
        self.match = match
        self.rules = match.rules
        self.human = human
        self.players = players
        self.names = names
        self.inp = inp
        self.out = out
        self.saves_dir = saves_dir
        self.save_path = save_path
        self.seating = Seating(match.rules, human, tuple(names))
        self.hidden_buries = 0
        self.nest_told = False
        self.resumed = False
        isatty = getattr(inp, "isatty", None)
        self.interactive = bool(isatty()) if callable(isatty) else False

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def view(self) -> View:
        return view_of(self.match.hand, self.human, self.match.totals)

    # ------------------------------------------------------------------ the loop
    def run(self) -> Match:
        m = self.match
        r = self.rules
        self.say(f"Rook: {r.label}, {r.players} players, " + ("two partnerships" if r.mode == "partners"
                 else "each for themselves" if r.mode == "individual" else "the bidder calls a secret partner")
                 + f"; first to {r.goal} wins. Seed {m.seed}.")
        seats = "; ".join(self.seating.long_name(s) for s in range(r.players))
        self.say(f"Seats: {seats}.")
        if r.mode == "partners" and r.players == 4:
            self.say(f"Your partner is {self.seating.name((self.human + 2) % 4)}.")
        self.say("Type 'help' at any prompt for the ways to answer.")
        announced = -1
        while not m.is_over:
            hand = m.hand
            number = len(m.hands) + 1
            if announced != number:
                announced = number
                self.start_hand(number)
            seat = hand.to_act
            if seat == self.human:
                action = self.ask()
                if action is None:
                    return self.stop()
            else:
                player = self.players[seat]
                assert player is not None
                action = player.act(view_of(hand, seat, m.totals))
            self.apply(seat, action)
        self.finish()
        return m

    def start_hand(self, number: int) -> None:
        m = self.match
        self.nest_told = False
        v = self.view()
        self.say("")
        self.say(f"Hand {number}. Dealer: {self.seating.name(m.hand.dealer)}. "
                 f"Totals: {self.totals_text()}.")
        self.say(f"Your hand ({len(v.hand)} cards): {hand_by_colour(self.rules, list(v.hand))}.")

    def totals_text(self) -> str:
        return ", ".join(f"{self.seating.side_name(s)} {t}" for s, t in enumerate(self.match.totals))

    # ------------------------------------------------------------------ the human's turn
    def ask(self) -> int | None:
        """One legal action read from the input; None at the end of the input or on 'quit'."""
        v = self.view()
        self.context(v)
        while True:
            self.out.write(f"{step_prompt(v)} ({choices_words(v)}): ")
            self.out.flush()
            try:
                line = self.inp.readline()
            except KeyboardInterrupt:
                line = ""
            if not line:
                self.say("")
                return None
            if not self.interactive:
                self.out.write(line.rstrip("\r\n") + "\n")  # scripts: show the answer after its prompt
            text = line.strip()
            word = text.lower()
            if word in ("quit", "exit", "save", "q"):
                return None
            if word in ("help", "?"):
                self.say(HELP)
                continue
            if word in ("hint", "h"):
                self.say(hint_text(v))
                continue
            if word in ("hand", "cards"):
                self.say(f"Your hand: {hand_by_colour(self.rules, list(v.hand), v.trump)}.")
                continue
            if word in ("last", "tricks"):
                self.say(review_text(self.seating, v))
                continue
            if word in ("score", "scores", "totals"):
                self.say(f"Totals: {self.totals_text()}.")
                continue
            try:
                action = parse_choice(text, v)
            except ActionError as e:
                self.say(f"Not understood: {e}")
                continue
            if action in v.legal:
                return action
            if action >= A.NUM_ACTIONS:  # a bid past the action space: say it in the rules' terms
                reason = f"bid {action - A.BID} is above the maximum bid {self.rules.effective_max_bid}"
            else:
                reason = self.match.hand.check(action, self.human) or "that is not one of the choices"
            self.say(f"Not allowed: {reason}.")

    def context(self, v: View) -> None:
        """The state of play the human needs before answering."""
        if v.phase == Phase.PLAY:
            if not v.trick:
                self.say(f"Trick {len(v.tricks) + 1}: you lead.")
            else:
                plays = ", ".join(f"{self.seating.name(s)} {card_str(c)}"
                                  for s, c in trick_plays(self.rules, v.leader, v.trick))
                best = winning_so_far(v)
                lead = f" ({self.seating.name(best[0])} winning)" if best else ""
                self.say(f"On the table: {plays}{lead}.")
            self.say(f"Your hand: {hand_by_colour(self.rules, list(v.hand), v.trump)}.")
        elif v.phase == Phase.NEST and v.step == "bury":
            self.say(f"Your hand: {hand_by_colour(self.rules, list(v.hand), v.trump)}.")

    # ------------------------------------------------------------------ events
    def apply(self, seat: int, action: int) -> None:
        m = self.match
        hand = m.hand
        before_phase = hand.phase
        before_tricks = len(hand.tricks)
        try:
            m.apply(action, seat)
        except IllegalAction as e:  # a bot that breaks the rules: say so and stop
            raise RuntimeError(f"{self.names[seat]} at seat {seat} chose an illegal action: {e}") from None
        hidden = A.BURY <= action < A.PARTNER and seat != self.human
        if hidden:
            self.hidden_buries += 1
        else:
            self.flush_buries(hand.bidder)
            self.say(event_line(self.seating, seat, action))
        finished = hand is not m.hand
        v = view_of(hand, self.human, m.totals)
        if before_phase == Phase.BID and hand.phase in (Phase.NEST, Phase.PLAY, Phase.DONE):
            self.say(f"{self.seating.subject(hand.bidder, 'wins', 'win')} the bid at {hand.bid}.")
        if v.nest is not None and not self.nest_told and not finished:
            self.nest_told = True  # the nest as this seat first sees it: the bidder's, or shown to all
            self.say(f"The nest: {hand_by_colour(self.rules, list(v.nest))}.")
            if hand.bidder == self.human:
                self.say(f"You take the nest: your hand is now {hand_by_colour(self.rules, list(v.hand))}.")
        if before_phase == Phase.NEST and hand.phase != Phase.NEST:
            self.flush_buries(hand.bidder)
            if v.nest_points is not None:
                self.say(f"{self.seating.name(hand.bidder)} says the buried cards "
                         f"{'hold' if v.nest_points else 'hold no'} points.")
            self.say(f"Trump is {trump_words(v.trump)}. {self.seating.subject(v.leader, 'leads', 'lead')}.")
        if len(hand.tricks) > before_tricks:
            leader, cards, winner = hand.tricks[-1]
            best = (winner - leader) % self.rules.players
            pts = trick_points(self.rules, cards)
            self.say(f"{self.seating.subject(winner, 'wins', 'win')} trick {len(hand.tricks)} with "
                     f"{card_str(cards[best])} ({pts} points).")
        if finished:
            if hand.phase == Phase.THROWN_IN:
                self.say(f"The hand is thrown in; {self.seating.subject(hand.dealer, 'deals', 'deal')} again.")
            else:
                row = score_pad(self.rules, m.hands)[-1]
                for line in result_lines(self.seating, row):
                    self.say(line)

    def flush_buries(self, bidder: int) -> None:
        if self.hidden_buries:
            n = self.hidden_buries
            self.hidden_buries = 0
            self.say(f"{self.seating.name(bidder)} buries {n} card{'s' if n != 1 else ''}.")

    # ------------------------------------------------------------------ the end
    def stop(self) -> Match:
        m = self.match
        if self.saves_dir is not None:
            path = self.save_path or (self.saves_dir / CURRENT)
            save_game(m, self.names, path)
            self.say(f"Game saved to {path}. Resume it with: rook play --plain --resume {path}")
        else:
            self.say("Game left unfinished (not saved).")
        return m

    def finish(self) -> None:
        m = self.match
        assert m.winner is not None
        self.say("")
        self.say(winner_line(self.seating, m.winner, m.totals))
        if self.saves_dir is not None:
            path = keep_finished(m, self.names, self.saves_dir)
            self.say(f"The game is kept in {path} (see it with: rook replay {path}).")
            if self.resumed and self.save_path is not None and self.save_path.exists():
                self.save_path.unlink()  # the saved game is finished now: it lives on in finished.jsonl


def make_bots(rules: RuleSet, human_seat: int, bots: Sequence[str | Player | None], seed: int | None
              ) -> list[Player | None]:
    if len(bots) != rules.players:
        raise ValueError(f"{rules.label} has {rules.players} seats; {len(bots)} players given")
    out: list[Player | None] = []
    for s, b in enumerate(bots):
        if s == human_seat:
            out.append(None)
        elif isinstance(b, str):
            out.append(make_player(b, None if seed is None else seed * 16 + s))
        elif b is None:
            raise ValueError(f"seat {s} has no player")
        else:
            out.append(b)
    return out


def play_plain(rules: RuleSet, human_seat: int, bots: Sequence[str | Player | None], seed: int | None = None,
               input_stream: LineSource | None = None, output_stream: TextIO | None = None, *,
               match: Match | None = None, saves_dir: str | Path | None = None,
               save_path: str | Path | None = None) -> Match:
    """Play a game in line mode and return the match (finished, or unfinished at the end of the input).

    ``bots`` gives a bot name or player per seat (the human seat's entry is ignored);
    ``seed`` decides the deal (a random one when None, printed so the game can be
    repeated).  ``match`` continues a resumed game.  With ``saves_dir`` an unfinished game
    is saved to ``save_path`` (default ``saves_dir/current.jsonl``) at the end of the
    input and a finished one is appended to ``saves_dir/finished.jsonl``."""
    if not 0 <= human_seat < rules.players:
        raise ValueError(f"seat {human_seat} does not exist: {rules.label} has seats 0 to {rules.players - 1}")
    resumed = match is not None
    if match is None:
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        match = Match(rules, seed)
    names = _player_names(rules, human_seat, bots)
    players = make_bots(rules, human_seat, bots, match.seed)
    directory = Path(saves_dir) if saves_dir is not None else None
    target = Path(save_path) if save_path is not None else (directory / CURRENT if directory else None)
    game = PlainGame(match, human_seat, players, names, input_stream or sys.stdin, output_stream or sys.stdout,
                     directory, target)
    game.resumed = resumed
    return game.run()

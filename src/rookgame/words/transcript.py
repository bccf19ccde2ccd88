"""A game record as a transcript a Rook player reads from top to bottom (``rook replay --game``).

Seats are named by number as the record keeps them; the cards, calls and values are the record's own
notation, the sentences around them templates of the catalog.
"""

from __future__ import annotations

from typing import Any

from .. import log as L
from ..rules import colour_name
from ..state import Hand
from .catalog import N_, Param, Plural, Template, english, fill, gettext, listed

TRANSCRIPT: dict[str, Template] = {
    "game": N_("Game {game}: {rules}, seed {seed}"),
    "players": N_("Players: {players}"),
    "player": N_("seat {seat} {name}"),
    "hand": N_("Hand {number}: dealer seat {dealer}"),
    "deal": N_("seat {seat}: {cards}"),
    "nest": N_("nest: {cards}"),
    "auction": N_("auction: {calls}"),
    "call": N_("{seat}: {call}"),
    "thrown_in": N_("thrown in: redealt by the same dealer"),
    "unfinished_hand": N_("unfinished"),
    "won_bid": N_("seat {seat} wins the bid at {bid}; trump {trump}"),
    "buried": N_("buried: {cards}"),
    "declaration": N_("{what}: {value}"),
    "trick": N_("{number}. seat {leader} leads: {cards}"),
    "trick_won": N_("{number}. seat {leader} leads: {cards} -> seat {winner}"),
    "sides": N_("sides: bidder's team seats {team}, defenders seats {defenders}"),
    "points": N_("points: {scores}"),
    "score": N_("score:  {scores}"),
    "totals": N_("totals: {scores}"),
    "side_points": N_("{side} {points}"),
    "unfinished_game": N_("Unfinished game"),
    "stopped_game": N_("Unfinished game: {why}"),
    # why a game of bots stopped unfinished (rook selfplay --max-hands): the record's "stopped" is its English
    "stopped_at_cap": Plural("no winner after {hands} hand: stopped at the cap of hands (players who overbid are "
                             "set every hand and may never reach the goal)",
                             "no winner after {hands} hands: stopped at the cap of hands (players who overbid are "
                             "set every hand and may never reach the goal)", "hands"),
    "winner": N_("Winner: {side}"),
    "side_seats": N_("seats {seats}"),
    "side_seat": N_("seat {seat}"),
    # a hand in play, as the table sees it
    "in_play": N_("Hand {number}: dealer seat {dealer}, in play: told as the table sees it (rook replay --reveal "
                  "shows every card)"),
    "buried_hidden": Plural("buried: {count} card, face down", "buried: {count} cards, face down", "count"),
    "nest_shown": N_("nest (shown to the table): {cards}"),
    "bid_won": N_("seat {seat} wins the bid at {bid}"),
    "trump_named": N_("trump {trump}"),
    "partner": N_("partner: {card}"),
    "no_more_partners": N_("no more partners"),
    "bird_high": N_("bird: high"),
    "bird_low": N_("bird: low"),
    "direction_high": N_("direction: high"),
    "direction_low": N_("direction: low"),
    "nest_points": N_("nest points: yes"),
    "nest_no_points": N_("nest points: no"),
    "shown_buried": N_("buried trumps shown to the table: {cards}"),
    "shown_buried_none": N_("buried trumps shown to the table: none"),
    "auction_so_far": N_("auction so far: {calls}"),
    "on_the_table": N_("{number}. seat {leader} leads: {cards} (on the table)"),
}
WORDS = {"none": N_("-"), "pass": N_("pass"), "redeal": N_("redeal")}


# The lines of a hand, under its heading.
INDENTED = frozenset({
    "deal", "nest", "auction", "thrown_in", "unfinished_hand", "won_bid", "buried", "declaration", "trick",
    "trick_won", "sides", "points", "score", "totals", "buried_hidden", "nest_shown", "bid_won",
    "trump_named", "partner", "no_more_partners", "bird_high", "bird_low", "direction_high", "direction_low",
    "nest_points", "nest_no_points", "shown_buried", "shown_buried_none", "auction_so_far", "on_the_table"
})


def _say(key: str, **params: Param) -> str:
    return ("  " if key in INDENTED else "") + fill(TRANSCRIPT[key], params)


def stopped_at_cap(hands: int) -> str:
    """Why a game of bots was stopped unfinished after ``hands`` hands, the cap (``rook selfplay --max-hands``)."""
    return _say("stopped_at_cap", hands=hands)


def side_name(rules: Any, side: int) -> str:
    """A scoring side in words: "seats 0+2" (partners), "seat 3"; ``rules`` a RuleSet or a record's rules."""
    mode = rules["mode"] if isinstance(rules, dict) else rules.mode
    players = rules["players"] if isinstance(rules, dict) else rules.players
    if mode == "partners":
        return _say("side_seats", seats="+".join(str(s) for s in range(players) if s % 2 == side))
    return _say("side_seat", seat=side)


def _cards(cards: list[Any]) -> str:
    return " ".join(map(str, cards)) or gettext(WORDS["none"])


def _call(value: Any) -> str:
    if value in ("pass", "redeal"):
        return gettext(WORDS[value])
    return str(value)


def game_transcript(rec: dict[str, Any], game: int, in_play: Hand | None = None) -> str:
    """A game record as text a Rook player reads from top to bottom.  With ``in_play`` (the hand still being
    played, rebuilt from the record), that hand is told as the table sees it: no hidden card."""
    rules = rec["rules"]
    players = rec["players"]
    lines = [_say("game", game=game, rules=rules.get("name") or rules["preset"], seed=rec["seed"]),
             _say("players", players=listed([_say("player", seat=s, name=p) for s, p in enumerate(players)], "unit")),
             ""]
    mode = rules["mode"]
    for hi, h in enumerate(rec["hands"], 1):
        if in_play is not None and hi == len(rec["hands"]) and "totals" not in h:
            lines.extend(table_lines(in_play, hi))
            lines.append("")
            continue
        lines.append(_say("hand", number=hi, dealer=h["dealer"]))
        for s, cards in enumerate(h["deal"]):
            lines.append(_say("deal", seat=s, cards=" ".join(cards)))
        lines.append(_say("nest", cards=_cards(h["nest"])))
        calls = [_say("call", seat=s, call=_call(b)) for s, b in h["auction"]]
        lines.append(_say("auction", calls=listed(calls, "unit") or gettext(WORDS["none"])))
        if h["bidder"] is None:
            lines.append(_say("thrown_in" if "totals" in h else "unfinished_hand"))
            lines.append("")
            continue
        lines.append(_say("won_bid", seat=h["bidder"], bid=h["bid"], trump=h["trump"]))
        if h["buried"]:
            lines.append(_say("buried", cards=" ".join(h["buried"])))
        for k, v in (h.get("calls") or {}).items():
            lines.append(_say("declaration", what=k.replace("_", " "),
                              value=" ".join(v) if isinstance(v, list) else str(v)))
        for ti, t in enumerate(h["tricks"], 1):
            w = t.get("winner")
            key = "trick_won" if w is not None else "trick"
            lines.append(_say(key, number=f"{ti:2d}", leader=t["leader"], cards=" ".join(t["cards"]),
                              winner=-1 if w is None else w))
        if "points" in h and mode == "call-partner":
            # Each seat's points are its side's; say who the sides were.
            called = set((h.get("calls") or {}).get("partner") or [])
            team = {h["bidder"]} | {s for s, cards in enumerate(h["deal"]) if called & set(cards)}
            others = [s for s in range(rules["players"]) if s not in team]
            lines.append(_say("sides", team="+".join(map(str, sorted(team))), defenders="+".join(map(str, others))))
        if "points" in h:
            names = [side_name(rules, s) for s in range(len(h["points"]))]
            for key, values, signed in (("points", h["points"], False), ("score", h["score"], True),
                                        ("totals", h["totals"], False)):
                scores = [_say("side_points", side=nm, points=f"{p:+d}" if signed else p)
                          for nm, p in zip(names, values)]
                lines.append(_say(key, scores=listed(scores, "unit")))
        lines.append("")
    w = rec["winner"]
    stopped = rec.get("stopped")
    if w is not None:
        lines.append(_say("winner", side=side_name(rules, w)))
    else:
        count = len(rec["hands"])
        if stopped == english(stopped_at_cap, count):  # the record's English (play.stopped_words): in words
            stopped = stopped_at_cap(count)
        lines.append(_say("stopped_game", why=stopped) if stopped else _say("unfinished_game"))
    return "\n".join(lines)


def table_lines(hand: Hand, number: int) -> list[str]:
    """A hand in play as the whole table sees it (:func:`rookgame.log.public_operations` for a spectator):
    the auction, the declarations, the cards played; no hand, no hidden burial, the nest only where shown."""
    lines = [_say("in_play", number=number, dealer=hand.dealer)]
    auction: list[str] = []
    buried = 0
    trick: list[str] = []
    leader = -1
    tricks = 0
    for op in L.public_operations(hand, None):
        if buried and not isinstance(op, L.Bury):
            lines.append(_say("buried_hidden", count=buried))
            buried = 0
        if isinstance(op, L.Deal) and op.nest is not None:
            lines.append(_say("nest_shown", cards=_cards(list(op.nest))))
        elif isinstance(op, (L.Bid, L.Pass, L.Redeal)):
            call = str(op.value) if isinstance(op, L.Bid) else _call(type(op).__name__.lower())
            auction.append(_say("call", seat=op.seat, call=call))
        elif isinstance(op, L.WinBid):
            lines.append(_say("auction", calls=listed(auction, "unit") or gettext(WORDS["none"])))
            auction = []
            lines.append(_say("bid_won", seat=op.seat, bid=op.value))
        elif isinstance(op, L.Bury):
            buried += 1
        elif isinstance(op, L.NameTrump):
            lines.append(_say("trump_named", trump=colour_name(op.trump)))
        elif isinstance(op, L.CallPartner):
            lines.append(_say("partner", card=str(op.card)))
        elif isinstance(op, L.NoMorePartners):
            lines.append(_say("no_more_partners"))
        elif isinstance(op, L.CallBird):
            lines.append(_say("bird_high" if op.high else "bird_low"))
        elif isinstance(op, L.CallDirection):
            lines.append(_say("direction_low" if op.low else "direction_high"))
        elif isinstance(op, L.AnnounceNest):
            lines.append(_say("nest_points" if op.points else "nest_no_points"))
        elif isinstance(op, L.ShowBuried):
            cards = " ".join(map(str, op.cards))
            lines.append(_say("shown_buried", cards=cards) if cards else _say("shown_buried_none"))
        elif isinstance(op, L.Play):
            if not trick:
                leader = op.seat
            trick.append(str(op.card))
        elif isinstance(op, L.TrickWon):
            tricks += 1
            lines.append(_say("trick_won", number=f"{tricks:2d}", leader=op.leader, cards=" ".join(trick),
                              winner=op.seat))
            trick = []
    if auction:
        lines.append(_say("auction_so_far", calls=listed(auction, "unit")))
    if buried:
        lines.append(_say("buried_hidden", count=buried))
    if trick:
        lines.append(_say("on_the_table", number=f"{tricks + 1:2d}", leader=leader, cards=" ".join(trick)))
    return lines

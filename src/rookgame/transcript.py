"""Readable text for people: a rule set in full, a game as a transcript."""

from __future__ import annotations

from typing import Any

from . import log as L
from .cards import card_str
from .rules import RuleSet, colour_name
from .state import Hand

_EXPLAIN = {
    "players": "players",
    "mode": "partners (seat % 2), individual scores, or a called secret partner",
    "ranks": "ranks in each colour",
    "birds": "Rook Birds in the deck",
    "extra_cards": "cards added to the deck",
    "nest_size": "cards in the nest",
    "nest_dealt": "nest cards dealt after the first rounds, or last",
    "rank_order": "rank order inside a colour",
    "counters": "counter points",
    "most_tricks_bonus": "bonus for most tricks",
    "last_trick_bonus": "bonus for the last trick",
    "min_bid": "minimum bid",
    "max_bid": "maximum bid",
    "bid_step": "bids rise in steps of",
    "goal": "game is won at",
    "all_pass": "when everyone passes",
    "no_counter_redeal": "a player without counters may call a redeal",
    "nest_order": "bury then name trump, or name trump then bury",
    "nest_to": "buried counters go to",
    "first_lead": "first lead",
    "bird_play": "the Bird may be played",
    "bird_rank": "the Bird ranks",
    "top_trumps": "always-trump cards above the Bird",
    "little_rook": "R2 is the second-highest trump",
    "black_two": "B2 beats the Bird",
    "no_trump": "bidder may call no trump",
    "low": "bidder may call low (ranks reversed)",
    "partner_calls": "partner cards the bidder calls",
    "partner_calls_min": "partner cards the bidder must call (the rest it may decline)",
    "announce_nest_points": "bidder says whether the nest holds points",
    "bury_counters": "counters may be buried, or only when nothing else can go",
    "moon": "a side taking every point scores double",
    "trump_before_nest": "trump is named before the nest is taken",
    "nest_shown": "the nest is shown to all after the auction",
    "show_buried_trump": "buried trumps are shown to the table",
    "must_win_by_bid": "a side wins only on a hand it bid and made",
    "lose_at": "a side at or below this total loses at once",
    "trick_bonus": "points for taking at least so many tricks",
    "review": "taken tricks people may look back at: none, the last one, or all",
}


def rules_rows(rules: RuleSet) -> list[tuple[str, str, str]]:
    """(option, value, meaning) for every option, resolved."""
    rows = []
    for key, value in rules.to_json().items():
        if key in ("preset", "name"):
            continue
        if isinstance(value, dict):
            shown = ", ".join(f"{k}={v}" for k, v in value.items())
        elif isinstance(value, list):
            shown = ", ".join(map(str, value)) or "-"
        elif value is None:
            shown = "none"
        else:
            shown = str(value).lower() if isinstance(value, bool) else str(value)
        rows.append((key, shown, _EXPLAIN.get(key, "")))
    deck = rules.deck
    rows.append(("(deck)", f"{deck.size} cards, {deck.hand_size} each, nest {rules.nest_size}", "derived"))
    rows.append(("(points)", f"{rules.total_points} in play per hand", "derived"))
    order = " > ".join(card_str(c) for c in rules.special_trumps)
    if order:
        rows.append(("(bird block)", order, "always trump, highest first"))
    rows.append(("(declarations)", " ".join(rules.nest_steps) or "-", "the bidder's steps after the auction"))
    return rows


def side_name(rules: RuleSet, side: int) -> str:
    """A scoring side in words: "seats 0+2" (partners), "seat 3"."""
    if rules.mode == "partners":
        seats = [s for s in range(rules.players) if s % 2 == side]
        return "seats " + "+".join(map(str, seats))
    return f"seat {side}"


def game_transcript(rec: dict[str, Any], game: int, in_play: Hand | None = None) -> str:
    """A game record as text a Rook player reads from top to bottom.  With ``in_play`` (the hand still being
    played, rebuilt from the record), that hand is told as the table sees it: no hidden card."""
    rules = rec["rules"]
    players = rec["players"]
    lines = [f"Game {game}: {rules.get('name') or rules['preset']}, seed {rec['seed']}",
             "Players: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(players)), ""]
    mode = rules["mode"]
    for hi, h in enumerate(rec["hands"], 1):
        if in_play is not None and hi == len(rec["hands"]) and "totals" not in h:
            lines.extend(table_lines(in_play, hi))
            lines.append("")
            continue
        lines.append(f"Hand {hi}: dealer seat {h['dealer']}")
        for s, cards in enumerate(h["deal"]):
            lines.append(f"  seat {s}: {' '.join(cards)}")
        lines.append(f"  nest: {' '.join(h['nest']) or '-'}")
        calls = [f"{s}: {b}" for s, b in h["auction"]]
        lines.append(f"  auction: {', '.join(calls) or '-'}")
        if h["bidder"] is None:
            lines.append("  thrown in: redealt by the same dealer" if "totals" in h else "  unfinished")
            lines.append("")
            continue
        trump = h["trump"]
        lines.append(f"  seat {h['bidder']} wins the bid at {h['bid']}; trump {trump}")
        if h["buried"]:
            lines.append(f"  buried: {' '.join(h['buried'])}")
        for k, v in (h.get("calls") or {}).items():
            lines.append(f"  {k.replace('_', ' ')}: {' '.join(v) if isinstance(v, list) else v}")
        for ti, t in enumerate(h["tricks"], 1):
            w = t.get("winner")
            won = f" -> seat {w}" if w is not None else ""
            lines.append(f"  {ti:2d}. seat {t['leader']} leads: {' '.join(t['cards'])}{won}")
        if "points" in h and mode == "call-partner":
            # Each seat's points are its side's; say who the sides were.
            called = set((h.get("calls") or {}).get("partner") or [])
            team = {h["bidder"]} | {s for s, cards in enumerate(h["deal"]) if called & set(cards)}
            others = [s for s in range(rules["players"]) if s not in team]
            lines.append(f"  sides: bidder's team seats {'+'.join(map(str, sorted(team)))}, "
                         f"defenders seats {'+'.join(map(str, others))}")
        if "points" in h:
            n_sides = len(h["points"])
            names = [_side_name_from(mode, rules["players"], s) for s in range(n_sides)]
            lines.append("  points: " + ", ".join(f"{nm} {p}" for nm, p in zip(names, h["points"])))
            lines.append("  score:  " + ", ".join(f"{nm} {p:+d}" for nm, p in zip(names, h["score"])))
            lines.append("  totals: " + ", ".join(f"{nm} {p}" for nm, p in zip(names, h["totals"])))
        lines.append("")
    w = rec["winner"]
    stopped = rec.get("stopped")
    lines.append((f"Unfinished game: {stopped}" if stopped else "Unfinished game") if w is None
                 else f"Winner: {_side_name_from(mode, rules['players'], w)}")
    return "\n".join(lines)


def table_lines(hand: Hand, number: int) -> list[str]:
    """A hand in play as the whole table sees it (:func:`rookgame.log.public_operations` for a spectator):
    the auction, the declarations, the cards played; no hand, no hidden burial, the nest only where shown."""
    lines = [f"Hand {number}: dealer seat {hand.dealer}, in play: told as the table sees it "
             "(rook replay --reveal shows every card)"]
    auction: list[str] = []
    buried = 0
    trick: list[str] = []
    leader = -1
    tricks = 0
    for op in L.public_operations(hand, None):
        if buried and not isinstance(op, L.Bury):
            lines.append(f"  buried: {buried} cards, face down")
            buried = 0
        if isinstance(op, L.Deal) and op.nest is not None:
            lines.append(f"  nest (shown to the table): {' '.join(map(str, op.nest)) or '-'}")
        elif isinstance(op, (L.Bid, L.Pass, L.Redeal)):
            auction.append(f"{op.seat}: {op.value if isinstance(op, L.Bid) else type(op).__name__.lower()}")
        elif isinstance(op, L.WinBid):
            lines.append(f"  auction: {', '.join(auction) or '-'}")
            auction = []
            lines.append(f"  seat {op.seat} wins the bid at {op.value}")
        elif isinstance(op, L.Bury):
            buried += 1
        elif isinstance(op, L.NameTrump):
            lines.append(f"  trump {colour_name(op.trump)}")
        elif isinstance(op, L.CallPartner):
            lines.append(f"  partner: {op.card}")
        elif isinstance(op, L.NoMorePartners):
            lines.append("  no more partners")
        elif isinstance(op, L.CallBird):
            lines.append(f"  bird: {'high' if op.high else 'low'}")
        elif isinstance(op, L.CallDirection):
            lines.append(f"  direction: {'low' if op.low else 'high'}")
        elif isinstance(op, L.AnnounceNest):
            lines.append(f"  nest points: {'yes' if op.points else 'no'}")
        elif isinstance(op, L.ShowBuried):
            lines.append(f"  buried trumps shown to the table: {' '.join(map(str, op.cards)) or 'none'}")
        elif isinstance(op, L.Play):
            if not trick:
                leader = op.seat
            trick.append(str(op.card))
        elif isinstance(op, L.TrickWon):
            tricks += 1
            lines.append(f"  {tricks:2d}. seat {op.leader} leads: {' '.join(trick)} -> seat {op.seat}")
            trick = []
    if auction:
        lines.append(f"  auction so far: {', '.join(auction)}")
    if buried:
        lines.append(f"  buried: {buried} cards, face down")
    if trick:
        lines.append(f"  {tricks + 1:2d}. seat {leader} leads: {' '.join(trick)} (on the table)")
    return lines


def _side_name_from(mode: str, players: int, side: int) -> str:
    if mode == "partners":
        return "seats " + "+".join(str(s) for s in range(players) if s % 2 == side)
    return f"seat {side}"

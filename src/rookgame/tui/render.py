"""What the full-screen game draws, as pure functions from one seat's view to content.

Each function reads a :class:`~rookgame.view.View` (and the seating, the score pad's rows, the
choices on offer) and returns Textual :class:`~textual.content.Content` or a rich table for one
part of the screen: the info line, the table's seats and centre, the auction, the score pad,
the hand and the prompt.  Nothing here looks at the game's state or changes it, so what a
seat is shown is exactly what its view holds, and each part is tested without running the app.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from string import Formatter
from typing import Literal

from rich import box
from rich.table import Table
from textual.content import Content

from .. import actions as A
from ..cards import BIRD, COLOURS, card_str, colour_of
from ..kernel import trick_points
from ..match import PadRow
from ..rules import NestStep
from ..state import Phase
from ..view import View, points_taken, winning_so_far
from ..words.cards import sort_hand, trump_words
from ..words.catalog import (
    Param,
    Plural,
    Say,
    Template,
    colour_word,
    decimal,
    fill,
    gettext,
    level_name,
    listed,
    ngettext,
    show,
)
from ..words.catalog import number as number_of
from ..words.play import choice_label, review_text, shown_buried_short, shown_nest_short, step_prompt, taken_words
from ..words.results import nest_and_burial, result_lines, winner_line
from ..words.rules import rules_title
from ..words.screen import AUCTION, GAME, INFO, PAD, PROMPT, TABLE
from ..words.seating import Seating

Part = tuple[str, str] | str

# Keys for choices, in order: the digits, then the capital letters, none skipped (the game's commands are
# lower-case letters, so the two never meet).  The trump colours keep their own letters (b, r, y, g, t).
COMMAND_KEYS = frozenset("hlnpqs")
CHOICE_KEYS = [*"1234567890", *"ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
# A partner call with more cards than this is offered a colour at a time (a 57-card call overflows an 80x24
# prompt and runs out of keys); the colour keys are the trump step's letters, and k for the Bird.
PARTNER_FLAT_MAX = 20
GROUP_KEYS = (*COLOURS.lower(), "k")

# Card tiles: (text, background) per colour letter; K is the Bird.
TILE = {"B": ("#ffffff", "#3c3c3c"), "R": ("#ffffff", "#b3261e"), "Y": ("#111111", "#e5c51d"),
        "G": ("#ffffff", "#1f7a3a"), "K": ("#ffffff", "#6b3fa0")}
PLAIN = {"B": "#a8a8a8", "R": "#e06060", "Y": "#d6b520", "G": "#4caf68", "K": "#a98bd6"}

# Where each seat sits in the 3 x 3 table grid, by offset clockwise from the bottom seat (bottom middle).
_S, _SW, _W, _NW, _N, _NE, _E, _SE = (2, 1), (2, 0), (1, 0), (0, 0), (0, 1), (0, 2), (1, 2), (2, 2)
PLACES = {2: [_S, _N], 3: [_S, _W, _E], 4: [_S, _W, _N, _E], 5: [_S, _W, _NW, _NE, _E],
          6: [_S, _W, _NW, _N, _NE, _E], 7: [_S, _SW, _W, _NW, _NE, _E, _SE],
          8: [_S, _SW, _W, _NW, _N, _NE, _E, _SE]}
CENTRE = (1, 1)
CELLS = [(r, c) for r in range(3) for c in range(3) if (r, c) != CENTRE]

Prompt = Literal["turn", "wait", "pause", "over", "cover", "seen"]


def say(template: Template, **params: Param) -> str:
    """A template of the screen's words, filled."""
    return fill(template, params)


def styled(template: str, params: Mapping[str, Param], styles: Mapping[str, str], base: str = "") -> list[Part]:
    """A template, translated, as parts of content: each parameter named in ``styles`` in its style, the rest in
    ``base``; the words stay one sentence, whatever order a language puts them in."""
    parts: list[Part] = []
    for literal, field, _, _ in Formatter().parse(gettext(template)):
        text = literal.replace("{{", "{").replace("}}", "}")
        if text:
            parts.append((text, base) if base else text)
        if field is not None:
            value = show(field, params[field]) if field in params else "{" + field + "}"
            style = styles.get(field, base)
            parts.append((value, style) if style else value)
    return parts


def group_name(group: int) -> str:
    """A colour group of a long partner call: the colour's name, or the Bird."""
    return colour_word(group, title=True) if group < 4 else say(PROMPT["bird_group"])


def letter(card: int) -> str:
    return COLOURS[colour_of(card)] if card < BIRD else "K"


def tile(card: int, *, solid: bool = True, extra: str = "", narrow: bool = False) -> tuple[str, str]:
    """A card as a coloured tile whose letters read without colour: " R14 " (``narrow``: "R14 ", " R5 ")."""
    fg, bg = TILE[letter(card)]
    text = f"{card_str(card):^4}" if narrow else f" {card_str(card):<3} "
    if solid:
        return text, f"bold {fg} on {bg} {extra}".strip()
    return text, f"{PLAIN[letter(card)]} {extra}".strip()


def swatch(colour: int, extra: str = "") -> tuple[str, str]:
    """A colour as a small tile with its letter: " R "."""
    fg, bg = TILE[COLOURS[colour]]
    return f" {COLOURS[colour]} ", f"bold {fg} on {bg} {extra}".strip()


def nest_open(v: View) -> bool:
    """The nest is still in the bidder's hands: not every card to bury is buried yet."""
    return v.buried_count < v.rules.nest_size


# ---------------------------------------------------------------------- choices and their keys
@dataclass(frozen=True)
class Choice:
    action: int
    label: str
    key: str


def assign_keys(actions: list[int], fixed: dict[int, str] | None = None) -> list[Choice]:
    fixed = fixed or {}
    used = set(fixed.values())
    spare = iter(k for k in CHOICE_KEYS if k not in used)
    out = []
    for a in actions:
        key = fixed.get(a) or next(spare, "")
        out.append(Choice(a, choice_label(a), key))
    return out


def card_keys(v: View) -> dict[int, str]:
    """A key for every card in the seat's hand, in the order the hand is shown, while it plays or buries:
    the cards it may not play keep theirs, so pressing one is answered with the reason."""
    if not v.legal or not (v.phase == Phase.PLAY or (v.phase == Phase.NEST and v.step == NestStep.BURY)):
        return {}
    cards = sort_hand(v.rules, list(v.hand), v.trump, v.low, v.bird_high)
    return {c: k for c, k in zip(cards, CHOICE_KEYS)}


def bid_key(v: View, value: int) -> str:
    """The key of a bid, the same for the whole auction: the lowest bid of the rules is 1, the next 2 ..."""
    r = v.rules
    index, off = divmod(value - r.min_bid, r.bid_step)
    return CHOICE_KEYS[index] if not off and 0 <= index < len(CHOICE_KEYS) else ""


def group_of(card: int) -> int:
    """A card's colour group in a partner call: its colour, 4 for a Bird."""
    return colour_of(card) if card < BIRD else 4


def partner_groups(v: View) -> list[int]:
    """The colour groups of a partner call too long to show at once, in order; [] when it shows whole."""
    if v.step != NestStep.PARTNER:
        return []
    cards = [a - A.PARTNER for a in v.legal if A.PARTNER <= a < A.PASS]
    if len(cards) <= PARTNER_FLAT_MAX:
        return []
    return sorted({group_of(c) for c in cards})


def partner_group(v: View, wanted: int | None) -> int | None:
    """The colour group a long partner call shows: ``wanted`` if it has cards, else the group of the first
    card held by someone else (the usual call); None when the call shows whole."""
    groups = partner_groups(v)
    if not groups:
        return None
    if wanted in groups:
        return wanted
    cards = sort_hand(v.rules, [a - A.PARTNER for a in v.legal if A.PARTNER <= a < A.PASS])
    elsewhere = [c for c in cards if not v.hand >> c & 1]
    return group_of((elsewhere or cards)[0])


def choices_for(v: View, group: int | None = None) -> list[Choice]:
    """The seat's choices with their keys, each one of ``view.legal`` (cards to play or bury in hand order).
    A long partner call offers the cards of one colour group (:func:`partner_group`, asked for by ``group``)."""
    legal = list(v.legal)
    if not legal:
        return []
    r = v.rules
    if v.phase == Phase.PLAY:
        keys = card_keys(v)
        cards = sort_hand(r, legal, v.trump, v.low, v.bird_high)
        return [Choice(c, choice_label(c), keys.get(c, "")) for c in cards]
    if v.phase == Phase.NEST and v.step == NestStep.BURY:
        keys = card_keys(v)
        cards = sort_hand(r, [a - A.BURY for a in legal], v.trump, v.low, v.bird_high)
        return [Choice(A.BURY + c, choice_label(A.BURY + c), keys.get(c, "")) for c in cards]
    if v.phase == Phase.BID:
        ordered = [a for a in legal if a in (A.PASS, A.REDEAL)] + [a for a in legal if a >= A.BID]
        fixed = {A.PASS: "p", A.REDEAL: "r"}
        return [Choice(a, choice_label(a), fixed[a] if a in fixed else bid_key(v, a - A.BID)) for a in ordered]
    if v.step == NestStep.TRUMP:
        fixed = {A.TRUMP + i: COLOURS[i].lower() for i in range(4)}
        fixed[A.NO_TRUMP] = "t"
        return assign_keys(legal, fixed)
    if v.step == NestStep.PARTNER:
        cards = sort_hand(r, [a - A.PARTNER for a in legal if A.PARTNER <= a < A.PASS])
        shown = partner_group(v, group)
        if shown is not None:
            cards = [c for c in cards if group_of(c) == shown]
        elsewhere = [c for c in cards if not v.hand >> c & 1]  # calling a card of your own: you play alone
        held = [c for c in cards if v.hand >> c & 1]
        stop = [A.NO_MORE_PARTNERS] if A.NO_MORE_PARTNERS in legal else []  # first, as Pass is in the auction
        return assign_keys(stop + [A.PARTNER + c for c in elsewhere + held])
    return assign_keys(legal)


# ---------------------------------------------------------------------- the info line
def info_content(v: View, seating: Seating, *, number: int, pace: float, shown: bool = True,
                 compact: bool = False) -> Content:
    """The top lines: rules, hand number, dealer, bid, trump, calls; totals, the points taken this hand, whose
    cards show (``shown``: they are on screen), pace.  ``compact``: the short form for a small terminal."""
    r = v.rules
    dot = " · "
    parts: list[Part] = [(say(INFO["rook"]) + " ", "bold"), rules_title(r) + dot] if not compact else []
    parts.append(say(INFO["hand_compact" if compact else "hand"], number=number) + dot)
    parts.append(say(INFO["dealer"], name=seating.name(v.dealer)) + dot)
    if v.bidder >= 0:
        parts.append((say(INFO["bidder"]) + " ", "bold"))
        parts.append(f"{seating.name(v.bidder)} {number_of(v.bid)}{dot}")
    elif v.high_bidder >= 0:
        parts.append(say(INFO["high_bid"], name=seating.name(v.high_bidder), bid=v.high_bid) + dot)
    else:
        parts.append(say(INFO["no_bid"]) + dot)
    parts.append((say(INFO["trump"]) + " ", "bold"))
    if v.trump >= 0:
        parts.append(swatch(v.trump))
        parts.append(f" {trump_words(v.trump)}")
    else:
        parts.append(trump_words(v.trump))
    calls = []
    if v.partner_cards:
        calls.append(say(INFO["partner_card"], cards=list(v.partner_cards)))
    if r.bird_rank == "called" and v.phase >= Phase.PLAY:
        calls.append(say(INFO["bird_high" if v.bird_high else "bird_low"]))
    if r.low and v.phase >= Phase.PLAY:
        calls.append(say(INFO["low" if v.low else "high"]))
    if v.nest_points is not None:
        calls.append(say(INFO["nest_points" if v.nest_points else "nest_no_points"]))
    buried = shown_buried_short(v)  # show_buried_trump: turned face up for the table as the play starts
    if buried:
        calls.append(buried)
    # nest_shown: the nest stays in sight through the play, as in the browser; not in the short form, whose three
    # rows it would overflow at 80x24 (the line mode and the browser say it there)
    nest = shown_nest_short(v) if not compact else ""
    if nest:
        calls.append(nest)
    if calls:
        parts.append(dot + ", ".join(calls))
    totals = "  ".join(f"{seating.side_name(s)} {number_of(t)}" for s, t in enumerate(v.totals))
    taken = taken_words(seating, v)
    taken = f"{dot}{taken}" if taken else ""
    if compact and r.num_sides > 2:  # a seat's short name each, to keep the score on one line
        totals = " ".join(f"{seating.short(s)} {number_of(t)}" for s, t in enumerate(v.totals))
        if taken:
            short = " ".join(f"{seating.short(s)} {number_of(t)}" for s, t in enumerate(points_taken(v)))
            taken = dot + say(INFO["taken_short"], scores=short)
        parts.append("\n" + say(INFO["score_goal"], scores=totals, goal=r.goal) + taken + dot + say(INFO["help"]))
        return Content.assemble(*parts)
    if seating.human >= 0:  # the person is "You" at the bottom: a seat number would say nothing to them
        mates = [seating.name(s) for s in seating.side_seats(r.side_of(seating.human)) if s != seating.human]
        who = say(INFO["your_partner"], names=listed(mates)) if r.mode == "partners" and mates else ""
    elif shown and v.seat in seating.people:
        who = say(INFO["cards_of"], name=seating.name(v.seat), seat_number=v.seat)
    else:
        who = say(INFO["cards_hidden"])
    who = f"{dot}{who}" if who else ""
    pace_words = say(INFO["pace"], pace=decimal(pace, 1))
    parts.append("\n" + say(INFO["totals_goal"], scores=totals, goal=r.goal) + taken + who
                 + dot + pace_words + dot + say(INFO["help"]))
    return Content.assemble(*parts)


# ---------------------------------------------------------------------- the table
def place_of(n: int, bottom: int, seat: int) -> tuple[int, int]:
    """The grid cell of ``seat`` at a table of ``n`` drawn with ``bottom`` at the bottom middle."""
    places = PLACES.get(n, PLACES[8])
    offset = (seat - bottom) % n
    return places[offset] if offset < len(places) else (0, 0)


def trick_shown(v: View, seating: Seating) -> tuple[dict[int, int], int | None, str]:
    """The cards on the table by seat, the seat winning (or that won) them, and a caption.

    Mid-trick: the trick so far; between tricks: the last trick taken, face up until the next lead."""
    n = v.rules.players
    if v.trick:
        cards = {(v.leader + i) % n: c for i, c in enumerate(v.trick)}
        best = winning_so_far(v)
        if best is None:
            return cards, None, ""
        both = seating.is_you(v.leader) and seating.is_you(best[0])
        say_it = TABLE["trick_now_you_both" if both else "trick_now"]
        assert isinstance(say_it, Say)
        return cards, best[0], seating.tell(say_it, number=len(v.tricks) + 1, leader=v.leader, winner=best[0],
                                            card=best[1])
    if v.tricks:
        leader, taken, winner = v.tricks[-1]
        cards = {(leader + i) % n: c for i, c in enumerate(taken)}
        went = TABLE["trick_went"]
        assert isinstance(went, Say)
        return cards, winner, seating.tell(went, number=len(v.tricks), winner=winner,
                                           points=trick_points(v.rules, taken))
    return {}, None, ""


def _table(key: str, **params: Param) -> str:
    template = TABLE[key]
    assert not isinstance(template, Say)
    return fill(template, params)


def _told(seating: Seating, table: Mapping[str, object], key: str, **params: Param) -> str:
    said = table[key]
    assert isinstance(said, Say)
    return seating.tell(said, **params)


def seat_content(v: View, seating: Seating, seat: int, *, card: int | None = None, winning: bool = False,
                 acting: bool = False, lines: int = 8) -> Content:
    """One seat's cell: name, who plays it, cards left, tricks won, marks; its card on the table, and whether
    it is winning.  ``lines``: the height of the cell; a small one keeps the name, the marks and the card."""
    marks = []
    if seat == v.dealer:
        marks.append(_table("dealer"))
    if seat == v.bidder:
        marks.append(_table("bid", bid=v.bid))
    elif v.phase == Phase.BID:
        calls = [a for s, a in v.auction if s == seat]
        if calls:
            last = calls[-1]
            marks.append(_table("passed") if last == A.PASS else _table("redeal") if last == A.REDEAL
                         else _table("bid", bid=last - A.BID))
    if v.rules.mode == "call-partner" and seat != v.bidder and seat in v.known_partners:
        marks.append(_table("partner"))
    grey = "#c8e0d0"
    name: Part = ((">> " if acting else "") + seating.name(seat), "bold #ffe070" if acting else "bold")
    held = _table("cards", count=v.hand_sizes[seat])
    won = _table("tricks", count=v.won[seat])
    count = f"{held} · {won}"
    on_table: list[Part] = []
    if card is not None:
        on_table.append(tile(card))
        if winning:
            mark = _table("winning" if v.trick else "won_it")
            on_table.append((f" {mark}" if lines < 7 else f"\n{mark}", "bold #ffe070"))
    elif acting:
        on_table.append("…")
    if lines >= 7:
        parts: list[Part] = [
            name, "\n",
            ("" if seating.is_person(seat) else level_name(seating.players[seat]), grey), "\n",
            (held, grey), "\n",
            (won, grey), "\n",
            (", ".join(marks), grey), "\n",
        ]
        return Content.assemble(*parts, *on_table)
    if lines >= 4:
        parts = [name, "\n", (count, grey), "\n", (", ".join(marks), grey), "\n"]
    elif lines == 3:
        parts = [name, (" · " + ", ".join(marks) if marks else "", grey), "\n", (count, grey), "\n"]
    else:
        parts = [name, (" · " + ", ".join(marks) if marks else "", grey), "\n"]
    return Content.assemble(*parts, *on_table)


def table_cells(v: View, seating: Seating, bottom: int, *, acting: int = -1,
                lines: int = 8) -> dict[tuple[int, int], Content]:
    """Every cell of the 3 x 3 table but the centre: the seats around ``bottom``, empty cells blank.
    ``acting``: the seat marked as the one to move (-1: none, as when a hand's result is shown);
    ``lines``: the height of a cell."""
    n = v.rules.players
    cards, winner, _ = trick_shown(v, seating)
    out = {cell: Content("") for cell in CELLS}
    for s in range(n):
        out[place_of(n, bottom, s)] = seat_content(v, seating, s, card=cards.get(s), winning=s == winner,
                                                   acting=s == acting, lines=lines)
    return out


def center_content(v: View, seating: Seating, *, result: PadRow | None = None,
                   final: tuple[int, Sequence[int]] | None = None, show_last: bool = False,
                   covered_for: str | None = None, compact: bool = False,
                   room: tuple[int, int] | None = None) -> Content:
    """The middle of the table: the game's end (``final``: winner, totals), a hand's result, the auction,
    the nest exchange (the nest where the seat may see it), or the trick; the taken tricks on request.
    ``room``: the middle's columns and rows, where a hand's result fits the nest and the burial only as far as
    they leave the way on ("Enter: next hand") in sight."""
    r = v.rules
    lines: list[Part] = []
    if covered_for is not None:
        lines.append((_table("screen_goes", name=covered_for), "bold"))
    elif final is not None:
        lines.append((winner_line(seating, final[0], final[1]), "bold #ffe070"))
        lines.append("\n" + _table("new_or_quit"))
    elif result is not None:
        said = result_lines(seating, result)[:3]
        for i, text in enumerate(said):
            lines.append((("\n" if i else "") + text, "bold" if i == 0 else ""))
        on = _table("next_hand")
        # the nest and the burial, as this seat may see them (the view follows rookgame.visible), where they fit
        rows = sum(_rows(text, room[0]) for text in [*said, on]) if room is not None else 0
        for text in nest_and_burial(seating, result.bidder, v.nest, v.buried, v.shown_buried):
            if room is not None:
                rows += _rows(text, room[0])
                if rows > room[1]:
                    break
            lines.append("\n" + text)
        lines.append(("\n" + on, "#ffe070"))
    elif v.phase == Phase.BID:
        high = (_told(seating, TABLE, "auction_high", bid=v.high_bid, seat=v.high_bidder) if v.high_bidder >= 0
                else _told(seating, TABLE, "auction_opens", min=r.min_bid))
        lines.append(f"{high}\n{_told(seating, TABLE, 'to_bid', seat=v.to_act)}")
    elif v.phase == Phase.NEST:
        lines.append(_told(seating, TABLE, "won_bid", seat=v.bidder, bid=v.bid) + "\n")
        if v.nest is not None and nest_open(v):
            lines.append(_table("nest") + " ")
            for c in sort_hand(r, list(v.nest)):
                lines.append(tile(c))
                lines.append(" ")
            lines.append("\n")
        if v.bidder != v.seat and v.step is not None:
            lines.append(_told(seating, TABLE, f"busy_{v.step}", seat=v.bidder))
    else:
        caption = trick_shown(v, seating)[2]
        lines.append(caption or _told(seating, TABLE, "leads", seat=v.to_act))
    if show_last and covered_for is None:
        lines.append(("\n\n" + review_text(seating, v), "#c8e0d0"))
    return Content.assemble(*lines)


def _rows(text: str, width: int) -> int:
    """The rows ``text`` takes wrapped at ``width`` columns, as the table's middle wraps it (at spaces)."""
    return sum(max(1, len(textwrap.wrap(line, max(1, width)))) for line in text.split("\n"))


# ---------------------------------------------------------------------- the side: auction and score pad
def auction_content(v: View, seating: Seating) -> Content:
    """Every call of the auction (the last twelve), then who won the bid and the trump."""
    if not v.auction:
        return Content(_told(seating, AUCTION, "no_calls", seat=(v.dealer + 1) % v.rules.players))
    lines = []
    for seat, a in v.auction:
        call = (gettext(str(AUCTION["pass"])) if a == A.PASS else gettext(str(AUCTION["redeal"])) if a == A.REDEAL
                else number_of(a - A.BID))
        lines.append(f"{seating.name(seat):<8} {call}")
    if v.bidder >= 0:
        lines.append(_told(seating, AUCTION, "won", seat=v.bidder, bid=v.bid, trump=trump_words(v.trump)))
    return Content("\n".join(lines[-12:]))


def pad_table(seating: Seating, rows: Sequence[PadRow]) -> Table:
    """Every hand: bidder, bid, trump, what the bidding side took and made or set, each side's score
    and running total (with more than two sides, the running totals only, to fit)."""
    r = seating.rules
    wide = r.num_sides <= 2
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1) if wide else (0, 1, 0, 0),
                  collapse_padding=True, show_edge=False)
    table.add_column(gettext(PAD["number"]), justify="right", no_wrap=True)
    table.add_column(gettext(PAD["bidder"]), no_wrap=True)
    table.add_column(gettext(PAD["bid"]), justify="right", no_wrap=True)
    if wide:
        table.add_column(gettext(PAD["trump"]), no_wrap=True)
    table.add_column(gettext(PAD["result" if wide else "took"]), no_wrap=True)
    for s in range(r.num_sides):
        table.add_column(seating.side_name(s) if wide else seating.short(s), justify="right", no_wrap=True)
    for row in rows:
        trump = COLOURS[row.trump] if row.trump >= 0 else "-"
        if row.bidder < 0:
            head = [str(row.number), gettext(PAD["thrown"]), gettext(PAD["in"]), *([""] if wide else []), ""]
        elif wide:
            head = [str(row.number), seating.name(row.bidder), number_of(row.bid), trump,
                    fill(PAD["made" if row.made else "set"], {"taken": row.taken})]
        else:
            head = [str(row.number), seating.short(row.bidder), f"{number_of(row.bid)}{trump}",
                    f"{number_of(row.taken)}{'✓' if row.made else '✗'}"]
        if wide:
            table.add_row(*head, *[f"{number_of(sc, True)}→{number_of(t)}" for sc, t in zip(row.score, row.totals)])
        else:
            table.add_row(*head, *[number_of(t) for t in row.totals])
    return table


# ---------------------------------------------------------------------- the hand and the prompt
def hand_content(v: View, choices: Sequence[Choice] = (), *, cursor: int = 0,
                 selected: Sequence[int] = (), width: int = 0) -> Content:
    """The seat's cards as tiles grouped by suit: over each card its key while it may be chosen,
    under it a mark (^ may be played, bury: picked to bury, nest: came from the nest).  ``width``: the
    columns there are (0: as many as it takes); the tiles narrow to fit a small terminal."""
    r = v.rules
    cards = sort_hand(r, list(v.hand), v.trump, v.low, v.bird_high)
    if not cards:
        return Content(say(GAME["no_cards"]))
    t = r.play_tables(v.trump, v.low, v.bird_high) if v.trump >= 0 else None
    groups = len({t.suit[c] if t is not None else (colour_of(c) if c < BIRD else 4) for c in cards})
    w, sep, gap = 5, " ", "  "  # a tile, then the space after each card, and between colours
    if width and len(cards) * 6 + (groups - 1) * 2 > width:
        w, gap = 4, " "
        if len(cards) * 5 + groups - 1 > width:
            sep = ""  # the narrowest: tiles touch; their centred names keep them apart
    narrow = w == 4
    keyed: dict[int, tuple[int, Choice]] = {}
    for i, ch in enumerate(choices):
        if ch.action < A.BURY:
            keyed[ch.action] = (i, ch)
        elif A.BURY <= ch.action < A.PARTNER:
            keyed[ch.action - A.BURY] = (i, ch)
    on_turn = bool(keyed)
    every_key = card_keys(v) if on_turn else {}
    nest = v.nest if (v.bidder == v.seat and v.phase == Phase.NEST and nest_open(v)
                      and v.nest is not None) else None
    keys: list[Part] = []
    tiles: list[Part] = []
    marks: list[Part] = []
    prev_group = None
    for c in cards:
        group = t.suit[c] if t is not None else (colour_of(c) if c < BIRD else 4)
        if prev_group is not None and group != prev_group:
            for part in (keys, tiles, marks):
                part.append(gap)
        prev_group = group
        hit = keyed.get(c)
        if hit is not None:
            index, ch = hit
            click = f"@click=screen.pick({index})"
            here = index == cursor
            keys.append((f"[{ch.key}]".center(w) if here else f" {ch.key} ".center(w),
                         f"bold reverse {click}" if here else f"bold {click}"))
            tiles.append(tile(c, extra=click + (" underline" if here else ""), narrow=narrow))
        else:
            dead = every_key.get(c, "")
            keys.append((f" {dead} ".center(w), "#7a9a85") if dead else " " * w)
            tiles.append(tile(c, solid=not on_turn, narrow=narrow))
        mark = ""
        if c in selected:
            mark = say(GAME["mark_bury"])
        elif nest is not None and c in nest:
            mark = say(GAME["mark_nest"])
        elif on_turn and hit is not None and v.phase == Phase.PLAY:
            mark = " ^ "
        marks.append((mark[:w].center(w), "bold #ffe070" if c in selected else "#c8e0d0"))
        for part in (keys, tiles, marks):
            part.append(sep)
    return Content.assemble(*keys, "\n", *tiles, "\n", *marks)


def prompt_content(v: View, seating: Seating, state: Prompt, choices: Sequence[Choice] = (), *, cursor: int = 0,
                   selected: Sequence[int] = (), message: str = "", covered_for: str = "",
                   group: int | None = None) -> Content:
    """The bottom box: what the seat is asked (``turn``), who is awaited (``wait``), Enter for the next hand
    (``pause``), the game's end (``over``), whom the screen goes to (``cover``), or a key to go on once a
    trick the computer took has been seen (``seen``); then any message."""
    parts: list[Part] = []
    ask = "bold #ffe070"
    if state == "over":
        parts.append((say(PROMPT["game_over"]) + " ", "bold"))
        parts.append((say(PROMPT["new_game"]), "bold @click=screen.new_game"))
        parts.append("   ")
        parts.append((say(PROMPT["quit"]), "bold @click=app.quit"))
    elif state == "pause":
        parts.append((say(PROMPT["hand_over"]) + " ", "bold"))
        parts.append((say(PROMPT["next_hand"]), "bold reverse @click=screen.continue"))
    elif state == "cover":
        parts.append((say(PROMPT["pass_screen"], name=covered_for), "bold"))
    elif state == "seen":
        parts.append((say(GAME["after_trick"]), "bold #ffe070 @click=screen.seen_it"))
    elif state == "wait":
        parts.append(say(PROMPT["waiting"], name=seating.name(v.to_act) if v.to_act >= 0 else "?"))
    elif v.phase == Phase.PLAY:
        parts.extend(styled(str(PROMPT["play"]), {"prompt": step_prompt(v)}, {"prompt": ask}))
    elif v.step == NestStep.BURY:
        left = v.rules.nest_size - v.buried_count
        chosen = " ".join(card_str(c) for c in selected) or say(PROMPT["none_chosen"])
        more = left - len(selected)
        then = say(PROMPT["more_to_pick"], more=more) if more > 0 else say(PROMPT["enter_buries"])
        bury = PROMPT["bury"]
        assert isinstance(bury, Plural)
        form = ngettext(bury.one, bury.many, left)
        parts.extend(styled(form, {"prompt": step_prompt(v), "left": left, "count": len(selected), "then": then,
                                   "chosen": chosen}, {"prompt": ask, "chosen": "bold"}))
        parts.append("   ")
        parts.append((say(PROMPT["bury_button"]), "bold reverse @click=screen.bury"))
    else:
        parts.extend(styled(str(PROMPT["choose"]), {"prompt": step_prompt(v)}, {"prompt": ask}))
        parts.append(" ")
        shown = partner_group(v, group)
        if shown is not None:  # a long partner call: the colour groups, then the shown group's cards
            for g in partner_groups(v):
                parts.append((say(PROMPT["group"], key=GROUP_KEYS[g], name=group_name(g)),
                              "bold reverse" if g == shown else "bold"))
                parts.append(" ")
            parts.append(say(PROMPT["group_keys"]) + "\n")
        for i, ch in enumerate(choices):
            style = f"bold @click=screen.pick({i})"
            if i == cursor:
                style += " reverse"
            if A.TRUMP <= ch.action < A.NO_TRUMP:
                parts.append((f"[{ch.key}] ", style))
                parts.append(swatch(ch.action - A.TRUMP, extra=style))
                parts.append((f" {ch.label}", style))
            else:
                parts.append((say(PROMPT["choice"], key=ch.key, label=ch.label) if ch.key else ch.label, style))
            parts.append("  ")
    if message:
        parts.append(("\n" + message, "#ffd0a0"))
    return Content.assemble(*parts)

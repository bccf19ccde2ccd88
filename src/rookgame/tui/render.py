"""What the full-screen game draws, as pure functions from one seat's view to content.

Each function reads a :class:`~rookgame.view.View` (and the seating, the score pad's rows, the
choices on offer) and returns Textual :class:`~textual.content.Content` or a rich table for one
part of the screen: the info line, the table's seats and centre, the auction, the score pad,
the hand and the prompt.  Nothing here looks at the game's state or changes it, so what a
seat is shown is exactly what its view holds, and each part is tested without running the app.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rich import box
from rich.table import Table
from textual.content import Content

from .. import actions as A
from ..cards import BIRD, COLOUR_NAMES, COLOURS, card_str, colour_of
from ..kernel import trick_points
from ..match import PadRow
from ..rules import NestStep
from ..state import Phase
from ..view import View, points_taken, winning_so_far
from ..words.cards import sort_hand, trump_words
from ..words.play import choice_label, review_text, shown_buried_short, step_prompt, taken_words
from ..words.results import result_lines, winner_line
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
GROUP_NAMES = (*COLOUR_NAMES, "Bird")

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

Prompt = Literal["turn", "wait", "pause", "over", "cover"]


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
    parts: list[Part] = [("Rook ", "bold"), f"{r.label} · "] if not compact else []
    parts.append(f"hand {number} · dealer {seating.name(v.dealer)} · " if not compact
                 else f"Hand {number} · dealer {seating.name(v.dealer)} · ")
    if v.bidder >= 0:
        parts.append(("Bidder: ", "bold"))
        parts.append(f"{seating.name(v.bidder)} {v.bid} · ")
    elif v.high_bidder >= 0:
        parts.append(f"High bid: {seating.name(v.high_bidder)} {v.high_bid} · ")
    else:
        parts.append("No bid yet · ")
    parts.append(("Trump: ", "bold"))
    if v.trump >= 0:
        parts.append(swatch(v.trump))
        parts.append(f" {trump_words(v.trump)}")
    else:
        parts.append(trump_words(v.trump))
    calls = []
    if v.partner_cards:
        calls.append("partner card " + " ".join(card_str(c) for c in v.partner_cards))
    if r.bird_rank == "called" and v.phase >= Phase.PLAY:
        calls.append("Bird " + ("high" if v.bird_high else "low"))
    if r.low and v.phase >= Phase.PLAY:
        calls.append("low" if v.low else "high")
    if v.nest_points is not None:
        calls.append("nest has points" if v.nest_points else "nest has no points")
    buried = shown_buried_short(v)  # show_buried_trump: turned face up for the table as the play starts
    if buried:
        calls.append(buried)
    if calls:
        parts.append(" · " + ", ".join(calls))
    totals = "  ".join(f"{seating.side_name(s)} {t}" for s, t in enumerate(v.totals))
    taken = taken_words(seating, v)
    taken = f" · {taken}" if taken else ""
    if compact and r.num_sides > 2:  # a seat's short name each, to keep the score on one line
        totals = " ".join(f"{seating.short(s)} {t}" for s, t in enumerate(v.totals))
        if taken:
            taken = " · taken " + " ".join(f"{seating.short(s)} {t}" for s, t in enumerate(points_taken(v)))
        parts.append(("\nScore: ", "bold"))
        parts.append(f"{totals} (goal {r.goal}){taken} · ? help")
        return Content.assemble(*parts)
    if seating.human >= 0:  # the person is "You" at the bottom: a seat number would say nothing to them
        mates = [seating.name(s) for s in seating.side_seats(r.side_of(seating.human)) if s != seating.human]
        who = f"your partner {' and '.join(mates)}" if r.mode == "partners" and mates else ""
    elif shown and v.seat in seating.people:
        who = f"{seating.name(v.seat)}'s cards (seat {v.seat})"
    else:
        who = "cards hidden"
    who = f" · {who}" if who else ""
    parts.append(f"\nTotals: {totals} (goal {r.goal}){taken}{who} · pace {pace:.1f} s (+/-) · ? help")
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
        return cards, best[0], (f"Trick {len(v.tricks) + 1}: {seating.name(v.leader)} led; "
                                f"{seating.subject(best[0], 'is', 'are')} winning with {card_str(best[1])}.")
    if v.tricks:
        leader, taken, winner = v.tricks[-1]
        cards = {(leader + i) % n: c for i, c in enumerate(taken)}
        points = trick_points(v.rules, taken)
        return cards, winner, f"Trick {len(v.tricks)} went to {seating.name(winner)} ({points} points)."
    return {}, None, ""


def seat_content(v: View, seating: Seating, seat: int, *, card: int | None = None, winning: bool = False,
                 acting: bool = False, lines: int = 8) -> Content:
    """One seat's cell: name, who plays it, cards left, tricks won, marks; its card on the table, and whether
    it is winning.  ``lines``: the height of the cell; a small one keeps the name, the marks and the card."""
    marks = []
    if seat == v.dealer:
        marks.append("dealer")
    if seat == v.bidder:
        marks.append(f"bid {v.bid}")
    elif v.phase == Phase.BID:
        calls = [a for s, a in v.auction if s == seat]
        if calls:
            last = calls[-1]
            marks.append("passed" if last == A.PASS else "redeal" if last == A.REDEAL else f"bid {last - A.BID}")
    if v.rules.mode == "call-partner" and seat != v.bidder and seat in v.known_partners:
        marks.append("partner")
    grey = "#c8e0d0"
    name: Part = ((">> " if acting else "") + seating.name(seat), "bold #ffe070" if acting else "bold")
    count = f"{v.hand_sizes[seat]} cards · {v.won[seat]} trick{'' if v.won[seat] == 1 else 's'}"
    on_table: list[Part] = []
    if card is not None:
        on_table.append(tile(card))
        if winning:
            on_table.append(((" ★ winning" if v.trick else " ★ won it") if lines < 7 else
                             ("\n★ winning" if v.trick else "\n★ won it"), "bold #ffe070"))
    elif acting:
        on_table.append("…")
    if lines >= 7:
        parts: list[Part] = [
            name, "\n",
            ("" if seating.is_person(seat) else seating.players[seat], grey), "\n",
            (f"{v.hand_sizes[seat]} cards", grey), "\n",
            (f"{v.won[seat]} trick{'' if v.won[seat] == 1 else 's'}", grey), "\n",
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
                   covered_for: str | None = None, compact: bool = False) -> Content:
    """The middle of the table: the game's end (``final``: winner, totals), a hand's result, the auction,
    the nest exchange (the nest where the seat may see it), or the trick; the taken tricks on request."""
    r = v.rules
    lines: list[Part] = []
    if covered_for is not None:
        lines.append((f"The screen goes to {covered_for}.", "bold"))
    elif final is not None:
        lines.append((winner_line(seating, final[0], final[1]), "bold #ffe070"))
        lines.append("\nn: new game   q: quit")
    elif result is not None:
        for i, text in enumerate(result_lines(seating, result)[:3]):
            lines.append((("\n" if i else "") + text, "bold" if i == 0 else ""))
        lines.append(("\nEnter: next hand", "#ffe070"))
    elif v.phase == Phase.BID:
        high = (f"High bid {v.high_bid} by {seating.name(v.high_bidder)}" if v.high_bidder >= 0
                else f"Bidding opens at {r.min_bid}")
        lines.append(f"Auction · {high}\n{seating.subject(v.to_act, 'is', 'are')} to bid.")
    elif v.phase == Phase.NEST:
        lines.append(f"{seating.name(v.bidder)} won the bid at {v.bid}.\n")
        if v.nest is not None and nest_open(v):
            lines.append("Nest: ")
            for c in sort_hand(r, list(v.nest)):
                lines.append(tile(c))
                lines.append(" ")
            lines.append("\n")
        if v.bidder != v.seat:
            lines.append(f"{seating.name(v.bidder)} is busy with the nest ({v.step}).")
    else:
        caption = trick_shown(v, seating)[2]
        if compact:  # a line per clause: the cell is narrow
            caption = caption.replace("; ", ";\n").replace(" went to ", "\nwent to ")
        lines.append(caption or f"{seating.subject(v.to_act, 'leads', 'lead')}.")
    if show_last and covered_for is None:
        lines.append(("\n\n" + review_text(seating, v), "#c8e0d0"))
    return Content.assemble(*lines)


# ---------------------------------------------------------------------- the side: auction and score pad
def auction_content(v: View, seating: Seating) -> Content:
    """Every call of the auction (the last twelve), then who won the bid and the trump."""
    if not v.auction:
        first = (v.dealer + 1) % v.rules.players
        return Content(f"No calls yet; {seating.subject(first, 'bids', 'bid')} first.")
    lines = []
    for seat, a in v.auction:
        call = "pass" if a == A.PASS else "redeal" if a == A.REDEAL else str(a - A.BID)
        lines.append(f"{seating.name(seat):<8} {call}")
    if v.bidder >= 0:
        lines.append(f"{seating.name(v.bidder)} won the bid at {v.bid}; trump {trump_words(v.trump)}")
    return Content("\n".join(lines[-12:]))


def pad_table(seating: Seating, rows: Sequence[PadRow]) -> Table:
    """Every hand: bidder, bid, trump, what the bidding side took and made or set, each side's score
    and running total (with more than two sides, the running totals only, to fit)."""
    r = seating.rules
    wide = r.num_sides <= 2
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1) if wide else (0, 1, 0, 0),
                  collapse_padding=True, show_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Bidder", no_wrap=True)
    table.add_column("Bid", justify="right", no_wrap=True)
    if wide:
        table.add_column("Tr", no_wrap=True)
    table.add_column("Result" if wide else "Took", no_wrap=True)
    for s in range(r.num_sides):
        table.add_column(seating.side_name(s) if wide else seating.short(s), justify="right", no_wrap=True)
    for row in rows:
        trump = COLOURS[row.trump] if row.trump >= 0 else "-"
        if row.bidder < 0:
            head = [str(row.number), "thrown", "in", *([""] if wide else []), ""]
        elif wide:
            head = [str(row.number), seating.name(row.bidder), str(row.bid), trump,
                    f"{row.taken} {'made' if row.made else 'SET'}"]
        else:
            head = [str(row.number), seating.short(row.bidder), f"{row.bid}{trump}",
                    f"{row.taken}{'✓' if row.made else '✗'}"]
        if wide:
            table.add_row(*head, *[f"{sc:+d}→{t}" for sc, t in zip(row.score, row.totals)])
        else:
            table.add_row(*head, *[str(t) for t in row.totals])
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
        return Content("(no cards)")
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
            mark = "bury"
        elif nest is not None and c in nest:
            mark = "nest"
        elif on_turn and hit is not None and v.phase == Phase.PLAY:
            mark = " ^ "
        marks.append((mark.center(w), "bold #ffe070" if mark == "bury" else "#c8e0d0"))
        for part in (keys, tiles, marks):
            part.append(sep)
    return Content.assemble(*keys, "\n", *tiles, "\n", *marks)


def prompt_content(v: View, seating: Seating, state: Prompt, choices: Sequence[Choice] = (), *, cursor: int = 0,
                   selected: Sequence[int] = (), message: str = "", covered_for: str = "",
                   group: int | None = None) -> Content:
    """The bottom box: what the seat is asked (``turn``), who is awaited (``wait``), Enter for the next hand
    (``pause``), the game's end (``over``), or whom the screen goes to (``cover``); then any message."""
    parts: list[Part] = []
    if state == "over":
        parts.append(("Game over. ", "bold"))
        parts.append(("[n] New game", "bold @click=screen.new_game"))
        parts.append("   ")
        parts.append(("[q] Quit", "bold @click=app.quit"))
    elif state == "pause":
        parts.append(("Hand over. ", "bold"))
        parts.append(("[Enter] Next hand", "bold reverse @click=screen.continue"))
    elif state == "cover":
        parts.append((f"Pass the screen to {covered_for}.", "bold"))
    elif state == "wait":
        who = seating.name(v.to_act) if v.to_act >= 0 else "?"
        parts.append(f"Waiting for {who}...")
    else:
        parts.append((step_prompt(v), "bold #ffe070"))
        if v.phase == Phase.PLAY:
            parts.append(": press a card's key, click it, or ←/→ and Enter. ^ marks the cards you may play.")
        elif v.step == NestStep.BURY:
            left = v.rules.nest_size - v.buried_count
            chosen = " ".join(card_str(c) for c in selected) or "none"
            more = left - len(selected)
            then = f"{more} more to pick" if more > 0 else "Enter buries them"
            parts.append(f": pick {left} by key, click or space, then Enter.\nSelected ({len(selected)} of {left}, "
                         f"{then}): ")
            parts.append((chosen, "bold"))
            parts.append("   ")
            parts.append(("[Enter] Bury", "bold reverse @click=screen.bury"))
        else:
            parts.append(": ")
            shown = partner_group(v, group)
            if shown is not None:  # a long partner call: the colour groups, then the shown group's cards
                for g in partner_groups(v):
                    parts.append((f"[{GROUP_KEYS[g]}] {GROUP_NAMES[g]}", "bold reverse" if g == shown else "bold"))
                    parts.append(" ")
                parts.append("(↑/↓)\n")
            for i, ch in enumerate(choices):
                style = f"bold @click=screen.pick({i})"
                if i == cursor:
                    style += " reverse"
                if A.TRUMP <= ch.action < A.NO_TRUMP:
                    parts.append((f"[{ch.key}] ", style))
                    parts.append(swatch(ch.action - A.TRUMP, extra=style))
                    parts.append((f" {ch.label}", style))
                else:
                    parts.append((f"[{ch.key}] {ch.label}" if ch.key else ch.label, style))
                parts.append("  ")
    if message:
        parts.append(("\n" + message, "#ffd0a0"))
    return Content.assemble(*parts)

"""One fixed integer action space, with readable names both ways.

    0..63      play card c               (the card index itself)
    64..127    bury card c               64 + c
    128..191   call card c as partner    128 + c
    192        pass
    193        redeal (no counters in hand)
    196..199   name trump B, R, Y, G     196 + colour
    200        no trump
    201, 202   direction high / low
    203, 204   Bird high / Bird low
    205        no more partners (decline an optional partner call)
    256..1256  bid v                     256 + v

Legal actions are always returned as a sorted list of these ints.
"""

from __future__ import annotations

from .cards import COLOURS, NUM_CARDS, CardError, card_str, parse_card

PLAY = 0
BURY = 64
PARTNER = 128
PASS = 192
REDEAL = 193
TRUMP = 196
NO_TRUMP = 200
HIGH = 201
LOW = 202
BIRD_HIGH = 203
BIRD_LOW = 204
NO_MORE_PARTNERS = 205
HIDDEN_BURY = BURY + 63  # not an action: in a seat's history, a card another seat buried unseen
BID = 256
NUM_ACTIONS = BID + 1001


class ActionError(ValueError):
    """Text that does not name an action."""


def bid(value: int) -> int:
    return BID + value


def trump(colour: int) -> int:
    return TRUMP + colour


def is_action(action: int) -> bool:
    """Whether a number names an action (the space has unused numbers between the blocks)."""
    if not 0 <= action < NUM_ACTIONS:
        return False
    if action < PASS:
        return action % 64 < NUM_CARDS
    return action >= BID or action in (PASS, REDEAL) or TRUMP <= action <= NO_MORE_PARTNERS


def action_str(action: int) -> str:
    """Readable name: ``Y14``, ``bury G5``, ``partner B1``, ``pass``, ``bid 85``, ``trump Y``."""
    if not is_action(action):
        raise ActionError(f"{action} is not an action number")
    if action < BURY:
        return card_str(action)
    if action < PARTNER:
        return f"bury {card_str(action - BURY)}"
    if action < PASS:
        return f"partner {card_str(action - PARTNER)}"
    if action >= BID:
        return f"bid {action - BID}"
    if TRUMP <= action < NO_TRUMP:
        return f"trump {COLOURS[action - TRUMP]}"
    names = {PASS: "pass", REDEAL: "redeal", NO_TRUMP: "no-trump", HIGH: "high", LOW: "low",
             BIRD_HIGH: "bird high", BIRD_LOW: "bird low", NO_MORE_PARTNERS: "no more partners"}
    if action in names:
        return names[action]
    raise ActionError(f"{action} is not an action number")


KINDS = ("play", "bury", "partner", "pass", "redeal", "trump", "no_trump", "high", "low", "bird_high", "bird_low",
         "no_more_partners", "bid")
_PLAIN_KINDS = {PASS: "pass", REDEAL: "redeal", NO_TRUMP: "no_trump", HIGH: "high", LOW: "low",
                BIRD_HIGH: "bird_high", BIRD_LOW: "bird_low", NO_MORE_PARTNERS: "no_more_partners"}


def kind_of(action: int) -> tuple[str, int | None, int | None]:
    """What an action is, as data: (kind, card, value), one of :data:`KINDS` with the card it plays,
    buries or calls, or the value it bids or the colour it names: ``("bid", None, 85)``,
    ``("bury", 17, None)``, ``("trump", None, 1)``.  A client reads these, never the action's number."""
    if not is_action(action):
        raise ActionError(f"{action} is not an action number")
    if action < BURY:
        return "play", action, None
    if action < PARTNER:
        return "bury", action - BURY, None
    if action < PASS:
        return "partner", action - PARTNER, None
    if action >= BID:
        return "bid", None, action - BID
    if TRUMP <= action < NO_TRUMP:
        return "trump", None, action - TRUMP
    return _PLAIN_KINDS[action], None, None


_WORDS = {"pass": PASS, "p": PASS, "redeal": REDEAL, "no-trump": NO_TRUMP, "notrump": NO_TRUMP,
          "nt": NO_TRUMP, "high": HIGH, "low": LOW, "bird high": BIRD_HIGH, "bird low": BIRD_LOW,
          "rook high": BIRD_HIGH, "rook low": BIRD_LOW, "no more partners": NO_MORE_PARTNERS,
          "no more": NO_MORE_PARTNERS, "no partner": NO_MORE_PARTNERS}


def parse_action(text: str) -> int:
    """Inverse of :func:`action_str`; a bare number is a bid, a bare card is a play."""
    t = " ".join(text.strip().lower().split())
    if t in _WORDS:
        return _WORDS[t]
    word, _, rest = t.partition(" ")
    try:
        number = t if word != "bid" else rest
        if not (number.isascii() and number.isdigit()):
            number = ""
        if number:
            return BID + int(number)  # a bid beyond the action space is refused by the state, with the maximum
        if word == "bury" and rest:
            return BURY + parse_card(rest)
        if word in ("partner", "call") and rest:
            return PARTNER + parse_card(rest)
        if word == "trump" and rest:
            if rest in ("none", "no", "no-trump"):
                return NO_TRUMP
            if len(rest) >= 1 and rest[0].upper() in COLOURS:
                return TRUMP + COLOURS.index(rest[0].upper())
        if " " not in t and (t[:1].upper() in COLOURS and t[1:].isdigit() or t.startswith(("rk", "rook", "bird"))):
            return parse_card(text.strip())  # as typed, so an error names the token the person wrote
    except CardError as e:
        raise ActionError(str(e) if " " not in t else f"{text.strip()!r}: {e}") from None
    raise ActionError(
        f"{text.strip()!r} is not an action: write a card (Y14), 'bid 85' or 85, 'pass', 'redeal', "
        "'bury G5', 'trump Y', 'no-trump', 'high', 'low', 'bird high', 'bird low', 'partner B1' or 'no more partners'"
    )

"""Finished games from the store: the list, a step-by-step replay, the record, players' statistics.

Only games that are over are shown here, so nothing is revealed of a hand still being played:
a finished game's cards may all be seen.  Each is rebuilt once from its log and kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC
from typing import Any

from ..cards import card_str, cards_of
from ..match import score_pad
from ..record import game_record, record_line, replay_record
from ..rules import RuleSet
from ..state import Hand
from ..table import Human, Table
from .protocol import choice
from .store import Store, StoreError


@dataclass(frozen=True)
class Finished:
    code: str
    name: str
    finished: str
    table: Table
    profiles: dict[int, int] = field(default_factory=dict)  # seat -> the profile that played it (signed in)


class History:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._kept: dict[str, Finished] = {}

    def game(self, code: str) -> Finished:
        """A finished game; :class:`StoreError` when there is none by that code (or it is not over)."""
        code = code.strip().upper()
        if code in self._kept:
            return self._kept[code]
        st = self.store.stored(code)
        if st.finished is None:
            raise StoreError.said("game_not_finished", table=code)
        table = self.store.load(code)
        when = st.finished if st.finished.tzinfo else st.finished.replace(tzinfo=UTC)  # SQLite keeps no zone
        done = Finished(code, st.name, when.astimezone(UTC).isoformat(timespec="seconds"), table, _profiles(st.lobby))
        self._kept[code] = done
        return done

    def games(self) -> list[dict[str, Any]]:
        """Every finished game, newest first."""
        out = []
        for code in reversed(self.store.codes(finished=True)):
            try:
                g = self.game(code)
            except StoreError:
                continue
            m = g.table.match
            out.append({"code": g.code, "name": g.name, "finished": g.finished, "rules": m.rules.label,
                        "players": g.table.names, "people": g.table.humans, "winner": m.winner,
                        "totals": list(m.totals), "hands": len(m.hands), **_sides(m.rules)})
        return out

    def record(self, code: str) -> str:
        """The game as one rook-record/1 line (``rook replay`` checks it)."""
        g = self.game(code)
        return record_line(game_record(g.table.match, g.table.names))

    def steps(self, code: str) -> dict[str, Any]:
        """Every decision of the game with the whole table as it stood before it: for the replay screen."""
        g = self.game(code)
        rec = game_record(g.table.match, g.table.names)
        frames: list[dict[str, Any]] = []

        def before(number: int, hand: Hand, seat: int, action: int, trick: int | None, totals: list[int]) -> None:
            frames.append({"hand": number, "seat": seat, "action": choice(action).model_dump(), "dealer": hand.dealer,
                           "hands": [[card_str(c) for c in cards_of(h)] for h in hand.hands],
                           "nest": [card_str(c) for c in cards_of(hand.nest)] if hand.nest else [],
                           "trick": [card_str(c) for c in hand.trick], "leader": hand.leader,
                           "bidder": hand.bidder, "bid": hand.bid, "trump": hand.trump, "tricks": len(hand.tricks),
                           "partner_cards": [card_str(c) for c in hand.partner_cards],
                           "totals": list(totals)})

        replay_record(rec, 1, before=before)
        return {"code": g.code, "name": g.name, "players": g.table.names, "rules": g.table.rules.label,
                "people": g.table.humans, "winner": rec["winner"], "totals": list(g.table.match.totals),
                **_sides(g.table.rules), "steps": frames}

    def stats(self) -> list[dict[str, Any]]:
        """Per person: games played and won, hands bid, made and set, points per hand.  A person who played signed
        in is counted by their profile (``profile``: its id), whatever names it played under; a guest by name."""
        people: dict[tuple[str, str], dict[str, Any]] = {}
        for code in self.store.codes(finished=True):
            try:
                g = self.game(code)
            except StoreError:
                continue
            m = g.table.match
            rules = m.rules
            for seat, who in enumerate(g.table.seats):
                if not isinstance(who, Human):
                    continue
                profile = g.profiles.get(seat)
                key = ("guest", who.name) if profile is None else ("profile", str(profile))
                p = people.setdefault(key, {"name": who.name, "profile": profile, "games": 0, "won": 0, "hands": 0,
                                            "bids": 0, "made": 0, "set": 0, "points": 0, "per_game": []})
                side = rules.side_of(seat)
                p["games"] += 1
                p["won"] += int(m.winner == side)
                pts = 0
                for row in score_pad(rules, m.hands):
                    p["hands"] += 1
                    pts += row.score[side]
                    if row.bidder == seat:
                        p["bids"] += 1
                        p["made" if row.made else "set"] += 1
                p["points"] += pts
                p["per_game"].append({"code": g.code, "points": pts, "hands": len(m.hands)})
        out = []
        for p in sorted(people.values(), key=lambda p: (-p["won"], p["name"])):
            p["points_per_hand"] = round(p["points"] / p["hands"], 1) if p["hands"] else 0.0
            out.append(p)
        return out


def _profiles(lobby: dict[str, Any]) -> dict[int, int]:
    """Each seat's profile, from the lobby the game finished with (:mod:`.accounts`: a person who sat signed in)."""
    out: dict[int, int] = {}
    people = lobby.get("people") if isinstance(lobby, dict) else None
    for person in (people or {}).values():
        if isinstance(person, dict) and isinstance(person.get("seat"), int) and isinstance(person.get("player"), int):
            out[person["seat"]] = person["player"]
    return out


def _sides(rules: RuleSet) -> dict[str, Any]:
    """The scoring sides: which seats each total belongs to (call-partner: each seat its own)."""
    return {"mode": rules.mode,
            "sides": [[s for s in range(rules.players) if rules.side_of(s) == k] for k in range(rules.num_sides)]}

"""Ratings: how strong a player (or a bot) is at a rule set, from whole games, with its uncertainty.

A maintained team-rating library does the mathematics: OpenSkill's Plackett-Luce model (a Bayesian
rating for teams of any size, published by its authors with figures the tests check against). A
rating is a mean ``mu`` and an uncertainty ``sigma``; the rating shown is ``mu - 3 * sigma``, which a
newcomer's uncertainty keeps low until games tell who they are.

After every finished game the teams are rated by how they finished: a partnership game is two teams
of two (ranked by the winner, then the totals); in a game without fixed partners (cutthroat, the
individual games, call-partner, whose sides change from hand to hand) every player is a team of one,
ranked by their totals. Each rule set has ratings of its own (a preset by its name, a house-rules
file by the rule set it resolves to): a club's ladder for Kentucky Discard says nothing of cutthroat.
Bots are rated like people, under their level's name, so a person sees how they compare with
``medium`` or ``expert``. A game in which a person's seat was played by a bot for part of it is not
rated (``counted=False``), and a player on both sides of a game (a bot against itself) is not
rated by it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from .rules import PRESETS, RuleSet

MU = 25.0
SIGMA = MU / 3
_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> float:
        """The rating shown: ``mu - 3 sigma``, what the player is at least, almost surely."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"mu": self.mu, "sigma": self.sigma, "games": self.games}


def rules_key(rules: RuleSet) -> str:
    """The ladder a rule set's games are rated on: a preset's name, or a house rule set's fingerprint."""
    preset = PRESETS.get(rules.preset)
    if preset is not None and preset.to_json() == rules.to_json():
        return rules.preset
    data = json.dumps(rules.to_json(), sort_keys=True).encode("utf-8")
    return f"house-{hashlib.sha256(data).hexdigest()[:12]}"


def teams_of(rules: RuleSet, players: Sequence[str]) -> list[list[int]]:
    """The seats of each team: the sides of a partnership game, else each seat alone."""
    if rules.mode == "partners":
        return [[s for s in range(rules.players) if rules.side_of(s) == side] for side in range(rules.num_sides)]
    return [[s] for s in range(rules.players)]


class Ratings:
    """Every player's rating per rule set (held in memory; the web server keeps them in its database)."""

    def __init__(self) -> None:
        self.table: dict[tuple[str, str], Rating] = {}

    def get(self, player: str, ladder: str) -> Rating:
        return self.table.get((ladder, player), Rating())

    def rate_game(self, rules: RuleSet, players: Sequence[str], totals: Sequence[int], winner: int | None, *,
                  counted: bool = True) -> dict[str, tuple[Rating, Rating]]:
        """Rate one finished game: ``players`` per seat, ``totals`` per side (per seat without partners),
        ``winner`` the winning side.  Returns each rated player's rating before and after."""
        if not counted or winner is None:
            return {}
        if len(players) != rules.players or len(totals) != rules.num_sides:
            raise ValueError(f"{rules.label}: {rules.players} players and {rules.num_sides} totals, not "
                             f"{len(players)} and {len(totals)}")
        ladder = rules_key(rules)
        teams = teams_of(rules, players)
        side_of_team = [rules.side_of(t[0]) for t in teams]
        on_team: dict[str, set[int]] = {}
        for ti, seats in enumerate(teams):
            for s in seats:
                on_team.setdefault(players[s], set()).add(ti)
        rated = {p for p, ts in on_team.items() if len(ts) == 1}  # a player on two sides learns nothing
        # Rank: the winner first, then by totals; equal totals share a rank.
        keys = [(side_of_team[ti] != winner, -totals[side_of_team[ti]]) for ti in range(len(teams))]
        distinct = sorted(set(keys))
        ranks = [distinct.index(k) for k in keys]
        before: dict[str, Rating] = {p: self.get(p, ladder) for p in on_team}
        model_teams: list[list[PlackettLuceRating]] = []
        for seats in teams:
            team = []
            for s in seats:
                r = before[players[s]] if players[s] in rated else Rating()
                team.append(_MODEL.rating(mu=r.mu, sigma=r.sigma, name=players[s]))
            model_teams.append(team)
        after_teams = _MODEL.rate(model_teams, ranks=[float(r) for r in ranks])
        out: dict[str, tuple[Rating, Rating]] = {}
        for seats, new_team in zip(teams, after_teams):
            for s, new in zip(seats, new_team):
                p = players[s]
                if p not in rated or p in out:  # a player twice on one team is rated once
                    continue
                old = before[p]
                self.table[(ladder, p)] = Rating(new.mu, new.sigma, old.games + 1)
                out[p] = (old, self.table[(ladder, p)])
        return out

    def leaderboard(self, ladder: str, limit: int = 100) -> list[tuple[str, Rating]]:
        """The rated players of a ladder, best first (by the rating shown)."""
        rows = [(p, r) for (lad, p), r in self.table.items() if lad == ladder]
        return sorted(rows, key=lambda pr: (-pr[1].shown, pr[0]))[:limit]

    def to_json(self) -> list[dict[str, Any]]:
        return [{"ladder": lad, "player": p, **r.to_json()} for (lad, p), r in sorted(self.table.items())]

    @classmethod
    def from_json(cls, rows: Sequence[dict[str, Any]]) -> Ratings:
        out = cls()
        for row in rows:
            out.table[(str(row["ladder"]), str(row["player"]))] = Rating(float(row["mu"]), float(row["sigma"]),
                                                                         int(row["games"]))
        return out

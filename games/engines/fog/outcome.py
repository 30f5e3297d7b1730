"""From colour scores to the seats' outcome: lowest or total colour, teams, solo rescue levels.

A seat's tie-break tuple is (Rescue Points, -islanders lost, Commoners rescued): the rulebook
ranks by RP, then fewest lost, then most Commoners rescued, then the players share the place.
"""

from __future__ import annotations

from typing import Any

from games.engines.fog import scoring
from games.engines.fog.state import FogState
from games.engines.outcome import Outcome


def _key(row: dict[str, Any]) -> tuple[int, int, int]:
    return (row["rp"], -row["lost"], row["commoners_rescued"])


def _combine(keys: list[tuple[int, int, int]], how: str) -> tuple[int, int, int]:
    """One key for a player's colours (or a team's players): RP by the scoring rule, ties by the whole.

    With `lowest` only the RP is the lowest colour's; "the player who has lost the fewest
    Islanders" and "whoever has rescued more Commoners" count all the player's colours.
    """
    points = sum(k[0] for k in keys) if how == "total" else min(k[0] for k in keys)
    return (points, sum(k[1] for k in keys), sum(k[2] for k in keys))


def outcome(state: FogState) -> Outcome:
    rules = state.rules
    rows = scoring.colour_scores(state)
    if rules.solo:
        return _solo(state, rows)
    seats = rules.seats
    seat_keys = []
    seat_details = []
    for seat in range(seats):
        mine = [row for c, row in enumerate(rows) if rules.seat_of[c] == seat]
        key = _combine([_key(r) for r in mine], rules.opt("score_colours"))
        seat_keys.append(key)
        seat_details.append({"colours": mine, "rescue_points": key[0], "lost": -key[1], "commoners_rescued": key[2]})
    keys = seat_keys
    details: dict[str, Any] = {"colours": rows}
    if rules.opt("team_play") != "off":
        teams = rules.opt("teams") if seats == 6 else 2
        team_of = [s % teams for s in range(seats)]
        team_keys = [
            _combine([seat_keys[s] for s in range(seats) if team_of[s] == t], rules.opt("team_play"))
            for t in range(teams)
        ]
        keys = [team_keys[team_of[s]] for s in range(seats)]
        for s in range(seats):
            seat_details[s]["team"] = team_of[s] + 1
            seat_details[s]["team_rescue_points"] = keys[s][0]
        details["teams"] = [
            {"team": t + 1, "seats": [s for s in range(seats) if team_of[s] == t], "key": list(team_keys[t])}
            for t in range(teams)
        ]
    scores = [k[0] for k in keys]
    return Outcome.ranked(
        scores, [tuple(k) for k in keys], reason=_reason(rules, keys), seat_details=seat_details, details=details
    )


def _reason(rules, keys) -> str:
    best = max(keys)
    winners = [s for s, k in enumerate(keys) if k == best]
    names = " and ".join(f"seat {s + 1}" for s in winners)
    tied_rp = [s for s, k in enumerate(keys) if k[0] == best[0]]
    text = f"{names} {'share the victory' if len(winners) > 1 else 'wins'} with {best[0]} RP"
    if len(tied_rp) > 1 and len(winners) == 1:
        others = [keys[s] for s in tied_rp if s not in winners]
        if all(o[1] < best[1] for o in others):
            text += f", losing fewer islanders ({-best[1]})"
        else:
            text += f", with more Commoners rescued ({best[2]})"
    return text


def _solo(state: FogState, rows: list[dict[str, Any]]) -> Outcome:
    goals = scoring.solo_goals(state)
    total = sum(r["rp"] for r in rows) + sum(goals.values())
    lost = sum(r["lost"] for r in rows)
    commoners = sum(r["commoners_rescued"] for r in rows)
    categories: dict[str, int] = {}
    for row in rows:
        for name, value in row["categories"].items():
            categories[name] = categories.get(name, 0) + value
    categories.update(goals)
    level = scoring.rescue_level(total)
    detail = {
        "rescue_points": total,
        "rescue_level": level,
        "categories": categories,
        "nations": rows,
        "lost": lost,
        "commoners_rescued": commoners,
        "scenario": state.rules.scenario.get("name") if state.rules.scenario else None,
    }
    return Outcome.ranked(
        [total],
        [(total, -lost, commoners)],
        reason=f"{total} RP: {level}",
        seat_details=[detail],
        details={"rescue_level": level},
    )

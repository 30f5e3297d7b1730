"""From colour scores to the seats' outcome: lowest or total colour, teams, solo rescue levels.

A seat's tie-break tuple is (Rescue Points, -islanders lost, Commoners rescued): the rulebook
ranks by RP, then fewest lost, then most Commoners rescued, then the players share the place.
"""

from __future__ import annotations

from typing import Any

from games.engines.fog import scoring
from games.engines.fog.state import FogState
from games.engines.outcome import Outcome
from games.engines.text import N_, Text


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


def _reason(rules, keys) -> Text:
    best = max(keys)
    winners = [s for s, k in enumerate(keys) if k == best]
    names = Text(N_("seat {seat}"), seat=winners[0] + 1)
    for s in winners[1:]:
        names = Text(N_("{first} and {second}"), first=names, second=Text(N_("seat {seat}"), seat=s + 1))
    tied_rp = [s for s, k in enumerate(keys) if k[0] == best[0]]
    if len(winners) > 1:
        return Text(N_("{seats} share the victory with {rp} RP"), seats=names, rp=best[0])
    if len(tied_rp) > 1:
        others = [keys[s] for s in tied_rp if s not in winners]
        if all(o[1] < best[1] for o in others):
            return Text(
                N_("{seats} wins with {rp} RP, losing fewer islanders ({lost})"), seats=names, rp=best[0], lost=-best[1]
            )
        return Text(
            N_("{seats} wins with {rp} RP, with more Commoners rescued ({commoners})"),
            seats=names,
            rp=best[0],
            commoners=best[2],
        )
    return Text(N_("{seats} wins with {rp} RP"), seats=names, rp=best[0])


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

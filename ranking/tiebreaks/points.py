"""Match points (placement points at multiplayer tables), and what the stage's results add up to."""

from __future__ import annotations

from ranking.tiebreaks.base import UNPLAYED_WORDS, Context, TieBreak, number, register


def _round_words(rounds) -> str:
    parts = []
    for r in rounds:
        label = f"R{r.round}" + (f" ({UNPLAYED_WORDS[r.unplayed]})" if r.unplayed else "")
        parts.append(f"{label} {number(r.points)}")
    return " + ".join(parts)


class MatchPoints(TieBreak):
    key = "match_points"
    name = "Match points"
    short = "Pts"
    unplayed = "byes and forfeit wins score the stage's points for them; absences score nothing"

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            entrant = context.entrants[eid]
            detail = _round_words(entrant.rounds) or "no round yet"
            if entrant.granted_points:
                detail += f" + {number(entrant.granted_points)} granted at entry"
            out[eid] = self.value(entrant.points, detail)
        return out


class PlacementPoints(MatchPoints):
    """At multiplayer tables the match points are the placement points of each table."""

    key = "placement_points"
    name = "Placement points"
    short = "Place pts"


register(MatchPoints())
register(PlacementPoints())

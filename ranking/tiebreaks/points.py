"""Match points (placement points at multiplayer tables), and what the stage's results add up to."""

from __future__ import annotations

from ranking.tiebreaks.base import Context, TieBreak, number, register, unplayed_words
from ranking.tiebreaks.text import N_, _


def _round_words(rounds) -> str:
    parts = []
    for r in rounds:
        label = f"R{r.round}" + (f" ({unplayed_words(r.unplayed)})" if r.unplayed else "")
        parts.append(f"{label} {number(r.points)}")
    return " + ".join(parts)


class MatchPoints(TieBreak):
    key = "match_points"
    name = N_("Match points")
    short = N_("Pts")
    unplayed = N_("byes and forfeit wins score the stage's points for them; absences score nothing")

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            entrant = context.entrants[eid]
            detail = _round_words(entrant.rounds) or _("no round yet")
            if entrant.granted_points:
                granted = _("%(points)s granted at entry") % {"points": number(entrant.granted_points)}
                detail += f" + {granted}"
            out[eid] = self.value(context.points[eid], detail)
        return out


class PlacementPoints(MatchPoints):
    """At multiplayer tables the match points are the placement points of each table."""

    key = "placement_points"
    name = N_("Placement points")
    short = N_("Place pts")


register(MatchPoints())
register(PlacementPoints())

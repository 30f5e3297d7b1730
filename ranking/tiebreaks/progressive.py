"""Progressive score: the running score after each round, added up (early wins weigh more)."""

from __future__ import annotations

from itertools import accumulate

from ranking.tiebreaks.base import Context, TieBreak, number, register
from ranking.tiebreaks.text import N_, _


class Progressive(TieBreak):
    key = "progressive"
    name = N_("Progressive score")
    short = N_("Prog")
    unplayed = N_("an unplayed round adds the points it gave (a bye its bye points, an absence nothing)")

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            entrant = context.entrants[eid]
            steps = list(accumulate([r.points for r in entrant.rounds], initial=entrant.granted_points))[1:]
            out[eid] = self.value(sum(steps), " + ".join([number(s) for s in steps]) or _("no round"))
        return out


register(Progressive())

"""Progressive score: the running score after each round, added up (early wins weigh more)."""

from __future__ import annotations

from ranking.tiebreaks.base import Context, TieBreak, number, register


class Progressive(TieBreak):
    key = "progressive"
    name = "Progressive score"
    short = "Prog"
    unplayed = "an unplayed round adds the points it gave (a bye its bye points, an absence nothing)"

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            entrant = context.entrants[eid]
            running, steps = entrant.granted_points, []
            for r in entrant.rounds:
                running += r.points
                steps.append(running)
            out[eid] = self.value(sum(steps), " + ".join(number(s) for s in steps) or "no round")
        return out


register(Progressive())

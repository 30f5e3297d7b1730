"""Average rating of opponents and performance rating, from the entrants' ratings at entry."""

from __future__ import annotations

from statistics import NormalDist

from ranking.tiebreaks.base import Context, TieBreak, number, register
from ranking.tiebreaks.text import N_, _

# The rating difference a score share is worth: the normal model behind FIDE's table (B.02, 8.1),
# with a standard deviation of 200·√2, capped at ±800 as the table is.
_MODEL = NormalDist(0.0, 200.0 * 2**0.5)


def rating_difference(share: float) -> float:
    if share >= 1.0:
        return 800.0
    if share <= 0.0:
        return -800.0
    return max(-800.0, min(800.0, _MODEL.inv_cdf(share)))


def _played(context: Context, eid):
    """(opponent ratings, results) of the games played over the board."""
    ratings, results = [], []
    for r in context.entrants[eid].rounds:
        if r.played:
            for e in r.encounters:
                ratings.append(context.entrants[e.opponent].rating)
                results.append(e.result)
    return ratings, results


class AverageRatingOfOpponents(TieBreak):
    key = "average_rating_opponents"
    name = N_("Average rating of opponents")
    short = N_("ARO")
    unplayed = N_("unplayed rounds are left out")

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            ratings, __ = _played(context, eid)
            average = round(sum(ratings) / len(ratings)) if ratings else 0
            detail = f"({' + '.join(number(r) for r in ratings)}) / {len(ratings)}" if ratings else _("no game played")
            out[eid] = self.value(average, detail)
        return out


class PerformanceRating(TieBreak):
    key = "performance_rating"
    name = N_("Performance rating")
    short = N_("TPR")
    unplayed = N_("unplayed rounds are left out")

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            ratings, results = _played(context, eid)
            if not ratings:
                out[eid] = self.value(0, _("no game played"))
                continue
            average = sum(ratings) / len(ratings)
            share = sum(results) / len(results)
            performance = round(average + rating_difference(share))
            detail = _("average opponent %(average)s + %(difference)s for scoring %(share)s") % {
                "average": number(average),
                "difference": number(rating_difference(share)),
                "share": f"{share:.0%}",
            }
            out[eid] = self.value(performance, detail)
        return out


register(AverageRatingOfOpponents())
register(PerformanceRating())

"""Average rating of opponents and performance rating, from the entrants' ratings at entry."""

from __future__ import annotations

from statistics import NormalDist

from ranking.tiebreaks.base import Context, TieBreak, number, register

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
    name = "Average rating of opponents"
    short = "ARO"
    unplayed = "unplayed rounds are left out"

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            ratings, _ = _played(context, eid)
            average = round(sum(ratings) / len(ratings)) if ratings else 0
            detail = f"({' + '.join(number(r) for r in ratings)}) / {len(ratings)}" if ratings else "no game played"
            out[eid] = self.value(average, detail)
        return out


class PerformanceRating(TieBreak):
    key = "performance_rating"
    name = "Performance rating"
    short = "TPR"
    unplayed = "unplayed rounds are left out"

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            ratings, results = _played(context, eid)
            if not ratings:
                out[eid] = self.value(0, "no game played")
                continue
            average = sum(ratings) / len(ratings)
            share = sum(results) / len(results)
            performance = round(average + rating_difference(share))
            detail = f"average opponent {number(average)} + {number(rating_difference(share))} for scoring {share:.0%}"
            out[eid] = self.value(performance, detail)
        return out


register(AverageRatingOfOpponents())
register(PerformanceRating())

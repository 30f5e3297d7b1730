"""Direct encounter, as FIDE C.07 Article 6 describes it, among the entrants still tied.

If every tied entrant has met every other, their results against each other decide. If not,
only an entrant whose score among the tied could not be caught even if the missing encounters
were all played and lost to the others is separated, from the top; the rest stay tied.
Byes never count; a forfeit between two tied entrants counts as its result (our reading).
"""

from __future__ import annotations

from collections import defaultdict

from ranking.standings.model import Unplayed
from ranking.tiebreaks.base import Context, TieBreak, Value, number, register
from ranking.tiebreaks.text import N_, _


def encounter_scores(context: Context, group) -> tuple[dict, dict]:
    """Points each entrant scored against the others of the group, and who met whom."""
    members = set(group)
    score = dict.fromkeys(group, 0.0)
    met = defaultdict(set)
    for eid in group:
        for r in context.entrants[eid].rounds:
            if r.unplayed not in (None, Unplayed.FORFEIT_WIN, Unplayed.FORFEIT_LOSS):
                continue
            for e in r.encounters:
                if e.opponent in members:
                    score[eid] += e.result
                    met[eid].add(e.opponent)
    return score, met


class DirectEncounter(TieBreak):
    key = "direct_encounter"
    name = N_("Direct encounter")
    short = N_("DE")
    unplayed = N_("byes do not count; forfeits between the tied entrants count as their result")
    per_group = True

    def values(self, context: Context, group):
        score, met = encounter_scores(context, group)
        everyone_met = all(met[a] >= set(group) - {a} for a in group)
        if everyone_met:
            return {eid: Value(score[eid], number(score[eid]), self._detail(context, eid, group)) for eid in group}
        return self._partial(context, group, score, met)

    def _partial(self, context, group, score, met):
        remaining = list(group)
        out = {}
        level = len(group)
        while len(remaining) > 1:
            best = max(remaining, key=lambda eid: score[eid])
            reachable = {eid: score[eid] + len(set(remaining) - met[eid] - {eid}) for eid in remaining}
            if any(reachable[other] >= score[best] for other in remaining if other != best):
                break
            out[best] = Value(
                level,
                number(score[best]),
                _("%(detail)s; out of reach") % {"detail": self._detail(context, best, group)},
            )
            remaining.remove(best)
            level -= 1
        for eid in remaining:
            note = _("%(detail)s; not everyone tied has met: this does not separate them")
            out[eid] = Value(0, number(score[eid]), note % {"detail": self._detail(context, eid, group)})
        return out

    def _detail(self, context, eid, group) -> str:
        parts = []
        for r in context.entrants[eid].rounds:
            for e in r.encounters:
                if e.opponent in group and e.opponent != eid:
                    parts.append(f"R{r.round} {context.entrants[e.opponent].name} {number(e.result)}")
        return _("against the tied: %(encounters)s") % {"encounters": ", ".join(parts) or _("none met")}


register(DirectEncounter())

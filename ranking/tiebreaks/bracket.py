"""The place an elimination bracket gives: final, third-place match, then the round reached.

The places are read from the bracket by the stage's loader (``Scoring.extra["bracket_places"]``:
entrant -> (place, how)); in an elimination stage they decide the ranks and the other
tie-breaks are shown for information.
"""

from __future__ import annotations

from ranking.tiebreaks.base import Context, Direction, TieBreak, Value, register
from ranking.tiebreaks.text import N_, _


class BracketPlace(TieBreak):
    key = "bracket_place"
    name = N_("Bracket place")
    short = N_("Place")
    direction = Direction.LOWER
    unplayed = N_("a walkover advances the entrant like a win; the bracket alone decides")

    def values(self, context: Context, group):
        places = context.scoring.extra.get("bracket_places", {})
        out = {}
        for eid in group:
            place, how = places.get(eid, (None, _("not in the bracket")))
            if place is None:
                out[eid] = Value(float("-inf"), "", how)
            else:
                out[eid] = self.value(place, how)
        return out

    def difference(self, above: Value, below: Value, names: tuple[str, str] = ("", "")) -> str:
        first, second = names
        return _("%(first)s %(first_how)s, %(second)s %(second_how)s (bracket places %(above)s and %(below)s)") % {
            "first": first,
            "first_how": above.detail,
            "second": second,
            "second_how": below.detail,
            "above": above.shown,
            "below": below.shown,
        }


register(BracketPlace())

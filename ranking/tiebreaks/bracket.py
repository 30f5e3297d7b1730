"""The place an elimination bracket gives: final, third-place match, then the round reached.

The places are read from the bracket by the stage's loader (``Scoring.extra["bracket_places"]``:
entrant -> (place, how)); in an elimination stage they decide the ranks and the other
tie-breaks are shown for information.
"""

from __future__ import annotations

from ranking.tiebreaks.base import Context, Direction, TieBreak, Value, register


class BracketPlace(TieBreak):
    key = "bracket_place"
    name = "Bracket place"
    short = "Place"
    direction = Direction.LOWER
    unplayed = "a walkover advances the entrant like a win; the bracket alone decides"

    def values(self, context: Context, group):
        places = context.scoring.extra.get("bracket_places", {})
        out = {}
        for eid in group:
            place, how = places.get(eid, (None, "not in the bracket"))
            if place is None:
                out[eid] = Value(float("-inf"), "", how)
            else:
                out[eid] = self.value(place, how)
        return out

    def difference(self, above: Value, below: Value, names: tuple[str, str] = ("", "")) -> str:
        first, second = names
        return f"{first} {above.detail}, {second} {below.detail} (bracket places {above.shown} and {below.shown})"


register(BracketPlace())

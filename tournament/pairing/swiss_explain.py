"""Words for what the Swiss matching did: score group, floats, cost terms, seats, byes, rematches."""

from . import first_player as fp
from . import swiss_costs as costs
from .model import CostTerm, Explanation, Float, Pairing
from .text import _, ngettext


def plural_count(score: float) -> int:
    """The number that chooses a plural form for a score: the score when whole; a fraction
    (1.5 points) takes the form of many."""
    return int(score) if score == int(score) else 2


def explain_pair(field: costs.RankedField, i: int, j: int, table: int, higher_first_by_default: bool) -> Pairing:
    higher, lower = field.ranked[i], field.ranked[j]
    first, second, seat_reason = fp.allocate_seats(higher, lower, higher_first_by_default)
    tier_values = costs.pair_costs(field, i, j)
    tier_values = tuple(
        value / field.score_scale if name == "score_difference" else value
        for name, value in zip(costs.TIERS, tier_values)
    )
    terms = tuple(
        CostTerm(name, value, _term_note(name, field, i, j))
        for name, value in zip(costs.TIERS, tier_values)
        if value and name not in costs.BYE_TIERS
    )
    floats = ()
    if higher.pairing_score != lower.pairing_score:
        floats = (
            Float(higher.id, "down", higher.pairing_score, lower.pairing_score),
            Float(lower.id, "up", lower.pairing_score, higher.pairing_score),
        )
        summary = _(
            "%(higher)s (%(high)s) floats down to meet %(lower)s (%(low)s): "
            "the %(high)s group could not be paired within itself at a lower cost"
        ) % {
            "higher": higher.shown,
            "high": f"{higher.pairing_score:g}",
            "lower": lower.shown,
            "low": f"{lower.pairing_score:g}",
        }
    else:
        summary = ngettext(
            "%(higher)s and %(lower)s both have %(score)s point",
            "%(higher)s and %(lower)s both have %(score)s points",
            plural_count(higher.pairing_score),
        ) % {"higher": higher.shown, "lower": lower.shown, "score": f"{higher.pairing_score:g}"}
    return Pairing(
        table=table,
        seats=(first.id, second.id),
        explanation=Explanation(
            summary=summary,
            score_group=higher.pairing_score,
            floats=floats,
            costs=terms,
            seat_reason=seat_reason,
            rematch=_rematch_reason(field, i, j),
        ),
    )


def _term_note(name: str, field, i: int, j: int) -> str:
    higher, lower = field.ranked[i], field.ranked[j]
    if name == "rematch":
        return _("they have met %(count)s time(s) before") % {"count": higher.met(lower.id)}
    if name.endswith("seat_clash"):
        if field.preferences[i].seat == 0:
            return _("both prefer to play first")
        return _("both prefer to play second")
    if name == "downfloaters":
        return _("%(name)s floats down through %(count)s score group(s)") % {
            "name": higher.shown,
            "count": field.group_index[j] - field.group_index[i],
        }
    if name == "score_difference":
        return _("score gap %(gap)s: one larger gap weighs more than any number of smaller ones") % {
            "gap": f"{abs(higher.pairing_score - lower.pairing_score):g}"
        }
    if name == "topscorer_seat_clash":
        return _("last round: a topscorer may take the same seat again when the score groups need it")
    if name == "repeated_float":
        return _("an entrant floats the same way as in a recent round")
    if name == "rank_gap":
        return _("places away from the ideal opponent in the standing order")
    return ""


def _rematch_reason(field, i: int, j: int) -> str | None:
    higher, lower = field.ranked[i], field.ranked[j]
    meetings = higher.met(lower.id)
    if not meetings:
        return None
    others = [entrant.id for entrant in field.ranked]
    fresh_high = sum(1 for other in others if other != higher.id and higher.met(other) == 0)
    fresh_low = sum(1 for other in others if other != lower.id and lower.met(other) == 0)
    return _(
        "%(higher)s and %(lower)s have met %(meetings)s time(s) already. No pairing of the whole field "
        "avoids every rematch (every pairing was compared), and this one has the fewest; "
        "%(higher)s had %(fresh_high)s and %(lower)s had %(fresh_low)s present entrant(s) not yet met, "
        "all needed elsewhere"
    ) % {
        "higher": higher.shown,
        "lower": lower.shown,
        "meetings": meetings,
        "fresh_high": fresh_high,
        "fresh_low": fresh_low,
    }


def explain_bye(field: costs.RankedField, receiver: int, settings) -> str:
    entrant = field.ranked[receiver]
    below = field.ranked[receiver + 1 :]
    had_bye = [other.shown for other in below if other.byes]
    could_have = [other.shown for other in below if not other.byes]
    words = {
        "name": entrant.shown,
        "score": f"{entrant.pairing_score:g}",
        "place": receiver + 1,
        "count": len(field),
    }
    if not below:
        return (
            _(
                "%(name)s (%(score)s points, place %(place)s of %(count)s) gets the bye: "
                "the field is odd and it is the lowest-ranked entrant, with no bye yet"
            )
            % words
        )
    parts = []
    if had_bye:
        parts.append(_("%(names)s ranked lower but already had a bye or a forfeit win") % {"names": _names(had_bye)})
    if could_have:
        parts.append(
            _(
                "giving it to %(names)s instead would have forced a rematch, a forbidden pairing "
                "or a worse pairing by the rules that come before the standing order (seats, floats)"
            )
            % {"names": _names(could_have)}
        )
    words["why"] = "; ".join(parts)
    return _("%(name)s (%(score)s points, place %(place)s of %(count)s) gets the bye: %(why)s") % words


def _names(ids) -> str:
    shown = ", ".join(str(entrant_id) for entrant_id in ids[:5])
    if len(ids) > 5:
        return _("%(names)s and %(count)s more") % {"names": shown, "count": len(ids) - 5}
    return shown

"""Words for what the Swiss matching did: score group, floats, cost terms, seats, byes, rematches."""

from . import first_player as fp
from . import swiss_costs as costs
from .model import CostTerm, Explanation, Float, Pairing


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
        summary = (
            f"{higher.shown} ({higher.pairing_score:g}) floats down to meet {lower.shown} ({lower.pairing_score:g}): "
            f"the {higher.pairing_score:g} group could not be paired within itself at a lower cost"
        )
    else:
        summary = f"{higher.shown} and {lower.shown} both have {higher.pairing_score:g} points"
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
        return f"they have met {higher.met(lower.id)} time(s) before"
    if name.endswith("seat_clash"):
        return f"both prefer to play {fp.SEAT_WORDS[field.preferences[i].seat]}"
    if name == "downfloaters":
        return f"{higher.shown} floats down through {field.group_index[j] - field.group_index[i]} score group(s)"
    if name == "score_difference":
        return (
            f"score gap {abs(higher.pairing_score - lower.pairing_score):g}: "
            "one larger gap weighs more than any number of smaller ones"
        )
    if name == "topscorer_seat_clash":
        return "last round: a topscorer may take the same seat again when the score groups need it"
    if name == "repeated_float":
        return "an entrant floats the same way as in a recent round"
    if name == "rank_gap":
        return "places away from the ideal opponent in the standing order"
    return ""


def _rematch_reason(field, i: int, j: int) -> str | None:
    higher, lower = field.ranked[i], field.ranked[j]
    meetings = higher.met(lower.id)
    if not meetings:
        return None
    others = [entrant.id for entrant in field.ranked]
    fresh_high = sum(1 for other in others if other != higher.id and higher.met(other) == 0)
    fresh_low = sum(1 for other in others if other != lower.id and lower.met(other) == 0)
    return (
        f"{higher.shown} and {lower.shown} have met {meetings} time(s) already. No pairing of the whole field "
        f"avoids every rematch (every pairing was compared), and this one has the fewest; "
        f"{higher.shown} had {fresh_high} and {lower.shown} had {fresh_low} present entrant(s) not yet met, "
        f"all needed elsewhere"
    )


def explain_bye(field: costs.RankedField, receiver: int, settings) -> str:
    entrant = field.ranked[receiver]
    below = field.ranked[receiver + 1 :]
    had_bye = [other.shown for other in below if other.byes]
    could_have = [other.shown for other in below if not other.byes]
    reason = f"{entrant.shown} ({entrant.pairing_score:g} points, place {receiver + 1} of {len(field)}) gets the bye: "
    if not below:
        return reason + "the field is odd and it is the lowest-ranked entrant, with no bye yet"
    parts = []
    if had_bye:
        parts.append(f"{_names(had_bye)} ranked lower but already had a bye or a forfeit win")
    if could_have:
        parts.append(
            f"giving it to {_names(could_have)} instead would have forced a rematch, a forbidden pairing "
            f"or a worse pairing by the rules that come before the standing order (seats, floats)"
        )
    return reason + "; ".join(parts)


def _names(ids) -> str:
    shown = ", ".join(str(entrant_id) for entrant_id in ids[:5])
    return shown + (f" and {len(ids) - 5} more" if len(ids) > 5 else "")

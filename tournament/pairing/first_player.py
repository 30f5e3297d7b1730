"""Who plays first in a two-seat game, allocated like colours in chess.

Over the event each entrant should play first about as often as second, alternate from game to
game, and never take the same seat three times in a row when that can be avoided. A preference
has a strength: *absolute* (the same seat in the last two games, or two more games in one seat
than the other), *strong* (one game more in one seat), *mild* (alternate from the last game) or
none (no game yet). Byes and absences are not games and do not count.
"""

from dataclasses import dataclass

from .model import Entrant
from .text import _

NONE, MILD, STRONG, ABSOLUTE = 0, 1, 2, 3
STRENGTH_NAMES = {NONE: "none", MILD: "mild", STRONG: "strong", ABSOLUTE: "absolute"}
SEAT_WORDS = {0: "first", 1: "second"}


@dataclass(frozen=True)
class SeatPreference:
    seat: int | None
    strength: int
    reason: str


def seat_balance(entrant: Entrant) -> int:
    """Games played first minus games played second."""
    history = two_seat_history(entrant)
    return history.count(0) - history.count(1)


def two_seat_history(entrant: Entrant) -> list[int]:
    return [seat for seat in entrant.seats if seat in (0, 1)]


def preference(entrant: Entrant) -> SeatPreference:
    history = two_seat_history(entrant)
    balance = history.count(0) - history.count(1)
    if len(history) >= 2 and history[-1] == history[-2]:
        seat = 1 - history[-1]
        if history[-1] == 0:
            return SeatPreference(seat, ABSOLUTE, _("played first in each of the last two games"))
        return SeatPreference(seat, ABSOLUTE, _("played second in each of the last two games"))
    if abs(balance) >= 2:
        seat = 1 if balance > 0 else 0
        more = _("has played first %(count)s games more") if seat == 1 else _("has played second %(count)s games more")
        return SeatPreference(seat, ABSOLUTE, more % {"count": abs(balance)})
    if abs(balance) == 1:
        seat = 1 if balance > 0 else 0
        more = _("has played first one game more") if seat == 1 else _("has played second one game more")
        return SeatPreference(seat, STRONG, more)
    if history:
        seat = 1 - history[-1]
        last = _("played first last time") if history[-1] == 0 else _("played second last time")
        return SeatPreference(seat, MILD, last)
    return SeatPreference(None, NONE, _("has not played yet"))


def conflict(first: SeatPreference, second: SeatPreference) -> int:
    """How strong a clash pairing the two would be: both want the same seat; the weaker yields."""
    if first.seat is None or first.seat != second.seat:
        return NONE
    return min(first.strength, second.strength)


def allocate_seats(higher: Entrant, lower: Entrant, higher_first_by_default: bool) -> tuple[Entrant, Entrant, str]:
    """(who plays first, who plays second, why) for a pair; ``higher`` is the better-ranked entrant.

    ``higher_first_by_default`` settles pairs where neither has a preference (the drawn lot of
    the first board, alternated down the boards).
    """
    pref_high, pref_low = preference(higher), preference(lower)
    if pref_high.seat is None and pref_low.seat is None:
        first, second = (higher, lower) if higher_first_by_default else (lower, higher)
        return (
            first,
            second,
            _(
                "neither has played yet: the higher-ranked entrant takes the initial seat if its pairing number is "
                "odd, the other seat if it is even"
            ),
        )
    if pref_high.seat is None or (pref_low.seat is not None and pref_low.seat != pref_high.seat):
        return _grant(lower, higher, pref_low, "")
    if pref_low.seat is None or pref_low.seat != pref_high.seat:
        return _grant(higher, lower, pref_high, "")
    return _settle_clash(higher, lower, pref_high, pref_low)


def _settle_clash(higher, lower, pref_high, pref_low):
    if pref_high.strength != pref_low.strength:
        winner, loser, pref = (
            (higher, lower, pref_high) if pref_high.strength > pref_low.strength else (lower, higher, pref_low)
        )
        outranks = {
            MILD: _(" (its mild preference outranks the other's)"),
            STRONG: _(" (its strong preference outranks the other's)"),
            ABSOLUTE: _(" (its absolute preference outranks the other's)"),
        }
        return _grant(winner, loser, pref, outranks.get(pref.strength, ""))
    balance_high, balance_low = abs(seat_balance(higher)), abs(seat_balance(lower))
    if balance_high != balance_low:
        winner, loser, pref = (higher, lower, pref_high) if balance_high > balance_low else (lower, higher, pref_low)
        return _grant(winner, loser, pref, _(" (the more unbalanced history wins the clash)"))
    history_high, history_low = two_seat_history(higher), two_seat_history(lower)
    for back in range(1, min(len(history_high), len(history_low)) + 1):
        if history_high[-back] != history_low[-back]:
            seat_for_high = 1 - history_high[-back]
            first, second = (higher, lower) if seat_for_high == 0 else (lower, higher)
            return (
                first,
                second,
                (
                    _(
                        "both wanted to play first: seats alternate from the last game "
                        "in which they sat differently (%(back)s game(s) ago)"
                    )
                    if pref_high.seat == 0
                    else _(
                        "both wanted to play second: seats alternate from the last game "
                        "in which they sat differently (%(back)s game(s) ago)"
                    )
                )
                % {"back": back},
            )
    return _grant(higher, lower, pref_high, _(" (equal claims: the higher-ranked entrant's preference wins)"))


def _grant(winner: Entrant, loser: Entrant, pref: SeatPreference, suffix: str):
    first, second = (winner, loser) if pref.seat == 0 else (loser, winner)
    words = {"name": winner.shown, "reason": pref.reason, "suffix": suffix}
    if pref.seat == 0:
        return first, second, _("%(name)s plays first: %(reason)s%(suffix)s") % words
    return first, second, _("%(name)s plays second: %(reason)s%(suffix)s") % words

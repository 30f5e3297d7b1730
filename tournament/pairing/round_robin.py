"""Round robin by Berger tables: every entrant meets every other once per cycle.

Berger numbers 1..n go to the entrants in seed order (or by a seeded lot). With n even, round r
(counted from 0) pairs the entrant opposite n, p = (r * n/2 mod (n-1)) + 1, with n, who plays
second in even-indexed rounds and first in odd ones; every other board k pairs p+k (first)
with p-k (second), numbers taken cyclically in 1..n-1. This reproduces the FIDE Berger tables
(Handbook C.05, Annex 1). An odd field adds a dummy number n+1: meeting it is the round's bye.
A double round robin plays the second cycle in table order with seats swapped; as FIDE recommends,
the last two rounds of the first cycle are exchanged so nobody takes the same seat three times in a
row at the turn of the cycles.
"""

from dataclasses import dataclass

from tournament.pairing.text import _

from .errors import InvalidSettings, TooFewEntrants
from .model import Bye, Entrant, Explanation, Pairing, RoundPairing, split_present
from .seeding import lot_order


@dataclass(frozen=True)
class RoundRobinSettings:
    """``cycles``: 1 (single) or 2 (double). ``order``: ``"seed"`` gives Berger numbers by seed and
    rating, ``"lot"`` draws them with the recorded seed."""

    cycles: int = 1
    order: str = "seed"

    def __post_init__(self):
        if self.cycles not in (1, 2):
            raise InvalidSettings(_("a round robin has one cycle (single) or two (double)"))
        if self.order not in ("seed", "lot"):
            raise InvalidSettings(
                _("Berger numbers are given by 'seed' or by 'lot', not %(order)s") % {"order": repr(self.order)}
            )


@dataclass(frozen=True)
class Schedule:
    """Every round of a round-robin stage, known in advance."""

    berger_numbers: tuple[tuple[int, object], ...]
    rounds: tuple[RoundPairing, ...]

    def to_json(self) -> dict:
        from .model import to_json

        return to_json(self)


def berger_rounds(count: int) -> list[list[tuple[int, int]]]:
    """Berger tables for ``count`` numbers (even): per round, (first, second) pairs, board order."""
    if count % 2 or count < 2:
        raise ValueError("Berger tables are defined for an even count of at least 2")
    modulus, half = count - 1, count // 2
    rounds = []
    for index in range(count - 1):
        opposite = (index * half) % modulus + 1
        boards = [(opposite, count) if index % 2 == 0 else (count, opposite)]
        for board in range(1, half):
            boards.append((_wrap(opposite + board, modulus), _wrap(opposite - board, modulus)))
        rounds.append(boards)
    return rounds


def _wrap(number: int, modulus: int) -> int:
    return (number - 1) % modulus + 1


def round_robin(entrants, settings: RoundRobinSettings | None = None, seed: int | str | None = None) -> Schedule:
    """All rounds of a single or double round robin among the present entrants."""
    settings = settings or RoundRobinSettings()
    playing, absences = split_present(entrants)
    if len(playing) < 2:
        raise TooFewEntrants(
            _("a round robin needs at least two entrants, and %(count)s are present") % {"count": len(playing)}
        )
    numbered = _numbered(playing, settings, seed)
    count = len(numbered) + len(numbered) % 2
    cycle = berger_rounds(count)
    plan = [(boards, False) for boards in cycle]
    if settings.cycles == 2:
        if len(plan) >= 2:
            plan[-2], plan[-1] = plan[-1], plan[-2]
        plan += [(boards, True) for boards in cycle]
    rounds = tuple(
        _round(numbered, boards, swapped, number, seed, absences, settings)
        for number, (boards, swapped) in enumerate(plan, start=1)
    )
    return Schedule(tuple((number, entrant.id) for number, entrant in numbered.items()), rounds)


def _numbered(playing: list[Entrant], settings, seed) -> dict[int, Entrant]:
    lot = lot_order([entrant.id for entrant in playing], seed, "berger")
    if settings.order == "lot":
        ordered = sorted(playing, key=lambda entrant: lot[entrant.id])
    else:
        ordered = sorted(
            playing,
            key=lambda e: (e.seed if e.seed is not None else float("inf"), -e.rating, lot[e.id]),
        )
    return {number: entrant for number, entrant in enumerate(ordered, start=1)}


def _round(numbered, boards, swapped, round_number, seed, absences, settings) -> RoundPairing:
    pairings, byes = [], []
    cycle_note = _(" (second cycle: seats swapped)") if swapped else ""
    for first, second in boards:
        if swapped:
            first, second = second, first
        if first not in numbered or second not in numbered:
            present = numbered[first if first in numbered else second]
            byes.append(Bye(present.id, _("odd field: the Berger table pairs this entrant with the empty number")))
            continue
        a, b = numbered[first], numbered[second]
        pairings.append(
            Pairing(
                table=len(pairings) + 1,
                seats=(a.id, b.id),
                explanation=Explanation(
                    summary=_("Berger table: number %(first)s meets number %(second)s")
                    % {"first": first, "second": second},
                    seat_reason=_("Berger tables give number %(first)s the first seat%(note)s")
                    % {"first": first, "note": cycle_note},
                ),
            )
        )
    return RoundPairing("round_robin", round_number, seed, tuple(pairings), tuple(byes), absences, (), settings)

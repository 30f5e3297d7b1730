"""Carry a round's pairings and results into the entrants' history for the next round.

A service normally rebuilds entrants from stored matches; this is the same bookkeeping in pure
Python, used by simulations, tests and the benchmark.
"""

import dataclasses
from collections.abc import Collection, Mapping

from .model import Entrant, EntrantId, RoundPairing


def record_round(
    entrants: list[Entrant],
    round_pairing: RoundPairing,
    points: Mapping[EntrantId, float],
    bye_points: float = 1.0,
    forfeits: Mapping[int, Collection[EntrantId]] | None = None,
) -> list[Entrant]:
    """Entrants after the round: scores, opponents, seats, byes and floats updated.

    ``points`` gives what each seated entrant scored at its table. A bye counts as a float down
    (the entrant scores without meeting anyone), as in the FIDE rules.

    ``forfeits`` maps the table number of each match that was not played to who did not turn
    up. As FIDE C.04.1 reads it, a forfeit is not a game: the two have not met (they may be
    paired again), neither took a seat, and the side that was there scores as after a bye: it
    counts as a float down and, like a bye, rules out the pairing-allocated bye later.
    """
    forfeits = forfeits or {}
    by_id = {entrant.id: entrant for entrant in entrants}
    updated = {}
    for pairing in round_pairing.pairings:
        if pairing.table in forfeits:
            absent = set(forfeits[pairing.table])
            for entrant_id in pairing.seats:
                entrant = by_id[entrant_id]
                won = entrant_id not in absent
                updated[entrant_id] = dataclasses.replace(
                    entrant,
                    score=entrant.score + points.get(entrant_id, 0.0),
                    byes=entrant.byes + (1 if won else 0),
                    floats=(*entrant.floats, -1 if won else 0),
                )
            continue
        for seat, entrant_id in enumerate(pairing.seats):
            entrant = by_id[entrant_id]
            others = tuple(other for other in pairing.seats if other != entrant_id)
            updated[entrant_id] = dataclasses.replace(
                entrant,
                score=entrant.score + points.get(entrant_id, 0.0),
                opponents=entrant.opponents + others,
                seats=(*entrant.seats, seat),
                floats=(*entrant.floats, _float_direction(entrant, [by_id[other] for other in others])),
            )
    for bye in round_pairing.byes:
        entrant = by_id[bye.entrant]
        updated[bye.entrant] = dataclasses.replace(
            entrant, score=entrant.score + bye_points, byes=entrant.byes + 1, floats=(*entrant.floats, -1)
        )
    for entrant_id, letter in requested_byes(round_pairing).items():
        # A bye the pairing did not allocate (a TRF import's H or F): it scores what was stored;
        # only a full-point one rules out the pairing-allocated bye (FIDE C.04.1) and floats down.
        entrant = by_id[entrant_id]
        full = letter == "F"
        updated[entrant_id] = dataclasses.replace(
            entrant,
            score=entrant.score + points.get(entrant_id, 0.0),
            byes=entrant.byes + full,
            floats=(*entrant.floats, -1 if full else 0),
        )
    return [updated.get(entrant.id, _idle(entrant)) for entrant in entrants]


def requested_byes(round_pairing: RoundPairing) -> dict[EntrantId, str]:
    """The byes of a stored round that the pairing did not allocate: entrant -> TRF letter, ``H``
    (half-point) or ``F`` (full-point). Kept in the round's ``settings`` so that the pairing's own
    ``byes`` stay the pairing-allocated ones."""
    settings = round_pairing.settings if isinstance(round_pairing.settings, Mapping) else {}
    return dict(settings.get("requested_byes", {}))


def _float_direction(entrant: Entrant, others: list[Entrant]) -> int:
    if not others:
        return 0
    average = sum(other.pairing_score for other in others) / len(others)
    if average > entrant.pairing_score:
        return 1
    if average < entrant.pairing_score:
        return -1
    return 0


def _idle(entrant: Entrant) -> Entrant:
    return dataclasses.replace(entrant, floats=(*entrant.floats, 0))

"""Duplicate and score-challenge rounds: every table plays the same seeded setup, ranked by score.

Used for the cooperative and solo games, and to take the luck of a random setup out of a
competitive round. The setup seed is derived from the stage's recorded seed and the round
number, so it is the same for every table of the round, different from round to round, and can
be given again to the engine (``setup(..., seed=setup_seed)``) to rebuild the layout.
"""

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from .errors import InvalidSettings, TooFewEntrants
from .model import EntrantId, Explanation, Pairing, RoundPairing, split_present
from .seeding import derive_seed
from .tables import TableSettings, pair_tables


@dataclass(frozen=True)
class DuplicateSettings:
    """``table_size`` 1: each entrant (a solo player or a whole team) plays alone on the setup;
    more: entrants share tables of exactly that size, grouped by standing."""

    table_size: int = 1

    def __post_init__(self):
        if self.table_size < 1:
            raise InvalidSettings("a duplicate table seats at least one entrant")


def setup_seed(seed: int | str | None, round_number: int) -> int:
    """The seed of the setup every table plays in this round."""
    return derive_seed(seed, "duplicate-setup", round_number)


def pair_duplicate(entrants, settings: DuplicateSettings | None = None, round_number: int = 1, seed=None):
    settings = settings or DuplicateSettings()
    shared = setup_seed(seed, round_number)
    note = f"every table plays the setup of seed {shared} (stage seed {seed!r}, round {round_number})"
    if settings.table_size == 1:
        playing, absences = split_present(entrants)
        if not playing:
            raise TooFewEntrants("a duplicate round needs at least one present entrant")
        pairings = tuple(
            Pairing(
                table=number,
                seats=(entrant.id,),
                setup_seed=shared,
                explanation=Explanation(summary=f"{entrant.id} plays the round's shared setup", seat_reason=note),
            )
            for number, entrant in enumerate(playing, start=1)
        )
        return RoundPairing("duplicate", round_number, seed, pairings, (), absences, (note,), settings)
    size = settings.table_size
    grouped = pair_tables(entrants, TableSettings(size, size, size), round_number, seed)
    pairings = tuple(dataclasses.replace(pairing, setup_seed=shared) for pairing in grouped.pairings)
    return dataclasses.replace(grouped, format="duplicate", pairings=pairings, notes=(note,), settings=settings)


def rank_by_score(
    scores: Mapping[EntrantId, float], higher_is_better: bool = True
) -> list[tuple[int, EntrantId, float]]:
    """(rank, entrant, score), best first; equal scores share a rank and the next rank is skipped."""
    ordered = sorted(scores.items(), key=lambda item: (-item[1] if higher_is_better else item[1], repr(item[0])))
    ranking, previous, rank = [], None, 0
    for position, (entrant_id, score) in enumerate(ordered, start=1):
        if score != previous:
            rank, previous = position, score
        ranking.append((rank, entrant_id, score))
    return ranking

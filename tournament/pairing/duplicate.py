"""Duplicate and score-challenge rounds: every table plays the same setup, ranked by score.

Used for the cooperative and solo games, and to take the luck of a random setup out of a
competitive round. The shared setup comes from a secret seed drawn for the round
(``draw_setup_seed``), never from a seed that is shown: from the setup seed the engine rebuilds
the whole layout (``setup(..., seed=setup_seed)``), hidden parts included (the Mists tile order).
The caller keeps it on the server until the round is over; the pairing's explanation and notes
never mention it.
"""

import dataclasses
import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from tournament.pairing.text import N_, _

from .errors import InvalidSettings, TooFewEntrants
from .model import EntrantId, Explanation, Pairing, RoundPairing, split_present
from .tables import TableSettings, pair_tables

SHARED_SETUP_NOTE = N_(
    "every table plays the same setup, drawn in secret when the round is published and shown once the round is over"
)


@dataclass(frozen=True)
class DuplicateSettings:
    """``table_size`` 1: each entrant (a solo player or a whole team) plays alone on the setup;
    more: entrants share tables of exactly that size, grouped by standing."""

    table_size: int = 1

    def __post_init__(self):
        if self.table_size < 1:
            raise InvalidSettings(_("a duplicate table seats at least one entrant"))


def draw_setup_seed() -> int:
    """A fresh secret seed for a round's shared setup: from the system's randomness, so nothing
    shown (the event's or the round's seed, the round number) tells it."""
    return secrets.randbelow(2**62)


def pair_duplicate(
    entrants, settings: DuplicateSettings | None = None, round_number: int = 1, seed=None, setup_seed=None
):
    """Seat the round; every table gets ``setup_seed`` (None in a preview: drawn at publication).
    ``seed`` only draws lots between equal entrants when tables seat several."""
    settings = settings or DuplicateSettings()
    note = _(SHARED_SETUP_NOTE)
    if settings.table_size == 1:
        playing, absences = split_present(entrants)
        if not playing:
            raise TooFewEntrants(_("a duplicate round needs at least one present entrant"))
        pairings = tuple(
            Pairing(
                table=number,
                seats=(entrant.id,),
                setup_seed=setup_seed,
                explanation=Explanation(
                    summary=_("%(name)s plays the round's shared setup") % {"name": entrant.shown}, seat_reason=note
                ),
            )
            for number, entrant in enumerate(playing, start=1)
        )
        return RoundPairing("duplicate", round_number, seed, pairings, (), absences, (note,), settings)
    size = settings.table_size
    grouped = pair_tables(entrants, TableSettings(size, size, size), round_number, seed)
    pairings = tuple(dataclasses.replace(pairing, setup_seed=setup_seed) for pairing in grouped.pairings)
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

"""Plain data in and out of every pairing format: entrants, pairings, byes and explanations.

All records are frozen dataclasses of plain values so that a service can build them from rows
and store what comes back (``to_json``) without the algorithms knowing about a database.
"""

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tournament.pairing.text import _

from .errors import PairingUserError

EntrantId = int | str


@dataclass(frozen=True)
class Entrant:
    """One entrant as the pairing sees it before a round.

    ``opponents`` lists every opponent met, once per meeting (a multiplayer table counts every
    other player at it). ``seats`` lists the seat taken in each game played, 0 being the first
    player; byes and absences are not games and are not listed. ``floats`` holds one value per
    past Swiss round: +1 when the entrant was paired up (met a higher score), -1 when paired down,
    0 otherwise. ``late_entry_score`` is the score an organiser grants a late entrant for the
    rounds missed; pairings use ``score + late_entry_score``. ``byes`` counts the byes received
    and the forfeit wins (FIDE C.04.1: either rules out a pairing-allocated bye); a forfeited
    match is not a meeting and gives no seat. ``name`` only changes the words
    of explanations, never a pairing.
    """

    id: EntrantId
    rating: float = 0.0
    seed: int | None = None
    score: float = 0.0
    opponents: tuple[EntrantId, ...] = ()
    seats: tuple[int, ...] = ()
    byes: int = 0
    floats: tuple[int, ...] = ()
    club: str | None = None
    forbidden: frozenset[EntrantId] = frozenset()
    present: bool = True
    withdrawn: bool = False
    late_entry_score: float = 0.0
    name: str = ""  # how explanations name the entrant (the id when empty)

    @property
    def shown(self) -> str:
        """The entrant as explanations name it: its name, else its id."""
        return self.name or str(self.id)

    @property
    def pairing_score(self) -> float:
        return self.score + self.late_entry_score

    @property
    def plays_this_round(self) -> bool:
        return self.present and not self.withdrawn

    def met(self, other: EntrantId) -> int:
        """How many times this entrant has already met ``other``."""
        return self.opponents.count(other)


@dataclass(frozen=True)
class CostTerm:
    """One term of the cost the algorithm minimised, as shown to an organiser."""

    name: str
    value: float
    note: str = ""


@dataclass(frozen=True)
class Float:
    """An entrant paired outside its score group: ``down`` meets a lower score, ``up`` a higher one."""

    entrant: EntrantId
    direction: str
    from_score: float
    to_score: float


@dataclass(frozen=True)
class Explanation:
    """Why a pairing (or table) is what it is."""

    summary: str
    score_group: float | None = None
    floats: tuple[Float, ...] = ()
    costs: tuple[CostTerm, ...] = ()
    seat_reason: str = ""
    rematch: str | None = None


@dataclass(frozen=True)
class Pairing:
    """One table: ``seats[0]`` plays first, ``seats[1]`` second, and so on."""

    table: int
    seats: tuple[EntrantId, ...]
    explanation: Explanation
    setup_seed: int | None = None
    label: str = ""


@dataclass(frozen=True)
class Bye:
    entrant: EntrantId
    reason: str


@dataclass(frozen=True)
class Absence:
    """A registered entrant left out of this round, and why (absent, withdrawn)."""

    entrant: EntrantId
    reason: str


@dataclass(frozen=True)
class RoundPairing:
    """The result of pairing one round; nothing is stored, so it doubles as a preview."""

    format: str
    round_number: int
    seed: int | str | None
    pairings: tuple[Pairing, ...]
    byes: tuple[Bye, ...] = ()
    absences: tuple[Absence, ...] = ()
    notes: tuple[str, ...] = ()
    settings: Any = None

    def pairing_of(self, entrant_id: EntrantId) -> Pairing | None:
        for pairing in self.pairings:
            if entrant_id in pairing.seats:
                return pairing
        return None

    def paired_ids(self) -> list[EntrantId]:
        return [entrant_id for pairing in self.pairings for entrant_id in pairing.seats]

    def to_json(self) -> dict:
        return to_json(self)


def to_json(value: Any) -> Any:
    """A JSON-safe copy: dataclasses become dicts, tuples and sets become lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {item.name: to_json(getattr(value, item.name)) for item in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((to_json(item) for item in value), key=repr)
    if isinstance(value, list | tuple):
        return [to_json(item) for item in value]
    return value


def rank_key(entrant: Entrant, lot: Mapping[EntrantId, int]) -> tuple:
    """Standing order before a round: score, then seed, then rating, then the drawn lot."""
    seed = entrant.seed if entrant.seed is not None else float("inf")
    return (-entrant.pairing_score, seed, -entrant.rating, lot.get(entrant.id, 0))


def split_present(entrants, reason_absent: str = "absent this round") -> tuple[list[Entrant], tuple[Absence, ...]]:
    """The entrants to pair, and the others with the reason they are left out."""
    check_unique_ids(entrants)
    playing = [entrant for entrant in entrants if entrant.plays_this_round]
    absences = tuple(
        Absence(entrant.id, "withdrawn from the event" if entrant.withdrawn else reason_absent)
        for entrant in entrants
        if not entrant.plays_this_round
    )
    return playing, absences


def check_unique_ids(entrants) -> None:
    seen = set()
    for entrant in entrants:
        if entrant.id in seen:
            raise PairingUserError(
                _("entrant %(id)s is listed twice: each entrant must appear once") % {"id": repr(entrant.id)}
            )
        seen.add(entrant.id)

"""Elimination brackets as data: matches whose two slots name where each entrant comes from.

A slot is a seed number, the winner or the loser of an earlier match, or empty (a bye). The
bracket is built once, before the stage starts; ``bracket_state`` then reads the results known
so far and says which matches are ready to play, who advanced without playing, who is out, and
who won. Nothing is stored here: a service keeps the bracket's JSON and the winners.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from tournament.pairing.text import _

from .errors import PairingUserError
from .model import EntrantId, Explanation, Pairing, to_json

SEED, WINNER, LOSER, EMPTY = "seed", "winner", "loser", "empty"
UNKNOWN = object()


@dataclass(frozen=True)
class Slot:
    kind: str
    ref: int | str | None = None

    def describe(self) -> str:
        if self.kind == SEED:
            return f"seed {self.ref}"
        if self.kind == EMPTY:
            return "bye"
        return f"{self.kind} of {self.ref}"


@dataclass(frozen=True)
class BracketMatch:
    """``played_if_upset``: a bracket-reset final, played only if the first final's slot-1 entrant won it."""

    id: str
    section: str
    round: int
    slots: tuple[Slot, Slot]
    label: str
    played_if_upset: str | None = None


@dataclass(frozen=True)
class Bracket:
    format: str
    seeds: tuple[EntrantId, ...]
    size: int
    matches: tuple[BracketMatch, ...]
    seed: int | str | None = None
    notes: tuple[str, ...] = ()

    def match(self, match_id: str) -> BracketMatch:
        for match in self.matches:
            if match.id == match_id:
                return match
        raise KeyError(match_id)

    def to_json(self) -> dict:
        return to_json(self)


@dataclass(frozen=True)
class BracketState:
    ready: tuple[Pairing, ...]
    walkovers: tuple[tuple[str, EntrantId], ...]
    losses: Mapping[EntrantId, int]
    eliminated: tuple[EntrantId, ...]
    champion: EntrantId | None

    def to_json(self) -> dict:
        return to_json(self)


def standard_order(size: int) -> list[int]:
    """Seed numbers down the bracket lines so that seeds 1 and 2 can only meet in the final,
    1 to 4 only in the semifinals, and so on: each round, seed s meets seed (size + 1 - s)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def bracket_state(bracket: Bracket, winners: Mapping[str, EntrantId]) -> BracketState:
    """Where the stage stands given the winners reported so far (match id -> winner id)."""
    winner_of, loser_of, occupants = {}, {}, {}
    ready, walkovers, losses = [], [], {entrant: 0 for entrant in bracket.seeds}
    for match in bracket.matches:
        pair = _occupants(bracket, match, winner_of, loser_of)
        occupants[match.id] = pair
        winner_of[match.id], loser_of[match.id] = _decide(match, pair, winners, ready, walkovers, bracket)
        if _real(pair[0]) and _real(pair[1]) and _real(loser_of[match.id]):
            losses[loser_of[match.id]] += 1
    _check_unknown_matches(bracket, winners)
    sent_on = {slot.ref for match in bracket.matches for slot in match.slots if slot.kind == LOSER}
    sent_on |= {match.played_if_upset for match in bracket.matches if match.played_if_upset}
    eliminated = []
    for match in bracket.matches:
        loser = loser_of[match.id]
        if _real(loser) and (match.id not in sent_on or _reset_skipped(bracket, match, winner_of, occupants)):
            eliminated.append(loser)
    return BracketState(tuple(ready), tuple(walkovers), losses, tuple(eliminated), _champion(bracket, winner_of))


def _real(occupant) -> bool:
    return occupant is not None and occupant is not UNKNOWN


def _occupants(bracket, match, winner_of, loser_of):
    if match.played_if_upset:
        final = match.played_if_upset
        if winner_of[final] is UNKNOWN:
            return UNKNOWN, UNKNOWN
        if winner_of[final] is None or winner_of[final] != _slot_one(bracket, final, winner_of, loser_of):
            return None, None
    return tuple(_resolve(bracket, slot, winner_of, loser_of) for slot in match.slots)


def _slot_one(bracket, final_id, winner_of, loser_of):
    return _resolve(bracket, bracket.match(final_id).slots[1], winner_of, loser_of)


def _resolve(bracket, slot, winner_of, loser_of):
    if slot.kind == SEED:
        return bracket.seeds[slot.ref - 1] if slot.ref <= len(bracket.seeds) else None
    if slot.kind == WINNER:
        return winner_of[slot.ref]
    if slot.kind == LOSER:
        return loser_of[slot.ref]
    return None


def _decide(match, pair, winners, ready, walkovers, bracket):
    first, second = pair
    if first is UNKNOWN or second is UNKNOWN:
        return UNKNOWN, UNKNOWN
    if first is None or second is None:
        advancing = second if first is None else first
        if advancing is not None:
            walkovers.append((match.id, advancing))
        return advancing, None
    if match.id not in winners:
        ready.append(_ready_pairing(bracket, match, first, second, len(ready) + 1))
        return UNKNOWN, UNKNOWN
    winner = winners[match.id]
    if winner not in (first, second):
        raise PairingUserError(
            _("the winner reported for %(label)s (%(winner)s) is not one of its two entrants")
            % {"label": match.label, "winner": repr(winner)}
        )
    return winner, second if winner == first else first


def _ready_pairing(bracket, match, first, second, table) -> Pairing:
    seed_of = {entrant: number for number, entrant in enumerate(bracket.seeds, start=1)}
    seats = tuple(sorted((first, second), key=lambda entrant: seed_of[entrant]))
    return Pairing(
        table=table,
        seats=seats,
        label=match.id,
        explanation=Explanation(
            summary=_("%(label)s: seed %(a)s v seed %(b)s (%(slot_a)s v %(slot_b)s)")
            % {
                "label": match.label,
                "a": seed_of[seats[0]],
                "b": seed_of[seats[1]],
                "slot_a": match.slots[0].describe(),
                "slot_b": match.slots[1].describe(),
            },
            seat_reason=_("the higher seed plays first"),
        ),
    )


def _reset_skipped(bracket, match, winner_of, occupants) -> bool:
    """The first final's loser is only sent on to the reset when the reset is played."""
    for other in bracket.matches:
        if other.played_if_upset == match.id:
            return occupants[other.id] == (None, None)
    return False


def _champion(bracket, winner_of):
    for match in reversed(bracket.matches):
        if match.section == "third_place":
            continue
        winner = winner_of[match.id]
        if winner is None and match.played_if_upset:
            continue
        return winner if _real(winner) else None
    return None


def _check_unknown_matches(bracket, winners):
    known = {match.id for match in bracket.matches}
    unknown = sorted(set(winners) - known)
    if unknown:
        raise PairingUserError(
            _("results were reported for matches this bracket does not have: %(value)s") % {"value": ", ".join(unknown)}
        )

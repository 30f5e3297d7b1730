"""Single and double elimination brackets.

Seeds follow the standard order (``bracket.standard_order``), so with expected results seed s
meets seed (remaining + 1 - s) every round; when the field is not a power of two the missing
entrants are byes and fall to the top seeds. Double elimination sends each loser of the winners
bracket into the losers bracket; where a round of losers drops in, the placement (reversed,
halves swapped, ...) is the one that puts them furthest from anyone they can already have met.
"""

from dataclasses import dataclass

from tournament.pairing.text import _

from .bracket import EMPTY, LOSER, SEED, WINNER, Bracket, BracketMatch, Slot, standard_order
from .errors import InvalidSettings, TooFewEntrants
from .model import Entrant, split_present
from .seeding import lot_order


@dataclass(frozen=True)
class EliminationSettings:
    """``double``: double elimination. ``third_place``: a match between the semifinal losers (single
    elimination). ``grand_final_reset``: in double elimination, a second final if the losers-bracket
    champion wins the first, so that everyone is out after exactly two losses."""

    double: bool = False
    third_place: bool = False
    grand_final_reset: bool = True

    def __post_init__(self):
        if self.double and self.third_place:
            raise InvalidSettings(_("a third-place match only exists in single elimination"))


def bracket(entrants, settings: EliminationSettings | None = None, seed: int | str | None = None) -> Bracket:
    """The whole bracket for the present entrants, seeded by seed number, then rating, then lot."""
    settings = settings or EliminationSettings()
    playing, __ = split_present(entrants)
    if len(playing) < 2:
        raise TooFewEntrants(
            _("an elimination bracket needs at least two entrants, and %(count)s are present") % {"count": len(playing)}
        )
    seeds = tuple(entrant.id for entrant in _seeded(playing, seed))
    size = 1
    while size < len(seeds):
        size *= 2
    winners_rounds = _winners_bracket(size)
    matches = [match for round_matches in winners_rounds for match in round_matches]
    notes = [_("%(count)s bye(s) to seeds 1 to %(count)s") % {"count": size - len(seeds)}] if size > len(seeds) else []
    if settings.double:
        losers, final_source = _losers_bracket(winners_rounds)
        matches += losers
        matches += _grand_final(winners_rounds[-1][0].id, final_source, settings.grand_final_reset)
        return Bracket("double_elimination", seeds, size, tuple(matches), seed, tuple(notes))
    if settings.third_place and size >= 4:
        semis = winners_rounds[-2]
        matches.append(BracketMatch("3P", "third_place", len(winners_rounds), _losers_of(semis), "Third-place match"))
    return Bracket("single_elimination", seeds, size, tuple(matches), seed, tuple(notes))


def _seeded(playing: list[Entrant], seed) -> list[Entrant]:
    lot = lot_order([entrant.id for entrant in playing], seed, "bracket")
    return sorted(playing, key=lambda e: (e.seed if e.seed is not None else float("inf"), -e.rating, lot[e.id]))


def _winners_bracket(size: int) -> list[list[BracketMatch]]:
    order = standard_order(size)
    slots = [Slot(SEED, number) for number in order]
    rounds, number = [], 1
    while len(slots) > 1:
        remaining = len(slots)
        matches = [
            BracketMatch(
                f"W{number}-{index + 1}",
                "winners",
                number,
                (slots[2 * index], slots[2 * index + 1]),
                f"{_round_name(remaining)}, match {index + 1}" if remaining > 2 else "Final",
            )
            for index in range(remaining // 2)
        ]
        rounds.append(matches)
        slots = [Slot(WINNER, match.id) for match in matches]
        number += 1
    return rounds


def _round_name(remaining: int) -> str:
    return {4: "Semifinal", 8: "Quarterfinal"}.get(remaining, f"Round of {remaining}")


def _losers_of(matches) -> tuple[Slot, ...]:
    return tuple(Slot(LOSER, match.id) for match in matches)


def _losers_bracket(winners_rounds) -> tuple[list[BracketMatch], Slot]:
    matches: list[BracketMatch] = []
    survivors = list(_losers_of(winners_rounds[0]))
    round_number = 1
    if len(survivors) > 1:
        survivors = _pair_within(survivors, round_number, matches)
        round_number += 1
    for drop_round in winners_rounds[1:]:
        drops = list(_losers_of(drop_round))
        placed = _best_placement(drops, survivors, matches, winners_rounds)
        survivors = _pair_drops(placed, survivors, round_number, matches)
        round_number += 1
        if len(survivors) > 1:
            survivors = _pair_within(survivors, round_number, matches)
            round_number += 1
    return matches, survivors[0]


def _pair_within(sources, round_number, matches) -> list[Slot]:
    new = [
        BracketMatch(
            f"L{round_number}-{index + 1}",
            "losers",
            round_number,
            (sources[2 * index], sources[2 * index + 1]),
            f"Losers round {round_number}, match {index + 1}",
        )
        for index in range(len(sources) // 2)
    ]
    matches.extend(new)
    return [Slot(WINNER, match.id) for match in new]


def _pair_drops(drops, survivors, round_number, matches) -> list[Slot]:
    new = [
        BracketMatch(
            f"L{round_number}-{index + 1}",
            "losers",
            round_number,
            (drop, survivor),
            f"Losers round {round_number}, match {index + 1}",
        )
        for index, (drop, survivor) in enumerate(zip(drops, survivors))
    ]
    matches.extend(new)
    return [Slot(WINNER, match.id) for match in new]


def _placements(count: int) -> list[list[int]]:
    """Candidate orders for dropped entrants, the conventional reversal first."""
    identity = list(range(count))
    half = count // 2
    swapped = identity[half:] + identity[:half]
    candidates = [identity[::-1], identity, swapped, swapped[::-1]]
    unique = []
    for candidate in candidates:
        if candidate not in unique:
            unique.append(candidate)
    return unique


def _best_placement(drops, survivors, losers_matches, winners_rounds) -> list[Slot]:
    """The candidate order whose drops share the fewest possible entrants with the survivors they
    meet: a shared entrant is someone the dropped entrant may already have played."""
    by_id = {match.id: match for round_matches in winners_rounds for match in round_matches}
    by_id.update({match.id: match for match in losers_matches})
    memo: dict = {}

    def possible(slot: Slot) -> frozenset:
        if slot.kind == SEED:
            return frozenset([slot.ref])
        if slot.kind == EMPTY:
            return frozenset()
        if slot.ref not in memo:
            memo[slot.ref] = frozenset().union(*(possible(inner) for inner in by_id[slot.ref].slots))
        return memo[slot.ref]

    def overlap(order):
        return sum(len(possible(drops[index]) & possible(survivor)) for index, survivor in zip(order, survivors))

    best = min(_placements(len(drops)), key=overlap)
    return [drops[index] for index in best]


def _grand_final(winners_final: str, losers_champion: Slot, reset: bool) -> list[BracketMatch]:
    final = BracketMatch("GF", "final", 1, (Slot(WINNER, winners_final), losers_champion), "Grand final")
    if not reset:
        return [final]
    again = BracketMatch(
        "GF2",
        "final",
        2,
        (Slot(WINNER, "GF"), Slot(LOSER, "GF")),
        "Grand final reset (the losers-bracket champion won the first final)",
        played_if_upset="GF",
    )
    return [final, again]

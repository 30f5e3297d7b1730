"""Swiss pairing of two-seat games: one global minimum-cost matching over the whole field.

Steps: rank the present entrants (score, seed, rating, drawn lot); build a graph whose edges are
the allowed pairings (plus a bye node when the field is odd); weigh every edge with the packed
tiers of ``swiss_costs``; take the maximum-weight perfect matching; then seat each pair like
chess colours and number the tables from the top score down.
"""

import dataclasses
from dataclasses import dataclass
from operator import mul

from tournament.pairing.text import _

from . import swiss_costs as costs
from .errors import InvalidSettings, NoValidPairing, PairingFatalError, TooFewEntrants
from .matching import max_weight_matching
from .model import Bye, Entrant, RoundPairing, rank_key, split_present
from .seeding import lot_order, seeded_rng
from .swiss_explain import explain_bye, explain_pair

REMATCH_POLICIES = ("least_bad", "end_stage")
INITIAL_COLOURS = ("first", "second", "lot")


@dataclass(frozen=True)
class SwissSettings:
    """Organiser's choices for a Swiss stage.

    ``rematches``: what to do when no rematch-free pairing exists: ``"least_bad"`` allows the
    fewest rematches possible, ``"end_stage"`` refuses (``NoValidPairing`` with reason
    ``"rematch"``) so the stage can end. ``within_group``: ``"slide"`` (top half of a score group
    meets the bottom half, as in the Dutch system) or ``"adjacent"`` (neighbours meet).
    ``exact_limit``: up to this many entrants every pair is offered to the matching; above it only
    pairs within ``neighbourhood`` places (or near the ideal opponent) are, widening when needed;
    the full graph is still used to prove that a rematch is unavoidable, but above
    ``full_graph_limit`` entrants it is not built just to remove a seat clash. Above
    ``exact_limit`` the field is first cut, at score-group boundaries with an even number above,
    into parts of at least ``chunk_size`` entrants paired on their own; if a part cannot be
    paired without a rematch or a "must" seat clash, the whole field is paired at once instead.
    ``planned_rounds``: the stage's number of rounds, when known; in the last one the FIDE
    last-round rule applies (a topscorer, over half of ``points_win`` times the rounds played,
    may be given the same seat a third time or go three out of balance when the score groups
    need it). ``initial_colour``: the seat of the top-ranked entrant when neither entrant of a
    table has played (``"first"``, ``"second"``, or ``"lot"`` drawn from the seed); by FIDE's
    rule the higher-ranked entrant of such a table takes it when its pairing number is odd, and
    the other seat when it is even.
    """

    rematches: str = "least_bad"
    forbid_same_club: bool = True
    within_group: str = "slide"
    exact_limit: int = 200
    neighbourhood: int = 12
    full_graph_limit: int = 1500
    chunk_size: int = 400
    backend: str = "rustworkx"
    planned_rounds: int | None = None
    points_win: float = 1.0
    initial_colour: str = "lot"

    def __post_init__(self):
        if self.initial_colour not in INITIAL_COLOURS:
            raise InvalidSettings(
                _("initial seat %(initial_colour)s is unknown: choose 'first', 'second' or 'lot'")
                % {"initial_colour": repr(self.initial_colour)}
            )
        if self.planned_rounds is not None and self.planned_rounds < 1:
            raise InvalidSettings(_("the planned number of rounds must be at least 1"))
        if self.rematches not in REMATCH_POLICIES:
            raise InvalidSettings(
                _("rematch policy %(rematches)s is unknown: choose 'least_bad' or 'end_stage'")
                % {"rematches": repr(self.rematches)}
            )
        if self.within_group not in ("slide", "adjacent"):
            raise InvalidSettings(
                _("within-group order %(within_group)s is unknown: choose 'slide' or 'adjacent'")
                % {"within_group": repr(self.within_group)}
            )
        if self.neighbourhood < 1 or self.exact_limit < 2 or self.chunk_size < 2:
            raise InvalidSettings(_("the neighbourhood must be at least 1, the exact limit and part size at least 2"))


def pair_swiss(
    entrants, settings: SwissSettings | None = None, round_number: int = 1, seed: int | str | None = None
) -> RoundPairing:
    """Pair one Swiss round. Same entrants, settings, round and seed give the same pairing."""
    settings = settings or SwissSettings()
    playing, absences = split_present(entrants)
    if len(playing) < 2:
        raise TooFewEntrants(
            _("a Swiss round needs at least two present entrants, and %(count)s are present") % {"count": len(playing)}
        )
    lot = lot_order([entrant.id for entrant in playing], seed, "swiss-rank")
    field = costs.RankedField.build(
        sorted(playing, key=lambda e: rank_key(e, lot)), settings.within_group, _topscorer_above(settings, round_number)
    )
    needs_bye = len(field) % 2 == 1
    if needs_bye and all(entrant.byes for entrant in field.ranked):
        raise NoValidPairing(
            _(
                "the field is odd and every present entrant has already had a bye: "
                "add an entrant, mark one absent, or end the stage"
            ),
            reason="constraints",
        )
    mates, notes = _solve(field, settings, needs_bye)
    numbers = pairing_numbers(entrants, seed)
    return _assemble(field, mates, settings, round_number, seed, absences, notes, numbers)


def _topscorer_above(settings, round_number) -> float | None:
    """The score a topscorer exceeds in the last planned round (FIDE C.04.3 A.7), else None."""
    if settings.planned_rounds is None or round_number < settings.planned_rounds or round_number < 2:
        return None
    return (round_number - 1) * settings.points_win / 2


def pairing_numbers(entrants, seed) -> dict:
    """Each entrant's pairing number: its place by seed, then rating, then the drawn lot, present or not."""
    ordered = list(entrants)
    lot = lot_order([entrant.id for entrant in ordered], seed, "swiss-rank")
    ordered.sort(key=lambda e: rank_key(dataclasses.replace(e, score=0.0, late_entry_score=0.0), lot))
    return {entrant.id: number for number, entrant in enumerate(ordered, start=1)}


def _solve(field, settings, needs_bye):
    """The matching, trying the cheap graph first and the full graph only when needed."""
    if len(field) > settings.exact_limit:
        chunked = _solve_in_parts(field, settings, needs_bye)
        if chunked is not None:
            return chunked
    levels = [None]
    if len(field) > settings.exact_limit:
        levels = [settings.neighbourhood, settings.neighbourhood * 4, None]
    fallback = None
    for neighbourhood in levels:
        if neighbourhood is None and fallback is not None and len(field) > settings.full_graph_limit:
            break
        mates = _match(field, settings, needs_bye, neighbourhood, allow_rematch=False)
        if _is_perfect(mates, len(field), needs_bye):
            if neighbourhood is None or _absolute_clashes(field, mates) == 0:
                return mates, _level_note(neighbourhood)
            fallback = (mates, neighbourhood)
    if fallback is not None:
        return fallback[0], _level_note(fallback[1])
    if settings.rematches == "end_stage":
        raise NoValidPairing(
            _("no pairing of the present entrants avoids a rematch, and this stage ends rather than allow one"),
            reason="rematch",
        )
    mates = _match(field, settings, needs_bye, None, allow_rematch=True)
    if not _is_perfect(mates, len(field), needs_bye):
        raise NoValidPairing(
            _(
                "no pairing exists even with rematches: forbidden pairs (same club or declared conflicts) or "
                "past byes leave someone without an opponent; relax a constraint or mark an entrant absent"
            ),
            reason="constraints",
        )
    rematches = sum(1 for i, j in mates.items() if i < j < len(field) and field.ranked[i].met(field.ranked[j].id))
    note = _(
        "no rematch-free pairing exists for these %(count)s entrants; as the stage allows, "
        "the least bad pairing has %(rematches)s rematch(es)"
    ) % {"count": len(field), "rematches": rematches}
    return mates, [note]


def _part_bounds(field, size: int) -> list[tuple[int, int]]:
    """Cuts of the ranked field at score-group boundaries with an even number of entrants above,
    each part at least ``size`` long (the last one takes what is left)."""
    bounds, start = [], 0
    for cut in range(size, len(field) - size + 1):
        if cut - start >= size and cut % 2 == 0 and field.group_position[cut] == 0:
            bounds.append((start, cut))
            start = cut
    bounds.append((start, len(field)))
    return bounds


def _solve_in_parts(field, settings, needs_bye):
    """Each part of the field paired on its own (None when there is one part, or a part cannot be
    paired cleanly: then the whole field is paired at once)."""
    bounds = _part_bounds(field, settings.chunk_size)
    if len(bounds) < 2:
        return None
    mates, widest = {}, settings.neighbourhood
    for start, end in bounds:
        part = costs.RankedField.build(field.ranked[start:end], field.ideal_gap_mode, field.topscorer_above)
        part_bye = needs_bye and end == len(field)
        for neighbourhood in (settings.neighbourhood, settings.neighbourhood * 4):
            found = _match(part, settings, part_bye, neighbourhood, allow_rematch=False)
            if _is_perfect(found, len(part), part_bye) and _absolute_clashes(part, found) == 0:
                break
        else:
            return None
        widest = max(widest, neighbourhood)
        for i, j in found.items():
            mates[i + start] = len(field) if j == len(part) else j + start
            if j == len(part):
                mates[len(field)] = i + start
    note = _(
        "large field: paired in %(parts)s parts cut between score groups, each entrant offered "
        "opponents within %(widest)s places or near the ideal one"
    ) % {"parts": len(bounds), "widest": widest}
    return mates, [note]


def _level_note(neighbourhood):
    if neighbourhood is None:
        return []
    return [
        _("large field: each entrant was offered opponents within %(places)s places or near the ideal one")
        % {"places": neighbourhood}
    ]


def _match(field, settings, needs_bye, neighbourhood, allow_rematch):
    """The best matching by the packed tiers. Score gaps are weighed so that fewer floaters come
    first and then the largest gap, then the next (FIDE's order); that weighing is exact when
    fewer floats than its base are made, so a matching with more is solved again with a larger
    base (the number of floats itself never changes: its tier is above)."""
    pairs, rows = [], []
    for i, j in costs.candidate_pairs(field, neighbourhood):
        if costs.allowed(field, i, j, allow_rematch, settings.forbid_same_club):
            pairs.append((i, j))
            rows.append(costs.pair_costs(field, i, j))
    bye_node = len(field)
    if needs_bye:
        for i, entrant in enumerate(field.ranked):
            if entrant.byes == 0:
                pairs.append((i, bye_node))
                rows.append(costs.bye_costs(field, i))
    base = len({entrant.pairing_score for entrant in field.ranked}) + 1
    index = costs.TIER_INDEX["score_difference"]
    gaps = [row[index] for row in rows]
    while True:
        weights = costs.difference_weights(gaps, base)
        weighted = [(*row[:index], weights[row[index]], *row[index + 1 :]) for row in rows]
        multipliers, total = costs.pack(weighted, (len(field) + 1) // 2)
        edges = [(i, j, total - sum(map(mul, row, multipliers))) for (i, j), row in zip(pairs, weighted)]
        mates = max_weight_matching(len(field) + needs_bye, edges, settings.backend)
        floats = sum(field.group_index[j] - field.group_index[i] for i, j in mates.items() if i < j < len(field))
        if floats < base:
            return mates
        base = floats + 1


def _is_perfect(mates, count, needs_bye) -> bool:
    return len(mates) == count + needs_bye


def _absolute_clashes(field, mates) -> int:
    index = costs.TIER_INDEX["absolute_seat_clash"]
    return sum(costs.pair_costs(field, i, j)[index] for i, j in mates.items() if i < j < len(field))


def _assemble(field, mates, settings, round_number, seed, absences, notes, numbers) -> RoundPairing:
    count = len(field)
    pairs = sorted(
        ((i, j) for i, j in mates.items() if i < j < count),
        key=lambda pair: (
            -field.ranked[pair[0]].pairing_score,
            -(field.ranked[pair[0]].pairing_score + field.ranked[pair[1]].pairing_score),
            pair[0],
        ),
    )
    if len(pairs) * 2 + (count % 2) != count:
        raise PairingFatalError(f"the matching paired {len(pairs) * 2} of {count} entrants")
    if settings.initial_colour == "lot":
        top_first = seeded_rng(seed, "swiss-first-seat").random() < 0.5
    else:
        top_first = settings.initial_colour == "first"
    pairings = [
        explain_pair(field, i, j, table, top_first == (numbers[field.ranked[i].id] % 2 == 1))
        for table, (i, j) in enumerate(pairs, start=1)
    ]
    byes = ()
    if count % 2:
        receiver = mates[count]
        byes = (Bye(field.ranked[receiver].id, explain_bye(field, receiver, settings)),)
    return RoundPairing(
        format="swiss",
        round_number=round_number,
        seed=seed,
        pairings=tuple(pairings),
        byes=byes,
        absences=absences,
        notes=tuple(notes),
        settings=settings,
    )


def ranked_entrants(entrants: list[Entrant], seed) -> list[Entrant]:
    """The present entrants in the order the Swiss pairing ranks them (for pages and tests)."""
    playing, __ = split_present(entrants)
    lot = lot_order([entrant.id for entrant in playing], seed, "swiss-rank")
    return sorted(playing, key=lambda e: rank_key(e, lot))

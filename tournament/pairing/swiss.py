"""Swiss pairing of two-seat games: one global minimum-cost matching over the whole field.

Steps: rank the present entrants (score, seed, rating, drawn lot); build a graph whose edges are
the allowed pairings (plus a bye node when the field is odd); weigh every edge with the packed
tiers of ``swiss_costs``; take the maximum-weight perfect matching; then seat each pair like
chess colours and number the tables from the top score down.
"""

from dataclasses import dataclass

from . import first_player as fp
from . import swiss_costs as costs
from .errors import InvalidSettings, NoValidPairing, PairingFatalError, TooFewEntrants
from .matching import max_weight_matching
from .model import Bye, Entrant, RoundPairing, rank_key, split_present
from .seeding import lot_order, seeded_rng
from .swiss_explain import explain_bye, explain_pair

REMATCH_POLICIES = ("least_bad", "end_stage")


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
    ``full_graph_limit`` entrants it is not built just to remove a seat clash.
    """

    rematches: str = "least_bad"
    forbid_same_club: bool = True
    within_group: str = "slide"
    exact_limit: int = 200
    neighbourhood: int = 12
    full_graph_limit: int = 1500
    backend: str = "rustworkx"

    def __post_init__(self):
        if self.rematches not in REMATCH_POLICIES:
            raise InvalidSettings(f"rematch policy {self.rematches!r} is unknown: choose 'least_bad' or 'end_stage'")
        if self.within_group not in ("slide", "adjacent"):
            raise InvalidSettings(f"within-group order {self.within_group!r} is unknown: choose 'slide' or 'adjacent'")
        if self.neighbourhood < 1 or self.exact_limit < 2:
            raise InvalidSettings("the neighbourhood must be at least 1 and the exact limit at least 2")


def pair_swiss(
    entrants, settings: SwissSettings | None = None, round_number: int = 1, seed: int | str | None = None
) -> RoundPairing:
    """Pair one Swiss round. Same entrants, settings, round and seed give the same pairing."""
    settings = settings or SwissSettings()
    playing, absences = split_present(entrants)
    if len(playing) < 2:
        raise TooFewEntrants(f"a Swiss round needs at least two present entrants, and {len(playing)} are present")
    lot = lot_order([entrant.id for entrant in playing], seed, "swiss-rank")
    field = costs.RankedField.build(sorted(playing, key=lambda e: rank_key(e, lot)), settings.within_group)
    needs_bye = len(field) % 2 == 1
    if needs_bye and all(entrant.byes for entrant in field.ranked):
        raise NoValidPairing(
            "the field is odd and every present entrant has already had a bye: "
            "add an entrant, mark one absent, or end the stage",
            reason="constraints",
        )
    mates, notes = _solve(field, settings, needs_bye)
    return _assemble(field, mates, settings, round_number, seed, absences, notes)


def _solve(field, settings, needs_bye):
    """The matching, trying the cheap graph first and the full graph only when needed."""
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
            "no pairing of the present entrants avoids a rematch, and this stage ends rather than allow one",
            reason="rematch",
        )
    mates = _match(field, settings, needs_bye, None, allow_rematch=True)
    if not _is_perfect(mates, len(field), needs_bye):
        raise NoValidPairing(
            "no pairing exists even with rematches: forbidden pairs (same club or declared conflicts) or "
            "past byes leave someone without an opponent; relax a constraint or mark an entrant absent",
            reason="constraints",
        )
    rematches = sum(1 for i, j in mates.items() if i < j < len(field) and field.ranked[i].met(field.ranked[j].id))
    note = (
        f"no rematch-free pairing exists for these {len(field)} entrants; as the stage allows, "
        f"the least bad pairing has {rematches} rematch(es)"
    )
    return mates, [note]


def _level_note(neighbourhood):
    if neighbourhood is None:
        return []
    return [f"large field: each entrant was offered opponents within {neighbourhood} places or near the ideal one"]


def _match(field, settings, needs_bye, neighbourhood, allow_rematch):
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
    multipliers, total = costs.pack(rows, (len(field) + 1) // 2)
    edges = [
        (i, j, total - sum(value * weight for value, weight in zip(row, multipliers)))
        for (i, j), row in zip(pairs, rows)
    ]
    return max_weight_matching(len(field) + needs_bye, edges, settings.backend)


def _is_perfect(mates, count, needs_bye) -> bool:
    return len(mates) == count + needs_bye


def _absolute_clashes(field, mates) -> int:
    return sum(
        1
        for i, j in mates.items()
        if i < j < len(field) and fp.conflict(field.preferences[i], field.preferences[j]) == fp.ABSOLUTE
    )


def _assemble(field, mates, settings, round_number, seed, absences, notes) -> RoundPairing:
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
    top_first = seeded_rng(seed, "swiss-first-seat").random() < 0.5
    pairings = [
        explain_pair(field, i, j, table, top_first == (table % 2 == 1)) for table, (i, j) in enumerate(pairs, start=1)
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
    playing, _ = split_present(entrants)
    lot = lot_order([entrant.id for entrant in playing], seed, "swiss-rank")
    return sorted(playing, key=lambda e: rank_key(e, lot))

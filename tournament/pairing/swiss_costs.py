"""The cost of each possible Swiss pairing, as lexicographic tiers packed into one integer weight.

A tier only matters when every tier above it is tied, so no amount of a soft cost (seat
preferences, a rank gap) can buy a worse value of a harder one (a rematch, a bigger score gap).
Hard constraints (forbidden pairs, rematches when the policy forbids them, a second bye) are not
costs at all: those edges are simply missing from the graph.
"""

import math
from dataclasses import dataclass
from fractions import Fraction

from . import first_player as fp
from .model import Entrant

# Most important first. The "bye_" tiers are only non-zero on the edge to the bye node: the bye
# goes to the lowest score group that can give it (``bye_score``, high: FIDE minimises the score
# of the bye's receiver like a downfloater's), but which entrant of that group gets it
# (``bye_order``, the lowest-ranked first) comes after the seat and float criteria, as in FIDE's
# Dutch system, where the order of the players only decides between pairings equal by the
# criteria (a lower-ranked entrant takes the bye unless their seat preferences fit the pairing
# better than another's).
TIERS = (
    "rematch",
    "bye_score",
    "absolute_seat_clash",
    "downfloaters",
    "score_difference",
    "topscorer_seat_clash",
    "strong_seat_clash",
    "repeated_float",
    "mild_seat_clash",
    "bye_order",
    "rank_gap",
)
BYE_TIERS = frozenset({"bye_score", "bye_order"})
TIER_INDEX = {name: index for index, name in enumerate(TIERS)}


@dataclass
class RankedField:
    """The present entrants in standing order, with what the costs need precomputed."""

    ranked: list[Entrant]
    preferences: list[fp.SeatPreference]
    group_size: list[int]
    group_position: list[int]
    group_index: list[int]
    score_scale: int
    ideal_gap_mode: str
    topscorer_above: float | None = None

    @classmethod
    def build(cls, ranked: list[Entrant], ideal_gap_mode: str, topscorer_above: float | None = None) -> "RankedField":
        """``topscorer_above``: in the last planned round, the score above which an entrant is a
        topscorer (FIDE C.04.3 A.7: over half the maximum possible score); None in other rounds."""
        sizes, positions, indexes = [], [], []
        start = 0
        while start < len(ranked):
            end = start
            while end < len(ranked) and ranked[end].pairing_score == ranked[start].pairing_score:
                end += 1
            sizes += [end - start] * (end - start)
            positions += list(range(end - start))
            indexes += [len(set(indexes))] * (end - start)
            start = end
        scale = 1
        for entrant in ranked:
            denominator = Fraction(entrant.pairing_score).limit_denominator(100).denominator
            scale = scale * denominator // math.gcd(scale, denominator)
        preferences = [fp.preference(entrant) for entrant in ranked]
        return cls(ranked, preferences, sizes, positions, indexes, scale, ideal_gap_mode, topscorer_above)

    def __len__(self) -> int:
        return len(self.ranked)

    def same_group(self, i: int, j: int) -> bool:
        return self.group_index[i] == self.group_index[j]

    def topscorer(self, i: int) -> bool:
        return self.topscorer_above is not None and self.ranked[i].pairing_score > self.topscorer_above

    def ideal_offset(self, i: int) -> int:
        """How far down its own score group the ideal opponent of entrant i sits."""
        return 1 if self.ideal_gap_mode == "adjacent" else self.group_size[i] // 2


def allowed(field: RankedField, i: int, j: int, allow_rematch: bool, forbid_same_club: bool) -> bool:
    """Whether a pairing of ranks i and j is possible at all (hard constraints)."""
    a, b = field.ranked[i], field.ranked[j]
    if b.id in a.forbidden or a.id in b.forbidden:
        return False
    if forbid_same_club and a.club is not None and a.club == b.club:
        return False
    return allow_rematch or a.met(b.id) == 0


def pair_costs(field: RankedField, i: int, j: int) -> tuple[int, ...]:
    """Tier values for pairing rank i (higher) with rank j (lower).

    ``downfloaters`` counts the score groups the higher entrant floats down through: as in FIDE's
    Dutch system, a floater not paired in the next group floats down again from that one.
    ``score_difference`` holds the raw gap (in units of 1/score_scale); the matching weighs it so
    that one larger gap outweighs any number of smaller ones (``difference_weights``). In the last
    planned round a clash of two absolute preferences involving a topscorer is not the hard
    ``absolute_seat_clash`` but the softer ``topscorer_seat_clash`` (FIDE C.04.3 C.3, C.10).
    """
    a, b = field.ranked[i], field.ranked[j]
    clash = fp.conflict(field.preferences[i], field.preferences[j])
    gap = round(abs(a.pairing_score - b.pairing_score) * field.score_scale)
    exempt = clash == fp.ABSOLUTE and (field.topscorer(i) or field.topscorer(j))
    return (
        a.met(b.id),
        0,
        1 if clash == fp.ABSOLUTE and not exempt else 0,
        field.group_index[j] - field.group_index[i],
        gap,
        1 if exempt else 0,
        1 if clash == fp.STRONG else 0,
        repeated_float(a, b) + repeated_float(b, a) if gap else 0,
        1 if clash == fp.MILD else 0,
        0,
        rank_gap(field, i, j),
    )


def bye_costs(field: RankedField, i: int) -> tuple[int, ...]:
    costs = [0] * len(TIERS)
    costs[TIER_INDEX["bye_score"]] = field.group_index[-1] - field.group_index[i]  # score groups above the lowest
    costs[TIER_INDEX["bye_order"]] = len(field) - 1 - i
    return tuple(costs)


def repeated_float(entrant: Entrant, opponent: Entrant) -> int:
    """2 if the entrant floated the same way last round, 1 if two rounds ago, else 0."""
    direction = -1 if entrant.pairing_score > opponent.pairing_score else 1
    history = entrant.floats
    if history and history[-1] == direction:
        return 2
    if len(history) >= 2 and history[-2] == direction:
        return 1
    return 0


def rank_gap(field: RankedField, i: int, j: int) -> int:
    """Distance from the ideal opponent: within a group, top half meets bottom half in order
    ("slide") or neighbours meet ("adjacent"); across groups, the lowest of the higher group
    meets the highest of the lower group."""
    if field.same_group(i, j):
        return abs(field.group_position[j] - field.group_position[i] - field.ideal_offset(i))
    return (field.group_size[i] - 1 - field.group_position[i]) + field.group_position[j]


def candidate_pairs(field: RankedField, neighbourhood: int | None):
    """Pairs (i, j), i < j, worth offering to the matching; ``None`` offers every pair."""
    count = len(field)
    if neighbourhood is None:
        for i in range(count):
            for j in range(i + 1, count):
                yield i, j
        return
    for i in range(count):
        near = set(range(i + 1, min(count, i + neighbourhood + 1)))
        group_start = i - field.group_position[i]
        group_end = group_start + field.group_size[i]
        ideal = i + field.ideal_offset(i)
        near.update(range(max(i + 1, ideal - neighbourhood), min(group_end, ideal + neighbourhood + 1)))
        yield from ((i, j) for j in sorted(near))


def difference_weights(gaps, base: int) -> dict[int, int]:
    """Weight of each score gap so that sums compare like FIDE's pairing score differences: the
    largest gap first, then the next (lexicographic). Each gap level weighs ``base`` times the one
    below it, which is exact when fewer than ``base`` pairs float (the caller checks this)."""
    weights, weight = {0: 0}, 1
    for gap in sorted(set(gaps) - {0}):
        weights[gap] = weight
        weight *= base
    return weights


def pack(cost_rows: list[tuple[int, ...]], matched_edges: int) -> tuple[list[int], int]:
    """Tier multipliers and the total that turns a cost into a positive weight (weight = total - cost)."""
    columns = list(zip(*cost_rows)) or [()] * len(TIERS)
    bounds = [max(column, default=0) * matched_edges for column in columns]
    multipliers = [1] * len(TIERS)
    for tier in range(len(TIERS) - 2, -1, -1):
        multipliers[tier] = multipliers[tier + 1] * (bounds[tier + 1] + 1)
    total = multipliers[0] * (bounds[0] + 1)
    return multipliers, total

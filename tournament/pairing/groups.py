"""Groups to playoffs: snake-seeded groups, then an elimination bracket for the top of each group.

Snake seeding deals the seeds into groups A, B, C, then back C, B, A, so every group gets the
same share of strength. Playoff seeds are dealt by finishing place (all group winners, then all
runners-up, ...), and entrants of the same group are kept apart in the first playoff round.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from tournament.pairing.text import _

from .bracket import Bracket, standard_order
from .elimination import EliminationSettings, bracket
from .errors import InvalidSettings, TooFewEntrants
from .model import Entrant, EntrantId, split_present
from .round_robin import RoundRobinSettings, Schedule, round_robin
from .seeding import lot_order


@dataclass(frozen=True)
class Group:
    name: str
    entrants: tuple[EntrantId, ...]
    schedule: Schedule | None = None


def group_name(index: int) -> str:
    return chr(ord("A") + index) if index < 26 else f"G{index + 1}"


def snake_groups(entrants, group_count: int, seed=None) -> list[list[Entrant]]:
    """Entrants dealt into groups in snake order by seed, then rating, then lot."""
    playing, __ = split_present(entrants)
    if group_count < 1:
        raise InvalidSettings(_("a group stage needs at least one group"))
    if len(playing) < 2 * group_count:
        raise TooFewEntrants(
            _("%(group_count)s groups need at least %(value)s entrants, and %(count)s are present")
            % {"group_count": group_count, "value": 2 * group_count, "count": len(playing)}
        )
    lot = lot_order([entrant.id for entrant in playing], seed, "groups")
    ordered = sorted(playing, key=lambda e: (e.seed if e.seed is not None else float("inf"), -e.rating, lot[e.id]))
    groups: list[list[Entrant]] = [[] for __ in range(group_count)]
    for index, entrant in enumerate(ordered):
        lap, step = divmod(index, group_count)
        groups[step if lap % 2 == 0 else group_count - 1 - step].append(entrant)
    return groups


def round_robin_groups(
    entrants, group_count: int, settings: RoundRobinSettings | None = None, seed=None
) -> tuple[Group, ...]:
    """Snake-seeded groups, each with its own round-robin schedule."""
    return tuple(
        Group(group_name(index), tuple(e.id for e in members), round_robin(members, settings, seed=(seed, index)))
        for index, members in enumerate(snake_groups(entrants, group_count, seed))
    )


def playoff_seeds(group_standings: Sequence[Sequence[EntrantId]], advance: int) -> list[EntrantId]:
    """Playoff seed order from each group's final standings (best first)."""
    if advance < 1 or any(len(standing) < advance for standing in group_standings):
        raise InvalidSettings(
            _("every group must have at least %(advance)s entrant(s) to send %(advance)s to the playoffs")
            % {"advance": advance}
        )
    tiers = [[standing[place] for standing in group_standings] for place in range(advance)]
    seeds = [entrant for tier in tiers for entrant in tier]
    group_of = {entrant: index for index, standing in enumerate(group_standings) for entrant in standing}
    return _keep_groups_apart(seeds, group_of, len(group_standings))


def _keep_groups_apart(seeds: list, group_of: dict, per_tier: int) -> list:
    """Swap entrants within a finishing-place tier until no first-round match is between group mates."""
    size = 1
    while size < len(seeds):
        size *= 2
    order = standard_order(size)
    first_round = [(order[i], order[i + 1]) for i in range(0, size, 2)]

    def clashes(current):
        return [
            (a, b)
            for a, b in first_round
            if a <= len(current) and b <= len(current) and group_of[current[a - 1]] == group_of[current[b - 1]]
        ]

    seeds = list(seeds)
    for __ in range(len(seeds) ** 2):
        found = clashes(seeds)
        if not found:
            break
        __, lower = found[0]
        tier_start = (lower - 1) // per_tier * per_tier
        tier = range(tier_start, min(tier_start + per_tier, len(seeds)))
        best = min(tier, key=lambda other: len(clashes(_swapped(seeds, lower - 1, other))))
        if len(clashes(_swapped(seeds, lower - 1, best))) >= len(found):
            break
        seeds = _swapped(seeds, lower - 1, best)
    return seeds


def _swapped(seeds, i, j):
    result = list(seeds)
    result[i], result[j] = result[j], result[i]
    return result


def playoff_bracket(
    group_standings: Sequence[Sequence[EntrantId]], advance: int, settings: EliminationSettings | None = None, seed=None
) -> Bracket:
    """The elimination bracket for the entrants who advance from the groups."""
    seeds = playoff_seeds(group_standings, advance)
    return bracket([Entrant(entrant, seed=number) for number, entrant in enumerate(seeds, start=1)], settings, seed)

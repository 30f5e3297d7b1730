"""Multiplayer tables (The FOG, 3 to 6 seats): tables by standing, few repeat meetings, fair seats.

1. Table sizes: the split of the field into sizes within the organiser's range with the fewest
   seats away from the preferred size (then the fewest tables); odd-sized tables go to the bottom.
2. Tables by standing: the ranked field is cut into consecutive tables, then entrants are moved
   between tables to reach the fewest repeat meetings, and among those the least displacement
   from the standing order. Small fields (``exact_limit``) are solved by trying every split;
   larger ones by swapping entrants between nearby tables while it helps.
3. Seats: in each table, the seat order with the lowest seat-position cost, where sitting in a
   seat costs the number of times the entrant has already sat there (Tabbycat's position cost
   for four-team rooms, for any table size); ties go to the drawn lot.
"""

import itertools
from collections import Counter
from dataclasses import dataclass

from tournament.pairing.text import _, ngettext

from .errors import InvalidSettings, TooFewEntrants
from .model import CostTerm, Entrant, Explanation, Pairing, RoundPairing, rank_key, split_present
from .seeding import lot_order


@dataclass(frozen=True)
class TableSettings:
    min_size: int = 3
    max_size: int = 5
    preferred: int = 4
    exact_limit: int = 10
    neighbourhood: int = 3

    def __post_init__(self):
        if not 1 <= self.min_size <= self.preferred <= self.max_size:
            raise InvalidSettings(
                _(
                    "table sizes must satisfy 1 ≤ smallest (%(min_size)s) ≤ preferred "
                    "(%(preferred)s) ≤ largest (%(max_size)s)"
                )
                % {"min_size": self.min_size, "preferred": self.preferred, "max_size": self.max_size}
            )


def table_sizes(count: int, settings: TableSettings) -> list[int]:
    """Sizes of the tables, top table first; raises when the range cannot seat exactly ``count``."""
    best: dict[int, tuple] = {0: (0, 0, ())}
    for seated in range(1, count + 1):
        options = [
            (
                best[seated - size][0] + abs(size - settings.preferred),
                best[seated - size][1] + 1,
                (*best[seated - size][2], size),
            )
            for size in range(settings.min_size, settings.max_size + 1)
            if seated - size in best
        ]
        if options:
            best[seated] = min(options)
    if count not in best:
        raise InvalidSettings(
            _(
                "%(count)s entrants cannot be seated at tables of %(min_size)s to %(max_size)s: "
                "widen the size range or change the number of present entrants"
            )
            % {"count": count, "min_size": settings.min_size, "max_size": settings.max_size}
        )
    return sorted(best[count][2], key=lambda size: (abs(size - settings.preferred), -size))


def pair_tables(entrants, settings: TableSettings | None = None, round_number: int = 1, seed=None) -> RoundPairing:
    """One round of multiplayer tables."""
    settings = settings or TableSettings()
    playing, absences = split_present(entrants)
    if len(playing) < settings.min_size:
        raise TooFewEntrants(
            _("a table needs at least %(min_size)s entrants, and %(count)s are present")
            % {"min_size": settings.min_size, "count": len(playing)}
        )
    lot = lot_order([entrant.id for entrant in playing], seed, "tables-rank")
    ranked = sorted(playing, key=lambda e: rank_key(e, lot))
    sizes = table_sizes(len(ranked), settings)
    home = _home_tables(sizes)
    if len(ranked) <= settings.exact_limit:
        tables = _exact(ranked, sizes, home)
        method = _("every split of this small field was compared")
    else:
        tables = _local_search(ranked, sizes, home, settings.neighbourhood)
        method = _("entrants were swapped between nearby tables while that lowered the cost")
    seat_lot = lot_order([entrant.id for entrant in playing], seed, "tables-seats", round_number)
    pairings = tuple(
        _explain(number, members, ranked, home, seat_lot, method) for number, members in enumerate(tables, start=1)
    )
    return RoundPairing("tables", round_number, seed, pairings, (), absences, (), settings)


def _home_tables(sizes: list[int]) -> list[int]:
    """The table each standing place would sit at with no moves."""
    return [table for table, size in enumerate(sizes) for __ in range(size)]


def meetings(a: Entrant, b: Entrant) -> int:
    return a.met(b.id)


def table_repeats(members: list[Entrant]) -> int:
    return sum(meetings(a, b) for a, b in itertools.combinations(members, 2))


def _cost(tables, place, home) -> tuple[int, int]:
    repeats = sum(table_repeats(members) for members in tables)
    displacement = sum(abs(index - home[place[e.id]]) for index, members in enumerate(tables) for e in members)
    return repeats, displacement


def _exact(ranked, sizes, home) -> list[list[Entrant]]:
    place = {entrant.id: index for index, entrant in enumerate(ranked)}
    best, best_cost = None, None
    for tables in _splits(ranked, sizes):
        cost = _cost(tables, place, home)
        if best_cost is None or cost < best_cost:
            best, best_cost = tables, cost
    return best


def _splits(entrants, sizes):
    """Every way to seat the entrants at tables of the given sizes, in table order."""
    if not sizes:
        yield []
        return
    for chosen in itertools.combinations(range(len(entrants)), sizes[0]):
        table = [entrants[index] for index in chosen]
        rest = [entrant for index, entrant in enumerate(entrants) if index not in chosen]
        for others in _splits(rest, sizes[1:]):
            yield [table, *others]


def _local_search(ranked, sizes, home, neighbourhood) -> list[list[Entrant]]:
    place = {entrant.id: index for index, entrant in enumerate(ranked)}
    tables, start = [], 0
    for size in sizes:
        tables.append(list(ranked[start : start + size]))
        start += size
    improved = True
    while improved:
        improved = False
        for t, table in enumerate(tables):
            if table_repeats(table) == 0:
                continue
            for u in range(max(0, t - neighbourhood), min(len(tables), t + neighbourhood + 1)):
                if u != t and _improve_pair(tables, t, u, place, home):
                    improved = True
    return tables


def _improve_pair(tables, t, u, place, home) -> bool:
    """Make the best improving swap between tables t and u, if any."""
    before = _pair_cost(tables[t], tables[u], t, u, place, home)
    best, best_swap = before, None
    for i, a in enumerate(tables[t]):
        for j, b in enumerate(tables[u]):
            first = [*tables[t][:i], b, *tables[t][i + 1 :]]
            second = [*tables[u][:j], a, *tables[u][j + 1 :]]
            cost = _pair_cost(first, second, t, u, place, home)
            if cost < best:
                best, best_swap = cost, (i, j)
    if best_swap is None:
        return False
    i, j = best_swap
    tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
    return True


def _pair_cost(first, second, t, u, place, home) -> tuple[int, int]:
    repeats = table_repeats(first) + table_repeats(second)
    displacement = sum(abs(t - home[place[e.id]]) for e in first) + sum(abs(u - home[place[e.id]]) for e in second)
    return repeats, displacement


def seat_cost(entrant: Entrant, seat: int) -> int:
    """How many times the entrant has already sat in this seat."""
    return entrant.seats.count(seat)


def best_seating(members: list[Entrant], lot) -> tuple[list[Entrant], int]:
    ordered = sorted(members, key=lambda e: lot[e.id])
    best, best_cost = None, None
    for order in itertools.permutations(ordered):
        cost = sum(seat_cost(entrant, seat) for seat, entrant in enumerate(order))
        if best_cost is None or cost < best_cost:
            best, best_cost = list(order), cost
    return best, best_cost


def _explain(number, members, ranked, home, lot, method) -> Pairing:
    place = {entrant.id: index for index, entrant in enumerate(ranked)}
    seated, cost = best_seating(members, lot)
    repeats = [(a, b, meetings(a, b)) for a, b in itertools.combinations(seated, 2) if meetings(a, b)]
    displacement = sum(abs(number - 1 - home[place[e.id]]) for e in seated)
    scores = sorted({e.pairing_score for e in seated}, reverse=True)
    places = sorted(place[e.id] + 1 for e in seated)
    terms = [CostTerm("repeat_meetings", sum(times for __, __, times in repeats))]
    terms.append(CostTerm("displacement", displacement, _("tables moved away from the standing order, summed")))
    terms.append(CostTerm("seat_position", cost, _("times these entrants already sat in the seats given")))
    seat_counts = "; ".join(
        _("%(name)s had sat there %(count)s time(s)") % {"name": e.shown, "count": seat_cost(e, seat)}
        for seat, e in enumerate(seated)
    )
    rematch = None
    if repeats:
        pairs = ", ".join(  # people by name, as every other explanation names them
            ngettext("%(first)s and %(second)s (met once)", "%(first)s and %(second)s (met %(times)s times)", times)
            % {"first": a.shown, "second": b.shown, "times": times}
            for a, b, times in repeats
        )
        rematch = ngettext(
            "a repeat meeting: %(pairs)s; no seating of the field has fewer (%(method)s)",
            "repeat meetings: %(pairs)s; no seating of the field has fewer (%(method)s)",
            len(repeats),
        ) % {"pairs": pairs, "method": method}
    return Pairing(
        table=number,
        seats=tuple(e.id for e in seated),
        explanation=Explanation(
            summary=_("table of %(count)s for standing places %(places)s (scores %(scores)s)")
            % {"count": len(seated), "places": _ranges(places), "scores": ", ".join(f"{s:g}" for s in scores)},
            score_group=scores[0],
            costs=tuple(terms),
            seat_reason=_("seat order with the lowest seat-position cost: %(counts)s") % {"counts": seat_counts},
            rematch=rematch,
        ),
    )


def _ranges(places: list[int]) -> str:
    return ", ".join(str(p) for p in places)


def repeat_count(round_pairing: RoundPairing, entrants) -> int:
    """Total past meetings among entrants seated together in a round (used by tests and the benchmark)."""
    by_id = {entrant.id: entrant for entrant in entrants}
    total = Counter()
    for pairing in round_pairing.pairings:
        for a, b in itertools.combinations(pairing.seats, 2):
            total[pairing.table] += by_id[a].met(b)
    return sum(total.values())

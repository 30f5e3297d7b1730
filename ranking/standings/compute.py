"""One function ranks a stage: split the field by each tie-break in turn, only where still tied.

Each tie-break only ever separates entrants that every earlier one left level, so a group-based
tie-break (direct encounter) sees exactly the tied group, and "why is A above B" is the first
tie-break at which they fell into different groups.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ranking.standings.model import Entrant, EntrantId, Scoring
from ranking.tiebreaks import Context, TieBreak, Value, get_tiebreak
from ranking.tiebreaks.text import _, one_language


@dataclass
class Row:
    rank: int
    entrant: Entrant
    values: dict[str, Value | None] = field(default_factory=dict)
    explanation: str = ""  # why this row is above the next one
    decided_by: str | None = None  # the key that separated it from the next row


@dataclass
class Standings:
    tiebreaks: list[TieBreak]
    rows: list[Row]
    # For every entrant, the group it sat in after each tie-break: where two paths part is why.
    paths: dict[EntrantId, list[int]] = field(repr=False, default_factory=dict)
    deciding: int | None = None  # how many of the tie-breaks decide ranks (None: all of them)

    def row(self, entrant_id: EntrantId) -> Row:
        by_id = self.__dict__.get("_row_of")
        if by_id is None or len(by_id) != len(self.rows):
            by_id = self.__dict__["_row_of"] = {row.entrant.id: row for row in self.rows}
        return by_id[entrant_id]

    def deciding_tiebreak(self, a: EntrantId, b: EntrantId) -> TieBreak | None:
        for index, (ga, gb) in enumerate(zip(self.paths[a], self.paths[b], strict=True)):  # deciding ones only
            if ga != gb:
                return self.tiebreaks[index]
        return None

    def why(self, a: EntrantId, b: EntrantId) -> str:
        """In words: why ``a`` is above ``b`` (or below, or level with them)."""
        return self._why(self.row(a), self.row(b), self.deciding_tiebreak(a, b))

    def _why(self, ra: Row, rb: Row, tiebreak: TieBreak | None) -> str:
        """``why`` of two rows, ``tiebreak`` the first that separates them (None: none does)."""
        names = ra.entrant.name, rb.entrant.name
        if tiebreak is None:
            words = {"a": names[0], "b": names[1], "rank": ra.rank}
            if self.deciding is not None and self.deciding < len(self.tiebreaks):
                words["on"] = ", ".join(_(t.name).lower() for t in self.tiebreaks[: self.deciding])
                return (
                    _(
                        "%(a)s and %(b)s are level on %(on)s: they share rank %(rank)s "
                        "(the other columns are shown for information)"
                    )
                    % words
                )
            return _("%(a)s and %(b)s are level on every tie-break: they share rank %(rank)s") % words
        va, vb = ra.values[tiebreak.key], rb.values[tiebreak.key]
        above, below, vh, vl = (names[0], names[1], va, vb) if ra.rank < rb.rank else (names[1], names[0], vb, va)
        earlier = self.tiebreaks[: self.tiebreaks.index(tiebreak)]
        words = {"above": above, "below": below, "difference": tiebreak.difference(vh, vl, (above, below))}
        if earlier:
            words["level"] = ", ".join(_(t.name).lower() for t in earlier)
            return _("%(above)s is above %(below)s: level on %(level)s; %(difference)s") % words
        return _("%(above)s is above %(below)s: %(difference)s") % words


def _split(group: list[EntrantId], values: dict[EntrantId, Value]) -> list[list[EntrantId]]:
    ordered = sorted(group, key=lambda eid: values[eid].order, reverse=True)
    parts: list[list[EntrantId]] = []
    for eid in ordered:
        if parts and values[parts[-1][0]].order == values[eid].order:
            parts[-1].append(eid)
        else:
            parts.append([eid])
    return parts


def _display_order(entrant: Entrant) -> tuple:
    return (entrant.seed if entrant.seed is not None else 10**9, str(entrant.name), str(entrant.id))


@one_language()  # a table says the same few dozen messages thousands of times: each translated once
def compute_standings(
    entrants: Iterable[Entrant], order: Sequence[str], scoring: Scoring | None = None, *, deciding: int | None = None
) -> Standings:
    """Rank the entrants by the tie-breaks named in ``order`` (keys of the registry). With
    ``deciding``, only the first that many decide the ranks; the others are shown for
    information (an elimination stage ranks by its bracket alone)."""
    context = Context({e.id: e for e in entrants}, scoring or Scoring())
    tiebreaks = [get_tiebreak(key) for key in order]
    everyone = sorted(context.entrants, key=lambda eid: _display_order(context.entrants[eid]))
    # Each tie-break's values by entrant (a per-group one's, of the groups it was computed for).
    values: dict[str, dict[EntrantId, Value]] = {}
    for tiebreak in tiebreaks:
        if not tiebreak.per_group:
            values[tiebreak.key] = tiebreak.values(context, everyone)
    groups = [everyone]
    paths: dict[EntrantId, list[int]] = {eid: [] for eid in everyone}
    for tiebreak in tiebreaks[:deciding]:
        refined = []
        by_entrant = values.setdefault(tiebreak.key, {})
        for group in groups:
            if len(group) > 1 and tiebreak.per_group:
                by_entrant.update(tiebreak.values(context, group))
            if len(group) > 1:
                refined += _split(group, by_entrant)
            else:
                refined.append(group)
        groups = refined
        for index, group in enumerate(groups):
            for eid in group:
                paths[eid].append(index)
    columns = [(t.key, values.get(t.key, {})) for t in tiebreaks]
    rows, placed = [], 0
    for group in groups:
        for eid in group:
            entrant = context.entrants[eid]
            cells = {key: column.get(eid) for key, column in columns}
            rows.append(Row(placed + 1, entrant, cells))
        placed += len(group)
    standings = Standings(tiebreaks, rows, paths, deciding)
    for upper, lower in itertools.pairwise(rows):
        decided = standings.deciding_tiebreak(upper.entrant.id, lower.entrant.id)
        upper.decided_by = decided.key if decided else None
        upper.explanation = standings._why(upper, lower, decided)
    return standings

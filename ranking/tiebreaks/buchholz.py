"""Buchholz and its cuts: the scores of the opponents met.

Unplayed rounds follow FIDE C.07 Article 16: an opponent's score counts each of their unplayed
rounds as a draw (16.3), and an entrant's own unplayed round counts as a game against a dummy
opponent with the entrant's own score (16.2). When cuts remove the lowest values, unplayed
rounds are cut first. At a multiplayer table a round counts the average of its opponents.
"""

from __future__ import annotations

from dataclasses import dataclass

from ranking.tiebreaks.base import Context, TieBreak, number, register, unplayed_words
from ranking.tiebreaks.text import N_, _


@dataclass(frozen=True)
class Contribution:
    round: int
    amount: float
    unplayed: bool
    text: str


def contributions(context: Context, eid) -> list[Contribution]:
    entrant = context.entrants[eid]
    adjusted = context.adjusted_points
    out = []
    for r in entrant.rounds:
        if r.played and r.encounters:
            amount = sum(adjusted[e.opponent] for e in r.encounters) / len(r.encounters)
            names = ", ".join(str(context.entrants[e.opponent].name) for e in r.encounters)
            out.append(Contribution(r.round, amount, False, f"R{r.round} {names} {number(amount)}"))
        else:
            own = context.points[eid]
            own_score = _("own score %(points)s") % {"points": number(own)}
            out.append(Contribution(r.round, own, True, f"R{r.round} {unplayed_words(r.unplayed)}: {own_score}"))
    return out


class Buchholz(TieBreak):
    key = "buchholz"
    name = N_("Buchholz")
    short = N_("BH")
    unplayed = N_(
        "an opponent's unplayed rounds count as draws; your own unplayed round counts your own score "
        "(FIDE C.07 16.2–16.3); cuts remove unplayed rounds first"
    )
    cut_low = 0
    cut_high = 0

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            items = contributions(context, eid)
            kept, cut = self._cut(items)
            total = sum(c.amount for c in kept)
            detail = " + ".join(c.text for c in kept) or _("no round")
            if cut:
                detail = _("%(detail)s; cut %(cut)s") % {"detail": detail, "cut": ", ".join(c.text for c in cut)}
            out[eid] = self.value(total, detail)
        return out

    def _cut(self, items: list[Contribution]) -> tuple[list[Contribution], list[Contribution]]:
        low_first = sorted(items, key=lambda c: (not c.unplayed, c.amount, c.round))
        cut = low_first[: self.cut_low]
        rest = low_first[self.cut_low :]
        if self.cut_high:
            rest.sort(key=lambda c: (c.amount, c.round))
            cut += rest[len(rest) - self.cut_high :] if len(rest) >= self.cut_high else rest
            rest = rest[: max(0, len(rest) - self.cut_high)]
        return sorted(rest, key=lambda c: c.round), cut


class BuchholzCut1(Buchholz):
    key = "buchholz_cut1"
    name = N_("Buchholz Cut-1")
    short = N_("BH-C1")
    cut_low = 1


class BuchholzCut2(Buchholz):
    key = "buchholz_cut2"
    name = N_("Buchholz Cut-2")
    short = N_("BH-C2")
    cut_low = 2


class MedianBuchholz(Buchholz):
    key = "buchholz_median"
    name = N_("Median Buchholz")
    short = N_("BH-M1")
    cut_low = 1
    cut_high = 1


for tiebreak in (Buchholz(), BuchholzCut1(), BuchholzCut2(), MedianBuchholz()):
    register(tiebreak)

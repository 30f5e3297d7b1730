"""Buchholz and its cuts: the scores of the opponents met.

Unplayed rounds follow FIDE C.07 Article 16: an opponent's score counts each of their unplayed
rounds as a draw (16.3), and an entrant's own unplayed round counts as a game against a dummy
opponent with the entrant's own score (16.2). When cuts remove the lowest values, unplayed
rounds are cut first. At a multiplayer table a round counts the average of its opponents.
"""

from __future__ import annotations

from operator import attrgetter
from typing import NamedTuple

from ranking.tiebreaks.base import UNPLAYED_WORDS, Context, TieBreak, number, register, unplayed_words
from ranking.tiebreaks.text import N_, _


class Contribution(NamedTuple):  # a tuple: built 9,000 times a stage, much faster than a dataclass
    round: int
    amount: float
    played: bool
    text: str


# How cuts rank contributions, lowest (and unplayed) first; and how they are shown. attrgetter:
# no Python call per item.
_LOW_FIRST = attrgetter("played", "amount", "round")
_SHOWN = attrgetter("round", "played", "amount")


def contributions(context: Context, eid) -> list[Contribution]:
    """What each round of ``eid`` adds, with its text. In the order ``_cut`` keeps them (by round,
    then as cuts rank them), so that an uncut Buchholz reads them as they are."""
    entrants, adjusted, opponent_texts = context.entrants, context.adjusted_points, context.opponent_texts
    out = []
    for r in entrants[eid].rounds:
        if r.played and len(r.encounters) == 1:  # one opponent: their text is written once for all rounds
            opponent = r.encounters[0].opponent
            amount = adjusted[opponent] / 1  # a float, as the average below is
            out.append(Contribution(r.round, amount, True, f"R{r.round} {opponent_texts[opponent]}"))
        elif r.played and r.encounters:
            amount = sum([adjusted[e.opponent] for e in r.encounters]) / len(r.encounters)
            names = ", ".join([str(entrants[e.opponent].name) for e in r.encounters])
            out.append(Contribution(r.round, amount, True, f"R{r.round} {names} {number(amount)}"))
        else:
            own = context.points[eid]
            own_score = _("own score %(points)s") % {"points": number(own)}
            out.append(Contribution(r.round, own, False, f"R{r.round} {unplayed_words(r.unplayed)}: {own_score}"))
    return sorted(out, key=_SHOWN)


def shared_contributions(context: Context, group) -> dict:
    """The contributions of (at least) ``group``. Buchholz and its cuts read the same ones: they are
    kept on the context, per language (the key holds the words of unplayed rounds)."""
    words = (_("own score %(points)s"), *map(unplayed_words, (*UNPLAYED_WORDS, None)))
    known = context.shared.setdefault(("buchholz", *words), {})
    for eid in group:
        if eid not in known:
            known[eid] = contributions(context, eid)
    return known


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
        known = shared_contributions(context, group)
        out = {}
        for eid in group:
            kept, cut = self._cut(known[eid])
            total = sum([c.amount for c in kept])
            detail = " + ".join([c.text for c in kept]) or _("no round")
            if cut:
                detail = _("%(detail)s; cut %(cut)s") % {"detail": detail, "cut": ", ".join(c.text for c in cut)}
            out[eid] = self.value(total, detail)
        return out

    def _cut(self, items: list[Contribution]) -> tuple[list[Contribution], list[Contribution]]:
        if not self.cut_low and not self.cut_high:
            return items, []  # already in the order the sorts below would leave them
        low_first = sorted(items, key=_LOW_FIRST)
        cut = low_first[: self.cut_low]
        rest = low_first[self.cut_low :]
        if self.cut_high:
            rest.sort(key=attrgetter("amount", "round"))
            cut += rest[len(rest) - self.cut_high :] if len(rest) >= self.cut_high else rest
            rest = rest[: max(0, len(rest) - self.cut_high)]
        return sorted(rest, key=attrgetter("round")), cut


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

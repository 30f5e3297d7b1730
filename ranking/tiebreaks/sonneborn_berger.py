"""Sonneborn–Berger: each opponent's score times the result against them.

Opponents' scores count their unplayed rounds as draws (FIDE C.07 16.3); an entrant's own
unplayed round is a game against a dummy opponent with the entrant's own score, times the points
the round gave (16.2): a bye or forfeit win counts the own score, an absence or forfeit loss 0.
"""

from __future__ import annotations

from ranking.tiebreaks.base import Context, TieBreak, number, register, unplayed_words
from ranking.tiebreaks.text import N_, _


class SonnebornBerger(TieBreak):
    key = "sonneborn_berger"
    name = N_("Sonneborn–Berger")
    short = N_("SB")
    unplayed = N_("your own unplayed round counts your own score times the round's result (FIDE C.07 16.2)")

    def values(self, context: Context, group):
        entrants, adjusted, points = context.entrants, context.adjusted_points, context.points
        opponent_texts = context.opponent_texts
        out = {}
        for eid in group:
            total, parts = 0.0, []
            for r in entrants[eid].rounds:
                if r.played:
                    for e in r.encounters:
                        total += adjusted[e.opponent] * e.result
                        parts.append(f"R{r.round} {opponent_texts[e.opponent]}×{number(e.result)}")
                else:
                    total += points[eid] * r.result
                    own = _("own %(points)s×%(result)s") % {"points": number(points[eid]), "result": number(r.result)}
                    parts.append(f"R{r.round} {unplayed_words(r.unplayed)}: {own}")
            out[eid] = self.value(total, " + ".join(parts) or _("no round"))
        return out


register(SonnebornBerger())

"""The games' own score tie-breaks, from the engine outcome of each game.

Where the engine's tie-break tuple of a game was not recorded, the game's score stands in for it
(for Carnac that is the dolmen count alone; the explanation says so).
"""

from __future__ import annotations

from ranking.tiebreaks.base import Context, TieBreak, Value, number, register


class GameScore(TieBreak):
    key = "game_score"
    name = "Game score"
    short = "Score"
    unplayed = "unplayed rounds have no games: they add nothing"
    won_games_only = False

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            games = [g for g in context.entrants[eid].games if g.won or not self.won_games_only]
            total = sum(g.score for g in games)
            parts = " + ".join(f"G{g.number} {number(g.score)}" for g in games) or "no game"
            out[eid] = self.value(total, parts)
        return out


class MenhirsFogPoints(GameScore):
    """Menhirs: the fog-tile points of the winner, summed over the games the entrant won."""

    key = "menhirs_fog_points"
    name = "Fog-tile points"
    short = "Fog"
    won_games_only = True


def _tuple_text(values) -> str:
    return "(" + ", ".join(number(v) for v in values) + ")"


class SummedTiebreak(TieBreak):
    """The engine's tie-break tuples added up element by element, compared left to right."""

    key = "game_tiebreak"
    name = "Game tie-break"
    short = "Game TB"
    unplayed = "unplayed rounds have no games: they add nothing"
    labels: tuple[str, ...] = ()

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            tuples = [(g.number, g.tiebreak or (g.score,)) for g in context.entrants[eid].games]
            width = max((len(t) for _, t in tuples), default=1)
            total = [0.0] * width
            for _, t in tuples:
                for i, v in enumerate(t):
                    total[i] += v
            detail = " + ".join(f"G{n} {_tuple_text(t)}" for n, t in tuples) or "no game"
            if self.labels:
                detail += " — " + ", ".join(self.labels)
            shown = " / ".join(number(abs(v)) for v in total)
            out[eid] = Value(tuple(total), shown, detail)
        return out


class FogRescuePoints(SummedTiebreak):
    """The FOG: rescue points, then fewest islanders lost, then most commoners rescued."""

    key = "fog_rescue_points"
    name = "Rescue points"
    short = "RP"
    labels = ("rescue points", "islanders lost (fewer is better)", "commoners rescued")


class CarnacDolmens(TieBreak):
    """Carnac: every dolmen of the entrant's games pooled, compared as the rulebook compares one
    game: more dolmens, then the larger largest dolmen, then the next largest, and so on."""

    key = "carnac_dolmens"
    name = "Dolmens"
    short = "Dolmens"
    unplayed = "unplayed rounds have no games: they add nothing"

    def values(self, context: Context, group):
        pooled = {}
        notes = {}
        for eid in group:
            count, sizes, missing = 0, [], []
            for game in context.entrants[eid].games:
                if game.tiebreak:
                    count += int(game.tiebreak[0])
                    sizes += [int(s) for s in game.tiebreak[1:] if s]
                else:
                    count += int(game.score)
                    missing.append(game.number)
            pooled[eid] = (count, sorted(sizes, reverse=True))
            notes[eid] = missing
        width = max((len(s) for _, s in pooled.values()), default=0)
        out = {}
        for eid, (count, sizes) in pooled.items():
            detail = f"{count} dolmen{'s' if count != 1 else ''}"
            if sizes:
                detail += ", sizes " + " ".join(str(s) for s in sizes)
            if notes[eid]:
                detail += f"; sizes not recorded for game{'s' if len(notes[eid]) > 1 else ''} " + ", ".join(
                    f"G{n}" for n in notes[eid]
                )
            order = (count, *sizes, *([0] * (width - len(sizes))))
            out[eid] = Value(order, str(count), detail)
        return out


register(GameScore())
register(MenhirsFogPoints())
register(SummedTiebreak())
register(FogRescuePoints())
register(CarnacDolmens())

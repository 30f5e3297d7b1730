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


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _first_difference(above: Value, below: Value) -> int | None:
    for index, (a, b) in enumerate(zip(above.order, below.order, strict=False)):
        if a != b:
            return index
    return None


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
        labels = self.labels or tuple(context.scoring.extra.get("tiebreak_labels") or ())
        out = {}
        for eid in group:
            tuples = [(g.number, g.tiebreak or (g.score,)) for g in context.entrants[eid].games]
            width = max((len(t) for _, t in tuples), default=1)
            total = [0.0] * width
            for _, t in tuples:
                for i, v in enumerate(t):
                    total[i] += v
            detail = " + ".join(f"G{n} {_tuple_text(t)}" for n, t in tuples) or "no game"
            if labels:
                detail += " — " + ", ".join(labels)
            parts = tuple(_part(labels, index, value) for index, value in enumerate(total))
            shown = " / ".join(figure for _, figure, _ in parts)
            out[eid] = Value(tuple(total), shown, detail, parts)
        return out

    def difference(self, above: Value, below: Value, names: tuple[str, str] = ("", "")) -> str:
        index = _first_difference(above, below)
        if index is None or index >= len(above.parts) or index >= len(below.parts):
            return super().difference(above, below)
        label, a, fewer = above.parts[index]
        b = below.parts[index][1]
        better = "fewer is better" if fewer else "more is better"
        whole = f"{self.name.lower()} {above.shown} to {below.shown}"
        if index == 0:
            return f"{whole}: {label} {a} to {b} ({better})"
        level = ", ".join(part[0] for part in above.parts[:index])
        return f"{whole}: level on {level}, then {label} {a} to {b} ({better})"


def _part(labels, index: int, value: float) -> tuple[str, str, bool]:
    """A figure of an engine's tuple: its label, as shown, and whether fewer is better. A
    "fewer is better" figure is stored negated (larger compares better): it is shown as the count."""
    if index >= len(labels):
        return f"its {ordinal(index + 1)} figure", number(abs(value) if not labels else value), False
    label = labels[index]
    fewer = any(word in label.lower() for word in ("fewer", "fewest", "negated"))
    words = label.split(" (")[0].lower()
    words = words.removeprefix("fewest ").removeprefix("fewer ") if fewer else words
    return words, number(abs(value) if fewer else value), fewer


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

    def difference(self, above: Value, below: Value, names: tuple[str, str] = ("", "")) -> str:
        index = _first_difference(above, below)
        if not index:  # the counts differ (or nothing does)
            return super().difference(above, below)
        a, b = above.order[index], below.order[index]
        which = "largest dolmen" if index == 1 else f"{ordinal(index)} largest dolmen"
        sizes = f"size {a} to {'none' if not b else f'size {b}'}"
        return f"dolmens {above.shown} each; {which} {sizes} (the rulebook compares the largest dolmens next)"


register(GameScore())
register(MenhirsFogPoints())
register(SummedTiebreak())
register(FogRescuePoints())
register(CarnacDolmens())

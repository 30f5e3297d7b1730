"""The games' own score tie-breaks, from the engine outcome of each game.

Where the engine's tie-break tuple of a game was not recorded, the game's score stands in for it
(for Carnac that is the dolmen count alone; the explanation says so).
"""

from __future__ import annotations

from collections import Counter

from ranking.tiebreaks.base import Context, TieBreak, Value, number, register
from ranking.tiebreaks.text import N_, _, ngettext


class GameScore(TieBreak):
    key = "game_score"
    name = N_("Game score")
    short = N_("Score")
    unplayed = N_("unplayed rounds have no games: they add nothing")
    won_games_only = False

    def values(self, context: Context, group):
        out = {}
        for eid in group:
            games = [g for g in context.games[eid] if g.won or not self.won_games_only]
            total = sum(g.score for g in games)
            parts = " + ".join([f"G{g.number} {number(g.score)}" for g in games]) or _("no game")
            out[eid] = self.value(total, parts)
        return out


class MenhirsFogPoints(GameScore):
    """Menhirs: the fog-tile points of the winner, summed over the games the entrant won."""

    key = "menhirs_fog_points"
    name = N_("Fog-tile points")
    short = N_("Fog")
    won_games_only = True


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th... in the reader's language."""
    if n in (1, 2, 3):
        return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}[n]
    return _("%(n)sth") % {"n": n}


def _first_difference(above: Value, below: Value) -> int | None:
    for index, (a, b) in enumerate(zip(above.order, below.order, strict=False)):
        if a != b:
            return index
    return None


def _tuple_text(values) -> str:
    return "(" + ", ".join([number(v) for v in values]) + ")"


class SummedTiebreak(TieBreak):
    """The engine's tie-break tuples added up element by element, compared left to right."""

    key = "game_tiebreak"
    name = N_("Game tie-break")
    short = N_("Game TB")
    unplayed = N_("unplayed rounds have no games: they add nothing")
    labels: tuple[str, ...] = ()

    def values(self, context: Context, group):
        labels = self.labels or tuple(context.scoring.extra.get("tiebreak_labels") or ())
        out = {}
        for eid in group:
            tuples = [(g.number, g.tiebreak or (g.score,)) for g in context.games[eid]]
            width = max((len(t) for __, t in tuples), default=1)
            total = [0.0] * width
            for __, t in tuples:
                for i, v in enumerate(t):
                    total[i] += v
            detail = " + ".join([f"G{n} {_tuple_text(t)}" for n, t in tuples]) or _("no game")
            if labels:
                detail += " — " + ", ".join(labels)
            parts = tuple(_part(labels, index, value) for index, value in enumerate(total))
            shown = " / ".join(figure for __, figure, __ in parts)
            out[eid] = Value(tuple(total), shown, detail, parts)
        return out

    def difference(self, above: Value, below: Value, names: tuple[str, str] = ("", "")) -> str:
        index = _first_difference(above, below)
        if index is None or index >= len(above.parts) or index >= len(below.parts):
            return super().difference(above, below)
        label, a, fewer = above.parts[index]
        b = below.parts[index][1]
        words = {"tiebreak": _(self.name).lower(), "above": above.shown, "below": below.shown, "figure": label}
        words |= {"a": a, "b": b, "level": ", ".join(part[0] for part in above.parts[:index])}
        if index == 0:
            if fewer:
                return _("%(tiebreak)s %(above)s to %(below)s: %(figure)s %(a)s to %(b)s (fewer is better)") % words
            return _("%(tiebreak)s %(above)s to %(below)s: %(figure)s %(a)s to %(b)s (more is better)") % words
        if fewer:
            return (
                _(
                    "%(tiebreak)s %(above)s to %(below)s: level on %(level)s, then %(figure)s %(a)s to %(b)s "
                    "(fewer is better)"
                )
                % words
            )
        return (
            _(
                "%(tiebreak)s %(above)s to %(below)s: level on %(level)s, then %(figure)s %(a)s to %(b)s "
                "(more is better)"
            )
            % words
        )


def _part(labels, index: int, value: float) -> tuple[str, str, bool]:
    """A figure of an engine's tuple: its label, as shown, and whether fewer is better. A
    "fewer is better" figure is stored negated (larger compares better): it is shown as the count."""
    if index >= len(labels):
        return (
            _("its %(ordinal)s figure") % {"ordinal": ordinal(index + 1)},
            number(abs(value) if not labels else value),
            False,
        )
    label = labels[index]
    fewer = any(word in label.lower() for word in ("fewer", "fewest", "negated"))
    words = label.split(" (")[0].lower()
    words = words.removeprefix("fewest ").removeprefix("fewer ") if fewer else words
    return _(words), number(abs(value) if fewer else value), fewer


class FogRescuePoints(SummedTiebreak):
    """The FOG: rescue points, then fewest islanders lost, then most commoners rescued."""

    key = "fog_rescue_points"
    name = N_("Rescue points")
    short = N_("RP")
    labels = ("rescue points", "islanders lost (fewer is better)", "commoners rescued")
    # The figures as "why" names them (``_part`` reads the labels above).
    FIGURES = (N_("rescue points"), N_("islanders lost"), N_("commoners rescued"))


def _largest_first(sizes) -> tuple[list[int], str]:
    """The dolmen sizes recorded (zeros are none), as whole numbers largest first, and as text.
    Counted first: an entrant's hundred sizes are a few values, each converted and written once."""
    tally = Counter(sizes)
    ordered, texts = [], []
    for size in sorted(tally, reverse=True):
        if size:
            whole = int(size)
            ordered += [whole] * tally[size]
            texts += [str(whole)] * tally[size]
    return ordered, " ".join(texts)


class CarnacDolmens(TieBreak):
    """Carnac: every dolmen of the entrant's games pooled, compared as the rulebook compares one
    game: more dolmens, then the larger largest dolmen, then the next largest, and so on."""

    key = "carnac_dolmens"
    name = N_("Dolmens")
    short = N_("Dolmens")
    unplayed = N_("unplayed rounds have no games: they add nothing")

    def values(self, context: Context, group):
        pooled = {}
        notes = {}
        for eid in group:
            count, sizes, missing = 0, [], []
            for game in context.games[eid]:
                tiebreak = game.tiebreak
                if tiebreak:
                    count += int(tiebreak[0])
                    sizes += tiebreak[1:]
                else:
                    count += int(game.score)
                    missing.append(game.number)
            pooled[eid] = (count, *_largest_first(sizes))
            notes[eid] = missing
        width = max((len(s) for __, s, __ in pooled.values()), default=0)
        out = {}
        for eid, (count, sizes, sizes_text) in pooled.items():
            detail = ngettext("%(count)s dolmen", "%(count)s dolmens", count) % {"count": count}
            if sizes:
                detail = _("%(detail)s, sizes %(sizes)s") % {"detail": detail, "sizes": sizes_text}
            if notes[eid]:
                missing = ", ".join(f"G{n}" for n in notes[eid])
                detail = ngettext(
                    "%(detail)s; sizes not recorded for game %(games)s",
                    "%(detail)s; sizes not recorded for games %(games)s",
                    len(notes[eid]),
                ) % {"detail": detail, "games": missing}
            order = (count, *sizes, *([0] * (width - len(sizes))))
            out[eid] = Value(order, str(count), detail)
        return out

    def difference(self, above: Value, below: Value, names: tuple[str, str] = ("", "")) -> str:
        index = _first_difference(above, below)
        if not index:  # the counts differ (or nothing does)
            return super().difference(above, below)
        a, b = above.order[index], below.order[index]
        which = _("largest dolmen") if index == 1 else _("%(ordinal)s largest dolmen") % {"ordinal": ordinal(index)}
        if b:
            sizes = _("size %(a)s to size %(b)s") % {"a": a, "b": b}
        else:
            sizes = _("size %(a)s to none") % {"a": a}
        return _("dolmens %(count)s each; %(which)s %(sizes)s (the rulebook compares the largest dolmens next)") % {
            "count": above.shown,
            "which": which,
            "sizes": sizes,
        }


register(GameScore())
register(MenhirsFogPoints())
register(SummedTiebreak())
register(FogRescuePoints())
register(CarnacDolmens())

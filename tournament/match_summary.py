"""A match's result in words, for the round tables and the match page.

Three shapes of table: two players (a series, "alice won 2–1"; a level series says what decided
it), a multiplayer table (every seat with its place and score), and a team or a solo player
(its score, won or lost). A match still being played shows the score so far. Reads a match with
its seats and games loaded (``tournament.selectors`` prefetches them); writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engines import get_engine
from tournament.models import Match, Participant, SeriesGame, Stage


@dataclass(frozen=True)
class SeatLine:
    name: str
    participant_id: int
    rank: int | None  # the place at the table once the match is settled
    score: str  # the game's score (summed over the series), "" when none was recorded
    won: bool | None = None  # a team game: did the team win (None: not known)
    points: str = ""  # match points this match gave
    participant: Participant | None = None  # for the link on the name


@dataclass(frozen=True)
class MatchSummary:
    shape: str  # "bye", "versus", "table" or "team"
    seats: list[SeatLine] = field(default_factory=list)
    result: str = ""  # in words; "" while nothing is confirmed
    settled: bool = False


def _n(value) -> str:
    """1, 1.5, ½ as a person writes a score: no trailing zeros."""
    text = f"{Decimal(str(value)).normalize():f}"
    return "0" if text == "-0" else text


def _confirmed(match: Match) -> list[SeriesGame]:
    done = []
    for game in sorted(match.games.all(), key=lambda g: g.number):
        if game.status != SeriesGame.Status.CONFIRMED or not game.ranks:
            break
        done.append(game)
    return done


def _so_far(games: list[SeriesGame], ids: list[int]) -> tuple[dict[int, Decimal], dict[int, float]]:
    wins = dict.fromkeys(ids, Decimal(0))
    scores = dict.fromkeys(ids, 0.0)
    for game in games:
        firsts = [pid for pid, rank in zip(game.seat_order, game.ranks, strict=False) if rank == 1]
        for pid in firsts:
            if pid in wins:
                wins[pid] += Decimal(1) / len(firsts)
        for pid, score in zip(game.seat_order, game.scores or [], strict=False):
            if pid in scores and score is not None:
                scores[pid] += float(score)
    return wins, scores


def _team_won(game: SeriesGame) -> bool | None:
    record = getattr(game, "record", None)
    verdict = getattr(record, "verdict", None) if record is not None else None
    outcome = verdict.get("outcome") if isinstance(verdict, dict) else None
    if isinstance(outcome, dict) and isinstance(outcome.get("team_won"), bool):
        return outcome["team_won"]
    return None


def summarize(match: Match, stage: Stage, score_label: str = "score", absent: list | None = None) -> MatchSummary:
    """``absent``: the participants who did not play, when the match was recorded as a forfeit."""
    seats = sorted(match.seats.all(), key=lambda s: s.seat)
    if match.is_bye:
        points = seats[0].match_points if seats else stage.points_bye
        text = ngettext("%(points)s point", "%(points)s points", 1 if points == 1 else 2) % {"points": _n(points or 0)}
        return MatchSummary("bye", [], text, True)
    settled = match.status == Match.Status.COMPLETED
    games = _confirmed(match)
    ids = [seat.participant_id for seat in seats]
    wins, scores = _so_far(games, ids)
    scored = any(game.scores for game in games)
    if len(seats) == 1:
        seat = seats[0]
        won = _team_won(games[-1]) if games else None
        line = SeatLine(
            seat.participant.name,
            seat.participant_id,
            seat.rank,
            _n(scores[seat.participant_id]) if scored else "",
            won,
            participant=seat.participant,
        )
        if not games:
            return MatchSummary("team", [line], "", False)
        verdict = {True: _("won"), False: _("lost"), None: _("played")}[won]
        score = f" · {score_label} {line.score}" if line.score else ""
        return MatchSummary("team", [line], f"{verdict}{score}", settled)
    lines = [
        SeatLine(
            seat.participant.name,
            seat.participant_id,
            seat.rank if settled else None,
            _n(scores[seat.participant_id]) if scored else "",
            points=_n(seat.match_points) if settled and seat.match_points is not None else "",
            participant=seat.participant,
        )
        for seat in seats
    ]
    if len(seats) > 2:
        if settled:
            lines.sort(key=lambda line: (line.rank or 99, ids.index(line.participant_id)))
            first = [line.name for line in lines if line.rank == 1]
            if len(first) > 1:
                text = _("%(names)s share first place") % {"names": _and(first)}
            else:
                text = _("%(name)s first") % {"name": first[0] if first else ""}
        elif games:
            text = _("%(played)s of %(count)s games played") % {"played": len(games), "count": stage.series_length}
        else:
            text = ""
        return MatchSummary("table", lines, text, settled)
    if settled and absent:
        gone = _and([seat.participant.name for seat in seats if seat.participant_id in absent])
        present = [seat.participant.name for seat in seats if seat.participant_id not in absent]
        if present:
            text = _("%(winner)s won by forfeit: %(absent)s did not play") % {"winner": present[0], "absent": gone}
        else:
            text = _("forfeit: %(absent)s did not play") % {"absent": gone}
        return MatchSummary("versus", lines, text, settled)
    return MatchSummary(
        "versus", lines, _versus(seats, wins, scores, scored, settled, games, stage, score_label), settled
    )


def _versus(seats, wins, scores, scored, settled, games, stage, score_label) -> str:
    a, b = seats
    wa, wb = wins[a.participant_id], wins[b.participant_id]
    tally = f"{_n(wa)}–{_n(wb)}"
    if not settled:
        if not games:
            return ""
        if wa == wb:
            return ngettext(
                "level %(tally)s after %(count)s game", "level %(tally)s after %(count)s games", len(games)
            ) % {"tally": tally, "count": len(games)}
        leader, high, low = (a, wa, wb) if wa > wb else (b, wb, wa)
        return _("%(name)s leads %(tally)s") % {"name": leader.participant.name, "tally": f"{_n(high)}–{_n(low)}"}
    if a.rank == b.rank:
        if scored:
            return _("drawn %(tally)s, %(label)s %(a)s to %(b)s") % {
                "tally": tally,
                "label": score_label,
                "a": _n(scores[a.participant_id]),
                "b": _n(scores[b.participant_id]),
            }
        return _("drawn %(tally)s") % {"tally": tally}
    winner, loser = (a, b) if (a.rank or 9) < (b.rank or 9) else (b, a)
    ww, wl = wins[winner.participant_id], wins[loser.participant_id]
    in_order = f"{_n(ww)}–{_n(wl)}"
    words = {"winner": winner.participant.name, "loser": loser.participant.name, "tally": in_order}
    words |= {"label": score_label}
    if ww != wl:
        return _("%(winner)s won %(tally)s") % words
    sw, sl = scores[winner.participant_id], scores[loser.participant_id]
    words |= {"a": _n(sw), "b": _n(sl)}
    if scored and sw != sl:
        return _("level %(tally)s; %(winner)s wins on the game's tie-break: %(label)s %(a)s to %(b)s") % words
    if not games:  # no game counted: a forfeit
        return _("%(winner)s won: %(loser)s did not play") % words
    if stage.level_series == Stage.LevelSeries.HIGHER_SEED:
        if scored:
            return _("level %(tally)s, %(label)s %(a)s each; %(winner)s goes through as the higher seed") % words
        return _("level %(tally)s; %(winner)s goes through as the higher seed") % words
    return _("%(winner)s won %(tally)s") % words


def _and(names: list[str]) -> str:
    """ "alice and bob", "alice and bob and carol"."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = _("%(names)s and %(last)s") % {"names": text, "last": name}
    return text


@dataclass(frozen=True)
class RoundTable:
    shape: str  # the round's shape: "versus", "table" or "team" (byes fit in any)
    rows: list[tuple[Match, MatchSummary]]


def round_table(round_, game: str) -> RoundTable:
    """Every match of a round with its summary, and the shape its table is drawn in."""
    from ranking.models import Forfeit

    stage, label = round_.stage, score_label_of(game)
    forfeits = dict(Forfeit.objects.filter(match__round=round_).values_list("match_id", "absent"))
    rows = [(match, summarize(match, stage, label, forfeits.get(match.pk))) for match in round_.matches.all()]
    shapes = [summary.shape for __, summary in rows if summary.shape != "bye"]
    shape = "table" if "table" in shapes else ("team" if shapes and set(shapes) == {"team"} else "versus")
    return RoundTable(shape, rows)


def score_label_of(game: str) -> str:
    try:
        return get_engine(game).info.score_label
    except LookupError:
        return "score"

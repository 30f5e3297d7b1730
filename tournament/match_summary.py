"""A match's result in words, for the round tables and the match page.

Three shapes of table: two players (a series, "alice won 2–1"; a level series says what decided
it), a multiplayer table (every seat with its place and score), and a team or a solo player
(its score, won or lost). A match still being played shows the score so far. ``summarize`` reads a
match with its seats and games loaded (``tournament.selectors`` prefetches them); ``round_table``
reads a whole round itself, as plain rows; nothing is written.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import NamedTuple

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engines import get_engine
from tournament.models import Match, MatchSeat, Participant, Round, SeriesGame, Stage


@dataclass(frozen=True)
class SeatLine:
    name: str
    participant_id: int
    rank: int | None  # the place at the table once the match is settled
    score: str  # the game's score (summed over the series), "" when none was recorded
    won: bool | None = None  # a team game: did the team win (None: not known)
    points: str = ""  # match points this match gave
    participant: Participant | None = None  # for the link on the name


class SeatFacts(NamedTuple):
    """What a summary reads of a seat: from a ``MatchSeat``, or from a row of a round's seats."""

    seat: int
    participant_id: int
    name: str
    rank: int | None
    match_points: Decimal | None
    participant: Participant | None = None


class GameFacts(NamedTuple):
    """What a summary reads of a series game (a ``SeriesGame`` has the same attributes)."""

    number: int
    status: str
    seat_order: list[int]
    ranks: list | None
    scores: list | None
    record_id: int | None


@dataclass(frozen=True)
class MatchSummary:
    shape: str  # "bye", "versus", "table" or "team"
    seats: list[SeatLine] = field(default_factory=list)
    result: str = ""  # in words; "" while nothing is confirmed
    settled: bool = False


@lru_cache(maxsize=1024, typed=True)  # a round table writes a few thousand, mostly the same few
def _n(value) -> str:
    """1, 1.5, ½ as a person writes a score: no trailing zeros."""
    text = f"{Decimal(str(value)).normalize():f}"
    return "0" if text == "-0" else text


def _confirmed(games) -> list[SeriesGame | GameFacts]:
    done = []
    for game in sorted(games, key=lambda g: g.number):
        if game.status != SeriesGame.Status.CONFIRMED or not game.ranks:
            break
        done.append(game)
    return done


def _so_far(games: list[SeriesGame | GameFacts], ids: list[int]) -> tuple[dict[int, Decimal], dict[int, float]]:
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


def _team_won_in(verdict) -> bool | None:
    """A team game's verdict says whether the team won (None: it does not say)."""
    outcome = verdict.get("outcome") if isinstance(verdict, dict) else None
    if isinstance(outcome, dict) and isinstance(outcome.get("team_won"), bool):
        return outcome["team_won"]
    return None


def _team_won(game: SeriesGame) -> bool | None:
    record = getattr(game, "record", None)
    return _team_won_in(getattr(record, "verdict", None) if record is not None else None)


def summarize(match: Match, stage: Stage, score_label: str = "score", absent: list | None = None) -> MatchSummary:
    """``absent``: the participants who did not play, when the match was recorded as a forfeit."""
    seats = [
        SeatFacts(seat.seat, seat.participant_id, seat.participant.name, seat.rank, seat.match_points, seat.participant)
        for seat in sorted(match.seats.all(), key=lambda s: s.seat)
    ]
    return _summary(match.is_bye, match.status, seats, match.games.all(), stage, score_label, absent, _team_won)


def _summary(
    is_bye: bool,
    status: str,
    seats: list[SeatFacts],
    games,
    stage: Stage,
    score_label: str,
    absent: list | None,
    team_won: Callable[[SeriesGame | GameFacts], bool | None],
) -> MatchSummary:
    """A match's summary from its facts: ``seats`` in seat order, ``games`` in any order."""
    if is_bye:
        points = seats[0].match_points if seats else stage.points_bye
        text = ngettext("%(points)s point", "%(points)s points", 1 if points == 1 else 2) % {"points": _n(points or 0)}
        return MatchSummary("bye", [], text, True)
    settled = status == Match.Status.COMPLETED
    games = _confirmed(games)
    ids = [seat.participant_id for seat in seats]
    wins, scores = _so_far(games, ids)
    scored = any(game.scores for game in games)
    if len(seats) == 1:
        seat = seats[0]
        won = team_won(games[-1]) if games else None
        line = SeatLine(
            seat.name,
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
            seat.name,
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
        gone = _and([seat.name for seat in seats if seat.participant_id in absent])
        present = [seat.name for seat in seats if seat.participant_id not in absent]
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
        return _("%(name)s leads %(tally)s") % {"name": leader.name, "tally": f"{_n(high)}–{_n(low)}"}
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
    words = {"winner": winner.name, "loser": loser.name, "tally": in_order}
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


class TableSeat(NamedTuple):
    """A name in a round table's row, with what the row says beside it."""

    name: str
    link: str = ""  # the name as HTML, linked as everywhere (the ``player_link`` filter)
    rank: int | None = None  # the place at the table once the match is settled
    score: str = ""
    points: str = ""  # match points this match gave
    tag: str = ""  # "won" or "drew": the mark a two-player table puts beside the winner


class TableRow(NamedTuple):
    """One match as its row in a round table: every value worked out once, the template prints."""

    is_bye: bool
    url: str
    label: str | int  # the match's label, else its table number
    seats: list[TableSeat]  # a bye's and the pairings' in seat order, else the summary's (a table's by place)
    result: str = ""  # "" while nothing is confirmed


@dataclass(frozen=True)
class RoundTable:
    shape: str  # the round's shape: "versus", "table" or "team" (byes fit in any); "pairings": no results
    rows: list[TableRow]


def round_table(round_: Round, game: str, link: Callable[[Participant], str]) -> RoundTable:
    """Every match of a round as its row, and the shape its table is drawn in. ``link``: a
    participant's name as HTML, asked once per participant.

    The table is drawn again after every result, and a round can have 500 matches: the round is
    read as plain rows (matches, seats with their participants, games, forfeits, and the verdicts
    of team games only), not as models with their game records."""
    from games.models import GameRecord
    from ranking.models import Forfeit

    stage, label = round_.stage, score_label_of(game)
    matches, seats, url = _matches(round_), _seats(round_, people=True), _match_url(round_)
    links = {seat.participant_id: link(seat.participant) for found in seats.values() for seat in found}
    games = defaultdict(list)
    for match_id, *facts in SeriesGame.objects.filter(match__round=round_).values_list("match_id", *GameFacts._fields):
        games[match_id].append(GameFacts(*facts))
    forfeits = dict(Forfeit.objects.filter(match__round=round_).values_list("match_id", "absent"))
    solo = [pk for pk, __, __, is_bye, __ in matches if not is_bye and len(seats[pk]) == 1]
    records = [game.record_id for pk in solo for game in games[pk] if game.record_id is not None]
    verdicts = dict(GameRecord.objects.filter(pk__in=records).values_list("pk", "verdict")) if records else {}

    def team_won(game: GameFacts) -> bool | None:
        return _team_won_in(verdicts.get(game.record_id))

    rows, shapes = [], set()
    for pk, table, match_label, is_bye, status in matches:
        summary = _summary(is_bye, status, seats[pk], games[pk], stage, label, forfeits.get(pk), team_won)
        shapes.add(summary.shape)
        cells = _cells(is_bye, seats[pk], summary, links)
        rows.append(TableRow(is_bye, url(pk), match_label or table, cells, summary.result))
    shapes.discard("bye")
    shape = "table" if "table" in shapes else ("team" if shapes == {"team"} else "versus")
    return RoundTable(shape, rows)


def round_pairings(round_: Round) -> RoundTable:
    """Every match of a round with the names at it in seat order, and no result (a silent round)."""
    seats, url = _seats(round_), _match_url(round_)
    rows = [
        TableRow(is_bye, url(pk), label or table, [TableSeat(seat.name) for seat in seats[pk]])
        for pk, table, label, is_bye, __ in _matches(round_)
    ]
    return RoundTable("pairings", rows)


def _cells(is_bye: bool, seats: list[SeatFacts], summary: MatchSummary, links: dict[int, str]) -> list[TableSeat]:
    if is_bye:  # a bye's summary names no one
        return [TableSeat(seat.name, links[seat.participant_id]) for seat in seats]
    drawn = len(seats) > 1 and all(seat.rank == 1 for seat in seats)
    tag = ("drew" if drawn else "won") if summary.settled else ""
    return [
        TableSeat(
            line.name, links[line.participant_id], line.rank, line.score, line.points, tag if line.rank == 1 else ""
        )
        for line in summary.seats
    ]


def _matches(round_: Round) -> list[tuple[int, int, str, bool, str]]:
    """The round's matches by table: id, table, label, is_bye, status."""
    return list(
        Match.objects.filter(round=round_).order_by("table").values_list("pk", "table", "label", "is_bye", "status")
    )


def _seats(round_: Round, *, people: bool = False) -> defaultdict[int, list[SeatFacts]]:
    """The seats of the round's matches, in seat order, by match id. ``people``: each with its
    participant as ``only("name", "user", "ai_level")`` would load it for ``player_link``, built
    from the same rows (a query fewer)."""
    found = defaultdict(list)
    rows = MatchSeat.objects.filter(match__round=round_).order_by("seat")
    if not people:
        for match_id, *facts in rows.values_list("match_id", "seat", "participant_id", "participant__name", "rank"):
            found[match_id].append(SeatFacts(*facts, match_points=None))
        return found
    # Participant.from_db takes the loaded fields in the model's order
    loaded = [
        f.attname for f in Participant._meta.concrete_fields if f.attname in {"id", "user_id", "ai_level", "name"}
    ]
    columns = ["match_id", "seat", "rank", "match_points", "participant__user__username"]
    columns += [f"participant__{name}" for name in loaded]
    for match_id, seat, rank, points, username, *values in rows.values_list(*columns):
        participant = Participant.from_db(rows.db, loaded, values)
        participant.username = username  # as annotate(username=F("user__username")) does: player_link reads it
        found[match_id].append(SeatFacts(seat, participant.pk, participant.name, rank, points, participant))
    return found


def _match_url(round_: Round) -> Callable[[int], str]:
    """``Match.get_absolute_url`` by a match's id, for every match of the round at the cost of one
    reverse() (500 of them cost 7 ms): a marker stands in the id's place."""
    marker = "987654321987654321"
    before, __, after = reverse("match-detail", args=[round_.stage.event.slug, int(marker)]).rpartition(marker)
    return lambda pk: f"{before}{pk}{after}"


def score_label_of(game: str) -> str:
    try:
        return get_engine(game).info.score_label
    except LookupError:
        return "score"

"""Turn a stage's confirmed results into standings entrants (the only Django part of standings).

Only confirmed games count. A round whose match still waits for a result is left out for the
entrants at that table; a published round without the entrant is an absence (withdrawn, not yet
entered, or not paired); a bye match is a pairing bye; a match with a recorded forfeit is
unplayed for both sides.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict, defaultdict
from typing import NamedTuple

from django.db.models import TextField, Value
from django.db.models.functions import Cast, Coalesce, Concat

from ranking.models import Forfeit, GameDetail
from ranking.standings.model import Encounter, Entrant, GamePlayed, RoundResult, Scoring, Unplayed
from tournament.models import Match, MatchSeat, SeriesGame, Stage


def _tiebreaks(version: int, ranks, verdict, detail_version: int | None, detail_tiebreaks) -> list | None:
    """The recorded detail's tuples when it is for this version of the result, else a validated
    log's when its ranks are the result's."""
    if detail_version == version:
        return detail_tiebreaks
    outcome = verdict.get("outcome") if isinstance(verdict, dict) else None
    if outcome and [s.get("rank") for s in outcome.get("seats", [])] == list(ranks or []):
        return [s.get("tiebreak") for s in outcome["seats"]]
    return None


def game_tiebreaks(game: SeriesGame, detail: GameDetail | None) -> list | None:
    """The engine's tie-break tuple per seat: a recorded detail for this version of the result,
    else the outcome of a validated game log when the tournament links one."""
    record = getattr(game, "record", None) if hasattr(type(game), "record") else None
    verdict = getattr(record, "verdict", None)
    if detail is None:
        return _tiebreaks(game.version, game.ranks, verdict, None, None)
    return _tiebreaks(game.version, game.ranks, verdict, detail.game_version, detail.tiebreaks)


class _Figures(dict):
    """Tie-break tuples as floats, by their figures as decoded: each distinct tuple is converted
    once and shared by the seats that have it. A Swiss repeats few (1,554 distinct among the
    22,258 seats of the bench Carnac), and fewer floats are quicker to build and to free."""

    def __missing__(self, figures: tuple) -> tuple[float, ...]:
        converted = self[figures] = tuple(map(float, figures))
        return converted


def _add_plays(
    games_of: dict[int, list[GamePlayed]], number: int, seat_order, ranks, scores, tiebreaks, figures: _Figures
) -> None:
    """Each seat's view of one game, appended to the games its participant played in the match."""
    if not ranks:
        return
    seats = len(seat_order)
    for index, pid in enumerate(seat_order):
        rank = ranks[index]
        tiebreak = tiebreaks[index] if tiebreaks else None
        played = GamePlayed.fast(
            number,
            index == 0,
            rank,
            seats,
            ranks.count(rank),
            float(scores[index]) if scores else 0.0,
            None if tiebreak is None else figures[tuple(tiebreak)],
        )
        if pid in games_of:
            games_of[pid].append(played)
        else:
            games_of[pid] = [played]


def _result_against(mine: int | None, theirs: int | None) -> float:
    if mine is None or theirs is None:
        return 0.5
    return 1.0 if mine < theirs else (0.5 if mine == theirs else 0.0)


class _RoundRows(NamedTuple):
    """One round's rows as the database returned them: what its results are built from. Equal
    rows build equal results, so a round whose rows did not change is not built again."""

    matches: tuple  # (match id, is bye), in the matches' order
    seats: tuple  # (match id, participant id, rank, match points), by match and seat
    games: tuple  # confirmed games: (match id, number, version, detail's version, JSON texts)
    forfeits: tuple  # (match id, the participants who did not play)


def _decoded(texts: list) -> list:
    """Many small JSON texts (as the database returns them) decoded in one parse: one call
    instead of tens of thousands is most of the time the standings of a large Swiss spend."""
    return json.loads("[" + ",".join("null" if text is None else text for text in texts) + "]")


def _json_texts(*names: str) -> Concat:
    """The JSON of a row's fields as one text, comma-separated, SQL NULL as null: one string per
    row to fetch and to join for ``_decoded`` instead of one per field."""
    parts = []
    for name in names:
        parts += [Value(","), Coalesce(Cast(name, TextField()), Value("null"), output_field=TextField())]
    return Concat(*parts[1:], output_field=TextField())


def _json_fields() -> list[str]:
    # The recorded detail rides along (a one-to-one, left-joined), and so does the validated
    # log's verdict when the tournament links logs: both carry the engine's tie-break tuples.
    fields = ["seat_order", "ranks", "scores", "ranking_detail__tiebreaks"]
    if hasattr(SeriesGame, "record"):
        fields.append("record__verdict")
    return fields


def _rows_by_round(stage: Stage, hidden_rounds: frozenset[int]) -> dict[int, _RoundRows]:
    """The stage's rows by round number, in four queries; the rounds of ``hidden_rounds`` (silent
    rounds still open, for a reader they hide from) are left out."""
    in_stage, hidden = {"match__round__stage": stage}, {"match__round_id__in": hidden_rounds}
    grouped: dict[int, tuple[list, list, list, list]] = {}
    for number, pk, is_bye in (
        Match.objects.filter(round__stage=stage)
        .exclude(round_id__in=hidden_rounds)
        .values_list("round__number", "pk", "is_bye")
    ):
        grouped.setdefault(number, ([], [], [], []))[0].append((pk, is_bye))
    seats = (
        MatchSeat.objects.filter(**in_stage)
        .exclude(**hidden)
        .order_by("match_id", "seat")
        .values_list("match__round__number", "match_id", "participant_id", "rank", "match_points")
    )
    games = (
        SeriesGame.objects.filter(status=SeriesGame.Status.CONFIRMED, **in_stage)
        .exclude(**hidden)
        .order_by("match_id", "number")
        .annotate(json_text=_json_texts(*_json_fields()))
        .values_list(
            "match__round__number", "match_id", "number", "version", "ranking_detail__game_version", "json_text"
        )
    )
    forfeits = (
        Forfeit.objects.filter(**in_stage)
        .exclude(**hidden)
        .order_by("match_id")
        .values_list("match__round__number", "match_id", "absent")
    )
    for index, rows in ((1, seats), (2, games), (3, forfeits)):
        for number, *row in rows:
            if number in grouped:
                grouped[number][index].append(tuple(row))
    return {number: _RoundRows(*map(tuple, lists)) for number, lists in grouped.items()}


def _games(rows: tuple) -> dict[int, dict[int, list[GamePlayed]]]:
    """Each seat's view of a round's confirmed games, per match and participant, in order."""
    json_fields = _json_fields()
    decoded = iter(_decoded([row[-1] for row in rows]))
    games: dict[int, dict[int, list[GamePlayed]]] = defaultdict(dict)
    figures = _Figures()
    # zip(*[iterator] * n) takes the decoded values n at a time: one game's JSON fields.
    for (match_id, number, version, detail_version, _), values in zip(rows, zip(*[decoded] * len(json_fields))):
        seat_order, ranks, scores, detail_tiebreaks = values[:4]
        verdict = values[4] if len(values) > 4 else None
        tiebreaks = _tiebreaks(version, ranks, verdict, detail_version, detail_tiebreaks)
        _add_plays(games[match_id], number, seat_order, ranks, scores, tiebreaks, figures)
    return games


def _results_of_round(number: int, rows: _RoundRows, win: float, bye_points) -> dict[int, RoundResult | None]:
    """Every participant seated in the round, with their result; None for a match still waiting
    for its result (left out). Seated twice in one round, the later match counts."""
    seats_of: dict[int, list] = defaultdict(list)
    for match_id, *seat in rows.seats:
        seats_of[match_id].append(seat)
    games = _games(rows.games)
    forfeits = dict(rows.forfeits)
    results: dict[int, RoundResult | None] = {}
    no_games: dict[int, list[GamePlayed]] = {}
    for match_id, is_bye in rows.matches:
        seats = seats_of.get(match_id, ())
        absent = forfeits.get(match_id)
        games_of = games.get(match_id, no_games)
        for pid, rank, points in seats:
            if is_bye:
                points = float(bye_points if points is None else points)
                result = RoundResult.fast(number, points, points / win, (), Unplayed.PAIRING_BYE, ())
            elif points is None:
                result = None
            else:
                points = float(points or 0)
                # lists, not generators, for one or two opponents: quicker to build
                encounters = tuple(
                    [
                        Encounter(other, _result_against(rank, other_rank))
                        for other, other_rank, _ in seats
                        if other != pid
                    ]
                )
                share = sum([e.result for e in encounters]) / len(encounters) if encounters else 0.0
                if absent is not None:
                    kind = Unplayed.FORFEIT_LOSS if pid in absent else Unplayed.FORFEIT_WIN
                    result = RoundResult.fast(number, points, share, encounters, kind, ())
                else:
                    played = tuple(games_of.get(pid, ()))
                    result = RoundResult.fast(number, points, share, encounters, None, played)
            results[pid] = result
    return results


# The rounds a process built last, per stage: after a result, the stage's other rounds are read
# again (four queries) but not built again when their rows are the same. Keyed by content, so a
# kept round can never be out of date; bounded by stages (a 1,000-entrant, 9-round stage keeps
# some megabytes).
KEPT_STAGES = 8
_kept: OrderedDict[int, dict[int, tuple[_RoundRows, tuple, dict]]] = OrderedDict()
_kept_lock = threading.Lock()


def _round_results(stage: Stage, hidden_rounds: frozenset[int]) -> dict[int, dict[int, RoundResult | None]]:
    """Each round's results by participant, per round number."""
    settings = (float(stage.points_win) or 1.0, stage.points_bye)
    with _kept_lock:
        kept = dict(_kept.get(stage.pk, {}))
    results = {}
    for number, rows in _rows_by_round(stage, hidden_rounds).items():
        found = kept.get(number)
        if found is None or found[1] != settings or found[0] != rows:
            found = kept[number] = (rows, settings, _results_of_round(number, rows, *settings))
        results[number] = found[2]
    with _kept_lock:
        _kept[stage.pk] = kept
        _kept.move_to_end(stage.pk)
        while len(_kept) > KEPT_STAGES:
            _kept.popitem(last=False)
    return results


def forget_kept_rounds() -> None:
    """What a new process knows: no round built yet (benchmarks, tests)."""
    with _kept_lock:
        _kept.clear()


def _tiebreak_labels(game: str) -> tuple[str, ...]:
    """What each figure of the game's tie-break tuple is, for "why" (the engine says)."""
    from games.engines import get_engine

    try:
        return tuple(get_engine(game).info.tiebreak_labels)
    except LookupError:
        return ()


def stage_entrants(stage: Stage, hidden_rounds: frozenset[int] = frozenset()) -> tuple[list[Entrant], Scoring]:
    by_round = _round_results(stage, hidden_rounds)
    rounds = sorted(by_round)
    seated = {pid for results in by_round.values() for pid in results}
    participants = stage.event.participants.values_list("pk", "name", "seed", "rating", "granted_points")
    entrants = []
    for pid, name, seed, rating, granted_points in participants:
        if stage.number > 1 and pid not in seated:
            continue  # only the entrants seated in the stage
        results = []
        for number in rounds:
            of_round = by_round[number]
            if pid not in of_round:
                results.append(RoundResult(number, 0.0, 0.0, (), Unplayed.ABSENT))
            elif (result := of_round[pid]) is not None:
                results.append(result)
        entrants.append(Entrant(pid, name, tuple(results), seed, rating, float(granted_points)))
    scoring = Scoring(
        win=float(stage.points_win),
        draw=float(stage.points_draw),
        loss=float(stage.points_loss),
        bye=float(stage.points_bye),
        lots_seed=stage.event.seed + stage.number,
        extra={"tiebreak_labels": _tiebreak_labels(stage.event.game)},
    )
    return entrants, scoring

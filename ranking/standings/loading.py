"""Turn a stage's confirmed results into standings entrants (the only Django part of standings).

Only confirmed games count. A round whose match still waits for a result is left out for the
entrants at that table; a published round without the entrant is an absence (withdrawn, not yet
entered, or not paired); a bye match is a pairing bye; a match with a recorded forfeit is
unplayed for both sides.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import TextField
from django.db.models.functions import Cast

from ranking.models import Forfeit, GameDetail
from ranking.standings.model import Encounter, Entrant, GamePlayed, RoundResult, Scoring, Unplayed
from tournament.models import Match, MatchSeat, SeriesGame, Stage


@dataclass(frozen=True)
class _Game:
    """A confirmed series game as standings need it, read as plain values (not model rows: a
    1,000-entrant Swiss has tens of thousands of them)."""

    pk: int
    number: int
    seat_order: list
    ranks: list | None
    scores: list | None
    version: int
    verdict: dict | None


@dataclass(frozen=True)
class _Detail:
    tiebreaks: list
    game_version: int


def _tiebreaks(version: int, ranks, verdict, detail) -> list | None:
    if detail is not None and detail.game_version == version:
        return detail.tiebreaks
    outcome = verdict.get("outcome") if isinstance(verdict, dict) else None
    if outcome and [s.get("rank") for s in outcome.get("seats", [])] == list(ranks or []):
        return [s.get("tiebreak") for s in outcome["seats"]]
    return None


def game_tiebreaks(game: SeriesGame, detail: GameDetail | None) -> list | None:
    """The engine's tie-break tuple per seat: a recorded detail for this version of the result,
    else the outcome of a validated game log when the tournament links one."""
    record = getattr(game, "record", None) if hasattr(type(game), "record") else None
    return _tiebreaks(game.version, game.ranks, getattr(record, "verdict", None), detail)


def _plays(game: _Game, details: dict[int, _Detail]) -> dict[int, GamePlayed]:
    """Each seat's view of one game, keyed by participant id (computed once per game)."""
    if not game.ranks:
        return {}
    tiebreaks = _tiebreaks(game.version, game.ranks, game.verdict, details.get(game.pk))
    out = {}
    for index, pid in enumerate(game.seat_order):
        rank = game.ranks[index]
        tiebreak = tiebreaks[index] if tiebreaks and tiebreaks[index] is not None else None
        out[pid] = GamePlayed(
            number=game.number,
            first_player=index == 0,
            rank=rank,
            seats=len(game.seat_order),
            tied=game.ranks.count(rank),
            score=float(game.scores[index]) if game.scores else 0.0,
            tiebreak=tuple(float(v) for v in tiebreak) if tiebreak is not None else None,
        )
    return out


def _result_against(mine: int | None, theirs: int | None) -> float:
    if mine is None or theirs is None:
        return 0.5
    return 1.0 if mine < theirs else (0.5 if mine == theirs else 0.0)


@dataclass(frozen=True)
class _Match:
    pk: int
    round_number: int
    is_bye: bool
    seats: list  # of _Seat, in seat order


@dataclass(frozen=True)
class _Seat:
    participant_id: int
    rank: int | None
    match_points: Decimal | None


def _round_result(number: int, match: _Match, seat: _Seat, stage: Stage, context) -> RoundResult:
    win = float(stage.points_win) or 1.0
    if match.is_bye:
        points = float(seat.match_points if seat.match_points is not None else stage.points_bye)
        return RoundResult(number, points, points / win, (), Unplayed.PAIRING_BYE)
    forfeits, games = context
    others = [s for s in match.seats if s.participant_id != seat.participant_id]
    encounters = tuple(Encounter(o.participant_id, _result_against(seat.rank, o.rank)) for o in others)
    result = sum(e.result for e in encounters) / len(encounters) if encounters else 0.0
    points = float(seat.match_points or 0)
    absent = forfeits.get(match.pk)
    if absent is not None:
        kind = Unplayed.FORFEIT_LOSS if seat.participant_id in absent else Unplayed.FORFEIT_WIN
        return RoundResult(number, points, result, encounters, kind)
    played = tuple(plays[seat.participant_id] for plays in games.get(match.pk, ()) if seat.participant_id in plays)
    return RoundResult(number, points, result, encounters, None, played)


def _decoded(texts: list) -> list:
    """Many small JSON texts (as the database returns them) decoded in one parse: one call
    instead of tens of thousands is most of the time the standings of a large Swiss spend."""
    return json.loads("[" + ",".join("null" if text is None else text for text in texts) + "]")


def _as_text(*names: str) -> dict:
    return {f"{name}_text": Cast(name, TextField()) for name in names}


def _load(stage: Stage, hidden_rounds: frozenset[int] = frozenset()):
    """The stage's matches, seats, confirmed games with each seat's view, and forfeits, as plain
    values (model rows would cost seconds at a thousand entrants). The matches of
    ``hidden_rounds`` (silent rounds still open, for a reader they hide from) are left out."""
    in_stage = {"match__round__stage": stage}
    hidden = {"match__round_id__in": hidden_rounds}
    seats: dict[int, list[_Seat]] = defaultdict(list)
    for match_id, pid, rank, points in (
        MatchSeat.objects.filter(**in_stage)
        .exclude(**hidden)
        .order_by("match_id", "seat")
        .values_list("match_id", "participant_id", "rank", "match_points")
    ):
        seats[match_id].append(_Seat(pid, rank, points))
    matches = [
        _Match(pk, number, is_bye, seats.get(pk, []))
        for pk, number, is_bye in Match.objects.filter(round__stage=stage)
        .exclude(round_id__in=hidden_rounds)
        .values_list("pk", "round__number", "is_bye")
    ]
    json_fields = ["seat_order", "ranks", "scores"]
    if hasattr(SeriesGame, "record"):  # a validated log carries the engine's tie-break tuples
        json_fields.append("record__verdict")
    rows = list(
        SeriesGame.objects.filter(status=SeriesGame.Status.CONFIRMED, **in_stage)
        .exclude(**hidden)
        .order_by("number")
        .annotate(**_as_text(*json_fields))
        .values_list("pk", "match_id", "number", "version", *(f"{name}_text" for name in json_fields))
    )
    decoded = _decoded([text for row in rows for text in row[4:]])
    width = len(json_fields)
    detail_rows = list(
        GameDetail.objects.filter(game__match__round__stage=stage, game__status=SeriesGame.Status.CONFIRMED)
        .exclude(game__match__round_id__in=hidden_rounds)
        .annotate(**_as_text("tiebreaks"))
        .values_list("game_id", "game_version", "tiebreaks_text")
    )
    detail_values = _decoded([text for _, _, text in detail_rows])
    details = {
        game_id: _Detail(tiebreaks, version)
        for (game_id, version, _), tiebreaks in zip(detail_rows, detail_values, strict=True)
    }
    games: dict[int, list[dict[int, GamePlayed]]] = defaultdict(list)
    for index, (pk, match_id, number, version, *_) in enumerate(rows):
        seat_order, ranks, scores, *verdict = decoded[index * width : (index + 1) * width]
        game = _Game(pk, number, seat_order, ranks, scores, version, verdict[0] if verdict else None)
        games[match_id].append(_plays(game, details))
    forfeits = dict(Forfeit.objects.filter(**in_stage).exclude(**hidden).values_list("match_id", "absent"))
    return matches, games, forfeits


def _tiebreak_labels(game: str) -> tuple[str, ...]:
    """What each figure of the game's tie-break tuple is, for "why" (the engine says)."""
    from games.engines import get_engine

    try:
        return tuple(get_engine(game).info.tiebreak_labels)
    except LookupError:
        return ()


def stage_entrants(stage: Stage, hidden_rounds: frozenset[int] = frozenset()) -> tuple[list[Entrant], Scoring]:
    matches, games, forfeits = _load(stage, hidden_rounds)
    rounds = sorted({m.round_number for m in matches})
    by_round: dict[int, dict[int, tuple[_Match, _Seat]]] = defaultdict(dict)
    for match in matches:
        for seat in match.seats:
            by_round[match.round_number][seat.participant_id] = (match, seat)
    participants = list(stage.event.participants.all())
    if stage.number > 1:
        present = {pid for seated in by_round.values() for pid in seated}
        participants = [p for p in participants if p.pk in present]
    context = (forfeits, games)
    entrants = []
    for participant in participants:
        results = []
        for number in rounds:
            found = by_round[number].get(participant.pk)
            if found is None:
                results.append(RoundResult(number, 0.0, 0.0, (), Unplayed.ABSENT))
                continue
            match, seat = found
            if match.is_bye or seat.match_points is not None:
                results.append(_round_result(number, match, seat, stage, context))
        entrants.append(
            Entrant(
                id=participant.pk,
                name=participant.name,
                rounds=tuple(results),
                seed=participant.seed,
                rating=participant.rating,
                granted_points=float(participant.granted_points),
            )
        )
    scoring = Scoring(
        win=float(stage.points_win),
        draw=float(stage.points_draw),
        loss=float(stage.points_loss),
        bye=float(stage.points_bye),
        lots_seed=stage.event.seed + stage.number,
        extra={"tiebreak_labels": _tiebreak_labels(stage.event.game)},
    )
    return entrants, scoring

"""Turn a stage's confirmed results into standings entrants (the only Django part of standings).

Only confirmed games count. A round whose match still waits for a result is left out for the
entrants at that table; a published round without the entrant is an absence (withdrawn, not yet
entered, or not paired); a bye match is a pairing bye; a match with a recorded forfeit is
unplayed for both sides.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Prefetch

from ranking.models import Forfeit, GameDetail
from ranking.standings.model import Encounter, Entrant, GamePlayed, RoundResult, Scoring, Unplayed
from tournament.models import Match, MatchSeat, SeriesGame, Stage


def game_tiebreaks(game: SeriesGame, detail: GameDetail | None) -> list | None:
    """The engine's tie-break tuple per seat: a recorded detail for this version of the result,
    else the outcome of a validated game log when the tournament links one."""
    if detail is not None and detail.game_version == game.version:
        return detail.tiebreaks
    record = getattr(game, "record", None) if hasattr(type(game), "record") else None
    verdict = getattr(record, "verdict", None) or {}
    outcome = verdict.get("outcome") if isinstance(verdict, dict) else None
    if outcome and [s.get("rank") for s in outcome.get("seats", [])] == list(game.ranks or []):
        return [s.get("tiebreak") for s in outcome["seats"]]
    return None


def _games_for(pid: int, games: list[SeriesGame], details: dict[int, GameDetail]) -> tuple[GamePlayed, ...]:
    out = []
    for game in games:
        if pid not in game.seat_order or not game.ranks:
            continue
        index = game.seat_order.index(pid)
        rank = game.ranks[index]
        tiebreaks = game_tiebreaks(game, details.get(game.pk))
        tiebreak = tiebreaks[index] if tiebreaks and tiebreaks[index] is not None else None
        score = float(game.scores[index]) if game.scores else 0.0
        out.append(
            GamePlayed(
                number=game.number,
                first_player=index == 0,
                rank=rank,
                seats=len(game.seat_order),
                tied=sum(1 for r in game.ranks if r == rank),
                score=score,
                tiebreak=tuple(float(v) for v in tiebreak) if tiebreak is not None else None,
            )
        )
    return tuple(out)


def _result_against(mine: int | None, theirs: int | None) -> float:
    if mine is None or theirs is None:
        return 0.5
    return 1.0 if mine < theirs else (0.5 if mine == theirs else 0.0)


def _round_result(number: int, match: Match, seat: MatchSeat, stage: Stage, context) -> RoundResult:
    win = float(stage.points_win) or 1.0
    if match.is_bye:
        points = float(seat.match_points if seat.match_points is not None else stage.points_bye)
        return RoundResult(number, points, points / win, (), Unplayed.PAIRING_BYE)
    forfeits, details, games = context
    others = [s for s in match.seats.all() if s.participant_id != seat.participant_id]
    encounters = tuple(Encounter(o.participant_id, _result_against(seat.rank, o.rank)) for o in others)
    result = sum(e.result for e in encounters) / len(encounters) if encounters else 0.0
    points = float(seat.match_points or 0)
    forfeit = forfeits.get(match.pk)
    if forfeit is not None:
        kind = Unplayed.FORFEIT_LOSS if seat.participant_id in forfeit.absent else Unplayed.FORFEIT_WIN
        return RoundResult(number, points, result, encounters, kind)
    played = _games_for(seat.participant_id, games.get(match.pk, []), details)
    return RoundResult(number, points, result, encounters, None, played)


def stage_entrants(stage: Stage) -> tuple[list[Entrant], Scoring]:
    seats = MatchSeat.objects.order_by("seat")
    confirmed = SeriesGame.objects.filter(status=SeriesGame.Status.CONFIRMED).order_by("number")
    if hasattr(SeriesGame, "record"):  # a validated log carries the engine's tie-break tuples
        confirmed = confirmed.select_related("record").defer("record__log")
    matches = (
        Match.objects.filter(round__stage=stage)
        .select_related("round")
        .prefetch_related(Prefetch("seats", queryset=seats), Prefetch("games", queryset=confirmed))
    )
    matches = list(matches)
    games = {m.pk: list(m.games.all()) for m in matches}
    game_ids = [g.pk for gs in games.values() for g in gs]
    details = {d.game_id: d for d in GameDetail.objects.filter(game_id__in=game_ids)}
    forfeits = {f.match_id: f for f in Forfeit.objects.filter(match__round__stage=stage)}
    rounds = sorted({m.round.number for m in matches})
    by_round: dict[int, dict[int, tuple[Match, MatchSeat]]] = defaultdict(dict)
    for match in matches:
        for seat in match.seats.all():
            by_round[match.round.number][seat.participant_id] = (match, seat)
    participants = list(stage.event.participants.all())
    if stage.number > 1:
        present = {pid for seated in by_round.values() for pid in seated}
        participants = [p for p in participants if p.pk in present]
    context = (forfeits, details, games)
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
    )
    return entrants, scoring

"""Result reports: an append-only ledger per series game, and the series and match they decide.

Every change appends a ``ResultEntry`` whose version is the game's next version; the database's
unique (game, version) constraint and a conditional update on ``SeriesGame.version`` make two
writes that raced end as one consistent result or an explicit dispute, never a lost report.
The decision is always taken inside the transaction, on the freshly locked row.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from ranking.cache import event_of_game, results_changed
from tournament import signals
from tournament.errors import NotAllowed, ServiceError, StaleVersion
from tournament.models import Match, Participant, ResultEntry, SeriesGame
from tournament.permissions import is_organiser, seat_participant
from tournament.services.series import settle_match
from tournament.signals import announce

Action = ResultEntry.Action
Status = SeriesGame.Status


def _check_ranks(
    game: SeriesGame, ranks: Sequence[int], scores: Sequence[float] | None
) -> tuple[list[int], list | None]:
    seats = len(game.seat_order)
    ranks = list(ranks)
    if len(ranks) != seats or not all(isinstance(r, int) and not isinstance(r, bool) for r in ranks):
        raise ServiceError(_("give one rank per player (%(seats)s), 1 for the winner") % {"seats": seats})
    ordered = sorted(ranks)
    if ordered[0] != 1 or any(r not in (ordered[i - 1], i + 1) for i, r in enumerate(ordered) if i):
        raise ServiceError(
            _("ranks %(ranks)s are not a ranking: 1 for the best, equal ranks for a tie (1 1 3)") % {"ranks": ranks}
        )
    if scores is not None:
        scores = list(scores)
        if len(scores) != seats or not all(isinstance(s, int | float) and not isinstance(s, bool) for s in scores):
            raise ServiceError(_("give one score per player (%(seats)s), or none") % {"seats": seats})
    return ranks, scores


def ranks_from_winner(game: SeriesGame, winner_id: int | None) -> list[int]:
    """Ranks for a two-player game from its winner (None for a draw)."""
    if winner_id is None:
        return [1] * len(game.seat_order)
    if winner_id not in game.seat_order:
        raise ServiceError(_("the winner must be one of the players of this game"))
    return [1 if pid == winner_id else 2 for pid in game.seat_order]


def _append(
    game: SeriesGame,
    *,
    action: str,
    role: str,
    status: str,
    author=None,
    participant: Participant | None = None,
    ranks=None,
    scores=None,
    reason: str = "",
    keep_result: bool = False,
) -> SeriesGame:
    """Write one ledger entry and move the game to ``status``, on the locked current row."""
    version = game.version + 1
    if keep_result:
        ranks, scores = game.ranks, game.scores
    ResultEntry.objects.create(
        game=game,
        version=version,
        action=action,
        role=role,
        author=author if author is not None and author.is_authenticated else None,
        participant=participant,
        ranks=ranks,
        scores=scores,
        reason=reason,
        status_after=status,
    )
    fields = {
        "version": F("version") + 1,
        "status": status,
        "ranks": ranks,
        "scores": scores,
        "updated_at": timezone.now(),
    }
    if action == Action.REPORT:
        fields["reported_by"] = participant
    updated = SeriesGame.objects.filter(pk=game.pk, version=game.version).update(**fields)
    results_changed(event_of_game(game.pk))
    if updated != 1:  # cannot happen under the row lock; guards SQLite and logic slips alike
        raise StaleVersion(
            _("the result changed while you were writing: reload and try again"), current_version=version
        )
    _announce(game, action=action, status=status, participant=participant)
    game = SeriesGame.objects.select_related("match").get(pk=game.pk)
    if status == Status.CONFIRMED or game.match.status == Match.Status.COMPLETED:
        settle_match(game.match)
        game = SeriesGame.objects.select_related("match").get(pk=game.pk)
    return game


def _announce(game: SeriesGame, *, action: str, status: str, participant: Participant | None) -> None:
    """Tell listeners (notifications, webhooks) what this ledger entry did, once it commits."""
    who = participant.pk if participant is not None else None
    if action == Action.REPORT:
        announce(signals.result_reported, game_id=game.pk, participant_id=who)
    elif action == Action.DISPUTE:
        announce(signals.dispute_opened, game_id=game.pk, participant_id=who)
    elif action in (Action.RULE, Action.CORRECT):
        announce(signals.dispute_ruled, game_id=game.pk)
    if status == Status.CONFIRMED:
        announce(signals.result_confirmed, game_id=game.pk, match_id=game.match_id)


def _locked(game: SeriesGame, expected_version: int | None) -> SeriesGame:
    current = SeriesGame.objects.select_for_update().select_related("match__round__stage__event").get(pk=game.pk)
    if expected_version is not None and current.version != expected_version:
        raise StaleVersion(
            _("the result is at version %(version)s, not %(expected_version)s: reload to see what changed")
            % {"version": current.version, "expected_version": expected_version},
            current_version=current.version,
        )
    return current


def _run(operation, game: SeriesGame, **kwargs) -> SeriesGame:
    """Run a ledger operation in its own transaction; retry once if a racing write won the version."""
    expected = kwargs.pop("expected_version", None)
    for attempt in range(2):
        try:
            with transaction.atomic():
                return operation(_locked(game, expected), **kwargs)
        except IntegrityError:
            if attempt == 1:
                raise
    raise AssertionError("unreachable")


def _player(game: SeriesGame, user) -> Participant:
    participant = seat_participant(user, game.match)
    if participant is None:
        raise NotAllowed(_("only the players of this match may report its games"))
    return participant


def _check_open(game: SeriesGame) -> None:
    if game.match.is_bye:
        raise ServiceError(_("a bye has no game to report"))


def game_report(
    *,
    game: SeriesGame,
    by,
    ranks: Sequence[int],
    scores: Sequence[float] | None = None,
    expected_version: int | None = None,
) -> SeriesGame:
    """A player reports a game. A matching report from another player confirms it; a different
    one opens a dispute. The reporter may change their report until someone else confirms it."""

    def operation(current: SeriesGame, ranks, scores) -> SeriesGame:
        _check_open(current)
        reporter = _player(current, by)
        ranks, scores = _check_ranks(current, ranks, scores)
        common = {"role": ResultEntry.Role.PARTICIPANT, "author": by, "participant": reporter}
        if current.status == Status.CONFIRMED:
            raise ServiceError(_("this result is confirmed: ask an organiser to correct it"))
        if current.status == Status.DISPUTED:
            raise ServiceError(_("this result is disputed: an organiser will rule on it"))
        if current.status == Status.REPORTED and current.reported_by_id != reporter.pk:
            if current.ranks == ranks and (scores is None or current.scores in (None, scores)):
                return _append(current, action=Action.CONFIRM, status=Status.CONFIRMED, keep_result=True, **common)
            return _append(
                current,
                action=Action.DISPUTE,
                status=Status.DISPUTED,
                ranks=ranks,
                scores=scores,
                reason="the players reported different results",
                **common,
            )
        return _append(current, action=Action.REPORT, status=Status.REPORTED, ranks=ranks, scores=scores, **common)

    return _run(operation, game, ranks=ranks, scores=scores, expected_version=expected_version)


def game_confirm(*, game: SeriesGame, by, expected_version: int | None = None) -> SeriesGame:
    """The opponent (or an organiser) confirms the reported result."""

    def operation(current: SeriesGame) -> SeriesGame:
        _check_open(current)
        if current.status != Status.REPORTED:
            raise ServiceError(
                _("there is no reported result to confirm (the game is %(value)s)")
                % {"value": current.get_status_display().lower()}
            )
        if is_organiser(by, current.match.round.stage.event):
            role, participant = ResultEntry.Role.ORGANISER, seat_participant(by, current.match)
        else:
            role, participant = ResultEntry.Role.PARTICIPANT, _player(current, by)
            if participant.pk == current.reported_by_id:
                raise NotAllowed(_("your opponent confirms your report, not you"))
        return _append(
            current,
            action=Action.CONFIRM,
            role=role,
            author=by,
            participant=participant,
            status=Status.CONFIRMED,
            keep_result=True,
        )

    return _run(operation, game, expected_version=expected_version)


def game_dispute(*, game: SeriesGame, by, reason: str, expected_version: int | None = None) -> SeriesGame:
    """The opponent disputes the reported result; an organiser will rule."""

    def operation(current: SeriesGame, reason: str) -> SeriesGame:
        _check_open(current)
        participant = _player(current, by)
        if not reason.strip():
            raise ServiceError(_("say why you dispute the result"))
        if current.status != Status.REPORTED:
            raise ServiceError(_("only a reported, unconfirmed result can be disputed; ask an organiser otherwise"))
        if participant.pk == current.reported_by_id:
            raise NotAllowed(_("you reported this result: report again to change it"))
        return _append(
            current,
            action=Action.DISPUTE,
            role=ResultEntry.Role.PARTICIPANT,
            author=by,
            participant=participant,
            status=Status.DISPUTED,
            reason=reason.strip(),
            keep_result=True,
        )

    return _run(operation, game, reason=reason, expected_version=expected_version)


def game_decide(
    *,
    game: SeriesGame,
    by,
    ranks: Sequence[int],
    scores: Sequence[float] | None = None,
    reason: str,
    expected_version: int | None = None,
) -> SeriesGame:
    """An organiser sets the result: a ruling on a dispute, or a correction of any result."""

    def operation(current: SeriesGame, ranks, scores, reason: str) -> SeriesGame:
        _check_open(current)
        if not is_organiser(by, current.match.round.stage.event):
            raise NotAllowed(_("only the event's organisers may rule on or correct a result"))
        if not reason.strip():
            raise ServiceError(_("give the reason for the ruling or correction; the players will see it"))
        ranks, scores = _check_ranks(current, ranks, scores)
        action = Action.RULE if current.status == Status.DISPUTED else Action.CORRECT
        return _append(
            current,
            action=action,
            role=ResultEntry.Role.ORGANISER,
            author=by,
            ranks=ranks,
            scores=scores,
            reason=reason.strip(),
            status=Status.CONFIRMED,
        )

    return _run(operation, game, ranks=ranks, scores=scores, reason=reason, expected_version=expected_version)


def game_record_verified(
    *, game: SeriesGame, ranks: Sequence[int], scores: Sequence[float] | None, note: str
) -> SeriesGame:
    """Brume itself records a result it has verified (a valid log, an AI game it played).

    A verified result confirms the game unless players reported something else, which then
    becomes a dispute for the organiser.
    """

    def operation(current: SeriesGame, ranks, scores) -> SeriesGame:
        ranks, scores = _check_ranks(current, ranks, scores)
        common = {"role": ResultEntry.Role.SYSTEM, "ranks": ranks, "scores": scores, "reason": note}
        if current.status in (Status.AWAITING,) or (current.status == Status.REPORTED and current.ranks == ranks):
            return _append(current, action=Action.LOG_VALIDATED, status=Status.CONFIRMED, **common)
        if current.status == Status.CONFIRMED and current.ranks == ranks:
            return current
        return _append(
            current,
            action=Action.DISPUTE,
            status=Status.DISPUTED,
            **{**common, "reason": f"{note}; it differs from the reported result"},
        )

    return _run(operation, game, ranks=ranks, scores=scores)


def game_log_reported(
    *, game: SeriesGame, reporter: Participant, ranks: Sequence[int], scores: Sequence[float] | None, note: str
) -> SeriesGame:
    """A valid log a player uploaded counts as that player's report, not as a verified result.

    Anyone can write a valid log of a game that never took place (by playing both sides with the
    engine), so it confirms nothing alone: it is ``reporter``'s report, which the opponent
    confirms or disputes; when the opponent had already reported, it confirms a matching report
    and disputes a different one. Applying the same log again changes nothing.
    """

    def operation(current: SeriesGame, ranks, scores) -> SeriesGame:
        _check_open(current)
        ranks, scores = _check_ranks(current, ranks, scores)
        same = current.ranks == ranks and current.scores in (None, scores)
        if current.status in (Status.CONFIRMED, Status.DISPUTED):
            return current  # settled or before the organiser: the log stays attached as evidence
        if current.status == Status.REPORTED and current.reported_by_id == reporter.pk and same:
            return current  # this log's report is already the current one
        common = {
            "role": ResultEntry.Role.PARTICIPANT,
            "author": reporter.user,
            "participant": reporter,
            "ranks": ranks,
            "scores": scores,
        }
        if current.status == Status.REPORTED and current.reported_by_id != reporter.pk:
            if same:
                return _append(current, action=Action.CONFIRM, status=Status.CONFIRMED, reason=note, **common)
            return _append(
                current,
                action=Action.DISPUTE,
                status=Status.DISPUTED,
                reason=f"{note}; it differs from the opponent's report",
                **common,
            )
        return _append(current, action=Action.REPORT, status=Status.REPORTED, reason=note, **common)

    return _run(operation, game, ranks=ranks, scores=scores)


# --- the deadline runner's entries (tournament.services.deadlines), role SYSTEM -------------


def game_auto_confirm(*, game: SeriesGame, seen_version: int, note: str) -> SeriesGame | None:
    """Brume confirms a one-sided report nobody disputed in time. Nothing happens (None) when the
    game moved on since the runner looked at it (``seen_version``): confirmed, disputed or
    reported again by then, it is no longer the report whose time ran out."""

    def operation(current: SeriesGame) -> SeriesGame | None:
        if current.version != seen_version or current.status != Status.REPORTED:
            return None
        return _append(
            current,
            action=Action.AUTO_CONFIRM,
            role=ResultEntry.Role.SYSTEM,
            status=Status.CONFIRMED,
            reason=note,
            keep_result=True,
        )

    return _run(operation, game)


def game_system_forfeit(*, game: SeriesGame, absent: int, reason: str) -> SeriesGame:
    """Brume decides an unconfirmed game against ``absent`` (a participant id) at the deadline."""

    def operation(current: SeriesGame) -> SeriesGame:
        if current.status == Status.CONFIRMED:
            return current
        ranks = [2 if pid == absent else 1 for pid in current.seat_order]
        return _append(
            current,
            action=Action.FORFEIT,
            role=ResultEntry.Role.SYSTEM,
            status=Status.CONFIRMED,
            ranks=ranks,
            reason=reason,
        )

    return _run(operation, game)

"""Game logs attached to series games, bound to the game they claim.

A log is attached only when it is a log of *that* game: the event's game, the game's players in
its seat order, the event's options and the setup the game must use (a duplicate round's shared
layout). What a valid log then does depends on who made it:

- a log Brume produced (the record of this game played online, an AI game) or one an organiser
  attached confirms the result by itself;
- a log a player uploaded is that player's report: anyone can write a valid log of a game that
  was never played, so the opponent confirms or disputes it (``game_log_reported``).

Validation happens in the games app, in a worker or in-process; whichever of the upload's
validation and the attachment commits last applies the verdict, and applying it twice changes
nothing (see ``apply_record``).
"""

from __future__ import annotations

import json
import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.engines import get_engine
from games.gamelog import GameLog, LogFormatError, jsonform, parse_log
from games.models import GameRecord, LiveGame
from games.signals import live_game_aborted, live_game_finished, record_validated
from ranking.cache import record_changed
from tournament.errors import NotAllowed, ServiceError
from tournament.models import Participant, SeriesGame
from tournament.permissions import is_organiser, seat_participant
from tournament.services.results import game_log_reported, game_record_verified

logger = logging.getLogger(__name__)

ORDINALS = (
    gettext_noop("first"),
    gettext_noop("second"),
    gettext_noop("third"),
    gettext_noop("fourth"),
    gettext_noop("fifth"),
    gettext_noop("sixth"),
    gettext_noop("seventh"),
    gettext_noop("eighth"),
    gettext_noop("ninth"),
    gettext_noop("tenth"),
)


def _ordinal(index: int) -> str:
    """A seat in words, in the reader's language: "first", "second"..."""
    if index < len(ORDINALS):
        return _(ORDINALS[index])
    return _("number %(number)s") % {"number": index + 1}


def _seat_is(seat, participant: Participant, game_slug: str) -> bool:
    """Whether a log's seat names this participant: by the ``player`` field when it names a
    Brume user or AI level, else by name (the participant's name or the person's username)."""
    player = seat.player.strip()
    if player.startswith("user:"):
        return participant.user_id is not None and player == f"user:{participant.user_id}"
    if player.startswith("ai:"):
        return participant.is_ai and player == f"ai:{game_slug}/{participant.ai_level}"
    names = {participant.name.casefold()}
    if participant.user_id is not None:
        names.add(participant.user.get_username().casefold())
    return seat.name.strip().casefold() in names


def _json(value):
    return json.loads(json.dumps(value))


def check_log_fits(*, game: SeriesGame, log: GameLog, by_player: bool = True) -> None:
    """Refuse, with the reason, a log that is not a log of this series game.

    ``by_player``: a player uploads it (an organiser may also attach the log of a game against
    an AI entrant, which a player may not: those games are played on Brume).
    """
    match = game.match
    event = match.round.stage.event
    if log.game != event.game:
        raise ServiceError(
            _("this is a log of %(game)s, but the event plays %(game2)s") % {"game": log.game, "game2": event.game}
        )
    if log.seat_count != len(game.seat_order):
        raise ServiceError(
            _("the log has %(seat_count)s seats, but this game has %(count)s players")
            % {"seat_count": log.seat_count, "count": len(game.seat_order)}
        )
    participants = Participant.objects.select_related("user").in_bulk(game.seat_order)
    players = [participants[pid] for pid in game.seat_order]
    if by_player and any(p.is_ai for p in players):
        raise ServiceError(_("games against an AI entrant are played on Brume: press “Play online” for this game"))
    for index, (seat, participant) in enumerate(zip(log.seats, players, strict=True)):
        if not _seat_is(seat, participant, event.game):
            elsewhere = [i for i, p in enumerate(players) if _seat_is(seat, p, event.game)]
            hint = (
                " "
                + _("(in game %(number)s %(name)s plays %(seat)s: the first player alternates)")
                % {"number": game.number, "name": participant.name, "seat": _ordinal(index)}
                if elsewhere
                else ""
            )
            raise ServiceError(
                _(
                    "the log's seat %(value)s is %(name)s, but this game's %(value2)s player is "
                    "%(name2)s%(hint)s; correct the seat names in the log"
                )
                % {
                    "value": index + 1,
                    "name": repr(seat.name),
                    "value2": _ordinal(index),
                    "name2": participant.name,
                    "hint": hint,
                }
            )
    engine = get_engine(event.game)
    try:
        options = engine.normalize_options(log.options)
    except Exception as exc:  # an engine's own message for options it does not know
        raise ServiceError(
            _("the log's options are not valid for %(game)s: %(exc)s") % {"game": event.game, "exc": exc}
        ) from None
    expected = engine.normalize_options(event.options)
    if _json(options) != _json(expected):
        differ = sorted(k for k in set(options) | set(expected) if options.get(k) != expected.get(k))
        raise ServiceError(
            "the log's options differ from the event's: "
            + ", ".join(f"{k} is {options.get(k)!r}, the event plays {expected.get(k)!r}" for k in differ)
        )
    if match.setup_seed is not None and engine.info.setup_chance:
        shared = engine.layout(engine.setup(expected, seats=log.seat_count, seed=match.setup_seed))
        if _json(log.layout) != _json(shared):
            raise ServiceError(
                _("the log's setup is not this round's: every table of a duplicate round plays the same setup")
            )


def game_attach_log(*, game: SeriesGame, by, data) -> SeriesGame:
    """Attach a log given as text or bytes (the match page's form): checked against the game
    first, so a log that does not fit is refused before anything is stored."""
    from games.services import RecordRejected, record_upload

    try:
        log = parse_log(data) if not isinstance(data, GameLog) else data
    except LogFormatError as exc:
        raise ServiceError(_("not a Brume game log: %(exc)s") % {"exc": exc}) from None
    current = SeriesGame.objects.select_related("match__round__stage__event").get(pk=game.pk)
    reporter = _check_attacher(current, by)
    check_log_fits(game=current, log=log, by_player=reporter is not None)
    try:
        record = record_upload(data=log, by=by).record
    except RecordRejected as exc:
        raise ServiceError(exc.message) from None
    return game_attach_record(game=game, by=by, record=record)


def _check_attacher(game: SeriesGame, by) -> Participant | None:
    """The attaching player's participant, None for an organiser; refuse anyone else."""
    event = game.match.round.stage.event
    if is_organiser(by, event):
        return None
    me = seat_participant(by, game.match)
    if me is None:
        raise NotAllowed(_("only the players of this match or an organiser may attach its log"))
    if game.live_id is not None:
        raise ServiceError(_("this game is played online on Brume: its log is attached when it ends"))
    if game.status == SeriesGame.Status.CONFIRMED:
        raise ServiceError(_("this result is confirmed: ask an organiser to correct it"))
    return me


@transaction.atomic
def game_attach_record(*, game: SeriesGame, by, record: GameRecord) -> SeriesGame:
    """A player of the match (or an organiser) attaches a stored log to a series game.

    A player's log becomes their report once it is found valid; an organiser's confirms the
    result. The verdict is applied when the attachment commits if validation has finished by
    then, and by the validation's signal otherwise.
    """
    game = SeriesGame.objects.select_for_update().select_related("match__round__stage__event").get(pk=game.pk)
    reporter = _check_attacher(game, by)
    record = GameRecord.objects.get(pk=record.pk)  # never a caller's stale copy
    if game.record_id is not None and game.record_id != record.pk:
        raise ServiceError(_("this game already has a log; an organiser can correct the result"))
    other = SeriesGame.objects.filter(record=record).exclude(pk=game.pk).select_related("match__round").first()
    if other is not None:
        raise ServiceError(
            _("this log is already the log of game %(number)s of table %(table)s in round %(number2)s")
            % {"number": other.number, "table": other.match.table, "number2": other.match.round.number}
        )
    try:
        log = jsonform.log_from_dict(record.log)
    except LogFormatError as exc:  # stored logs are canonical; kept for safety
        raise ServiceError(_("not a Brume game log: %(exc)s") % {"exc": exc}) from None
    check_log_fits(game=game, log=log, by_player=reporter is not None)
    if game.record_id == record.pk and game.record_reporter_id == (reporter.pk if reporter else None):
        return game  # attached already, by the same side
    game.record = record
    game.record_reporter = reporter
    game.save(update_fields=["record", "record_reporter", "updated_at"])
    # Re-read after commit: if the validation finished before this attachment committed, its
    # signal found no game to apply to, so this is the moment to apply it.
    transaction.on_commit(lambda: apply_record(record=GameRecord.objects.get(pk=record.pk)))
    return game


def log_effect(game: SeriesGame) -> str:
    """What the attached log does to the result, in a sentence for the match page and the API."""
    if game.record_id is None:
        return ""
    record = game.record
    if record.status in (GameRecord.Status.PENDING, GameRecord.Status.VALIDATING):
        waiting = _("Brume is replaying the log")
    elif record.status == GameRecord.Status.VALID and record.finished:
        waiting = ""
    elif record.status == GameRecord.Status.VALID and live_ending(game, record) is not None:
        ending = live_ending(game, record)[1]
        return _("the game played on Brume ended by %(ending)s: its record confirms the result") % {
            "ending": _(ENDING_WORDS.get(ending, ending))
        }
    elif record.status == GameRecord.Status.VALID:
        return _("the log is valid but the game in it is not finished: it decides nothing")
    else:
        return _("the log is not valid: it changes nothing (its record says why)")
    if game.record_reporter_id is None:
        what = _("a log from Brume or an organiser: once valid it confirms the result by itself")
    else:
        what = _("a log uploaded by %(name)s: it counts as their report, which the opponent confirms or disputes") % {
            "name": game.record_reporter.name
        }
    return f"{waiting}; {what}" if waiting else what


# How a game played on Brume may end before the board decides (the record's claimed result says
# which); only the live game's own record decides a result this way.
LIVE_TERMINATIONS = ("resignation", "agreement", "timeout")
ENDING_WORDS = {
    "resignation": gettext_noop("resignation"),
    "agreement": gettext_noop("agreement"),
    "timeout": gettext_noop("timeout"),
}


def live_ending(game: SeriesGame, record: GameRecord) -> tuple[list[int], str] | None:
    """(ranks, termination) when ``record`` is the record Brume wrote of this series game's own
    online game and that game ended off the board (resignation, agreement, time); else None.

    An uploaded log may claim the same termination, but anyone can write one: it never decides a
    result by itself (its verdict has no outcome, so ``apply_record`` does nothing with it)."""
    if game.live_id is None or game.live.record_id != record.pk or record.source != GameRecord.Source.PLAYED:
        return None
    result = (record.log or {}).get("result") or {}
    if result.get("termination") not in LIVE_TERMINATIONS:
        return None
    return list(result["ranks"]), result["termination"]


def apply_record(*, record: GameRecord) -> None:
    """Bring every series game that carries this record in line with its verdict. Idempotent:
    it may run on the validation's signal and again when the attachment commits."""
    if record.status != GameRecord.Status.VALID or not record.verdict:
        return  # an invalid log confirms nothing; the record page says why
    outcome = record.verdict.get("outcome")
    for game in SeriesGame.objects.filter(record=record).select_related("record_reporter__user", "live"):
        if not outcome:
            ending = live_ending(game, record)
            if ending is not None and game.record_reporter_id is None:
                game_record_verified(
                    game=game,
                    ranks=ending[0],
                    scores=None,
                    note=f"the game played on Brume ended by {ending[1]} (record {record.public_id})",
                )
            continue  # an unfinished log confirms nothing
        ranks, scores = list(outcome["ranks"]), list(outcome["scores"])
        if game.record_reporter_id is None:
            game_record_verified(
                game=game,
                ranks=ranks,
                scores=scores,
                note=f"the attached game log (record {record.public_id}) was replayed and is valid",
            )
        else:
            game_log_reported(
                game=game,
                reporter=game.record_reporter,
                ranks=ranks,
                scores=scores,
                note=(
                    f"with the game log {game.record_reporter.name} uploaded (record {record.public_id}), replayed and "
                    "valid; a player's log is their report, for the opponent to confirm"
                ),
            )


def attached_logs_reapply(*, older_than: float | None = None, limit: int = 200) -> list[int]:
    """Apply again the verdicts of valid, finished logs whose series game still waits for a
    report ``older_than`` seconds after the verdict (``BRUME_SWEEP_AFTER`` by default).

    The verdict and its effect commit together (``games.services.record_validate``) and the
    attachment applies a verdict that came first, so this finds something only when both
    failed after their commit: a crash between the attachment's commit and its apply, or a
    receiver's bug. ``apply_record`` is idempotent. Returns the records applied again."""
    after = timedelta(seconds=settings.BRUME_SWEEP_AFTER if older_than is None else older_than)
    waiting = (
        SeriesGame.objects.filter(
            status=SeriesGame.Status.AWAITING,
            record__status=GameRecord.Status.VALID,
            record__validated_at__lte=timezone.now() - after,
        )
        .filter(Q(record__finished=True) | Q(record__source=GameRecord.Source.PLAYED))
        .values_list("record_id", flat=True)
        .distinct()
        .order_by("record_id")
    )
    applied = []
    for record_id in list(waiting[:limit]):
        try:
            with transaction.atomic():
                apply_record(record=GameRecord.objects.get(pk=record_id))
        except ServiceError as exc:  # the result can no longer be taken (e.g. the round closed)
            logger.warning("the verdict of record %s could not be applied: %s", record_id, exc)
            continue
        applied.append(record_id)
    return applied


@receiver(record_validated, dispatch_uid="tournament.apply_validated_record")
def _on_record_validated(sender, record: GameRecord, **kwargs) -> None:
    apply_record(record=GameRecord.objects.get(pk=record.pk))


@transaction.atomic
def game_play_online(*, game: SeriesGame, by) -> LiveGame:
    """Start the online game of a series game: people move from their pages, AI entrants are
    played by Brume's workers, and Brume is the referee (the only way to play a
    hidden-information game like Brouillard without a third person at the table).

    Only a person seated in the match starts it or is sent to it; asking again, by either player,
    returns the same live game (anyone else is refused, live game or not). The setup is a duplicate round's shared one, else drawn from a fresh secret seed
    that is never stored (the live game keeps its layout, hidden by the engine's views).
    """
    from games.live import live_create
    from games.live_clock import time_control_of

    game = SeriesGame.objects.select_for_update().select_related("match__round__stage__event").get(pk=game.pk)
    # The seat first: someone else gets the same refusal whether or not the game is being played
    # (its live game's id would lead them to another table's board: a duplicate round's secret).
    me = seat_participant(by, game.match)
    if me is None:
        raise NotAllowed(_("only the players of this match may start its game"))
    if game.live_id is not None:
        return game.live
    if game.status != SeriesGame.Status.AWAITING:
        raise ServiceError(_("this game already has a result"))
    participants = {p.pk: p for p in Participant.objects.filter(pk__in=game.seat_order)}
    event = game.match.round.stage.event
    seats = [
        {"name": p.name, "player": f"ai:{event.game}/{p.ai_level}" if p.is_ai else f"user:{p.user_id}"}
        for p in (participants[pid] for pid in game.seat_order)
    ]
    # None: live_create draws the layout from the system's secret randomness.
    stage = game.match.round.stage
    clock = time_control_of(
        base_minutes=stage.time_base_minutes,
        increment_seconds=stage.time_increment_seconds,
        days_per_move=stage.time_days_per_move,
    )
    live = live_create(
        game=event.game, seats=seats, options=event.options, seed=game.match.setup_seed, time_control=clock
    )
    game.live = live
    game.save(update_fields=["live", "updated_at"])
    return live


@receiver(live_game_finished, dispatch_uid="tournament.record_finished_live_game")
def _on_live_game_finished(sender, live: LiveGame, **kwargs) -> None:
    """A finished online game's record becomes the series game's log, which confirms it."""
    SeriesGame.objects.filter(live=live, record__isnull=True).update(record=live.record, record_reporter=None)
    record_changed(live.record_id)
    record = GameRecord.objects.get(pk=live.record_id)
    if record.is_done:
        apply_record(record=record)


@receiver(live_game_aborted, dispatch_uid="tournament.free_aborted_live_game")
def _on_live_game_aborted(sender, live: LiveGame, **kwargs) -> None:
    """An online game aborted before its first move has no result: its series game waits for a
    game again, and either player may start a new one."""
    SeriesGame.objects.filter(live=live, record__isnull=True).update(live=None)

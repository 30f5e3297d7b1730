"""Game logs attached to series games: a valid log confirms its result, a contradicting one
opens a dispute. Validation happens in the games app; this module reacts to its verdicts."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from games.models import GameRecord, LiveGame
from games.signals import live_game_finished, record_validated
from tournament.errors import NotAllowed, ServiceError
from tournament.models import Participant, SeriesGame
from tournament.permissions import is_organiser, seat_participant
from tournament.services.results import game_record_verified


@transaction.atomic
def game_attach_record(*, game: SeriesGame, by, record: GameRecord) -> SeriesGame:
    """A player of the match (or an organiser) attaches a log to a series game."""
    game = SeriesGame.objects.select_for_update().select_related("match__round__stage__event").get(pk=game.pk)
    event = game.match.round.stage.event
    if seat_participant(by, game.match) is None and not is_organiser(by, event):
        raise NotAllowed("only the players of this match or an organiser may attach its log")
    if record.game != event.game:
        raise ServiceError(f"this is a log of {record.game}, but the event plays {event.game}")
    seats = len(record.log.get("seats", []))
    if seats != len(game.seat_order):
        raise ServiceError(f"the log has {seats} seats, the game {len(game.seat_order)}")
    if game.record_id is not None and game.record_id != record.pk:
        raise ServiceError("this game already has a log; an organiser can replace it")
    game.record = record
    game.save(update_fields=["record", "updated_at"])
    if record.is_done:
        transaction.on_commit(lambda: apply_record(record=GameRecord.objects.get(pk=record.pk)))
    return game


def apply_record(*, record: GameRecord) -> None:
    """Bring every series game that carries this record in line with its verdict."""
    if record.status != GameRecord.Status.VALID or not record.verdict or not record.verdict.get("outcome"):
        return  # an invalid or unfinished log confirms nothing; the record page says why
    outcome = record.verdict["outcome"]
    for game in SeriesGame.objects.filter(record=record):
        game_record_verified(
            game=game,
            ranks=list(outcome["ranks"]),
            scores=list(outcome["scores"]),
            note=f"the attached game log (record {record.public_id}) was replayed and is valid",
        )


@receiver(record_validated, dispatch_uid="tournament.apply_validated_record")
def _on_record_validated(sender, record: GameRecord, **kwargs) -> None:
    apply_record(record=record)


@transaction.atomic
def game_play_online(*, game: SeriesGame, by) -> LiveGame:
    """Start the online game of a series game: people move from their pages, AI entrants are
    played by Brume's workers, and Brume is the referee (the only way to play a
    hidden-information game like Brouillard without a third person at the table).

    Only a person seated in the match starts it; asking again, by either player, returns the same
    live game.
    """
    from games.live import live_create

    game = SeriesGame.objects.select_for_update().select_related("match__round__stage__event").get(pk=game.pk)
    if game.live_id is not None:
        return game.live
    me = seat_participant(by, game.match)
    if me is None:
        raise NotAllowed("only the players of this match may start its game")
    if game.status != SeriesGame.Status.AWAITING:
        raise ServiceError("this game already has a result")
    participants = {p.pk: p for p in Participant.objects.filter(pk__in=game.seat_order)}
    event = game.match.round.stage.event
    seats = [
        {"name": p.name, "player": f"ai:{event.game}/{p.ai_level}" if p.is_ai else f"user:{p.user_id}"}
        for p in (participants[pid] for pid in game.seat_order)
    ]
    seed = game.match.setup_seed if game.match.setup_seed is not None else event.seed ^ (game.pk * 7919)
    live = live_create(game=event.game, seats=seats, options=event.options, seed=seed)
    game.live = live
    game.save(update_fields=["live", "updated_at"])
    return live


@receiver(live_game_finished, dispatch_uid="tournament.record_finished_live_game")
def _on_live_game_finished(sender, live: LiveGame, **kwargs) -> None:
    """A finished online game's record becomes the series game's log, which confirms it."""
    for game in SeriesGame.objects.filter(live=live, record__isnull=True):
        SeriesGame.objects.filter(pk=game.pk).update(record=live.record)
    record = GameRecord.objects.get(pk=live.record_id)
    if record.is_done:
        apply_record(record=record)

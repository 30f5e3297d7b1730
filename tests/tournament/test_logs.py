"""A valid game log attached to a series game: an organiser's confirms its result, a player's is
their report; a contradicting one opens a dispute for the organiser; nothing else changes."""

import dataclasses

import pytest

from games.ai import RandomPlayer
from games.ai.match import play_game
from games.engines import get_engine
from games.gamelog import ClaimedResult, Seat
from games.models import GameRecord
from games.services import record_upload
from tournament.errors import NotAllowed, ServiceError
from tournament.models import Match, ResultEntry, SeriesGame
from tournament.services.logs import game_attach_record
from tournament.services.results import game_report
from tournament.services.rounds import round_publish

from .factories import make_event, make_user


@pytest.fixture
def carnac_duel():
    event, owner, _ = make_event(game="carnac", players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    first, second = (seat.participant.user for seat in match.seats.order_by("seat"))
    return event, owner, game, first, second


def decisive_log(seed_start=1, players=None):
    """A finished Carnac game with a winner; ``players`` (users, in seat order) name its seats."""
    for seed in range(seed_start, seed_start + 50):
        log = play_game(get_engine("carnac"), [RandomPlayer(), RandomPlayer()], seed=seed).log
        if len(set(log.result.ranks)) == 2:
            if players:
                seats = tuple(Seat(name=user.username, player=f"user:{user.pk}") for user in players)
                log = dataclasses.replace(log, seats=seats)
            return log
    raise AssertionError("no decisive game in 50 seeds")


def test_a_valid_log_attached_by_an_organiser_confirms_the_game_by_itself(
    carnac_duel, django_capture_on_commit_callbacks
):
    _, owner, game, first, second = carnac_duel
    log = decisive_log(players=[first, second])
    with django_capture_on_commit_callbacks(execute=True):
        record = record_upload(data=log, by=owner).record
        game_attach_record(game=game, by=owner, record=record)
    game.refresh_from_db()
    assert GameRecord.objects.get(pk=record.pk).status == GameRecord.Status.VALID
    assert game.status == SeriesGame.Status.CONFIRMED
    assert game.ranks == list(log.result.ranks)
    assert game.ledger.last().action == ResultEntry.Action.LOG_VALIDATED
    assert game.match.status == Match.Status.COMPLETED


def test_a_log_that_contradicts_the_report_opens_a_dispute(carnac_duel, django_capture_on_commit_callbacks):
    _, owner, game, first, second = carnac_duel
    log = decisive_log(players=[first, second])
    game_report(game=game, by=first, ranks=list(reversed(log.result.ranks)))
    with django_capture_on_commit_callbacks(execute=True):
        record = record_upload(data=log, by=owner).record
        game_attach_record(game=game, by=owner, record=record)
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.DISPUTED
    assert "differs from the reported result" in game.ledger.last().reason


def test_an_invalid_log_changes_nothing(carnac_duel, django_capture_on_commit_callbacks):
    _, _, game, first, second = carnac_duel
    log = decisive_log(players=[first, second])
    broken = dataclasses.replace(
        log, moves=(*log.moves[:3], "zz99", *log.moves[4:]), result=ClaimedResult(log.result.ranks)
    )
    with django_capture_on_commit_callbacks(execute=True):
        record = record_upload(data=broken, by=first).record
        game_attach_record(game=game, by=first, record=record)
    game.refresh_from_db()
    assert GameRecord.objects.get(pk=record.pk).status == GameRecord.Status.INVALID
    assert game.status == SeriesGame.Status.AWAITING and game.version == 0


def test_only_the_players_or_an_organiser_attach_a_log(carnac_duel):
    _, _, game, first, second = carnac_duel
    record = record_upload(data=decisive_log(players=[first, second])).record
    with pytest.raises(NotAllowed):
        game_attach_record(game=game, by=make_user(), record=record)


def test_a_log_of_another_game_is_refused(carnac_duel):
    _, _, game, first, _ = carnac_duel
    log = play_game(get_engine("menhirs"), [RandomPlayer(), RandomPlayer()], seed=1).log
    with pytest.raises(ServiceError, match="a log of menhirs, but the event plays carnac"):
        game_attach_record(game=game, by=first, record=record_upload(data=log).record)

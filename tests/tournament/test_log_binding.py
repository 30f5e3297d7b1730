"""A log is bound to the series game it claims: its players in the game's seat order, the event's
options, the setup the game must use. A log a player uploads is that player's report, for the
opponent to confirm; only Brume's own logs and an organiser's confirm a result alone. Whatever
the order in which the upload's validation and the attachment commit, the log takes effect."""

import dataclasses

import pytest

from games.ai import RandomPlayer
from games.ai.match import play_game
from games.engines import get_engine
from games.gamelog import Seat
from games.models import GameRecord
from games.services import record_upload
from tournament.errors import ServiceError
from tournament.models import Match, ResultEntry, SeriesGame
from tournament.services.logs import game_attach_log, game_attach_record, log_effect
from tournament.services.results import game_confirm, game_dispute, game_report
from tournament.services.rounds import round_publish

from .factories import make_event


@pytest.fixture
def duel():
    event, owner, _ = make_event(game="carnac", players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    first, second = (seat.participant.user for seat in match.seats.order_by("seat"))
    return event, owner, game, first, second


def carnac_log(*names, seed_start=1, options=None):
    """A finished Carnac game with a winner whose seats are named ``names`` (user or text)."""
    for seed in range(seed_start, seed_start + 50):
        log = play_game(get_engine("carnac"), [RandomPlayer(), RandomPlayer()], seed=seed, options=options).log
        if len(set(log.result.ranks)) == 2:
            seats = tuple(
                Seat(name=n, player="") if isinstance(n, str) else Seat(name=n.username, player=f"user:{n.pk}")
                for n in names
            )
            return dataclasses.replace(log, seats=seats)
    raise AssertionError("no decisive game in 50 seeds")


def attach(game, by, log, capture):
    """Upload and attach as the match page does, running what each step queues on commit."""
    with capture(execute=True):
        record = record_upload(data=log, by=by).record  # validates in-process on commit
    with capture(execute=True):
        game_attach_record(game=game, by=by, record=record)
    game.refresh_from_db()
    return record


# Finding 2: a self-made log no longer confirms a result alone.


def test_a_players_own_valid_log_is_their_report_not_a_confirmation(duel, django_capture_on_commit_callbacks):
    _, _, game, first, second = duel
    log = carnac_log(first, second)
    attach(game, first, log, django_capture_on_commit_callbacks)
    assert game.status == SeriesGame.Status.REPORTED
    assert game.ranks == list(log.result.ranks)
    entry = game.ledger.last()
    assert (entry.action, entry.role, entry.participant.user) == (
        ResultEntry.Action.REPORT,
        ResultEntry.Role.PARTICIPANT,
        first,
    )
    assert "for the opponent to confirm" in entry.reason
    assert "counts as their report" in log_effect(game)


def test_the_opponent_can_still_dispute_a_players_log(duel, django_capture_on_commit_callbacks):
    _, _, game, first, second = duel
    attach(game, first, carnac_log(first, second), django_capture_on_commit_callbacks)
    game = game_dispute(game=game, by=second, reason="we never played this game")
    assert game.status == SeriesGame.Status.DISPUTED


def test_the_opponent_confirms_a_players_log(duel, django_capture_on_commit_callbacks):
    _, _, game, first, second = duel
    attach(game, first, carnac_log(first, second), django_capture_on_commit_callbacks)
    game = game_confirm(game=game, by=second)
    assert game.status == SeriesGame.Status.CONFIRMED
    assert game.match.status == Match.Status.COMPLETED


def test_a_players_log_that_matches_the_opponents_report_confirms_it(duel, django_capture_on_commit_callbacks):
    _, _, game, first, second = duel
    log = carnac_log(first, second)
    game_report(game=game, by=second, ranks=list(log.result.ranks))
    attach(game, first, log, django_capture_on_commit_callbacks)
    assert game.status == SeriesGame.Status.CONFIRMED
    assert game.ledger.last().action == ResultEntry.Action.CONFIRM


def test_a_players_log_that_differs_from_the_opponents_report_opens_a_dispute(duel, django_capture_on_commit_callbacks):
    _, _, game, first, second = duel
    log = carnac_log(first, second)
    game_report(game=game, by=second, ranks=list(reversed(log.result.ranks)))
    attach(game, first, log, django_capture_on_commit_callbacks)
    assert game.status == SeriesGame.Status.DISPUTED
    assert "differs from the opponent's report" in game.ledger.last().reason


def test_a_log_with_made_up_seat_names_is_refused_naming_the_wrong_seat(duel):
    _, _, game, first, second = duel
    with pytest.raises(ServiceError) as refused:
        game_attach_log(game=game, by=first, data=carnac_log(first, "Zed"))
    assert f"the log's seat 2 is 'Zed', but this game's second player is {second.username}" in refused.value.message
    assert not GameRecord.objects.exists()  # refused before anything is stored
    game.refresh_from_db()
    assert game.record_id is None and game.version == 0


def test_a_log_with_the_players_in_the_wrong_seats_is_refused(duel):
    _, _, game, first, second = duel
    with pytest.raises(ServiceError, match="the first player alternates"):
        game_attach_log(game=game, by=first, data=carnac_log(second, first))


def test_a_log_naming_another_user_id_is_refused_even_with_the_right_name(duel):
    _, owner, game, first, second = duel
    forged = carnac_log(first, second)
    forged = dataclasses.replace(forged, seats=(forged.seats[0], Seat(name=second.username, player=f"user:{owner.pk}")))
    with pytest.raises(ServiceError, match="seat 2"):
        game_attach_log(game=game, by=first, data=forged)


def test_seat_names_match_the_players_names_without_a_player_field(duel, django_capture_on_commit_callbacks):
    _, _, game, first, second = duel
    attach(game, first, carnac_log(first.username.upper(), second.username), django_capture_on_commit_callbacks)
    assert game.status == SeriesGame.Status.REPORTED


def test_a_log_played_with_other_options_is_refused(duel):
    _, _, game, first, second = duel
    with pytest.raises(ServiceError, match="the log's options differ from the event's: board is 'small'"):
        game_attach_log(game=game, by=first, data=carnac_log(first, second, options={"board": "small"}))


def test_a_player_cannot_attach_a_log_of_a_game_against_an_ai_entrant(django_capture_on_commit_callbacks):
    event, owner, participants = make_event(game="carnac", players=1, ai=1)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    person = participants[0].user
    bot = next(p for p in participants if p.is_ai)
    names = [person if pid == participants[0].pk else bot.name for pid in game.seat_order]
    with pytest.raises(ServiceError, match="played on Brume"):
        game_attach_log(game=game, by=person, data=carnac_log(*names))


def test_one_log_cannot_confirm_two_games(django_capture_on_commit_callbacks):
    event, owner, _ = make_event(game="carnac", players=2, stage={"series_length": 3})
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game_one = match.games.get()
    first, second = (SeriesGame.objects.get(pk=game_one.pk).seat_order[i] for i in (0, 1))
    users = [match.seats.get(participant_id=pid).participant.user for pid in (first, second)]
    log = carnac_log(*users)
    attach(game_one, owner, log, django_capture_on_commit_callbacks)
    game_two = match.games.get(number=2)
    SeriesGame.objects.filter(pk=game_two.pk).update(seat_order=game_one.seat_order)
    with pytest.raises(ServiceError, match="already the log of game 1"):
        game_attach_log(game=game_two, by=owner, data=log)


def test_a_player_cannot_attach_a_log_to_a_confirmed_game(duel, django_capture_on_commit_callbacks):
    _, owner, game, first, second = duel
    attach(game, owner, carnac_log(first, second), django_capture_on_commit_callbacks)
    assert game.status == SeriesGame.Status.CONFIRMED
    with pytest.raises(ServiceError, match="this result is confirmed"):
        game_attach_log(game=game, by=second, data=carnac_log(first, second, seed_start=60))


# Finding 3: the order of the upload's validation and of the attachment does not matter.


def test_a_log_validated_before_it_is_attached_still_confirms(duel, django_capture_on_commit_callbacks):
    """The embedded mode's real order: the upload commits and validates in-process, then the
    page attaches the log, holding the upload's record from before its validation."""
    _, owner, game, first, second = duel
    with django_capture_on_commit_callbacks(execute=True):
        stale = record_upload(data=carnac_log(first, second), by=owner).record
    assert stale.status == GameRecord.Status.PENDING  # the caller's copy predates the verdict
    assert GameRecord.objects.get(pk=stale.pk).status == GameRecord.Status.VALID
    with django_capture_on_commit_callbacks(execute=True):
        game_attach_record(game=game, by=owner, record=stale)
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.CONFIRMED


def test_a_log_attached_before_its_validation_confirms_when_validated(duel, django_capture_on_commit_callbacks):
    """The worker's usual order: attached first, then the verdict arrives."""
    _, owner, game, first, second = duel
    with django_capture_on_commit_callbacks(execute=False) as queued:
        record = record_upload(data=carnac_log(first, second), by=owner).record
    with django_capture_on_commit_callbacks(execute=True):
        game_attach_record(game=game, by=owner, record=record)
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.AWAITING  # nothing to apply yet
    with django_capture_on_commit_callbacks(execute=True):
        for callback in queued:
            callback()  # the validation, as the worker runs it
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.CONFIRMED
    assert game.ledger.filter(action=ResultEntry.Action.LOG_VALIDATED).count() == 1


def test_applying_a_players_log_twice_reports_once(duel, django_capture_on_commit_callbacks):
    from tournament.services.logs import apply_record

    _, _, game, first, second = duel
    record = attach(game, first, carnac_log(first, second), django_capture_on_commit_callbacks)
    apply_record(record=GameRecord.objects.get(pk=record.pk))
    apply_record(record=GameRecord.objects.get(pk=record.pk))
    game.refresh_from_db()
    assert game.ledger.count() == 1 and game.version == 1


@pytest.mark.django_db(transaction=True)
def test_an_organisers_log_from_the_match_page_confirms_with_real_commits(client):
    """No test transaction: the upload, its in-process validation and the attachment each
    commit for real, in the order the embedded mode runs them."""
    event, owner, _ = make_event(game="carnac", players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    first, second = (seat.participant.user for seat in match.seats.order_by("seat"))
    client.force_login(owner)
    from games.gamelog import jsonform

    response = client.post(
        f"/events/{event.slug}/games/{game.pk}/",
        {"action": "attach_log", "log_text": jsonform.dumps(carnac_log(first, second))},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.record.status == GameRecord.Status.VALID
    assert game.status == SeriesGame.Status.CONFIRMED


@pytest.mark.django_db(transaction=True)
def test_a_players_log_from_the_match_page_is_reported_with_real_commits(client):
    event, owner, _ = make_event(game="carnac", players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    first, second = (seat.participant.user for seat in match.seats.order_by("seat"))
    client.force_login(first)
    from games.gamelog import textform

    response = client.post(
        f"/events/{event.slug}/games/{game.pk}/",
        {"action": "attach_log", "log_text": textform.dumps(carnac_log(first, second))},
        follow=True,
    )
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.REPORTED and game.reported_by.user == first
    assert "counts as their report" in response.content.decode()


def test_the_match_page_tells_a_player_what_their_log_will_do_and_whose_seats_it_needs(duel, client):
    _, _, game, first, second = duel
    client.force_login(first)
    page = client.get(game.match.get_absolute_url()).content.decode()
    assert "Your log counts as your report" in page
    assert f"in this order: {first.username}, {second.username}" in page

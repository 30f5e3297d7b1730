"""Forfeits: an organiser records who did not play; the other side wins without play, and the
match counts as unplayed for tie-breaks and ratings."""

import pytest
from django.urls import reverse

from ranking.models import Forfeit
from ranking.selectors import stage_standings
from tournament.errors import NotAllowed, ServiceError
from tournament.models import Match, SeriesGame
from tournament.services.rounds import round_publish
from tournament.services.walkovers import match_forfeit

from .factories import make_event, make_user


def pending_match(series_length=3):
    event, owner, _ = make_event(players=2, stage={"format": "swiss", "series_length": series_length})
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    return event, owner, match


def test_a_forfeit_gives_the_other_player_every_game_the_series_needs():
    event, owner, match = pending_match()
    first, second = (seat.participant for seat in match.seats.order_by("seat"))
    match = match_forfeit(match=match, by=owner, absent=second.pk, reason="missed the bus")
    assert match.status == Match.Status.COMPLETED and match.seats.get(rank=1).participant == first
    games = list(match.games.filter(status=SeriesGame.Status.CONFIRMED))
    assert len(games) == 2
    assert all(g.ledger.order_by("version").last().reason.startswith(f"forfeit: {second.name}") for g in games)
    assert Forfeit.objects.get(match=match).absent == [second.pk]
    rows = {row.participant.pk: row for row in stage_standings(event.stages.get())}
    assert rows[first.pk].rank == 1  # the win counts in the points, and the round as unplayed


def test_only_an_organiser_records_a_forfeit_and_only_on_an_open_match_of_its_players():
    _, owner, match = pending_match(series_length=1)
    first, second = (seat.participant for seat in match.seats.order_by("seat"))
    with pytest.raises(NotAllowed):
        match_forfeit(match=match, by=first.user, absent=second.pk)
    with pytest.raises(ServiceError, match="one of the two players"):
        match_forfeit(match=match, by=owner, absent=make_event()[2][0].pk)
    match_forfeit(match=match, by=owner, absent=second.pk)
    with pytest.raises(ServiceError, match="has its result"):
        match_forfeit(match=match, by=owner, absent=first.pk)


def test_the_match_page_and_the_api_record_a_forfeit(client):
    event, owner, match = pending_match(series_length=1)
    first, second = (seat.participant for seat in match.seats.order_by("seat"))
    client.force_login(first.user)
    assert "Record a forfeit" not in client.get(match.get_absolute_url()).content.decode()
    url = reverse("match-forfeit", args=[event.slug, match.pk])
    assert client.post(url, {"absent": second.pk}).status_code == 403
    api = f"/api/v1/events/{event.slug}/matches/{match.pk}/forfeit/"
    assert client.post(api, {"absent": second.pk}, content_type="application/json").status_code == 403
    client.force_login(owner)
    assert "Record a forfeit" in client.get(match.get_absolute_url()).content.decode()
    assert client.post(api, {"absent": "x"}, content_type="application/json").status_code == 400
    response = client.post(api, {"absent": second.pk, "reason": "ill"}, content_type="application/json")
    assert response.status_code == 200 and response.json()["status"] == "completed"
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETED
    other_event, other_owner, other = pending_match(series_length=1)
    client.force_login(other_owner)
    absent = other.seats.order_by("seat").last().participant_id
    client.post(reverse("match-forfeit", args=[other_event.slug, other.pk]), {"absent": absent})
    other.refresh_from_db()
    assert other.status == Match.Status.COMPLETED and Forfeit.objects.filter(match=other).exists()
    client.force_login(make_user())
    assert client.post(url, {"absent": second.pk}).status_code == 403  # a stranger


def test_an_organiser_withdrawing_a_paired_player_forfeits_their_open_match_but_not_a_reported_one():
    from tournament.services.registration import participant_withdraw
    from tournament.services.results import game_report

    _, owner, match = pending_match(series_length=1)
    first, second = (seat.participant for seat in match.seats.order_by("seat"))
    participant_withdraw(participant=second, by=owner)
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETED and match.seats.get(rank=1).participant == first
    assert Forfeit.objects.get(match=match).absent == [second.pk]

    _, owner, reported = pending_match(series_length=1)
    first, second = (seat.participant for seat in reported.seats.order_by("seat"))
    game_report(game=reported.games.get(), by=first.user, ranks=[1, 2])
    participant_withdraw(participant=second, by=owner)
    reported.refresh_from_db()
    assert reported.status == Match.Status.PENDING and not Forfeit.objects.filter(match=reported).exists()


def test_a_paired_player_cannot_withdraw_themself_and_their_match_stays_for_the_organiser():
    """Once registration has closed only an organiser withdraws (issue 17)."""
    from tournament.errors import ServiceError
    from tournament.services.registration import participant_withdraw

    _, _, match = pending_match(series_length=1)
    second = match.seats.order_by("seat").last().participant
    with pytest.raises(ServiceError, match="ask an organiser"):
        participant_withdraw(participant=second, by=second.user)
    match.refresh_from_db()
    second.refresh_from_db()
    assert second.is_active
    assert match.status == Match.Status.PENDING and not Forfeit.objects.filter(match=match).exists()


def test_a_forfeited_swiss_match_is_not_history_for_the_next_pairing():
    from tournament.services.rounds import stage_entrants

    event, owner, match = pending_match()
    first, second = (seat.participant for seat in match.seats.order_by("seat"))
    match_forfeit(match=match, by=owner, absent=second.pk)
    entrants = {entrant.id: entrant for entrant in stage_entrants(event.stages.get())}
    assert entrants[first.pk].opponents == () and entrants[second.pk].opponents == ()
    assert entrants[first.pk].seats == () and entrants[first.pk].byes == 1
    assert entrants[first.pk].score > entrants[second.pk].score
    # Not a meeting: the two may be paired again in round 2 (with "end_stage" a rematch would refuse).
    stage = event.stages.get()
    stage.settings = {**stage.settings, "rematches": "end_stage"}
    stage.save()
    again = round_publish(stage=stage, by=owner).matches.get()
    assert {seat.participant_id for seat in again.seats.all()} == {first.pk, second.pk}

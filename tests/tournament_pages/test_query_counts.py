"""The busiest pages do not run a query per row: their query count does not grow with the field."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournament.factories import make_event
from tests.tournament.test_rounds import finish_round
from tournament.services.rounds import round_publish


def queries_for(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured.captured_queries)


def event_with(players: int):
    event, owner, _ = make_event(players=players, stage={"settings": {"rounds": 3}})
    stage = event.stages.get()
    for _ in range(2):
        finish_round(round_publish(stage=stage, by=owner))
    round_publish(stage=stage, by=owner)
    return event, owner


def test_the_event_page_costs_the_same_queries_for_8_or_24_players(client):
    small, owner_small = event_with(8)
    large, owner_large = event_with(24)
    client.force_login(owner_small)
    few = queries_for(client, small.get_absolute_url())
    client.force_login(owner_large)
    many = queries_for(client, large.get_absolute_url())
    assert many <= few + 2, (few, many)


def test_the_match_page_costs_the_same_queries_for_a_long_history(client):
    from tournament.services.results import game_report

    event, owner, _ = make_event(players=2, stage={"series_length": 5})
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    client.force_login(owner)
    before = queries_for(client, match.get_absolute_url())
    game = match.games.get()
    a, _b = (seat.participant.user for seat in match.seats.order_by("seat"))
    for _ in range(4):  # four ledger entries on one game
        game = game_report(game=game, by=a, ranks=[1, 2])
    assert queries_for(client, match.get_absolute_url()) <= before + 2

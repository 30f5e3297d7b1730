"""Every list page costs a bounded number of queries: the same for a field of 4 as for 12, and
no more than a fixed ceiling (a page that queries per row fails here first)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.services import record_upload
from ranking.models import RatingPool
from tests.ranking.events import make_event, play_round
from tests.records.helpers import as_text, random_log

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.ranking.urls")]

# page -> the most queries it may make (anonymous reader, cold cache: standings computed);
# measured at the time of writing plus two
CEILINGS = {
    "events list": 3,
    # +1 on the three event pages kept for anonymous readers: the event's id by its slug (the key)
    "event page": 24,  # cold: each shown round is read on its own to render its cached table
    "round page": 11,  # cold: the round, then its matches, seats, games and forfeits as plain rows
    "standings": 12,
    "leaderboard": 6,
    "player page": 9,
    "API events": 4,
    "API participants": 5,
    "API stages": 6,
    "API rounds": 9,
    "API round": 9,
    "API standings": 11,
    "API records": 4,
    "API leaderboard": 6,
}


@pytest.fixture(autouse=True)
def _game(misty_nim):
    """Pages run on the test game."""


def _played(players: int, capture):
    event, owner, participants = make_event(players=players, stage={"tiebreaks": ["match_points", "buchholz"]})
    stage = event.stages.get()
    with capture(execute=True):
        for _ in range(2):
            play_round(stage, owner, lambda order: ([1, 2], [3, 1]))
        for seed in range(players // 2):
            record_upload(data=as_text(random_log(seed=seed + 100 * players)))
    return event, participants


def _pages(event, participants) -> dict[str, str]:
    pool = RatingPool.objects.get()
    player = participants[0].user.username
    base = f"/api/v1/events/{event.slug}/"
    return {
        "events list": "/events/",
        "event page": f"/events/{event.slug}/",
        "round page": f"/events/{event.slug}/stages/1/rounds/2/",
        "standings": f"/events/{event.slug}/stages/1/standings/",
        "leaderboard": f"/ratings/{pool.slug}/",
        "player page": f"/ratings/players/{player}/",
        "API events": "/api/v1/events/",
        "API participants": base + "participants/",
        "API stages": base + "stages/",
        "API rounds": base + "stages/1/rounds/",
        "API round": base + "stages/1/rounds/2/",
        "API standings": base + "stages/1/standings/",
        "API records": "/api/v1/records/",
        "API leaderboard": f"/api/v1/ratings/{pool.slug}/",
    }


def _counts(client, event, participants) -> dict[str, int]:
    counts = {}
    for name, url in _pages(event, participants).items():
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, (name, url, response.status_code)
        counts[name] = len(queries)
    return counts


def test_list_pages_make_as_many_queries_for_twelve_entrants_as_for_four(client, django_capture_on_commit_callbacks):
    small = _counts(client, *_played(4, django_capture_on_commit_callbacks))
    large = _counts(client, *_played(12, django_capture_on_commit_callbacks))
    grew = {name: (small[name], large[name]) for name in small if large[name] > small[name]}
    assert grew == {}


@pytest.mark.parametrize("page", sorted(CEILINGS))
def test_each_list_page_stays_under_its_query_ceiling(
    page, client, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    event, participants = _played(6, django_capture_on_commit_callbacks)
    url = _pages(event, participants)[page]
    with django_assert_max_num_queries(CEILINGS[page]):
        assert client.get(url).status_code == 200


def test_a_repeated_standings_view_reads_no_results(client, django_capture_on_commit_callbacks):
    event, _ = _played(6, django_capture_on_commit_callbacks)
    url = f"/events/{event.slug}/stages/1/standings/"
    with CaptureQueriesContext(connection) as cold:
        client.get(url)
    with CaptureQueriesContext(connection) as warm:
        client.get(url)
    touched = " ".join(q["sql"] for q in warm.captured_queries)
    assert "tournament_seriesgame" not in touched and "tournament_matchseat" not in touched
    assert len(warm) < len(cold)

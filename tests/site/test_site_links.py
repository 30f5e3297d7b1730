"""Names link to player pages, game pages link to their events, leaderboards and rules, and the
home page says what is happening — each only with what its visitor may see."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games.rules_pages import render_markdown
from ranking.models import RatingPool
from tests.ranking.events import play_round
from tests.tournament.factories import make_event, make_user
from tournament.models import Event
from tournament.services.logs import game_play_online
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.ranking.urls")]


def player_href(user) -> str:
    return f'href="{reverse("ranking-player", args=[user.username])}"'


def _played(players=4):
    event, owner, participants = make_event(players=players, stage={"tiebreaks": ["match_points", "buchholz"]})
    play_round(event.stages.get(), owner, lambda order: ([1, 2], None))
    return event, owner, participants


# --- 1. names link to player pages ------------------------------------------------------------


def test_names_on_the_event_round_standings_and_match_pages_link_to_player_pages(client, misty_nim):
    event, _, participants = _played()
    match = event.stages.get().rounds.get().matches.first()
    pages = {
        "event": event.get_absolute_url(),
        "round": reverse("round-detail", args=[event.slug, 1, 1]),
        "standings": reverse("ranking-stage-standings", args=[event.slug, 1]),
        "match": match.get_absolute_url(),
    }
    seated = [seat.participant.user for seat in match.seats.all()]
    for name, url in pages.items():
        html = client.get(url).content.decode()
        users = seated if name == "match" else [p.user for p in participants]
        missing = [user.username for user in users if player_href(user) not in html]
        assert missing == [], name


def test_the_linked_name_is_escaped(client, misty_nim):
    event, _owner, participants = make_event(players=2)
    participants[0].name = "<b>Bold</b>"
    participants[0].save()
    html = client.get(event.get_absolute_url()).content.decode()
    assert "&lt;b&gt;Bold&lt;/b&gt;</a>" in html and "<b>Bold</b>" not in html


def test_an_ai_entrant_links_to_its_games_ai_description_when_there_is_one(client, misty_nim):
    carnac, _, _ = make_event(game="carnac", players=1, ai=1)
    html = client.get(carnac.get_absolute_url()).content.decode()
    assert re.search(r'<a href="/games/carnac/rules/#ai-levels">Bot 1</a>', html)
    nim, _, _ = make_event(players=1, ai=1)  # the test game has no rules page: plain text
    html = client.get(nim.get_absolute_url()).content.decode()
    assert ">Bot 1</a>" not in html and "Bot 1" in html


def test_links_cost_no_query_per_name(client, misty_nim):
    def counts(players):
        event, _, _ = _played(players)
        urls = [event.get_absolute_url(), reverse("round-detail", args=[event.slug, 1, 1])]
        urls.append(reverse("ranking-stage-standings", args=[event.slug, 1]))
        found = []
        for url in urls:
            with CaptureQueriesContext(connection) as queries:
                client.get(url)
            found.append(len(queries))
        return found

    assert counts(4) == counts(10)


# --- 2. game pages ------------------------------------------------------------------------------


def test_a_game_page_links_to_its_running_upcoming_and_finished_events_but_not_private_ones(client, misty_nim):
    running, _, _ = make_event()
    upcoming, _, _ = make_event(start=False)
    finished, _owner, _ = make_event()
    Event.objects.filter(pk=finished.pk).update(status=Event.Status.FINISHED)
    private, _, _ = make_event()
    Event.objects.filter(pk=private.pk).update(visibility=Event.Visibility.PRIVATE)
    html = client.get(reverse("game-detail", args=["misty-nim"])).content.decode()
    for event in (running, upcoming, finished):
        assert f'href="{event.get_absolute_url()}"' in html
    assert private.get_absolute_url() not in html
    assert html.index("Running") < html.index(running.name)
    assert html.index("Upcoming") < html.index(upcoming.name) < html.index("Finished") < html.index(finished.name)


def test_a_game_page_links_to_its_leaderboards(client, misty_nim):
    pool = RatingPool.objects.create(slug="misty-nim", game="misty-nim", system="glicko2", name="Misty Nim ratings")
    RatingPool.objects.create(slug="carnac", game="carnac", system="glicko2", name="Carnac ratings")
    html = client.get(reverse("game-detail", args=["misty-nim"])).content.decode()
    assert f'href="{pool.get_absolute_url()}"' in html and "Carnac ratings" not in html


def test_a_game_page_links_to_its_rules_page_which_renders_the_games_doc(client):
    html = client.get(reverse("game-detail", args=["carnac"])).content.decode()
    assert f'href="{reverse("game-rules", args=["carnac"])}"' in html
    rules = client.get(reverse("game-rules", args=["carnac"]))
    assert rules.status_code == 200
    body = rules.content.decode()
    assert '<h2 id="ai-levels">AI levels</h2>' in body and "<table>" in body
    assert "<script" not in body.split("</main>")[0].split("<main")[-1]
    assert "script-src 'self'" in rules["Content-Security-Policy"]


def test_a_game_without_rules_has_no_rules_link_and_its_rules_page_is_a_404(client, misty_nim):
    assert "/games/misty-nim/rules/" not in client.get(reverse("game-detail", args=["misty-nim"])).content.decode()
    assert client.get(reverse("game-rules", args=["misty-nim"])).status_code == 404
    assert client.get("/games/chess/rules/").status_code == 404
    assert client.get("/games/..%2F..%2Fsecrets/rules/").status_code == 404


def test_raw_html_in_a_rules_file_is_shown_as_text():
    page = render_markdown(
        '# Title\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1))'
    )
    assert "<script" not in page.html and "<img" not in page.html and 'href="javascript' not in page.html
    assert "&lt;script&gt;" in page.html


ALLOWED_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "a", "code", "pre", "em", "strong", "ul", "ol", "li",
                "blockquote", "hr", "br", "table", "thead", "tbody", "tr", "th", "td", "img"}  # fmt: skip


@given(st.text(alphabet=st.sampled_from(list("<>/=\"' abcdefghijklmnopqrstuvwxyz#*-`[]():!\n")), max_size=300))
def test_any_markdown_renders_only_plain_tags_without_scripts_or_styles(text):
    html = render_markdown(text).html
    tags = {tag.lower() for tag in re.findall(r"<\s*/?\s*([a-zA-Z][a-zA-Z0-9]*)", html)}
    assert tags <= ALLOWED_TAGS
    attributes = re.findall(r"<[a-zA-Z][^>]*?\s([a-zA-Z-]+)=", html)
    assert not [name for name in attributes if name.lower().startswith("on") or name.lower() == "style"]
    assert "javascript:" not in "".join(re.findall(r'href="([^"]*)"', html)).lower()


# --- 3. the home page ------------------------------------------------------------------------------


def test_the_home_page_shows_running_events_live_games_results_and_what_is_coming(client, misty_nim):
    running, _, _participants = _played()
    upcoming, _, _ = make_event(start=False)
    live_event, owner, _ = make_event(players=2)
    match = round_publish(stage=live_event.stages.get(), by=owner).matches.get()
    live = game_play_online(game=match.games.get(), by=match.seats.first().participant.user)
    html = client.get("/").content.decode()
    assert f'href="{running.get_absolute_url()}"' in html
    assert f'href="{upcoming.get_absolute_url()}"' in html
    assert f'href="{live.get_absolute_url()}"' in html
    finished_match = running.stages.get().rounds.get().matches.filter(is_bye=False).first()
    assert f'href="{finished_match.get_absolute_url()}"' in html and " won 1–0" in html


def test_the_home_page_never_shows_a_private_events_games_or_results_to_outsiders(client, misty_nim):
    event, owner, _ = make_event(players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    player = match.seats.first().participant.user
    live = game_play_online(game=match.games.get(), by=player)
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PRIVATE)
    for who in (None, make_user()):
        if who:
            client.force_login(who)
        html = client.get("/").content.decode()
        assert live.public_id not in html and event.name not in html
    client.force_login(player)
    assert live.public_id in client.get("/").content.decode()


def test_the_home_pages_empty_states_say_what_to_do(client):
    html = client.get("/").content.decode()
    assert "No event is running" in html and 'href="/events/"' in html and "create one" not in html
    client.force_login(make_user(organiser=True))
    html = client.get("/").content.decode()
    assert f'No event is running — <a href="{reverse("event-create")}">create one</a>' in html


def test_the_home_page_costs_the_same_queries_for_many_events_as_for_one(client, misty_nim):
    def count():
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/").status_code == 200
        return len(queries)

    _played(2)
    few = count()
    for _ in range(3):
        _played(4)
        make_event(start=False)
    assert count() == few <= 16


def test_a_renamed_account_is_linked_by_its_new_name_in_cached_tables(client, misty_nim):
    event, _, participants = _played()
    url = reverse("round-detail", args=[event.slug, 1, 1])
    user = participants[0].user
    assert player_href(user) in client.get(url).content.decode()  # now cached
    user.username = "renamed-player"
    user.save()
    html = client.get(url).content.decode()
    assert 'href="/ratings/players/renamed-player/"' in html

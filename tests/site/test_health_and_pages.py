"""The site answers: health, home page with the registered games, game pages, the API."""

import json

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_healthz_tells_anyone_only_that_the_site_is_up(client):
    response = client.get(reverse("healthz"))
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_healthz_shows_staff_the_database_and_the_broker(client):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.create_user("ops", password="x", is_staff=True))
    body = client.get(reverse("healthz")).json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["database"]["vendor"] in ("sqlite", "postgresql")
    assert body["broker"]["ok"] is True


def test_healthz_says_unavailable_when_the_broker_is_down_without_the_error_text(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get(reverse("healthz"))
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable"}


def test_healthz_names_the_broker_error_to_staff(client, settings):
    from django.contrib.auth import get_user_model

    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    client.force_login(get_user_model().objects.create_user("ops", password="x", is_staff=True))
    response = client.get(reverse("healthz"))
    assert response.status_code == 503
    assert response.json()["broker"]["ok"] is False and response.json()["broker"]["error"]


def test_the_home_page_lists_the_registered_games(client, misty_nim):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Misty Nim (test game)" in html
    assert reverse("game-detail", args=["misty-nim"]) in html
    assert '<meta name="viewport"' in html


def test_a_game_page_shows_its_options(client, misty_nim):
    response = client.get(reverse("game-detail", args=["misty-nim"]))
    assert response.status_code == 200
    assert "take_max" in response.content.decode()
    assert client.get(reverse("game-detail", args=["chess"])).status_code == 404


def test_the_api_lists_games_with_their_ai_levels(client, misty_nim):
    games = client.get(reverse("api-game-list")).json()
    nim = next(game for game in games if game["slug"] == "misty-nim")
    assert nim["seats"] == {"min": 2, "max": 3}
    assert nim["ai_levels"] == ["random"]
    assert client.get(reverse("api-game-detail", args=["chess"])).status_code == 404


LOG = 'Brume log 1\nGame: misty-nim\nSeat 1: A\nSeat 2: B\nLayout: {"pile": 5, "secrets": [1, 2]}\nResult: 2 1\n\n1. t2 2. t3\n'


def test_the_api_validates_a_text_log(client, misty_nim):
    response = client.post(reverse("api-log-validate"), LOG, content_type="text/plain")
    assert response.status_code == 200
    assert response.json()["valid"] is True


def test_the_api_validates_a_json_log_and_names_the_bad_move(client, misty_nim):
    log = {
        "brume_log": 1,
        "game": "misty-nim",
        "seats": ["A", "B"],
        "layout": {"pile": 5, "secrets": [1, 2]},
        "moves": ["t2", "t9"],
    }
    response = client.post(reverse("api-log-validate"), json.dumps(log), content_type="application/json")
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is False
    assert body["bad_move"]["ply"] == 2


def test_the_api_refuses_what_is_not_a_log_with_a_clear_error(client, misty_nim):
    response = client.post(reverse("api-log-validate"), "hello", content_type="text/plain")
    assert response.status_code == 400
    assert "Brume log 1" in response.json()["detail"]
    response = client.post(reverse("api-log-validate"), "{not json", content_type="application/json")
    assert response.status_code == 400


def test_the_openapi_schema_and_its_offline_docs_are_served(client):
    schema = client.get(reverse("api-schema"))
    assert schema.status_code == 200
    assert b"/api/v1/games/" in schema.content
    docs = client.get(reverse("api-docs"))
    assert docs.status_code == 200
    assert b"cdn" not in docs.content.lower()


def test_the_api_root_lists_the_resources_and_links_to_the_docs(client):
    response = client.get("/api/v1/")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["documentation"]["docs"] == "http://testserver/api/docs/"
    resources = body["resources"]
    assert resources["games"]["url"] == "http://testserver/api/v1/games/"
    assert resources["events"]["url"] == "http://testserver/api/v1/events/"
    assert resources["ratings"]["url"] == "http://testserver/api/v1/ratings/"
    assert resources["records"]["url"] == "http://testserver/api/v1/records/"
    for resource in resources.values():  # every link answers (some only to a POST or a signed-in user)
        assert client.get(resource["url"]).status_code in (200, 401, 403, 405)


def test_the_favicon_is_served_and_every_page_names_it(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("/brume/favicon.svg")
    page = client.get(reverse("home")).content.decode()
    assert '<link rel="icon" href="/static/brume/favicon.svg" type="image/svg+xml">' in page
    from django.contrib.staticfiles import finders

    assert finders.find("brume/favicon.svg")


def test_the_footers_status_link_opens_a_page_for_people(client):
    home = client.get(reverse("home")).content.decode()
    assert f'<a href="{reverse("status")}">Status</a>' in home and 'href="/healthz"' not in home
    response = client.get(reverse("status"))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    assert "Brume is working" in response.content.decode()
    assert "Each check" not in response.content.decode()  # the details are for staff


def test_the_status_page_says_unavailable_when_the_broker_is_down(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get(reverse("status"))
    assert response.status_code == 503 and "Brume is unavailable" in response.content.decode()
    assert "Connection" not in response.content.decode()  # no error text for strangers


@pytest.mark.django_db
def test_every_page_links_to_the_ratings_in_its_main_menu(client):
    page = client.get("/events/").content.decode()
    menu = page[page.index('<nav aria-label="Main">') : page.index("</nav>")]
    assert f'href="{reverse("ranking-pools")}"' in menu

"""The bell, the list, marking read, and the API: each person reaches their own and nothing else."""

import pytest
from django.test import Client

from notifications.models import Kind, Notification
from notifications.services import Message, notify
from tests.tournament.factories import make_user

from .world import rows

pytestmark = pytest.mark.django_db


def give(person, count: int = 1, kind: str = Kind.PAIRINGS_PUBLISHED, prefix: str = "Note"):
    for n in range(count):
        notify(kind=kind, key=f"{prefix}:{n}", messages=[Message(person.pk, f"{prefix} {n}", "body", "/events/")])
    return list(rows(person).order_by("id"))


def bell(page: str) -> str:
    start = page.index('class="bell')
    return page[start : page.index("</a>", start)]


def test_the_bell_shows_the_unread_count_and_nothing_for_visitors(client):
    person = make_user()
    give(person, 3)
    assert 'class="bell' not in client.get("/").content.decode()
    client.force_login(person)
    shown = bell(client.get("/").content.decode())
    assert 'bell-count" aria-hidden="true">3<' in shown and "3 unread" in shown
    Notification.objects.filter(recipient=person).update(read_at="2026-01-01T00:00Z")
    assert "bell-count" not in bell(client.get("/").content.decode())


def test_the_bell_costs_one_query(client, django_assert_num_queries):
    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory

    from notifications.context_processors import bell as processor

    person = make_user()
    give(person, 2)
    request = RequestFactory().get("/")
    request.user = person
    context = processor(request)
    with django_assert_num_queries(1):
        assert int(str(context["notifications_unread"])) == 2
        assert bool(context["notifications_unread"])
    request.user = AnonymousUser()
    assert processor(request) == {}


def test_the_list_is_newest_first_paginated_and_marks_unread(client):
    person = make_user()
    give(person, 30)
    client.force_login(person)
    page = client.get("/me/notifications/").content.decode()
    assert page.index("Note 29") < page.index("Note 28")
    assert "Note 4<" not in page and "Notifications 1–25 of 30" in page
    assert page.count('class="notification unread"') == 25
    second = client.get("/me/notifications/?page=2").content.decode()
    assert "Note 0<" in second


def test_mark_one_read_and_open_follows_its_link_and_csrf_is_required():
    person = make_user()
    first, second = give(person, 2)
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(person)
    assert browser.post(f"/me/notifications/{first.pk}/read/").status_code == 403  # no CSRF token
    browser.get("/me/notifications/")
    token = browser.cookies["csrftoken"].value
    response = browser.post(f"/me/notifications/{first.pk}/read/", {"csrfmiddlewaretoken": token, "open": "1"})
    assert response.status_code == 302 and response["Location"] == "/events/"
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.read_at is not None and second.read_at is None
    assert browser.get(f"/me/notifications/{first.pk}/read/").status_code == 405


def test_mark_all_read(client):
    person = make_user()
    give(person, 3)
    client.force_login(person)
    client.post("/me/notifications/read-all/")
    assert not rows(person).filter(read_at__isnull=True).exists()


def test_an_outsider_can_neither_read_nor_mark_another_persons_notifications(client):
    owner, outsider = make_user(), make_user()
    (note,) = give(owner, 1, prefix="Secret")
    client.force_login(outsider)
    assert "Secret" not in client.get("/me/notifications/").content.decode()
    assert client.post(f"/me/notifications/{note.pk}/read/").status_code == 404
    assert client.post(f"/api/v1/me/notifications/{note.pk}/read/").status_code == 404
    assert client.post("/api/v1/me/notifications/999999999/read/").status_code == 404
    client.post("/me/notifications/read-all/")
    client.post("/api/v1/me/notifications/read-all/")
    assert client.get("/api/v1/me/notifications/").json()["count"] == 0
    note.refresh_from_db()
    assert note.read_at is None


def test_visitors_are_sent_to_sign_in_and_the_api_answers_401(client):
    assert client.get("/me/notifications/").status_code == 302
    assert client.post("/me/notifications/read-all/").status_code == 302
    assert client.get("/api/v1/me/notifications/").status_code == 401
    assert client.post("/api/v1/me/notifications/read-all/").status_code == 401
    assert client.get("/api/v1/me/notifications/preferences/").status_code == 401


def test_api_lists_filters_marks_and_reads_all(client):
    person = make_user()
    notes = give(person, 3)
    client.force_login(person)
    body = client.get("/api/v1/me/notifications/").json()
    assert body["count"] == 3 and [n["title"] for n in body["results"]] == ["Note 2", "Note 1", "Note 0"]
    assert body["results"][0]["unread"] is True and body["results"][0]["url"] == "/events/"
    marked = client.post(f"/api/v1/me/notifications/{notes[0].pk}/read/").json()
    assert marked["unread"] is False and marked["read_at"]
    unread = client.get("/api/v1/me/notifications/?unread=true").json()
    assert [n["title"] for n in unread["results"]] == ["Note 2", "Note 1"]
    assert client.post("/api/v1/me/notifications/read-all/").json() == {"marked": 2}
    assert client.get("/api/v1/me/notifications/?unread=true").json()["count"] == 0


def test_api_preferences_get_and_patch_with_clear_errors(client):
    person = make_user()
    client.force_login(person)
    url = "/api/v1/me/notifications/preferences/"
    choices = client.get(url).json()
    assert choices["your_turn"] == {"label": "Your turn in an online game", "site": True, "email": False}
    changed = client.patch(url, {"your_turn": {"email": True}}, content_type="application/json").json()
    assert changed["your_turn"]["email"] is True and changed["your_turn"]["site"] is True
    for bad, word in [
        ({"bogus": {"site": True}}, "no such kind"),
        ({"your_turn": {"sms": True}}, "no such channel"),
        ({"your_turn": {"site": "yes"}}, "true or false"),
        ({"your_turn": True}, "site"),
        ([], "send an object"),
    ]:
        response = client.patch(url, bad, content_type="application/json")
        assert response.status_code == 400, bad
        assert response.json()["error"] == "invalid" and word in response.json()["detail"]
    assert client.get(url).json()["your_turn"] == {"label": "Your turn in an online game", "site": True, "email": True}


def test_a_link_to_another_site_is_never_stored_or_followed(client):
    person = make_user()
    for n, url in enumerate(["//evil.example/x", "/\\evil.example", "https://evil.example/", "javascript:alert(1)"]):
        notify(kind=Kind.LOG_VERDICT, key=f"bad:{n}", messages=[Message(person.pk, "Odd", "", url)])
    assert set(rows(person).values_list("url", flat=True)) == {""}
    client.force_login(person)
    note = rows(person).first()
    response = client.post(f"/me/notifications/{note.pk}/read/", {"open": "1"})
    assert response.status_code == 302 and response["Location"] == "/me/notifications/"

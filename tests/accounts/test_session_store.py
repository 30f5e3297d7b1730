"""The session store and the session's person, read with kept SQL, say what Django's say."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import timezone

from accounts.backends import LimitedModelBackend
from accounts.session_store import SessionStore
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db


def stored(data: dict, *, expires_in: timedelta) -> str:
    store = db.SessionStore()
    store.update(data)
    store.create()
    Session.objects.filter(session_key=store.session_key).update(expire_date=timezone.now() + expires_in)
    return store.session_key


def test_the_site_uses_this_store():
    assert settings.SESSION_ENGINE == "accounts.session_store"


@pytest.mark.parametrize("expires_in", [timedelta(hours=1), timedelta(seconds=-1)], ids=["live", "expired"])
def test_a_session_loads_as_djangos_store_loads_it(expires_in):
    key = stored({"colour": "green"}, expires_in=expires_in)
    ours, django = SessionStore(key), db.SessionStore(key)
    assert ours.load() == django.load()
    assert ours.session_key == django.session_key  # an expired one is forgotten by both


@pytest.mark.parametrize("key", ["no-such-session-key", None])
def test_an_unknown_session_loads_empty(key):
    store = SessionStore(key)
    assert store.load() == {} and store.session_key is None


def test_the_sessions_person_is_read_as_django_reads_them():
    person, gone = make_user(), make_user()
    gone.is_active = False
    gone.save()
    backend = LimitedModelBackend()
    assert backend.get_user(str(person.pk)) == person and backend.get_user(person.pk).username == person.username
    assert backend.get_user(str(gone.pk)) is None  # may no longer sign in
    assert backend.get_user("999999999") is None and backend.get_user("not a number") is None


def test_a_signed_in_page_reads_its_session_and_person(client):
    person = make_user()
    client.force_login(person)
    assert SessionStore(client.session.session_key).load()[SESSION_KEY] == str(person.pk)
    page = client.get(reverse("profile"))
    assert page.status_code == 200 and page.wsgi_request.user == person

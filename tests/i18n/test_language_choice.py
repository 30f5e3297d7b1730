"""Which language a page speaks: the switcher's cookie, then the profile, then Accept-Language."""

import re

import pytest
from django.contrib.auth import get_user_model

from accounts.models import Profile
from accounts.profiles import profile_of

pytestmark = pytest.mark.django_db


def _lang(response) -> str:
    return re.search(r'<html lang="(\w+)"', response.content.decode()).group(1)


def test_accept_language_chooses_the_language_of_an_anonymous_visitor(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="nl-BE,nl;q=0.9,en;q=0.5")
    assert _lang(response) == "nl"
    assert "Taal" in response.content.decode()
    assert response["Content-Language"] == "nl"
    assert "Accept-Language" in response["Vary"]


def test_an_unknown_language_falls_back_to_english(client):
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="de")) == "en"


def test_the_switcher_sets_a_cookie_that_beats_the_browser(client):
    response = client.post("/i18n/language/", {"language": "fr", "next": "/events/"})
    assert response.status_code == 302 and response["Location"] == "/events/"
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="nl")) == "fr"


def test_the_switcher_refuses_to_send_anyone_elsewhere(client):
    response = client.post("/i18n/language/", {"language": "fr", "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_a_signed_in_person_reads_their_profile_language(client):
    user = get_user_model().objects.create_user("margo", password="pw-long-enough-123")
    Profile.objects.filter(pk=profile_of(user).pk).update(language="fr")
    client.force_login(user)
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="nl")) == "fr"


def test_switching_while_signed_in_changes_the_profile(client):
    user = get_user_model().objects.create_user("joris", password="pw-long-enough-123")
    client.force_login(user)
    client.post("/i18n/language/", {"language": "nl", "next": "/"})
    assert profile_of(user).language == "nl"
    assert _lang(client.get("/")) == "nl"


def test_the_switcher_names_each_language_in_its_own_words(client):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    for code, name in (("en", "English"), ("fr", "Français"), ("nl", "Nederlands")):
        assert re.search(rf'lang="{code}"[^>]*>{name}</button>', page), name

"""Profiles: made on first use, edited on the page and through the API, bad values refused."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from accounts.models import Profile
from accounts.profiles import display_name_of, profile_of, profile_update
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db
ME = "/api/v1/me/profile/"


def test_profile_of_makes_the_profile_once_with_defaults():
    user = make_user("gwen")
    assert not Profile.objects.filter(user=user).exists()
    profile = profile_of(user)
    assert (profile.time_zone, profile.language, profile.display_name) == ("UTC", "en", "")
    assert profile_of(user).pk == profile.pk and Profile.objects.filter(user=user).count() == 1
    assert display_name_of(user) == "gwen"


def test_the_api_reads_and_changes_the_profile(api):
    user = make_user("gwen")
    api.force_authenticate(user)
    assert api.get(ME).json() == {
        "username": "gwen",
        "display_name": "",
        "club": "",
        "country": "",
        "time_zone": "UTC",
        "language": "en",
    }
    response = api.patch(
        ME,
        {"display_name": "Gwen K.", "club": "Brest Fog Club", "country": "fr", "time_zone": "Europe/Paris"},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["country"] == "FR" and response.json()["time_zone"] == "Europe/Paris"
    assert display_name_of(user) == "Gwen K."
    assert api.patch(ME, {"language": "nl"}, format="json").json()["club"] == "Brest Fog Club"  # partial


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("time_zone", "Mars/Olympus_Mons", "is not a time zone name"),
        ("time_zone", "", "may not be blank"),
        ("country", "XX", "is not a country code we know"),
        ("language", "de", "is not a valid choice"),
        ("display_name", "x" * 81, "no more than 80 characters"),
        ("club", "bad\x00club", "Null characters are not allowed"),
        ("is_staff", True, "cannot be changed here"),
        ("user", 1, "cannot be changed here"),
    ],
)
def test_bad_values_are_refused_field_by_field_and_change_nothing(api, field, value, message):
    user = make_user("gwen")
    profile_update(user=user, time_zone="Europe/Brussels", display_name="Gwen")
    api.force_authenticate(user)
    response = api.patch(ME, {"display_name": "Changed", field: value}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid" and message in str(body["fields"][field])
    profile = profile_of(user)
    user.refresh_from_db()
    assert (profile.time_zone, profile.display_name, user.is_staff) == ("Europe/Brussels", "Gwen", False)


def test_the_service_refuses_a_bad_time_zone():
    with pytest.raises(ValidationError) as refused:
        profile_update(user=make_user(), time_zone="Europe/Atlantis")
    assert "time_zone" in refused.value.message_dict


def test_the_page_saves_the_profile_and_refuses_a_bad_time_zone(client):
    user = make_user("gwen")
    client.force_login(user)
    page = client.get("/me/profile/")
    assert page.status_code == 200 and 'name="time_zone"' in page.content.decode()
    fields = {"display_name": "Gwen", "club": "", "country": "BE", "time_zone": "Nowhere/Land", "language": "fr"}
    refused = client.post("/me/profile/", fields)
    assert refused.status_code == 400 and "is not a time zone name" in refused.content.decode()
    assert profile_of(user).display_name == ""
    saved = client.post("/me/profile/", fields | {"time_zone": "Europe/Brussels"})
    assert saved.status_code == 302
    profile = profile_of(user)
    assert (profile.display_name, profile.country, profile.time_zone, profile.language) == (
        "Gwen",
        "BE",
        "Europe/Brussels",
        "fr",
    )


def test_strangers_have_no_profile_to_read_or_change(api, client):
    assert api.get(ME).status_code == 401
    assert api.patch(ME, {"club": "x"}, format="json").status_code == 401
    assert client.get("/me/profile/").status_code == 302


HIDDEN = ["Al\u202eice", "Zero\u200bwidth", "Bidi\u2067isolate"]


@pytest.mark.parametrize("field", ["display_name", "club"])
@pytest.mark.parametrize("value", HIDDEN)
def test_a_name_with_a_right_to_left_override_is_refused_by_the_api(api, field, value):
    """Issue 33: every other name refused U+202E (games.validators), the display name stored it."""
    user = make_user("gwen")
    profile_update(user=user, display_name="Gwen", club="Brest")
    api.force_authenticate(user)
    response = api.patch(ME, {field: value}, format="json")
    assert response.status_code == 400
    assert "invisible character" in str(response.json()["fields"][field])
    profile = profile_of(user)
    assert (profile.display_name, profile.club) == ("Gwen", "Brest")


@pytest.mark.parametrize("field", ["display_name", "club"])
def test_a_name_with_a_right_to_left_override_is_refused_by_the_page(client, field):
    user = make_user("gwen")
    client.force_login(user)
    fields = {"display_name": "Gwen", "club": "", "country": "BE", "time_zone": "UTC", "language": "en"}
    refused = client.post("/me/profile/", fields | {field: "Al\u202eice"})
    assert refused.status_code == 400
    assert "U+202E" in refused.content.decode() and "invisible character" in refused.content.decode()
    assert profile_of(user).display_name == "" and profile_of(user).club == ""


def test_the_service_refuses_hidden_characters_in_names():
    with pytest.raises(ValidationError) as refused:
        profile_update(user=make_user(), display_name="Al\u202eice")
    assert "display_name" in refused.value.message_dict

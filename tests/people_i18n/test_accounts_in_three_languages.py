"""Sign-up, emails, the profile page and the token API in French and Dutch."""

from __future__ import annotations

from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.cache import caches
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import tokens
from accounts.models import ApiToken, Profile
from accounts.profiles import profile_of
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db

PASSWORD = "misty-dolmen-4417"


def sign_up(client, language: str, username="margaux", email="margaux@example.org"):
    return client.post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
        HTTP_ACCEPT_LANGUAGE=language,
    )


def speaking(user, language: str):
    Profile.objects.filter(pk=profile_of(user).pk).update(language=language)
    return user


def test_the_sign_up_page_in_dutch(client):
    page = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert '<html lang="nl">' in page
    assert "<h1>Registreren</h1>" in page
    assert "Heb je al een account?" in page and "Gebruikersnaam" in page
    assert "Wachtwoord" in page  # allauth's own catalogue names its fields
    assert "Already have an account?" not in page and "User name" not in page


@pytest.mark.django_db(transaction=True)  # the emails leave after the commit
def test_a_person_who_signs_up_in_french_gets_a_french_profile_and_french_emails(client):
    response = sign_up(client, "fr")
    assert response.status_code == 302
    user = EmailAddress.objects.get(email="margaux@example.org").user
    assert profile_of(user).language == "fr"
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.subject == "[Brume] Confirmez votre adresse e-mail"
    # Brume's own text (templates/account/email/), in French, with nothing of the English one.
    assert "a donné cette adresse e-mail pour son compte sur Brume" in message.body
    assert "gave this email address" not in message.body and "Hello from" not in message.body

    # Signing in again from an English page sends the link once more: still in French.
    mail.outbox.clear()
    client.cookies.clear()
    caches["default"].clear()  # allauth waits a few minutes before sending a link again
    client.post("/accounts/login/", {"login": "margaux", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="en")
    assert len(mail.outbox) == 1 and mail.outbox[0].subject == "[Brume] Confirmez votre adresse e-mail"


@pytest.mark.django_db(transaction=True)  # the emails leave after the commit
def test_a_person_who_signs_up_in_english_keeps_english(client):
    sign_up(client, "en-GB,en;q=0.9", username="morgan", email="morgan@example.org")
    assert profile_of(EmailAddress.objects.get(email="morgan@example.org").user).language == "en"
    assert mail.outbox[0].subject == "[Brume] Please Confirm Your Email Address"


@pytest.mark.django_db(transaction=True)  # the emails leave after the commit
def test_a_password_reset_goes_out_in_the_owners_language_whoever_asks(client):
    user = speaking(make_user("joris"), "nl")
    user.email = "joris@example.org"
    user.save(update_fields=["email"])
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    client.post("/accounts/password/reset/", {"email": "joris@example.org"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert len(mail.outbox) == 1
    assert "Wachtwoord" in mail.outbox[0].subject or "wachtwoord" in mail.outbox[0].subject


def test_the_profile_page_in_french(client, settings):
    settings.BRUME_TOKEN_TTL_DAYS = 30
    user = speaking(make_user("camille"), "fr")
    client.force_login(user)
    page = client.get("/me/profile/").content.decode()
    assert "<h1>Votre profil</h1>" in page
    assert "Jetons d'API" in page and "Un jeton dure 30 jours au plus" in page
    assert "Nom affiché" in page and "Fuseau horaire" in page and "Pays" in page
    assert "Se déconnecter partout" in page and "Aucun jeton pour l'instant." in page
    assert "Allemagne" in page and "Germany" not in page  # the countries, by their French names
    assert "Your profile" not in page and "Sign out everywhere" not in page


def test_saving_the_profile_says_so_in_the_new_language(client):
    user = make_user("lotte")
    client.force_login(user)
    response = client.post(
        "/me/profile/",
        {"display_name": "Lotte", "club": "", "country": "NL", "time_zone": "Europe/Amsterdam", "language": "nl"},
        follow=True,
    )
    page = response.content.decode()
    assert "Je profiel is opgeslagen." in page and "<h1>Je profiel</h1>" in page


def test_token_api_errors_in_dutch():
    user = make_user("daan")
    api = APIClient(HTTP_ACCEPT_LANGUAGE="nl")
    api.force_authenticate(user)
    assert api.delete("/api/v1/me/tokens/999999/").json()["detail"] == "geen van je tokens heeft dit nummer"

    for number in range(tokens.MAX_TOKENS_PER_PERSON):
        tokens.token_create(user=user, name=f"script {number}")
    refused = api.post("/api/v1/me/tokens/", {"name": "one more"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["fields"]["name"] == ["je hebt al 20 tokens: trek er eerst een in"]

    changed = api.patch("/api/v1/me/profile/", {"time_zone": "Mars/Olympus"}, format="json")
    assert changed.json()["fields"]["time_zone"] == [
        "'Mars/Olympus' is geen tijdzonenaam (bv. Europe/Paris, America/New_York, UTC)"
    ]


def test_an_expired_token_is_refused_in_the_callers_language():
    user = make_user("fleur")
    token, key = tokens.token_create(user=user, name="old script")
    ApiToken.objects.filter(pk=token.pk).update(expires=timezone.now() - timedelta(seconds=1))
    api = APIClient(HTTP_ACCEPT_LANGUAGE="nl", HTTP_AUTHORIZATION=f"Token {key}")
    response = api.get("/api/v1/me/profile/")
    assert response.status_code == 401
    assert response.json()["detail"].startswith("je API-token is verlopen: vraag een nieuwe aan met POST")


def test_the_lockout_message_in_french(client, settings):
    settings.BRUME_SIGNIN_ACCOUNT_LIMIT = 1
    make_user("bastien")
    for _ in range(2):
        response = client.post(
            "/accounts/login/", {"login": "bastien", "password": "wrong-password-1"}, HTTP_ACCEPT_LANGUAGE="fr"
        )
    assert response.status_code == 429
    assert "Trop de connexions échouées pour ce compte\u00a0: réessayez dans" in response.content.decode()

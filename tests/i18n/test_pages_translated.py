"""The crawler: every kind of page of the demo, fetched in French and in Dutch, shows no English.

A page fails on a text that reads exactly as an English msgid of the catalogues whose translation
differs (or is missing), and on a text that the English page shows word for word and that holds
common English words of the interface. Names, slugs, notation and other user content (read from
the database), brand names and text marked lang="en" or translate="no" are left out.
"""

import json
import re
from collections import defaultdict

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from tools.i18n_check import NAME, Catalogues, brand_names, visible_texts

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

LANGUAGES = ("fr", "nl")
# Words that mark a text as English when the French or Dutch page shows it as the English page does.
ENGLISH_WORDS = {
    "the", "and", "your", "you", "with", "this", "of", "to", "for", "from", "not", "no", "yet", "are", "has",
    "round", "rounds", "event", "events", "standings", "sign", "match", "matches", "player", "players",
    "result", "results", "game", "games", "rating", "ratings", "rules", "pairings", "leaderboard",
    "notifications", "profile", "password", "upload", "report", "confirm", "register", "withdraw",
    "won", "lost", "next", "previous", "show", "more", "nothing", "here", "there", "what", "when", "who",
}  # fmt: skip
# ... unless the language uses the word too: the glossary's "match" and "notification" in French,
# "rating", "round robin" and "best of three" in Dutch, and Dutch words spelt as English ones ("of":
# or, "won": won, "upload").
SHARED_WORDS = {"fr": {"match", "notifications"}, "nl": {"rating", "ratings", "round", "of", "won", "upload"}}
URL = re.compile(r"(https?://|/)\S*")
# Swagger UI (drf-spectacular's page, drawn by its script) speaks English only: its texts are still
# judged, its <html> may not claim another language.
ENGLISH_ONLY_PAGES = {"api-docs"}


def _user_content() -> tuple[set[str], list[str]]:
    """What people typed (names, places, descriptions, reasons) and stored texts: (short texts, long texts)."""
    from notifications.models import Notification
    from ranking.models import Forfeit, Player
    from tournament.models import DeclaredConflict, Event, Match, Participant, ResultEntry, Stage

    fields = [
        (get_user_model(), ["username", "first_name", "last_name", "email"]),
        (Event, ["name", "slug", "location", "description"]),
        (Participant, ["name", "club"]),
        (Stage, ["name"]),
        (Match, ["label", "flag_reason"]),
        (ResultEntry, ["reason"]),
        (DeclaredConflict, ["reason"]),
        (Forfeit, ["reason"]),
        (Player, ["name"]),
        # Notifications keep their title and body as written when sent, in the recipient's language then.
        (Notification, ["title", "body"]),
    ]
    texts = {" ".join(str(value).split()) for model, names in fields for row in model.objects.values_list(*names)
             for value in row if value}  # fmt: skip
    return {text for text in texts if len(text) < 60}, [text for text in texts if len(text) >= 60]


class Judge:
    def __init__(self):
        self.catalogues = {language: Catalogues(language) for language in LANGUAGES}
        self.short, self.long = _user_content()
        names = sorted({*self.short, *brand_names()}, key=len, reverse=True)
        self.names = re.compile("|".join(rf"(?<!\w){re.escape(name)}(?!\w)" for name in names if len(name) > 1))

    def is_user_content(self, text: str) -> bool:
        if URL.fullmatch(text):  # an address shown as it is (a link to copy, a webhook's target)
            return True
        if text in self.short or not any(character.isalpha() for character in self.names.sub(" ", text)):
            return True
        return len(text) >= 12 and any(text in long for long in self.long)  # a piece of a description

    def problem(self, text: str, english_texts: set[str], language: str) -> str | None:
        if self.is_user_content(text):
            return None
        hit = self.catalogues[language].english(text, self.names.sub(NAME, text))
        if hit:
            msgid, translated = hit
            source = "" if msgid == text else f" {msgid!r}"
            return f"{text!r}: English msgid{source} " + (
                f"(translated {translated!r})" if translated else "(untranslated)"
            )
        if text in english_texts:
            words = set(re.findall(r"[a-z]+", self.names.sub(" ", text).lower()))
            english = sorted(words & (ENGLISH_WORDS - SHARED_WORDS[language]))
            if english:
                return f"{text!r}: as on the English page ({', '.join(english)})"
        return None


def _texts(response, language: str) -> set[str]:
    if response["Content-Type"].startswith("application/json"):
        strings = []

        def walk(value):
            if isinstance(value, dict):
                for item in value.values():
                    walk(item)
            elif isinstance(value, list):
                for item in value:
                    walk(item)
            elif isinstance(value, str) and not re.match(r"^(https?:/)?/", value):
                strings.append(" ".join(value.split()))

        walk(json.loads(response.content))
        return set(strings)
    return {text.text for text in visible_texts(response.content.decode(), language)}


def _fetch(clients: dict, user: str | None, path: str, language: str, accept: str = "text/html"):
    client = clients.setdefault(user, Client())
    if user and not client.session.get("_auth_user_id"):
        client.force_login(get_user_model().objects.get(username=user))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language  # beats the demo users' profile language
    return client.get(path, HTTP_ACCEPT_LANGUAGE=language, HTTP_ACCEPT=accept)


def test_every_kind_of_page_speaks_french_and_dutch(django_capture_on_commit_callbacks):
    from bench.screenshots import demo_pages

    with django_capture_on_commit_callbacks(execute=True):  # ratings are computed after each commit
        call_command("load_demo")
    with django_capture_on_commit_callbacks(execute=True):
        pages = [*demo_pages(), ("api-root", None, "/api/v1/")]
    judge, clients = Judge(), {}
    problems: dict[str, list[str]] = defaultdict(list)
    seen: dict[str, set[str]] = defaultdict(set)  # a text of the layout is reported on its first page only
    for name, user, path in pages:
        accept = "application/json" if name.startswith("api-root") else "text/html"
        english = _fetch(clients, user, path, "en", accept)
        assert english.status_code in (200, 404), f"{name} {path}: {english.status_code}"
        english_texts = _texts(english, "en")
        for language in LANGUAGES:
            response = _fetch(clients, user, path, language, accept)
            assert response.status_code == english.status_code, f"{name} {path} in {language}: {response.status_code}"
            served_as = accept == "text/html" and name not in ENGLISH_ONLY_PAGES
            if served_as and f'<html lang="{language}"' not in response.content.decode():
                problems[f"{language} {name} {path}"].append(f'the page is not served as <html lang="{language}">')
            for text in sorted(_texts(response, language)):
                found = judge.problem(text, english_texts, language)
                if found and text not in seen[language]:
                    problems[f"{language} {name} {path}"].append(found)
                    seen[language].add(text)
    count = sum(map(len, problems.values()))
    report = "\n".join(f"{page} ({len(found)}):\n  " + "\n  ".join(found) for page, found in problems.items())
    if problems:
        pytest.fail(
            f"{count} English texts (each listed on the first page showing it) on {len(problems)} of "
            f"{len(pages) * len(LANGUAGES)} French and Dutch pages:\n{report}",
            pytrace=False,
        )

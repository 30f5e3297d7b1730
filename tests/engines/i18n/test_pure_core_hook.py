"""The pure cores' translation hook remembers each message per language: switching languages
must never serve one language's words in another."""

from django.utils import translation

from games.engines import text


def test_the_hook_follows_the_active_language_through_its_memory():
    message = "not needed to separate"  # a marked msgid of the ranking catalogue
    seen = {}
    for language in ("fr", "nl", "en", "fr", "nl"):
        with translation.override(language):
            seen.setdefault(language, set()).add(text._(message))
    assert seen["en"] == {message}
    assert len(seen["fr"]) == len(seen["nl"]) == 1
    assert seen["fr"] != seen["en"] and seen["nl"] != seen["en"] and seen["fr"] != seen["nl"]


def test_the_memory_stays_bounded():
    for number in range(text.SAID_AT_MOST + 10):
        text._(f"a text that is not a msgid {number}")
    assert len(text._said) <= text.SAID_AT_MOST

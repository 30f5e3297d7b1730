"""The rules pages in French and Dutch: each translation keeps the English document's headings
(count and order), takes their ids, and is shown to a reader of its language."""

from __future__ import annotations

import re

import pytest

from games.engines import all_engines
from games.rules_pages import TRANSLATED, heading_count, rules_file, rules_page

TRANSLATIONS = [
    (engine.info.slug, language)
    for engine in all_engines()
    for language in TRANSLATED
    if rules_file(engine.info.slug, language).is_file()
]


def test_every_game_with_rules_has_them_in_french_and_dutch():
    slugs = {engine.info.slug for engine in all_engines() if rules_file(engine.info.slug).is_file()}
    assert {(slug, language) for slug in slugs for language in TRANSLATED} <= set(TRANSLATIONS)


@pytest.mark.parametrize(("slug", "language"), TRANSLATIONS)
def test_a_translation_keeps_the_english_headings_and_their_ids(slug, language):
    english = rules_page(slug)
    translated = rules_page(slug, language)
    assert heading_count(rules_file(slug, language).read_text(encoding="utf-8")) == len(english.headings)
    assert translated.language == language
    assert [(h.level, h.anchor) for h in translated.headings] == [(h.level, h.anchor) for h in english.headings]
    assert translated.ai_anchor == english.ai_anchor
    assert translated.html != english.html


@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "language"), TRANSLATIONS)
def test_the_rules_page_speaks_the_readers_language(client, slug, language):
    page = client.get(f"/games/{slug}/rules/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert re.search(rf'<article class="rules" lang="{language}">', page)
    assert 'class="note"' not in page  # no "English only" notice

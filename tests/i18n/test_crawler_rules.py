"""The crawler's two rules on made-up catalogues and texts (fast; the crawl itself is slow)."""

import textwrap

from tools.i18n_check import NAME, Catalogues, visible_texts

PO = """\
msgid ""
msgstr ""
"Project-Id-Version: Brume\\n"
"Language: fr\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgid "Standings"
msgstr "Classement"

msgid "Latest results"
msgstr ""

msgid "Match"
msgstr "Match"

#, python-format
msgid "%(event)s, round %(number)s"
msgstr "%(event)s, ronde %(number)s"

#, python-format
msgid "%(score)s to %(other)s"
msgstr "%(score)s à %(other)s"
"""


def _catalogues(tmp_path) -> Catalogues:
    path = tmp_path / "locale" / "fr" / "LC_MESSAGES" / "django.po"
    path.parent.mkdir(parents=True)
    path.write_text(textwrap.dedent(PO))
    return Catalogues("fr", root=tmp_path)


def test_a_text_that_is_an_english_msgid_is_caught_unless_the_translation_is_the_same(tmp_path):
    french = _catalogues(tmp_path)
    assert french.english("Standings") == ("Standings", "Classement")
    assert french.english("Latest  results") == ("Latest results", "")  # untranslated
    assert french.english("Classement") is None
    assert french.english("Match") is None  # French says match too


def test_a_msgid_with_placeholders_matches_names_and_numbers_not_sentences(tmp_path):
    french = _catalogues(tmp_path)
    masked = f"{NAME}, round 2"
    assert french.english("Carnac Cup, round 2", masked) == (
        "%(event)s, round %(number)s",
        "%(event)s, ronde %(number)s",
    )
    assert french.english("Carnac Cup, ronde 2", f"{NAME}, ronde 2") is None
    assert french.english("3 to 1", "3 to 1") == ("%(score)s to %(other)s", "%(score)s à %(other)s")
    sentence = "Guide your islanders to the boats before the fog"
    assert french.english(sentence, sentence) is None  # no placeholder filled with words


def test_visible_text_leaves_out_code_other_languages_and_untranslatable_marks():
    html = """<html lang="fr"><head><title>Classement · Brume</title><style>p{}</style></head><body>
    <p title="Trier">Ronde 2</p><pre>1. a1-b2</pre><span translate="no">Ke4</span>
    <button lang="en">English</button><button lang="nl">Nederlands</button><button lang="fr">Français</button>
    <input type="submit" value="Enregistrer"><img alt="Le plateau" src="x.png"><script>var x = "no";</script>
    </body></html>"""
    texts = [(text.where, text.text) for text in visible_texts(html, "fr")]
    assert texts == [
        ("text", "Classement · Brume"),
        ("title", "Trier"),
        ("text", "Ronde 2"),
        ("text", "Français"),
        ("value", "Enregistrer"),
        ("alt", "Le plateau"),
    ]

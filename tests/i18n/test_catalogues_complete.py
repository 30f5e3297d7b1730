"""Every catalogue is complete: no untranslated, fuzzy or obsolete entry, a clean header, and every
translation keeps its msgid's placeholders (tools/i18n_check.py)."""

import textwrap

import pytest

from tools import i18n_check
from tools.i18n_check import catalogue_problems, catalogues

HEADER = """\
msgid ""
msgstr ""
"Project-Id-Version: Brume\\n"
"Language: {language}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: {plural}\\n"

"""
PLURALS = {"fr": "nplurals=2; plural=(n > 1);", "nl": "nplurals=2; plural=(n != 1);"}


def _po(tmp_path, language, body, header=None):
    path = tmp_path / "app" / "locale" / language / "LC_MESSAGES" / "django.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    head = header if header is not None else HEADER.format(language=language, plural=PLURALS[language])
    path.write_text(head + textwrap.dedent(body))
    return path


def test_every_catalogue_is_complete_clean_and_keeps_its_placeholders():
    problems = i18n_check.all_catalogue_problems()
    if problems:
        pytest.fail(f"{len(problems)} catalogue problems:\n" + "\n".join(problems), pytrace=False)


def test_each_catalogue_exists_in_french_and_dutch():
    found = {(path.parent.parent.parent, path.name, path.parent.parent.name) for path in catalogues()}
    assert found, "no catalogue at all"
    places = {(where, domain) for where, domain, _ in found}
    missing = [f"{where}/{language}/LC_MESSAGES/{domain}" for where, domain in places for language in ("fr", "nl")
               if (where, domain, language) not in found]  # fmt: skip
    assert not missing, "catalogues missing: " + ", ".join(sorted(map(str, missing)))


# --- the check itself, on made-up catalogues ----------------------------------------------------


def test_a_complete_catalogue_passes(tmp_path):
    path = _po(
        tmp_path,
        "fr",
        """
        msgid "Standings"
        msgstr "Classement"

        #, python-format
        msgid "Round %(number)s of %(event)s"
        msgstr "Ronde %(number)s de %(event)s"

        #, python-format
        msgid "%(count)s match"
        msgid_plural "%(count)s matches"
        msgstr[0] "%(count)s match"
        msgstr[1] "%(count)s matchs"

        msgid "{name} moved"
        msgstr "{name} a joué"

        msgid "50% of the games"
        msgstr "50 % des parties"
        """,
    )
    assert catalogue_problems(path, tmp_path) == []


def test_untranslated_fuzzy_and_obsolete_entries_are_named_with_their_file(tmp_path):
    path = _po(
        tmp_path,
        "nl",
        """
        msgid "Standings"
        msgstr ""

        #, fuzzy
        msgid "Round"
        msgstr "Ronde"

        #, python-format
        msgid "%(count)s match"
        msgid_plural "%(count)s matches"
        msgstr[0] "%(count)s partij"
        msgstr[1] ""

        #~ msgid "Old"
        #~ msgstr "Oud"
        """,
    )
    problems = catalogue_problems(path, tmp_path)
    where = "app/locale/nl/LC_MESSAGES/django.po"
    assert f"{where}: untranslated 'Standings'" in problems
    assert f"{where}: fuzzy 'Round'" in problems
    assert f"{where}: untranslated '%(count)s match'" in problems
    assert any(problem.startswith(f"{where}: obsolete entry (#~) 'Old'") for problem in problems)
    assert len(problems) == 4


def test_a_header_left_as_makemessages_wrote_it_is_refused(tmp_path):
    header = HEADER.format(language="", plural="nplurals=2; plural=(n > 1);").replace("Brume", "PACKAGE VERSION")
    path = _po(tmp_path, "fr", '\nmsgid "Round"\nmsgstr "Ronde"\n', header="#, fuzzy\n" + header)
    problems = " | ".join(catalogue_problems(path, tmp_path))
    assert "header is marked fuzzy" in problems
    assert "header Language is '', not 'fr'" in problems
    assert "Project-Id-Version is 'PACKAGE VERSION'" in problems


@pytest.mark.parametrize(
    ("msgid", "msgstr"),
    [
        ("Round %(number)s", "Ronde"),  # dropped
        ("Round %(number)s", "Ronde %(numero)s"),  # renamed
        ("Round %(number)s", "Ronde %(number)d"),  # another conversion
        ("Round %s of %s", "Ronde %s"),  # a positional one dropped
        ("{name} moved", "{nom} a joué"),  # a brace placeholder renamed
        ("{name} moved", "a joué"),
    ],
)
def test_a_translation_must_keep_the_placeholders(tmp_path, msgid, msgstr):
    flag = "#, python-format\n" if "%" in msgid else ""
    path = _po(tmp_path, "fr", f'\n{flag}msgid "{msgid}"\nmsgstr "{msgstr}"\n')
    problems = catalogue_problems(path, tmp_path)
    assert len(problems) == 1 and "placeholders" in problems[0] and repr(msgid) in problems[0]


def test_a_plural_form_for_one_alone_may_leave_the_count_out_but_not_another(tmp_path):
    body = """
        #, python-format
        msgid "%(count)s match"
        msgid_plural "%(count)s matches"
        msgstr[0] "{one}"
        msgstr[1] "%(count)s {many}"
        """
    dutch = _po(tmp_path, "nl", body.format(one="één partij", many="partijen"))
    assert catalogue_problems(dutch, tmp_path) == []  # Dutch form 0 is n == 1 only
    french = _po(tmp_path, "fr", body.format(one="un match", many="matchs"))
    problems = catalogue_problems(french, tmp_path)  # French form 0 is also n == 0: the count is needed
    assert len(problems) == 1 and "form 0" in problems[0]

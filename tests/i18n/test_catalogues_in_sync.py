"""The catalogues are in step with the code: `make messages`, run in a temporary copy of the tree
(the checkout is never written), finds no msgid the committed catalogues lack, and the catalogues
hold none that the code no longer marks (the next `make messages` would turn it obsolete)."""

import hashlib

import pytest

from tools import i18n_check


def _fingerprint():
    root = i18n_check.ROOT
    return {
        str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("locale/*/LC_MESSAGES/*"))
        if not i18n_check.SKIPPED & set(path.relative_to(root).parts)
    }


@pytest.fixture(scope="module")
def report():
    before = _fingerprint()
    found = i18n_check.sync_report()
    assert _fingerprint() == before, "the extraction wrote into the checkout"
    return found


def test_every_marked_text_is_in_its_catalogue(report):
    if report.missing:
        pytest.fail(
            f"{len(report.missing)} msgids marked in the code are missing from the catalogues "
            "(run `make messages` and translate them):\n" + "\n".join(report.missing),
            pytrace=False,
        )


def test_no_catalogue_keeps_a_text_the_code_no_longer_marks(report):
    if report.stale:
        pytest.fail(
            f"{len(report.stale)} msgids of the catalogues are no longer marked in the code (mark them, e.g. "
            "with gettext_noop/N_ where the text is translated later, or drop them):\n" + "\n".join(report.stale),
            pytrace=False,
        )

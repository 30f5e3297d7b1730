import copy
import re
import uuid

import pytest
from hypothesis import HealthCheck, settings

from games.engines import register, unregister
from tests import ci_passes, private_redis
from tests.toygame import ENGINE as MISTY_NIM

# Property tests check what is true, not how fast: on a loaded CI machine a slow example must
# not fail a run, so no per-example deadline and no "too slow" health check.
settings.register_profile("brume", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("brume")


# Started when this root conftest is imported: pytest imports it before any other conftest, even
# when one folder or file is named on the command line (`pytest tests/integration/...` imports
# tests/integration/conftest.py before pytest_configure would run), so that every module reads
# where Redis is after it has an address. xdist workers inherit the address and start nothing.
private_redis.start_unless_configured()


def pytest_collection_modifyitems(config, items):
    ci_passes.deselect(config, items)


def pytest_unconfigure(config):
    private_redis.stop()


@pytest.fixture
def misty_nim():
    """The test game, registered for the duration of one test."""
    register(MISTY_NIM)
    yield MISTY_NIM
    unregister(MISTY_NIM.info.slug)


@pytest.fixture
def one_round_played(misty_nim, django_capture_on_commit_callbacks):
    """A running event of the test game: four players, match points then Buchholz, round 1
    played out (the first seat of each match wins), its work after commit done."""
    from tests.ranking.events import make_event, play_round

    event, owner, participants = make_event(players=4, stage={"tiebreaks": ["match_points", "buchholz"]})
    with django_capture_on_commit_callbacks(execute=True):
        play_round(event.stages.get(), owner, lambda order: ([1, 2], None))
    return event, owner, participants


@pytest.fixture(autouse=True, scope="session")
def cache_of_this_worker(worker_id):
    """Under pytest-xdist each worker caches in a Redis database of its own: a test that clears
    the cache (the twin sweep does, between twins) would otherwise wipe the other worker's
    counters in the middle of its test (sign-in limits seen not to lock). Worker gw0 keeps the
    configured database, gwN takes the one N below it."""
    from django.conf import settings as django_settings
    from django.test import override_settings

    location = str(django_settings.CACHES["default"].get("LOCATION", ""))
    number = int(worker_id[2:]) if worker_id.startswith("gw") else 0
    match = re.match(r"^(redis://[^/]+)/(\d+)$", location)
    if not number or not match:
        yield
        return
    caches = copy.deepcopy(django_settings.CACHES)
    caches["default"]["LOCATION"] = f"{match.group(1)}/{(int(match.group(2)) - number) % 16}"
    with override_settings(CACHES=caches):
        yield


@pytest.fixture(autouse=True, scope="session")
def tasks_run_in_process():
    """Tasks run eagerly in tests even when a broker is configured; worker tests opt out."""
    from config.celery import app

    app.conf.task_always_eager = True
    yield


@pytest.fixture(autouse=True)
def mail_through_the_outbox(settings):
    """Django's test runner swaps EMAIL_BACKEND for its local-memory outbox, which would skip the
    site's own: email goes through the outbox as on the site, and the outbox delivers to
    ``mail.outbox``. A message is sent after its transaction commits, so a test that reads
    ``mail.outbox`` after a request needs ``django_db(transaction=True)`` (or runs the commit
    callbacks)."""
    settings.EMAIL_BACKEND = "outbox.backend.QueuedEmailBackend"
    settings.BRUME_EMAIL_DELIVERY_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture(autouse=True)
def english_unless_asked():
    """A request activates its language on the thread that served it (LocaleMiddleware does not
    undo it), so a test after a French page would otherwise compose in French outside any
    request: every test starts, and ends, in the site's default language."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Real hashing costs ~0.3 s a user; tests create many users."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def celery_join_flag_reset():
    """Celery keeps "a task is running, joins would block" in one process-wide flag that eager
    tasks set and restore. Two threads running eager tasks at once (the concurrency tests, the
    live server) can interleave and leave it set, after which any result.get() in a later test
    raises. Start every test with the flag as a fresh process has it."""
    from celery._state import _set_task_join_will_block

    _set_task_join_will_block(False)
    yield


@pytest.fixture(autouse=True)
def fresh_sign_in_counters(settings):
    """Sign-in limits count in the cache, which outlives a test: each test counts in its own
    namespace, so that one test's failed sign-ins never lock another test out."""
    settings.BRUME_SIGNIN_NAMESPACE = uuid.uuid4().hex


@pytest.fixture(autouse=True)
def fresh_derived_cache(settings):
    """Cached standings outlive a test, and the next test reuses the same event ids: each test
    caches in its own namespace."""
    settings.BRUME_DERIVED_CACHE_NAMESPACE = uuid.uuid4().hex


@pytest.fixture(autouse=True)
def no_remembered_rows():
    """The derived cache remembers a round's (match's, game's) event once its transaction commits.
    A test that runs its commit callbacks (django_capture_on_commit_callbacks) still rolls back at
    its end, and SQLite gives the same ids to the next test's rows: start each test with nothing
    remembered (found by running the suite in a random order)."""
    from ranking import cache

    cache._event_of.clear()
    yield
    cache._event_of.clear()

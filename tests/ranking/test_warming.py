"""With a worker, a committed change of an event sends one warm of its standings per burst."""

import pytest

from ranking import warming

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    """The warms sent to a broker (none is there: what would be sent is recorded)."""
    from config.celery import app
    from games import tasks

    calls = []

    def publish(task, *args, **kwargs):
        assert kwargs["retry"] is False  # one attempt: nobody waits on a warm, and the broker may be down
        calls.append((task.name, args))
        return True

    monkeypatch.setattr(tasks, "publish", publish)
    app.conf.task_always_eager = False
    yield calls
    app.conf.task_always_eager = True  # as tests/conftest.py has it


def test_a_burst_of_changes_sends_one_warm_and_a_change_after_it_started_sends_the_next(sent):
    for _ in range(5):
        warming.schedule_warm(7)
    assert sent == [("ranking.warm_event", (7,))]
    assert warming.warm_event(7) == []  # no such event: nothing to compute, and the next may go
    warming.schedule_warm(7)
    assert len(sent) == 2


def test_in_process_mode_warms_nothing(monkeypatch):
    from games import tasks

    calls = []
    monkeypatch.setattr(tasks, "publish", lambda *args, **kwargs: calls.append(args))
    warming.schedule_warm(8)  # the tests' Celery runs tasks eagerly, as in-process mode does
    assert calls == []


def test_a_committed_result_schedules_a_warm_of_its_event(sent, django_capture_on_commit_callbacks):
    from ranking.cache import results_changed

    with django_capture_on_commit_callbacks(execute=True):
        results_changed(9)
    assert sent == [("ranking.warm_event", (9,))]


def test_the_languages_read_are_warmed_the_sites_first(settings):
    assert warming.languages_to_warm(10) == [settings.LANGUAGE_CODE]
    warming.language_read(10, "nl")
    warming.language_read(10, "nl")
    warming.language_read(10, "xx")  # not a language of the site: never warmed
    assert warming.languages_to_warm(10) == [settings.LANGUAGE_CODE, "nl"]


def test_a_warm_computes_the_standings_of_a_played_event_for_its_anonymous_readers(misty_nim, monkeypatch):
    from ranking import selectors
    from tests.ranking.events import make_event, play_round

    event, owner, _ = make_event(players=4, stage={"tiebreaks": ["match_points", "buchholz"]})
    play_round(event.stages.get(), owner, lambda order: ([1, 2], None))
    computed = []
    real = selectors.compute_standings
    monkeypatch.setattr(selectors, "compute_standings", lambda *a, **k: computed.append(1) or real(*a, **k))
    assert warming.warm_event(event.pk) == ["stage 1 in en"]
    assert selectors.stage_standings_cached(event.stages.get()).rows and computed == [1]

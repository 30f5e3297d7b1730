"""Standings and the event page's expensive parts are computed once per change of the event."""

import threading

import pytest
from django.core.cache import cache as django_cache

from ranking import cache, selectors
from tests.ranking.events import confirm
from tournament.models import Participant
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.ranking.urls")]


@pytest.fixture(autouse=True)
def _game(misty_nim):
    """Pages run on the test game."""


@pytest.fixture
def played(one_round_played):
    return one_round_played


@pytest.fixture
def computations(monkeypatch):
    calls = []
    real = selectors.compute_standings

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(selectors, "compute_standings", counted)
    return calls


def _points(client, event) -> float:
    body = client.get(f"/api/v1/events/{event.slug}/stages/1/standings/").json()
    return sum(float(r["values"]["match_points"]["shown"]) for r in body["rows"])


def test_a_repeated_standings_view_computes_nothing(client, played, computations):
    event, _, _ = played
    for _ in range(3):
        assert client.get(f"/events/{event.slug}/stages/1/standings/").status_code == 200
        assert client.get(f"/api/v1/events/{event.slug}/stages/1/standings/").status_code == 200
        assert client.get(f"/events/{event.slug}/").status_code == 200
    assert len(computations) == 1


def test_a_confirmed_result_is_in_the_standings_at_once_after_commit(
    client, played, computations, django_capture_on_commit_callbacks
):
    event, owner, _ = played
    assert _points(client, event) == 2
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
    assert _points(client, event) == 2
    with django_capture_on_commit_callbacks(execute=True):
        confirm(round_.matches.filter(is_bye=False).first().games.get(), [1, 2])
    assert _points(client, event) == 3
    assert len(computations) == 3  # once per change, not once per view


def test_a_renamed_participant_is_renamed_in_the_cached_standings(client, played):
    event, _, participants = played
    assert participants[0].name in client.get(f"/events/{event.slug}/stages/1/standings/").content.decode()
    participant = Participant.objects.get(pk=participants[0].pk)
    participant.name = "Renamed Roxane"
    participant.save()
    assert "Renamed Roxane" in client.get(f"/events/{event.slug}/stages/1/standings/").content.decode()


def test_a_changed_tiebreak_order_is_in_the_cached_standings(client, played):
    event, _, _ = played
    client.get(f"/events/{event.slug}/stages/1/standings/")
    stage = event.stages.get()
    stage.tiebreaks = ["match_points"]
    stage.save()
    body = client.get(f"/api/v1/events/{event.slug}/stages/1/standings/").json()
    assert [column["key"] for column in body["columns"]] == ["match_points"]


def test_a_private_events_cached_standings_stay_hidden_from_strangers(client, played):
    event, _, _ = played
    client.get(f"/events/{event.slug}/stages/1/standings/")  # cached now
    event.visibility = event.Visibility.PRIVATE
    event.save()
    assert client.get(f"/events/{event.slug}/stages/1/standings/").status_code == 404
    assert client.get(f"/api/v1/events/{event.slug}/stages/1/standings/").status_code == 404


def test_readers_during_a_computation_get_the_previous_value_without_computing():
    calls = []
    assert cache.cached(1, "thing", lambda: calls.append(1) or "old") == "old"
    cache.event_changed(1)
    version = cache.event_version(1)
    lock = f"{cache._ns()}:event:1:thing:v{version}:lock"
    assert django_cache.add(lock, 1)  # another reader is computing the new value
    assert cache.cached(1, "thing", lambda: calls.append(1) or "new") == "old"
    django_cache.delete(lock)
    assert cache.cached(1, "thing", lambda: calls.append(1) or "new") == "new"
    assert len(calls) == 2


def test_many_readers_of_a_cold_value_compute_it_once():
    calls, results = [], []
    started = threading.Event()

    def slow():
        calls.append(1)
        started.wait(1)
        return "value"

    def reader():
        results.append(cache.cached(2, "cold", slow))

    threads = [threading.Thread(target=reader) for _ in range(8)]
    for thread in threads:
        thread.start()
    started.set()
    for thread in threads:
        thread.join(10)
    assert results == ["value"] * 8
    assert len(calls) == 1


def test_an_evicted_version_never_serves_an_older_value():
    assert cache.cached(3, "thing", lambda: "before") == "before"
    django_cache.delete(cache._version_key(3))
    assert cache.cached(3, "thing", lambda: "after") == "after"


def test_a_cached_round_table_shows_a_confirmed_result_at_once(client, played, django_capture_on_commit_callbacks):
    event, owner, _ = played
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
    url = f"/events/{event.slug}/stages/1/rounds/2/"
    assert "waiting" in client.get(url).content.decode()
    assert "waiting" in client.get(f"/events/{event.slug}/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        for match in round_.matches.filter(is_bye=False):
            confirm(match.games.get(), [1, 2])
    assert "waiting" not in client.get(url).content.decode()
    assert "waiting" not in client.get(f"/events/{event.slug}/").content.decode()


def test_the_cached_participant_list_shows_a_renamed_participant_and_organisers_keep_their_forms(client, played):
    event, owner, participants = played
    assert client.get(f"/events/{event.slug}/").status_code == 200
    participants[1].name = "Someone Else Now"
    participants[1].save()
    assert "Someone Else Now" in client.get(f"/events/{event.slug}/").content.decode()
    client.force_login(owner)
    assert f"participants/{participants[1].pk}/withdraw/" in client.get(f"/events/{event.slug}/").content.decode()


def test_a_reader_that_missed_just_before_another_finished_does_not_compute_again(monkeypatch):
    """The race behind a flaky stampede test: reader A misses, reader B computes, stores and lets
    the lock go, then A takes the free lock. A must find B's value, not compute a second time."""
    calls = []
    real_add = django_cache.add

    def add_after_another_reader_finished(key, *args, **kwargs):
        if key.endswith(":lock") and not calls:
            calls.append("B")  # reader B, between A's miss and A's lock: computes, stores, unlocks
            assert real_add(key, 1) and cache.cache.set(key.removesuffix(":lock"), ("by B",)) is None
            cache.cache.delete(key)
        return real_add(key, *args, **kwargs)

    monkeypatch.setattr(cache.cache, "add", add_after_another_reader_finished)
    assert cache.cached(4, "raced", lambda: calls.append("A") or "by A") == "by B"
    assert calls == ["B"]


def _page_points(client, event) -> float:
    """The sum of the points column of the standings page (what an anonymous reader is shown)."""
    import re

    body = client.get(f"/events/{event.slug}/stages/1/standings/").content.decode()
    rows = re.findall(r"<tr>\s*<td>\d+</td>\s*<td>.*?</td>\s*<td><details><summary>([\d.]+)</summary>", body, re.S)
    assert rows, "no standings rows on the page"
    return sum(float(points) for points in rows)


def test_a_page_shown_from_the_previous_standings_while_another_reader_computes_is_not_kept(
    client, played, django_capture_on_commit_callbacks
):
    """Reader B arrives while reader A computes the new standings: B is shown the previous ones,
    and nothing B built from them (the table, the whole kept page) may stand for the new version."""
    event, owner, _ = played
    assert _page_points(client, event) == 2
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
        confirm(round_.matches.filter(is_bye=False).first().games.get(), [1, 2])
    stage = event.stages.get()
    version = cache.event_version(event.pk)
    lock = f"{cache._ns()}:event:{event.pk}:standings:en:{stage.pk}:v{version}:lock"
    assert django_cache.add(lock, 1, timeout=30)  # reader A is computing the new standings
    assert _page_points(client, event) == 2  # reader B: the previous standings, at once
    django_cache.delete(lock)  # A is done (here: never stored; the next reader computes)
    assert _page_points(client, event) == 3
    assert _page_points(client, event) == 3


def test_a_unit_of_work_served_a_previous_value_stores_nothing_it_computes_after():
    assert cache.cached(5, "standings", lambda: "old standings") == "old standings"
    cache.event_changed(5)
    lock = f"{cache._ns()}:event:5:standings:v{cache.event_version(5)}:lock"
    assert django_cache.add(lock, 1)
    with cache.unit_of_work():
        standings = cache.cached(5, "standings", lambda: "new standings")
        assert standings == "old standings" and cache.served_previous()
        assert cache.cached(5, "table", lambda: f"table of {standings}") == "table of old standings"
    django_cache.delete(lock)
    with cache.unit_of_work():
        assert not cache.served_previous()
        assert cache.cached(5, "table", lambda: "table of new standings") == "table of new standings"


@pytest.fixture
def participant_tables(monkeypatch):
    """How many times the participant list of an event page is drawn."""
    from django.template import loader

    drawn = []
    real = loader.render_to_string

    def counted(template_name, *args, **kwargs):
        if template_name == "tournament/_participants_table.html":
            drawn.append(1)
        return real(template_name, *args, **kwargs)

    monkeypatch.setattr(loader, "render_to_string", counted)
    return drawn


def test_a_confirmed_result_does_not_draw_the_participant_list_again(
    client, played, participant_tables, django_capture_on_commit_callbacks
):
    event, owner, _ = played
    assert client.get(f"/events/{event.slug}/").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
    assert client.get(f"/events/{event.slug}/").status_code == 200
    drawn_before = len(participant_tables)
    with django_capture_on_commit_callbacks(execute=True):
        confirm(round_.matches.filter(is_bye=False).first().games.get(), [1, 2])
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "waiting" in page or "won" in page  # the page itself is new: the round table changed
    assert len(participant_tables) == drawn_before


def test_a_check_in_written_with_an_update_shows_in_the_cached_participant_list(
    client, played, django_capture_on_commit_callbacks
):
    from tournament.services.registration import participant_check_in

    event, owner, participants = played
    stage = event.stages.get()
    stage.settings = {**(stage.settings or {}), "check_in": True}
    stage.save()
    assert "not checked in" in client.get(f"/events/{event.slug}/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        for participant in participants:
            participant_check_in(participant=participant, by=owner)
    assert "not checked in" not in client.get(f"/events/{event.slug}/").content.decode()


def test_a_result_change_bumps_the_events_version_and_not_its_peoples():
    people = cache.event_version(6, cache.PEOPLE)
    everything = cache.event_version(6)
    cache.results_changed(6)
    assert cache.event_version(6) != everything and cache.event_version(6, cache.PEOPLE) == people
    cache.event_changed(6)
    assert cache.event_version(6, cache.PEOPLE) != people


def test_the_kept_values_are_named_after_the_code_that_shaped_them(tmp_path, monkeypatch):
    """A release that changes a cached class starts afresh instead of unpickling the old shape."""
    cache.code_format.cache_clear()
    before = cache.code_format()
    assert before in cache._ns()
    shapes = tmp_path / "ranking"
    (shapes / "standings").mkdir(parents=True)
    (shapes / "tiebreaks").mkdir()
    (shapes / "selectors.py").write_text("rows")
    (shapes / "standings" / "model.py").write_text("class Entrant: ...")
    monkeypatch.setattr(cache, "__file__", str(shapes / "cache.py"))
    cache.code_format.cache_clear()
    first = cache.code_format()
    (shapes / "standings" / "model.py").write_text("class Entrant:\n    __slots__ = ()")
    cache.code_format.cache_clear()
    second = cache.code_format()
    assert second != first
    (tmp_path / "tournament" / "api").mkdir(parents=True)
    (tmp_path / "tournament" / "api" / "rendering.py").write_text("class Rendered: ...")  # kept API bodies
    cache.code_format.cache_clear()
    assert cache.code_format() != second
    monkeypatch.undo()
    cache.code_format.cache_clear()
    assert cache.code_format() == before


def test_the_process_holds_one_version_of_each_value():
    """A newer version's value takes the older one's place in the process at once (a large
    Swiss's standings are tens of thousands of objects for the garbage collector to walk)."""
    old, new = ["old standings"], ["new standings"]
    assert cache.cached(12, "standings", lambda: old) is old
    cache.event_changed(12)
    assert cache.cached(12, "standings", lambda: new) is new
    held = [value for value, _ in cache._local._values.values()]
    assert (cache.event_version(12), new) in held
    assert not any(value[1] is old for value in held)


def test_a_rows_event_is_remembered_only_once_its_transaction_commits(django_capture_on_commit_callbacks):
    """SQLite hands a rolled-back row's id out again: an id remembered inside a transaction that
    then rolls back would name the wrong event for the next row given that id, and that event
    would keep serving its pages from before the change (seen as a stale round page)."""
    from tests.ranking.events import make_event
    from tournament.models import Round

    event, owner, _ = make_event(players=4)
    other, _, _ = make_event(players=4)
    round_ = round_publish(stage=event.stages.get(), by=owner, number=1)
    with django_capture_on_commit_callbacks(execute=False):  # as if the transaction rolled back
        assert cache.event_of_round(round_.pk) == event.pk
    Round.objects.filter(pk=round_.pk).update(stage=other.stages.get())  # the id, given to another event's row
    with django_capture_on_commit_callbacks(execute=True):
        assert cache.event_of_round(round_.pk) == other.pk
    Round.objects.filter(pk=round_.pk).update(stage=event.stages.get())
    assert cache.event_of_round(round_.pk) == other.pk  # committed, then remembered: rounds never move

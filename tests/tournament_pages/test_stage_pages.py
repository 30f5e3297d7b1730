"""Organisers add stages and change one before its first round from the pages."""

import pytest
from django.urls import reverse

from tests.tournament.factories import make_event, make_user
from tournament.models import Stage
from tournament.services.rounds import round_publish
from tournament.services.stages import stage_create

pytestmark = pytest.mark.django_db


def stage_fields(**changes) -> dict:
    fields = {"name": "Playoff", "format": "single_elimination", "series_length": 3, "points_win": 1,
              "points_draw": "0.5", "points_loss": 0, "points_bye": 1, "tiebreaks": "", "level_series": "",
              "other_settings": ""}  # fmt: skip
    return {**fields, **changes}


def test_an_organiser_adds_a_playoff_stage_from_the_event_page(client):
    event, owner, _ = make_event(stage={"format": "round_robin", "settings": {"groups": 2}})
    client.force_login(owner)
    page = client.get(event.get_absolute_url()).content.decode()
    assert reverse("stage-add", args=[event.slug]) in page
    response = client.post(
        reverse("stage-add", args=[event.slug]), stage_fields(other_settings='{"third_place": true}')
    )
    assert response.status_code == 302
    playoff = event.stages.get(number=2)
    assert (playoff.name, playoff.format, playoff.series_length) == ("Playoff", "single_elimination", 3)
    assert playoff.settings == {"third_place": True}
    assert playoff.level_series == Stage.LevelSeries.HIGHER_SEED  # the elimination default


def test_an_organiser_changes_the_tiebreak_order_before_round_1_and_other_settings_are_kept(client):
    event, owner, _ = make_event(stage={"format": "swiss", "settings": {"rounds": 4, "check_in": True}})
    stage = event.stages.get()
    client.force_login(owner)
    form = client.get(reverse("stage-edit", args=[event.slug, stage.pk])).content.decode()
    assert 'value="match_points"' in form and "check_in" in form  # the keys offered; the kept settings
    response = client.post(
        reverse("stage-edit", args=[event.slug, stage.pk]),
        stage_fields(name="Main", format="swiss", series_length=1, rounds=5, tiebreaks="match_points, buchholz, lots",
                     other_settings='{"check_in": true}'),
    )  # fmt: skip
    assert response.status_code == 302
    stage.refresh_from_db()
    assert stage.tiebreaks == ["match_points", "buchholz", "lots"]
    assert stage.settings == {"check_in": True, "rounds": 5}


def test_an_unknown_tiebreak_is_refused_with_its_name_and_nothing_changes(client):
    event, owner, _ = make_event()
    stage = event.stages.get()
    before = list(stage.tiebreaks)
    client.force_login(owner)
    response = client.post(
        reverse("stage-edit", args=[event.slug, stage.pk]),
        stage_fields(name="Main", format="swiss", series_length=1, tiebreaks="match_points, koya"),
    )
    assert response.status_code == 200 and "koya" in response.content.decode()
    stage.refresh_from_db()
    assert stage.tiebreaks == before


def test_a_stage_is_fixed_once_its_first_round_is_published(client):
    event, owner, _ = make_event()
    stage = event.stages.get()
    round_publish(stage=stage, by=owner)
    client.force_login(owner)
    assert (
        reverse("stage-edit", args=[event.slug, stage.pk]) not in client.get(event.get_absolute_url()).content.decode()
    )
    response = client.post(
        reverse("stage-edit", args=[event.slug, stage.pk]),
        stage_fields(name="Renamed", format="swiss", series_length=1),
    )
    assert "fixed once its first round is published" in response.content.decode()
    stage.refresh_from_db()
    assert stage.name != "Renamed"


def test_only_organisers_reach_the_stage_forms(client):
    event, owner, _ = make_event()
    stage = stage_create(event=event, by=owner, name="Playoff", format="single_elimination")
    urls = [reverse("stage-add", args=[event.slug]), reverse("stage-edit", args=[event.slug, stage.pk])]
    for url in urls:
        assert client.get(url).status_code == 302  # anonymous: to the sign-in page
    client.force_login(make_user())
    for url in urls:
        assert client.get(url).status_code == 403
        assert client.post(url, stage_fields()).status_code == 403
    assert event.stages.count() == 2


def test_the_other_settings_field_starts_empty_and_refuses_what_is_not_a_json_object(client):
    event, owner, _ = make_event()
    client.force_login(owner)
    form = client.get(reverse("stage-add", args=[event.slug])).content.decode()
    assert ">null<" not in form
    for bad, message in (("{third_place: true}", "this is not JSON"), ("[1, 2]", "give an object")):
        response = client.post(reverse("stage-add", args=[event.slug]), stage_fields(other_settings=bad))
        assert response.status_code == 200 and message in response.content.decode()
    assert event.stages.count() == 1

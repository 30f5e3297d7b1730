"""The organiser's tool pages: many participants at once, seeds, declared conflicts, editing an
event, the AI level picker. Only organisers: anyone else's forged POST is refused (403) and
changes nothing."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.tournament.factories import make_event, make_user
from tournament.models import DeclaredConflict, Event
from tournament.services.rounds import round_publish


def _url(name, event, *args):
    return reverse(name, args=[event.slug, *args])


def test_a_pasted_list_is_previewed_row_by_row_then_added(client):
    event, owner, _ = make_event(players=0, start=False)
    make_user("morgane")
    client.force_login(owner)
    text = "username,ai_level,name\nmorgane,,\nghost,,\n,random,Bot\n"
    html = client.post(_url("participants-bulk", event), {"entries": text, "action": "preview"}).content.decode()
    assert "existing account" in html and "AI entrant" in html and "nobody has the user name" in html
    assert "Add the 2 valid rows" in html and event.participants.count() == 0
    response = client.post(_url("participants-bulk", event), {"entries": text, "action": "confirm"})
    assert response.status_code == 302
    assert sorted(event.participants.values_list("name", flat=True)) == ["Bot", "morgane"]


def test_a_csv_file_is_read_like_a_pasted_list(client):
    event, owner, _ = make_event(players=0, start=False)
    client.force_login(owner)
    upload = SimpleUploadedFile("list.csv", b"\xef\xbb\xbfai_level,name\nrandom,Filed Bot\n", content_type="text/csv")
    html = client.post(_url("participants-bulk", event), {"file": upload, "action": "preview"}).content.decode()
    assert "Filed Bot" in html and "AI entrant" in html


@pytest.mark.parametrize(
    "name,args,data",
    [
        ("participants-bulk", (), {"entries": "username\nalice\n", "action": "confirm"}),
        ("seeds-update", (), {"action": "by_rating"}),
        ("conflict-add", (), {"first": "1", "second": "2"}),
        ("event-edit", (), {"name": "Hijacked", "visibility": "public"}),
    ],
)
def test_forged_posts_from_players_and_strangers_are_refused(client, name, args, data):
    event, _, people = make_event(players=2, start=False)
    make_user("alice")
    for intruder in (people[0].user, make_user()):
        client.force_login(intruder)
        assert client.post(_url(name, event, *args), data).status_code == 403
    event.refresh_from_db()
    assert event.name != "Hijacked" and event.participants.count() == 2 and not DeclaredConflict.objects.exists()


def test_seeds_move_up_and_down_and_follow_a_dragged_order(client):
    event, owner, people = make_event(players=3, start=False)
    client.force_login(owner)
    client.post(_url("seeds-update", event), {"action": "up", "participant": people[2].pk})
    assert list(event.participants.order_by("seed").values_list("pk", flat=True)) == [
        people[0].pk, people[2].pk, people[1].pk
    ]  # fmt: skip
    order = ",".join(str(p.pk) for p in people[::-1])
    client.post(_url("seeds-update", event), {"action": "order", "order": order})
    assert list(event.participants.order_by("seed").values_list("pk", flat=True)) == [p.pk for p in people[::-1]]
    assert client.post(_url("seeds-update", event), {"action": "order", "order": "1,x"}).status_code == 400


def test_the_event_page_offers_the_tools_and_the_seed_script_to_organisers_only(client):
    event, owner, people = make_event(players=3, start=False)
    client.force_login(owner)
    html = client.get(event.get_absolute_url()).content.decode()
    assert 'id="seed-list"' in html and "brume/seeds.js" in html and "Never pair these two" in html
    assert "random — Plays a uniformly random legal move." in html  # the AI level picker
    client.force_login(people[0].user)
    html = client.get(event.get_absolute_url()).content.decode()
    assert 'id="seed-list"' not in html and "Never pair these two" not in html


def test_seeds_are_no_longer_offered_once_round_one_is_out(client):
    event, owner, _ = make_event(players=4)
    round_publish(stage=event.stages.get(), by=owner)
    client.force_login(owner)
    assert 'id="seed-list"' not in client.get(event.get_absolute_url()).content.decode()


def test_conflicts_are_declared_listed_and_removed_from_the_page(client):
    event, owner, people = make_event(players=3, start=False)
    client.force_login(owner)
    client.post(_url("conflict-add", event), {"first": people[0].pk, "second": people[1].pk, "reason": "coach"})
    declared = DeclaredConflict.objects.get()
    html = client.get(event.get_absolute_url()).content.decode()
    assert f"{people[0].name} and {people[1].name} (coach)" in html
    client.post(_url("conflict-remove", event, declared.pk))
    assert not DeclaredConflict.objects.exists()


def test_the_event_is_edited_and_its_options_lock_with_the_reason_shown(client):
    event, owner, _ = make_event(players=2)
    client.force_login(owner)
    data = {
        "name": "Renamed",
        "description": "",
        "location": "Vannes",
        "starts_on": "2027-03-01",
        "visibility": "unlisted",
        "opt_pile": "random",
    }
    response = client.post(_url("event-edit", event), {**data, "opt_take_max": "2"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.name, event.location, event.visibility, event.options["take_max"]) == (
        "Renamed",
        "Vannes",
        "unlisted",
        2,
    )
    round_publish(stage=event.stages.get(), by=owner)
    html = client.get(_url("event-edit", event)).content.decode()
    assert "Locked: the game and its options are fixed once a round is published" in html
    client.post(_url("event-edit", event), {**data, "name": "Again", "opt_take_max": "4"})
    event.refresh_from_db()
    assert (event.name, event.options["take_max"]) == ("Again", 2)
    assert Event.objects.get(pk=event.pk).options["take_max"] == 2


def test_a_stage_is_made_silent_with_a_checkbox(client):
    event, owner, _ = make_event(players=2, start=False)
    stage = event.stages.get()
    client.force_login(owner)
    data = {
        "name": "Main", "format": "swiss", "series_length": "1", "points_win": "1", "points_draw": "0.5",
        "points_loss": "0", "points_bye": "1", "silent": "on",
    }  # fmt: skip
    assert client.post(reverse("stage-edit", args=[event.slug, stage.pk]), data).status_code == 302
    stage.refresh_from_db()
    assert stage.settings.get("silent") is True
    html = client.get(reverse("stage-edit", args=[event.slug, stage.pk])).content.decode()
    assert re.search(r'<input[^>]*name="silent"[^>]*checked', html)

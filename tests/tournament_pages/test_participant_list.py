"""The event page's participant list, drawn from plain rows (tournament/people.py
``participant_rows``): each name linked as everywhere, the AI tag, the status in the reader's
language, a late entry's first round, check-in, and the organisers' withdraw buttons."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.tournament.factories import make_event
from tournament.models import Event, Participant
from tournament.people import participant_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(misty_nim):
    event, owner, participants = make_event(players=3, ai=1, start=False)
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PUBLIC)
    first, second, third, _bot = participants
    Participant.objects.filter(pk=first.pk).update(seed=1, checked_in=True)
    Participant.objects.filter(pk=second.pk).update(status=Participant.Status.WITHDRAWN)
    Participant.objects.filter(pk=third.pk).update(late_entry_round=2)
    stage = event.stages.get()
    stage.settings = {**stage.settings, "check_in": True}
    stage.save()
    return event, owner, participants


def _list_of(html: str) -> str:
    return html.split('id="participants-title"')[1].split("</table>")[0]


def test_every_participant_is_listed_as_the_page_always_showed_them(event):
    event, _, (first, second, third, bot) = event
    listed = _list_of(Client().get(event.get_absolute_url()).content.decode())
    rows = re.findall(r"<tr><td>(.*?)</td>\s*<td>(.*?)</td>\s*<td>(.*?)</td>", listed, re.S)
    by_name = {
        re.sub(r"<[^>]+>", "", name).split(" AI ")[0].strip(): (seed, name, status) for seed, name, status in rows
    }
    assert set(by_name) == {first.name, second.name, third.name, bot.name}
    seed, name, status = by_name[first.name]
    assert seed == "1" and f'href="/ratings/players/{first.user.username}/"' in name
    assert status == "Active · checked in"
    assert by_name[second.name][2] == "Withdrawn · not checked in"
    assert by_name[third.name][2] == "Active (from round 2) · not checked in"
    assert '<span class="tag">AI random</span>' in by_name[bot.name][1]


def test_the_status_is_in_the_readers_language(event):
    event, _, _ = event
    listed = _list_of(Client().get(event.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "Retiré" in listed and "Withdrawn" not in listed


def test_organisers_get_a_withdraw_button_for_each_active_participant(event, client):
    event, owner, (first, _second, third, bot) = event
    client.force_login(owner)
    listed = _list_of(client.get(event.get_absolute_url()).content.decode())
    withdraws = set(re.findall(r"/participants/(\d+)/withdraw/", listed))
    assert withdraws == {str(first.pk), str(third.pk), str(bot.pk)}


def test_rows_put_each_status_in_words_once_for_all(event, django_assert_num_queries):
    event, _, participants = event
    found = list(event.participants.all())
    with django_assert_num_queries(len([p for p in participants if p.user_id])):  # each user by id, no more
        rows = participant_rows(found, event.game)
    assert [row.pk for row in rows] == [p.pk for p in found]
    assert {row.status for row in rows} == {"Active", "Withdrawn"}

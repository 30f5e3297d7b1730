"""The demo shows the organiser's tools: a list added at once, a declared conflict, seeds by
rating and a silent round under way."""

import pytest
from django.core.management import call_command
from django.test import Client

from tournament.models import DeclaredConflict, Event, Round
from tournament.silence import HIDDEN


@pytest.mark.django_db
def test_the_demo_has_a_silent_swiss_built_with_the_organiser_tools():
    call_command("load_demo")
    event = Event.objects.get(slug="menhirs-silent-swiss")
    assert event.participants.count() == 5 and event.participants.filter(ai_level="greedy").exists()
    assert [p.name for p in event.participants.order_by("seed")][:2] == ["chloe", "alice"]  # by entered rating
    conflict = DeclaredConflict.objects.get(event=event)
    assert conflict.reason == "coach and pupil"
    round_ = Round.objects.get(stage__event=event)
    assert round_.status == Round.Status.PUBLISHED and round_.matches.filter(status="completed", is_bye=False).exists()
    assert HIDDEN in Client().get(event.get_absolute_url()).content.decode()

"""The organiser's tools as services: many participants at once, seeds, declared conflicts, and
editing an event after its creation."""

import datetime

import pytest

from ranking.models import Player, Rating
from ranking.services import pool_for
from tests.tournament.factories import make_event, make_user
from tournament.errors import Conflict, NotAllowed, ServiceError
from tournament.services.bulk_registration import bulk_add, bulk_preview
from tournament.services.conflicts import conflict_declare, conflict_remove
from tournament.services.events import event_update
from tournament.services.registration import participant_add
from tournament.services.rounds import round_preview, round_publish
from tournament.services.seeds import seeds_by_rating, seeds_set_order

# --- many at once ------------------------------------------------------------------------------


def test_the_preview_says_what_each_row_becomes_and_stores_nothing():
    event, owner, participants = make_event(players=1, start=False)
    make_user("morgane"), make_user("yann")
    already = participants[0].user.username
    text = f"username,name,club,seed\nmorgane,Morgane,Vannes,2\n{already},,,\nyann,,,\nyann,,,\nnobody,,,\n"
    text += "ai_level,,,\n"  # a row whose only cell is under "username": the user "ai_level" does not exist
    plan = bulk_preview(event=event, by=owner, text=text)
    assert [item.becomes for item in plan] == ["account", "duplicate", "account", "duplicate", "error", "error"]
    assert "already registered" in plan[1].detail and "earlier line" in plan[3].detail
    assert "nobody has the user name 'nobody'" in plan[4].detail
    assert event.participants.count() == 1


def test_confirming_adds_the_valid_rows_with_their_club_seed_and_ai_level():
    event, owner, _ = make_event(players=0, start=False)
    make_user("morgane")
    added = bulk_add(
        event=event,
        by=owner,
        text="username,ai_level,name,club,seed,rating\nmorgane,,,Vannes,2,1500\n,random,Bot,,,\n,mcts,X,,,\n",
    )
    assert [(p.name, p.club, p.seed, p.rating, p.ai_level) for p in added] == [
        ("morgane", "Vannes", 2, 1500.0, ""),
        ("Bot", "", 3, 0.0, "random"),
    ]


def test_a_forged_confirmation_is_checked_row_by_row_like_a_preview():
    event, owner, _ = make_event(players=0, start=False)
    with pytest.raises(ServiceError, match="no row of the list can be added"):
        bulk_add(event=event, by=owner, text="username\nghost\n")
    with pytest.raises(ServiceError, match="larger than"):
        bulk_add(event=event, by=owner, text="x" * 70_000)
    with pytest.raises(NotAllowed):
        bulk_add(event=event, by=make_user(), text="username\nghost\n")
    assert event.participants.count() == 0


# --- seeds ------------------------------------------------------------------------------------


def _rate(event, participant, rating):
    pool = pool_for(event, event.stages.get(), 2)
    player, _ = Player.objects.get_or_create(user=participant.user, defaults={"name": participant.name})
    Rating.objects.create(pool=pool, player=player, rating=rating, last_period=1, last_played=datetime.date(2026, 1, 1))


def test_seeding_by_brume_rating_puts_the_unrated_last_and_breaks_ties_by_name():
    event, owner, people = make_event(players=0, start=False)
    names = ["dora", "anna", "cleo", "bea", "eve"]
    people = [participant_add(event=event, by=owner, user=make_user(), name=name) for name in names]
    by_name = {p.name: p for p in people}
    _rate(event, by_name["dora"], 1700)
    _rate(event, by_name["cleo"], 1500)
    _rate(event, by_name["bea"], 1700)
    seeded = seeds_by_rating(event=event, by=owner)
    assert [p.name for p in seeded] == ["bea", "dora", "cleo", "anna", "eve"]
    assert [p.seed for p in event.participants.order_by("seed")] == [1, 2, 3, 4, 5]


def test_seeds_by_hand_need_everyone_once_and_close_at_round_one():
    event, owner, people = make_event(players=3)
    ids = [p.pk for p in people]
    with pytest.raises(ServiceError, match="exactly once"):
        seeds_set_order(event=event, by=owner, order=ids[:2])
    with pytest.raises(ServiceError, match="exactly once"):
        seeds_set_order(event=event, by=owner, order=[ids[0], ids[0], ids[1]])
    seeds_set_order(event=event, by=owner, order=ids[::-1])
    assert list(event.participants.order_by("seed").values_list("pk", flat=True)) == ids[::-1]
    with pytest.raises(NotAllowed):
        seeds_set_order(event=event, by=people[0].user, order=ids)
    round_publish(stage=event.stages.get(), by=owner)
    with pytest.raises(ServiceError, match="fixed once the first round"):
        seeds_set_order(event=event, by=owner, order=ids)


# --- declared conflicts -----------------------------------------------------------------------


def _tables(pairing):
    return {frozenset(item.seats) for item in pairing.pairings}


def test_a_declared_conflict_keeps_a_swiss_pair_apart_that_would_otherwise_meet():
    event, owner, people = make_event(players=4, stage={"format": "swiss", "settings": {"rounds": 3}})
    stage = event.stages.get()
    first, third = people[0], people[2]  # seeds 1 and 3 meet in round 1 (top half against bottom half)
    assert frozenset((first.pk, third.pk)) in _tables(round_preview(stage=stage, by=owner))
    conflict_declare(event=event, by=owner, first=third.pk, second=first.pk, reason="siblings")
    preview = round_preview(stage=stage, by=owner)
    assert frozenset((first.pk, third.pk)) not in _tables(preview)
    assert any("siblings" in note and "kept apart" in note for note in preview.notes)
    published = round_publish(stage=stage, by=owner)
    assert not any("siblings" in note for note in published.explanation.get("notes", []))  # organisers only
    seated = {frozenset(m.seats.values_list("participant_id", flat=True)) for m in published.matches.all()}
    assert frozenset((first.pk, third.pk)) not in seated


def test_a_round_robin_preview_says_when_a_declared_pair_meets():
    event, owner, _ = make_event(players=4, stage={"format": "round_robin"})
    stage = event.stages.get()
    meeting = next(iter(_tables(round_preview(stage=stage, by=owner))))
    a, b = sorted(meeting)
    conflict_declare(event=event, by=owner, first=a, second=b)
    assert any("cannot avoid it" in note for note in round_preview(stage=stage, by=owner).notes)


def test_conflicts_are_declared_once_between_two_participants_of_the_event():
    event, owner, people = make_event(players=3, start=False)
    other, _, strangers = make_event(players=1, start=False)
    declared = conflict_declare(event=event, by=owner, first=people[1].pk, second=people[0].pk)
    assert (declared.first_id, declared.second_id) == (people[0].pk, people[1].pk)
    with pytest.raises(Conflict):
        conflict_declare(event=event, by=owner, first=people[0].pk, second=people[1].pk)
    with pytest.raises(ServiceError, match="two different"):
        conflict_declare(event=event, by=owner, first=people[0].pk, second=people[0].pk)
    with pytest.raises(ServiceError, match="registered for this event"):
        conflict_declare(event=event, by=owner, first=people[0].pk, second=strangers[0].pk)
    with pytest.raises(NotAllowed):
        conflict_declare(event=event, by=people[2].user, first=people[0].pk, second=people[2].pk)
    with pytest.raises(ServiceError, match="no such declared conflict"):
        conflict_remove(event=other, by=other.owner, conflict_id=declared.pk)
    conflict_remove(event=event, by=owner, conflict_id=declared.pk)
    assert not event.conflicts.exists()


# --- event edit -------------------------------------------------------------------------------


def test_an_event_is_edited_after_creation_and_its_options_lock_at_the_first_round():
    event, owner, _ = make_event()
    edited = event_update(
        event=event,
        by=owner,
        name="Renamed",
        location="Carnac",
        starts_on=datetime.date(2027, 5, 1),
        options={"take_max": 2},
    )
    assert (edited.name, edited.location, edited.options["take_max"]) == ("Renamed", "Carnac", 2)
    round_publish(stage=event.stages.get(), by=owner)
    assert event_update(event=event, by=owner, description="Still editable").description == "Still editable"
    with pytest.raises(ServiceError, match="fixed once a round is published"):
        event_update(event=event, by=owner, options={"take_max": 3})

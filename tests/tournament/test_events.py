"""Events move draft → registration → running → finished; only organisers move them."""

import pytest

from tournament.errors import Conflict, NotAllowed, ServiceError
from tournament.models import Event, Participant, Stage
from tournament.services.events import event_add_arbiter, event_create, event_set_status, event_update
from tournament.services.registration import participant_add, participant_register, participant_withdraw
from tournament.services.stages import stage_create, stage_update

from .factories import make_event, make_user


def test_an_organiser_creates_a_draft_event_with_a_first_stage_and_normalized_options():
    owner = make_user(organiser=True)
    event = event_create(owner=owner, name="Autumn Open", game="misty-nim", options={"take_max": 2})
    assert event.status == Event.Status.DRAFT
    assert event.slug == "autumn-open"
    assert event.options == {"take_max": 2, "pile": "random"}
    stage = event.stages.get()
    assert stage.format == Stage.Format.SWISS
    assert stage.tiebreaks == ["match_points"]  # the game's default order


def test_two_events_with_one_name_get_distinct_slugs():
    owner = make_user(organiser=True)
    first = event_create(owner=owner, name="Open", game="misty-nim")
    second = event_create(owner=owner, name="Open", game="misty-nim")
    assert first.slug != second.slug


def test_players_cannot_create_events():
    with pytest.raises(NotAllowed):
        event_create(owner=make_user(), name="Mine", game="misty-nim")


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [("chess", {}, "no game called 'chess'"), ("misty-nim", {"take_max": 9}, "at most 5")],
)
def test_an_unknown_game_or_bad_options_are_refused(game, options, message):
    with pytest.raises(ServiceError, match=message):
        event_create(owner=make_user(organiser=True), name="X", game=game, options=options)


def test_status_moves_forward_and_never_skips():
    owner = make_user(organiser=True)
    event = event_create(owner=owner, name="X", game="misty-nim")
    with pytest.raises(ServiceError, match="cannot become running"):
        event_set_status(event=event, by=owner, status=Event.Status.RUNNING)
    event_set_status(event=event, by=owner, status=Event.Status.REGISTRATION)
    with pytest.raises(ServiceError, match="at least two participants"):
        event_set_status(event=event, by=owner, status=Event.Status.RUNNING)


def test_an_event_finishes_only_when_every_stage_is_closed():
    event, owner, _ = make_event()
    with pytest.raises(ServiceError, match="close every stage first"):
        event_set_status(event=event, by=owner, status=Event.Status.FINISHED)


def test_only_organisers_change_an_event_and_arbiters_are_organisers():
    event, owner, _ = make_event(start=False)
    stranger, arbiter = make_user(), make_user()
    with pytest.raises(NotAllowed):
        event_update(event=event, by=stranger, name="Hijacked")
    event_add_arbiter(event=event, by=owner, user=arbiter)
    assert event_update(event=event, by=arbiter, name="Renamed").name == "Renamed"
    with pytest.raises(NotAllowed):
        event_add_arbiter(event=event, by=arbiter, user=stranger)


def test_the_game_is_fixed_once_a_round_is_published():
    from tournament.services.rounds import round_publish

    event, owner, _ = make_event()
    assert event_update(event=event, by=owner, options={"take_max": 1}).options["take_max"] == 1
    round_publish(stage=event.stages.get(), by=owner)
    with pytest.raises(ServiceError, match="fixed once a round is published"):
        event_update(event=event, by=owner, options={"take_max": 2})


def test_people_register_once_while_registration_is_open():
    event, owner, _ = make_event(players=0, start=False)
    player = make_user()
    participant_register(event=event, user=player)
    with pytest.raises(Conflict, match="already registered"):
        participant_register(event=event, user=player)
    event_set_status(event=event, by=owner, status=Event.Status.DRAFT)
    with pytest.raises(ServiceError, match="registration is not open"):
        participant_register(event=event, user=make_user())


def test_seeds_follow_registration_order():
    _event, _, participants = make_event(players=3, start=False)
    assert [p.seed for p in participants] == [1, 2, 3]


def test_ai_entrants_need_a_level_the_game_has():
    event, owner, _ = make_event(start=False)
    bot = participant_add(event=event, by=owner, ai_level="random")
    assert bot.is_ai and bot.name == "AI random"
    with pytest.raises(ServiceError, match="has no AI level 'genius'"):
        participant_add(event=event, by=owner, ai_level="genius")


def test_a_withdrawal_before_play_removes_the_registration_and_after_keeps_it():
    event, owner, participants = make_event(players=3, start=False)
    participant_withdraw(participant=participants[0], by=owner)
    assert not Participant.objects.filter(pk=participants[0].pk).exists()
    event_set_status(event=event, by=owner, status=Event.Status.RUNNING)
    withdrawn = participant_withdraw(participant=participants[1], by=owner)  # players cannot once it runs
    assert withdrawn.status == Participant.Status.WITHDRAWN and withdrawn.withdrawn_after_round == 0


def test_a_late_entry_records_its_first_round_and_granted_points():
    event, owner, _ = make_event()
    late = participant_add(event=event, by=owner, user=make_user(), granted_points="0.5")
    assert late.late_entry_round == 1
    assert float(late.granted_points) == 0.5


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"series_length": 2}, "odd number"),
        ({"format": "single_elimination", "level_series": "draw"}, "cannot end drawn"),
        ({"format": "swiss", "settings": {"third_place": True}}, "has no setting third_place"),
        ({"settings": {"rounds": 0}}, "from 1 to 99"),
        ({"format": "chess_clock"}, "unknown format"),
    ],
)
def test_stage_settings_are_checked(fields, message):
    event, owner, _ = make_event(start=False)
    with pytest.raises(ServiceError, match=message):
        stage_create(event=event, by=owner, **fields)


def test_a_stage_is_fixed_once_its_first_round_is_published():
    from tournament.services.rounds import round_publish

    event, owner, _ = make_event()
    stage = event.stages.get()
    stage_update(stage=stage, by=owner, series_length=3)
    round_publish(stage=stage, by=owner)
    with pytest.raises(ServiceError, match="fixed once its first round"):
        stage_update(stage=stage, by=owner, series_length=5)


def test_a_stage_refuses_a_tiebreak_nobody_knows():
    event, owner, _ = make_event(start=False)
    with pytest.raises(ServiceError, match="no tie-break called 'koya'"):
        stage_create(event=event, by=owner, tiebreaks=["match_points", "koya"])

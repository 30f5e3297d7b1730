"""Groups to playoffs in events: snake-seeded groups paired on their own, standings per group,
and the top of each group seeded into the playoff bracket, kept apart from their group mates."""

from itertools import combinations

import pytest

from ranking.selectors import stage_standings
from tournament.errors import ServiceError
from tournament.models import Match, Stage
from tournament.services.rounds import round_preview, round_publish
from tournament.services.stages import stage_advance, stage_close, stage_create

from .factories import make_event
from .test_rounds import finish_round


def group_event(fmt="round_robin", players=8, groups=2, **settings):
    event, owner, participants = make_event(
        players=players, stage={"format": fmt, "settings": {"groups": groups, **settings}, "advance_count": 2}
    )
    for seed, participant in enumerate(participants, start=1):
        participant.seed = seed
        participant.save(update_fields=["seed"])
    return event, owner, participants


def meetings(stage):
    return [
        frozenset(seat.participant_id for seat in match.seats.all())
        for match in Match.objects.filter(round__stage=stage, is_bye=False)
    ]


def test_a_group_stage_draws_its_groups_in_snake_order_by_seed():
    event, owner, people = group_event()
    stage = event.stages.get()
    round_publish(stage=stage, by=owner)
    stage.refresh_from_db()
    seed = {p.pk: p.seed for p in people}
    assert [[seed[pid] for pid in group] for group in stage.groups] == [[1, 4, 5, 8], [2, 3, 6, 7]]


def test_round_robin_groups_meet_every_group_mate_once_and_nobody_outside_the_group():
    event, owner, _ = group_event()
    stage = event.stages.get()
    for _ in range(3):
        round_ = round_publish(stage=stage, by=owner)
        assert {match.label for match in round_.matches.all()} == {"Group A", "Group B"}
        finish_round(round_)
    stage.refresh_from_db()
    expected = {frozenset(pair) for group in stage.groups for pair in combinations(group, 2)}
    met = meetings(stage)
    assert len(met) == len(set(met)) == 12 and set(met) == expected
    with pytest.raises(ServiceError, match="every group has played all its rounds"):
        round_publish(stage=stage, by=owner)


def test_swiss_groups_pair_within_each_group():
    event, owner, _ = group_event(fmt="swiss", players=12, rounds=2)
    stage = event.stages.get()
    for _ in range(2):
        finish_round(round_publish(stage=stage, by=owner))
    stage.refresh_from_db()
    group_of = {pid: index for index, group in enumerate(stage.groups) for pid in group}
    met = meetings(stage)
    assert len(met) == 12 and len(set(met)) == 12  # 3 tables per group and round, no rematch
    assert all(len({group_of[pid] for pid in pair}) == 1 for pair in met)


def test_an_odd_group_gives_its_bye_inside_the_group():
    event, owner, _ = group_event(players=7)
    preview = round_preview(stage=event.stages.get(), by=owner)
    assert len(preview.byes) == 1 and preview.byes[0].reason.startswith("Group ")
    assert len(preview.pairings) == 3


def test_standings_rank_each_group_on_its_own():
    event, owner, _ = group_event()
    stage = event.stages.get()
    for _ in range(3):
        finish_round(round_publish(stage=stage, by=owner))
    stage.refresh_from_db()
    standings = stage_standings(stage)
    assert [name for name, _ in standings.groups] == ["A", "B"]
    for (_, rows), members in zip(standings.groups, stage.groups, strict=True):
        assert {row.participant.pk for row in rows} == set(members)
        assert rows[0].rank == 1
    a, b = stage.groups[0][0], stage.groups[1][0]
    assert "different groups" in standings.why(a, b)


def test_the_top_of_each_group_enters_the_playoff_with_group_winners_first_and_group_mates_apart():
    event, owner, _ = group_event()
    stage = event.stages.get()
    playoff = stage_create(event=event, by=owner, name="Playoff", format="single_elimination")
    for _ in range(3):
        finish_round(round_publish(stage=stage, by=owner))
    stage_close(stage=stage, by=owner)
    from tournament.selectors import organiser_actions

    assert [a.label for a in organiser_actions(event)][:1] == ["Advance the top 2 of each group to Playoff"]
    playoff = stage_advance(stage=stage, by=owner)
    stage.refresh_from_db()
    groups = stage_standings(stage).groups
    winners = {rows[0].participant.pk for _, rows in groups}
    runners_up = {rows[1].participant.pk for _, rows in groups}
    assert set(playoff.entrants[:2]) == winners and set(playoff.entrants[2:]) == runners_up
    group_of = {pid: index for index, group in enumerate(stage.groups) for pid in group}
    first = round_publish(stage=playoff, by=owner)
    for match in first.matches.all():
        pair = [seat.participant_id for seat in match.seats.all()]
        assert group_of[pair[0]] != group_of[pair[1]]  # group mates do not meet in the first round
    assert Stage.objects.get(pk=playoff.pk).status == Stage.Status.RUNNING


@pytest.mark.parametrize("groups", [1, 0, "two", True])
def test_a_group_stage_needs_at_least_two_groups(groups):
    with pytest.raises(ServiceError, match="from 2 to 64"):
        make_event(stage={"format": "round_robin", "settings": {"groups": groups}})


def test_too_few_entrants_for_the_groups_is_a_clear_refusal():
    event, owner, _ = group_event(players=5, groups=3)
    with pytest.raises(ServiceError, match="3 groups need at least 6 entrants"):
        round_publish(stage=event.stages.get(), by=owner)


def test_the_pages_show_each_groups_standings_and_the_form_sets_up_groups(client):
    event, owner, _ = group_event()
    stage = event.stages.get()
    finish_round(round_publish(stage=stage, by=owner))
    event_page = client.get(event.get_absolute_url()).content.decode()
    assert "<h4>Group A</h4>" in event_page and "<h4>Group B</h4>" in event_page
    standings_page = client.get(f"/events/{event.slug}/stages/1/standings/").content.decode()
    assert standings_page.count('<table class="standings">') == 2 and 'id="group-B"' in standings_page
    stage.refresh_from_db()
    drawn = client.get(f"/api/v1/events/{event.slug}/stages/1/").json()["groups"]
    assert [group["name"] for group in drawn] == ["A", "B"] and [g["participants"] for g in drawn] == stage.groups
    rows = client.get(f"/api/v1/events/{event.slug}/stages/1/standings/").json()["rows"]
    assert {row["group"] for row in rows} == {"A", "B"}
    csv_lines = client.get(f"/api/v1/events/{event.slug}/stages/1/standings.csv").content.decode().splitlines()
    assert csv_lines[0].endswith(",group") and {line.rsplit(",", 1)[1] for line in csv_lines[1:]} == {"A", "B"}
    client.force_login(owner)
    client.post(
        "/events/new/",
        {"name": "Grouped", "game": "misty-nim", "visibility": "public", "format": "round_robin", "groups": 3,
         "series_length": 1, "opt_take_max": 2, "opt_pile": "small"},
    )  # fmt: skip
    assert Stage.objects.get(event__name="Grouped").settings == {"groups": 3}


def test_a_late_entrant_of_a_group_stage_is_listed_as_not_in_a_group():
    from tournament.services.registration import participant_add

    event, owner, _ = group_event(fmt="swiss", rounds=3)
    stage = event.stages.get()
    finish_round(round_publish(stage=stage, by=owner))
    late = participant_add(event=event, by=owner, ai_level="random", name="Latecomer")
    preview = round_preview(stage=stage, by=owner)
    assert [a.reason for a in preview.absences if a.entrant == late.pk] == [
        "entered after the groups were drawn: a group stage's groups are fixed at round 1"
    ]
    assert all(late.pk not in table.seats for table in preview.pairings)

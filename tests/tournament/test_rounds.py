"""Rounds: a preview stores nothing, a publish stores one round once, byes score at once."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.errors import Conflict, NotAllowed, ServiceError
from tournament.models import Match, Round, SeriesGame
from tournament.services.results import game_confirm, game_report
from tournament.services.rounds import round_preview, round_publish

from .factories import make_event, make_user


def finish_round(round_, owner=None):
    """Seat 0 wins every game of the round, reported by seat 0 and confirmed by seat 1."""
    for match in round_.matches.filter(is_bye=False):
        while (game := match.games.exclude(status=SeriesGame.Status.CONFIRMED).order_by("number").first()) is not None:
            first, second = (seat.participant.user for seat in match.seats.order_by("seat"))
            winner_seat = game.seat_order.index(match.seats.get(seat=0).participant_id)
            ranks = [1 if i == winner_seat else 2 for i in range(2)]
            game = game_report(game=game, by=first, ranks=ranks)
            game_confirm(game=game, by=second)
            match.refresh_from_db()


def test_a_preview_pairs_the_next_round_without_storing_it():
    event, owner, _ = make_event(players=4)
    preview = round_preview(stage=event.stages.get(), by=owner)
    assert len(preview.pairings) == 2
    assert not Round.objects.exists()


def test_publishing_stores_matches_seats_and_a_first_game():
    event, owner, _participants = make_event(players=5)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    assert round_.number == 1
    matches = list(round_.matches.order_by("table"))
    assert len(matches) == 3
    played = [m for m in matches if not m.is_bye]
    bye = next(m for m in matches if m.is_bye)
    assert all(m.games.get().seat_order == [s.participant_id for s in m.seats.order_by("seat")] for m in played)
    assert bye.status == Match.Status.COMPLETED and bye.seats.get().match_points == 1
    assert round_.explanation["byes"][0]["entrant"] == bye.seats.get().participant_id


def test_the_same_round_cannot_be_published_twice():
    event, owner, _ = make_event(players=4)
    stage = event.stages.get()
    round_publish(stage=stage, by=owner, number=1)
    with pytest.raises(Conflict, match="round 1 is already published"):
        round_publish(stage=stage, by=owner, number=1)
    assert stage.rounds.count() == 1 and Match.objects.count() == 2


def test_the_next_round_waits_for_every_result():
    event, owner, _ = make_event(players=4)
    stage = event.stages.get()
    round_publish(stage=stage, by=owner)
    with pytest.raises(ServiceError, match="round 1 still has 2 matches without a result"):
        round_preview(stage=stage, by=owner)


def test_swiss_pairs_winners_with_winners_in_round_two():
    event, owner, _ = make_event(players=4)
    stage = event.stages.get()
    first = round_publish(stage=stage, by=owner)
    finish_round(first)
    winners = {m.seats.get(seat=0).participant_id for m in first.matches.all()}
    second = round_publish(stage=stage, by=owner)
    tables = [{s.participant_id for s in m.seats.all()} for m in second.matches.all()]
    assert winners in tables
    met = [{s.participant_id for s in m.seats.all()} for m in first.matches.all()]
    assert not any(table in met for table in tables)


def test_a_round_robin_publishes_its_berger_rounds_in_order():
    event, owner, _participants = make_event(players=4, stage={"format": "round_robin"})
    stage = event.stages.get()
    pairs = set()
    for _ in range(3):
        round_ = round_publish(stage=stage, by=owner)
        pairs |= {frozenset(s.participant_id for s in m.seats.all()) for m in round_.matches.all()}
        finish_round(round_)
    assert len(pairs) == 6
    with pytest.raises(ServiceError, match="has 3 rounds, all published"):
        round_publish(stage=stage, by=owner)


def test_the_planned_number_of_swiss_rounds_is_kept():
    event, owner, _ = make_event(players=4, stage={"settings": {"rounds": 1}})
    stage = event.stages.get()
    finish_round(round_publish(stage=stage, by=owner))
    with pytest.raises(ServiceError, match="has 1 rounds"):
        round_publish(stage=stage, by=owner)


def test_only_organisers_pair_rounds():
    event, _, _ = make_event(players=4)
    with pytest.raises(NotAllowed):
        round_preview(stage=event.stages.get(), by=make_user())


def test_a_round_closes_when_its_last_match_completes():
    event, owner, _ = make_event(players=4)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    finish_round(round_)
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED


def test_with_check_in_only_checked_in_participants_are_paired():
    from tournament.services.registration import participant_check_in

    event, owner, participants = make_event(players=4, stage={"settings": {"check_in": True}})
    for participant in participants[:3]:
        participant_check_in(participant=participant, by=participant.user)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    seated = {s.participant_id for m in round_.matches.all() for s in m.seats.all()}
    assert seated == {p.pk for p in participants[:3]}
    assert round_.matches.filter(is_bye=True).count() == 1
    assert [a["entrant"] for a in round_.explanation["absences"]] == [participants[3].pk]


def _pairs(stage):
    return [
        frozenset(seat.participant_id for seat in match.seats.all())
        for match in Match.objects.filter(round__stage=stage, is_bye=False)
    ]


@pytest.mark.parametrize("stage_settings", [{}, {"groups": 2}])
def test_a_withdrawal_never_redraws_a_round_robin_its_scheduled_opponents_get_byes(stage_settings):
    from itertools import combinations

    from tournament.services.registration import participant_withdraw

    players = 8 if stage_settings else 4
    event, owner, people = make_event(players=players, stage={"format": "round_robin", "settings": stage_settings})
    stage = event.stages.get()
    finish_round(round_publish(stage=stage, by=owner))
    stage.refresh_from_db()
    gone = people[-1]
    participant_withdraw(participant=gone, by=owner)
    byes = []
    for _ in range(2):
        round_ = round_publish(stage=stage, by=owner)
        byes += [m for m in round_.matches.filter(is_bye=True) if "withdrew" in m.explanation["summary"]]
        finish_round(round_)
    groups = stage.groups or [[p.pk for p in people]]
    met = _pairs(stage)
    assert len(met) == len(set(met))  # nobody meets twice
    remaining = {frozenset(pair) for group in groups for pair in combinations(group, 2) if gone.pk not in pair}
    assert remaining <= set(met)  # every pair of those still playing met, as first scheduled
    assert len(byes) == 2 and all(gone.pk not in {s.participant_id for s in m.seats.all()} for m in byes)


@pytest.mark.parametrize("series_length", [1, 3])
def test_a_withdrawn_finalist_gives_the_opponent_a_walkover_recorded_as_a_forfeit(series_length):
    from ranking.models import Forfeit
    from tournament.services.registration import participant_withdraw

    event, owner, _ = make_event(players=4, stage={"format": "single_elimination", "series_length": series_length})
    stage = event.stages.get()
    semifinals = round_publish(stage=stage, by=owner)
    finish_round(semifinals)
    finalists = [s.participant for m in semifinals.matches.all() for s in m.seats.all() if s.rank == 1]
    participant_withdraw(participant=finalists[0], by=owner)
    final = round_publish(stage=stage, by=owner).matches.get()
    assert final.status == Match.Status.COMPLETED
    winner = final.seats.get(rank=1).participant
    assert winner == finalists[1]
    assert final.games.filter(status=SeriesGame.Status.CONFIRMED).count() == (series_length + 1) // 2
    assert all("forfeit: " in game.ledger.order_by("version").last().reason for game in final.games.all())
    assert Forfeit.objects.get(match=final).absent == [finalists[0].pk]


@settings(max_examples=60)
@given(size=st.integers(min_value=2, max_value=11), round_index=st.integers(min_value=0, max_value=9), data=st.data())
def test_a_scheduled_round_minus_missing_entrants_pairs_everyone_left_once_and_keeps_their_tables(
    size, round_index, data
):
    from tournament.pairing.model import Entrant
    from tournament.pairing.round_robin import round_robin
    from tournament.services.rounds import _without_missing

    field = [Entrant(id=i, seed=i) for i in range(1, size + 1)]
    schedule = round_robin(field, seed=7)
    scheduled = schedule.rounds[round_index % len(schedule.rounds)]
    gone = data.draw(st.sets(st.sampled_from([e.id for e in field]), max_size=size - 1))
    now = [Entrant(id=e.id, seed=e.seed, withdrawn=e.id in gone) for e in field]
    pairing = _without_missing(scheduled, now)
    seated = [pid for table in pairing.pairings for pid in table.seats] + [bye.entrant for bye in pairing.byes]
    assert sorted(seated) == sorted(set(range(1, size + 1)) - gone)  # everyone left, once
    kept = {frozenset(t.seats) for t in scheduled.pairings if not set(t.seats) & gone}
    assert {frozenset(t.seats) for t in pairing.pairings} == kept  # no table redrawn
    assert {a.entrant for a in pairing.absences} == gone

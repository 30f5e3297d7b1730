"""Organisers edit a published pairing before results exist; edits are checked and shown."""

import pytest

from tournament.errors import Conflict, NotAllowed, ServiceError
from tournament.models import Stage
from tournament.services.pairing_edits import round_swap
from tournament.services.results import game_report
from tournament.services.rounds import round_publish
from tournament.services.stages import stage_advance, stage_close, stage_create

from .factories import make_event, make_user
from .test_rounds import finish_round


def tables(round_):
    return sorted(sorted(s.participant_id for s in m.seats.all()) for m in round_.matches.all())


def test_an_organiser_swaps_two_players_between_tables_with_a_reason():
    event, owner, _ = make_event(players=4)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    first, second = (m.seats.get(seat=0).participant_id for m in round_.matches.order_by("table"))
    round_swap(round_=round_, by=owner, first=first, second=second, reason="they asked to avoid their teammates")
    round_.refresh_from_db()
    games = [m.games.get() for m in round_.matches.order_by("table")]
    assert games[0].seat_order[0] == second and games[1].seat_order[0] == first
    assert round_.explanation["edits"][0]["reason"] == "they asked to avoid their teammates"


def test_a_swap_that_makes_a_rematch_needs_the_organisers_confirmation():
    event, owner, _ = make_event(players=4, stage={"format": "round_robin"})
    stage = event.stages.get()
    first_round = round_publish(stage=stage, by=owner)
    met = [s.participant_id for s in first_round.matches.first().seats.all()]
    finish_round(first_round)
    second_round = round_publish(stage=stage, by=owner)
    a, b = met
    opponent_of_a = next(s.participant_id for m in second_round.matches.all() for s in m.seats.all()
                         if m.seats.filter(participant_id=a).exists() and s.participant_id != a)  # fmt: skip
    with pytest.raises(ServiceError, match="have already met"):
        round_swap(round_=second_round, by=owner, first=opponent_of_a, second=b, reason="table change")
    round_swap(round_=second_round, by=owner, first=opponent_of_a, second=b, reason="table change", allow=True)
    second_round.refresh_from_db()
    assert second_round.explanation["edits"][0]["overridden"]


def test_a_pairing_is_fixed_once_a_result_is_reported():
    event, owner, _ = make_event(players=4)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    match = round_.matches.first()
    game_report(game=match.games.get(), by=match.seats.get(seat=0).participant.user, ranks=[1, 2])
    ids = [m.seats.get(seat=0).participant_id for m in round_.matches.all()]
    with pytest.raises(Conflict, match="pairing is fixed"):
        round_swap(round_=round_, by=owner, first=ids[0], second=ids[1], reason="late change")


def test_players_cannot_edit_pairings():
    event, owner, _ = make_event(players=4)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    with pytest.raises(NotAllowed):
        round_swap(round_=round_, by=make_user(), first=1, second=2, reason="x")


def test_a_closed_stage_sends_its_top_entrants_to_the_next_stage_seeded_by_finish():
    event, owner, _participants = make_event(players=6, stage={"settings": {"rounds": 2}, "advance_count": 4})
    swiss = event.stages.get()
    playoff = stage_create(event=event, by=owner, name="Playoff", format="single_elimination")
    for _ in range(2):
        finish_round(round_publish(stage=swiss, by=owner))
    with pytest.raises(ServiceError, match="close the stage"):
        stage_advance(stage=swiss, by=owner)
    stage_close(stage=swiss, by=owner)
    playoff = stage_advance(stage=swiss, by=owner)
    assert len(playoff.entrants) == 4
    from ranking.selectors import stage_standings

    assert playoff.entrants == [row.participant.pk for row in stage_standings(swiss)][:4]
    first = round_publish(stage=playoff, by=owner)
    seeds = {pid: index for index, pid in enumerate(playoff.entrants, start=1)}
    assert sorted(sorted(seeds[s.participant_id] for s in m.seats.all()) for m in first.matches.all()) == [
        [1, 4],
        [2, 3],
    ]
    assert Stage.objects.get(pk=playoff.pk).status == Stage.Status.RUNNING
    with pytest.raises(Conflict, match="has started"):
        stage_advance(stage=swiss, by=owner)

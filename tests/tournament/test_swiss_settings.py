"""Swiss stage settings that reach the pairing: the initial seat and the planned rounds."""

import pytest

from tournament.errors import ServiceError
from tournament.pairing.swiss import ranked_entrants
from tournament.services.rounds import round_preview, round_seed, stage_entrants

from .factories import make_event


@pytest.mark.parametrize(("initial", "top_seat"), [("first", 0), ("second", 1)])
def test_the_stage_initial_seat_gives_the_top_seed_its_seat_in_round_one(initial, top_seat):
    event, owner, _ = make_event(players=4, stage={"format": "swiss", "settings": {"initial_colour": initial}})
    stage = event.stages.get()
    top = ranked_entrants(stage_entrants(stage), round_seed(stage, 1))[0].id
    pairing = round_preview(stage=stage, by=owner)
    assert pairing.pairings[0].seats[top_seat] == top
    # Pairing number 2 (even) takes the other seat on table 2.
    second = ranked_entrants(stage_entrants(stage), round_seed(stage, 1))[1].id
    assert pairing.pairings[1].seats[1 - top_seat] == second


def test_an_unknown_initial_seat_is_refused_before_any_pairing():
    with pytest.raises(ServiceError, match="initial_colour"):
        make_event(players=4, stage={"format": "swiss", "settings": {"initial_colour": "white"}})


def test_a_swiss_stage_exports_as_trf_with_its_forfeit_and_reads_back_to_its_history():
    from tournament.pairing.trf import read_trf, trf_entrants
    from tournament.services.trf import stage_trf
    from tournament.services.walkovers import match_forfeit

    event, owner, _ = make_event(players=5, stage={"format": "swiss", "settings": {"rounds": 3}})
    stage = event.stages.get()
    from tournament.services.rounds import round_publish

    round_ = round_publish(stage=stage, by=owner)
    for match in round_.matches.filter(is_bye=False):
        second = match.seats.get(seat=1).participant_id
        match_forfeit(match=match, by=owner, absent=second)
    text = stage_trf(stage)
    trf = read_trf(text)
    assert trf.planned_rounds == 3 and len(trf.players) == 5
    codes = sorted(player.games[0].result for player in trf.players)
    assert codes == ["+", "+", "-", "-", "U"]
    by_number = {e.id: e for e in trf_entrants(trf)}
    stored = {e.id: e for e in stage_entrants(stage)}
    names = {player.number: player.name for player in trf.players}
    participant_names = {p.pk: p.name for p in event.participants.all()}
    for number, entrant in by_number.items():
        (pk,) = [pk for pk, name in participant_names.items() if name == names[number]]
        assert (entrant.score, entrant.byes, entrant.opponents, entrant.seats) == (
            stored[pk].score,
            stored[pk].byes,
            (),
            (),
        )


def test_the_api_serves_a_swiss_stage_as_trf_and_refuses_other_formats_with_a_400(client):
    from django.urls import reverse

    event, _, _ = make_event(players=4, stage={"format": "swiss", "settings": {"rounds": 2}})
    response = client.get(reverse("api-stage-trf", args=[event.slug, 1]))
    assert response.status_code == 200
    assert response.content.decode().startswith("012 ") and "XXR 2" in response.content.decode()
    other, _, _ = make_event(players=4, stage={"format": "round_robin"})
    assert client.get(reverse("api-stage-trf", args=[other.slug, 1])).status_code == 400

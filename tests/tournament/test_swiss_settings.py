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

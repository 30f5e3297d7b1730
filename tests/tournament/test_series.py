"""Best-of-N series: the first player alternates; the series ends at ⌈N/2⌉ wins or N games."""

import pytest

from tournament.models import Match, SeriesGame
from tournament.services.results import game_confirm, game_report
from tournament.services.rounds import round_publish

from .factories import make_event


def best_of(n, **stage):
    event, owner, _participants = make_event(players=2, stage={"series_length": n, **stage})
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    users = {seat.participant_id: seat.participant.user for seat in match.seats.all()}
    return match, users


def play(match, users, winner_id, scores=None):
    """Report and confirm the match's open game with ``winner_id`` winning (None: a draw)."""
    game = match.games.exclude(status=SeriesGame.Status.CONFIRMED).order_by("number").first()
    ranks = [1 if winner_id in (None, pid) else 2 for pid in game.seat_order]
    a, b = (users[pid] for pid in game.seat_order)
    game_confirm(game=game_report(game=game, by=a, ranks=ranks, scores=scores), by=b)
    match.refresh_from_db()
    return game


def test_the_first_player_alternates_inside_a_series():
    match, users = best_of(3)
    a, b = match.games.get().seat_order
    play(match, users, a)
    assert match.games.get(number=2).seat_order == [b, a]


def test_a_best_of_three_ends_when_one_side_has_two_wins():
    match, users = best_of(3)
    a, b = match.games.get().seat_order
    play(match, users, a)
    assert match.status == Match.Status.PENDING
    play(match, users, a)
    assert match.status == Match.Status.COMPLETED
    assert match.games.count() == 2
    assert match.seats.get(participant_id=a).rank == 1
    assert match.seats.get(participant_id=a).match_points == 1
    assert match.seats.get(participant_id=b).match_points == 0


def test_one_game_each_needs_a_third():
    match, users = best_of(3)
    a, b = match.games.get().seat_order
    play(match, users, a)
    play(match, users, b)
    assert match.status == Match.Status.PENDING and match.games.count() == 3
    assert match.games.get(number=3).seat_order == [a, b]
    play(match, users, b)
    assert match.seats.get(participant_id=b).rank == 1


def test_a_level_series_is_decided_by_the_summed_score():
    match, users = best_of(1)
    _a, b = match.games.get().seat_order
    play(match, users, None, scores=[3, 5])
    assert match.status == Match.Status.COMPLETED
    assert match.seats.get(participant_id=b).rank == 1


def test_a_level_series_with_level_scores_stays_drawn():
    match, users = best_of(1)
    play(match, users, None, scores=[2, 2])
    assert [s.rank for s in match.seats.all()] == [1, 1]
    assert {float(s.match_points) for s in match.seats.all()} == {0.5}


def test_in_elimination_a_level_series_goes_to_the_higher_seed():
    event, owner, participants = make_event(players=2, stage={"format": "swiss", "level_series": "higher_seed"})
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    users = {seat.participant_id: seat.participant.user for seat in match.seats.all()}
    play(match, users, None, scores=[1, 1])
    top_seed = min(participants, key=lambda p: p.seed)
    assert match.seats.get(rank=1).participant_id == top_seed.pk


def test_an_extra_game_settles_a_level_series_when_the_stage_says_so():
    match, users = best_of(1, level_series="extra_game")
    a, b = match.games.get().seat_order
    play(match, users, None, scores=[1, 1])
    assert match.status == Match.Status.PENDING
    assert match.games.get(number=2).seat_order == [b, a]
    play(match, users, b)
    assert match.seats.get(participant_id=b).rank == 1


@pytest.mark.parametrize("n", [1, 3, 5])
def test_a_series_never_needs_more_than_n_games(n):
    match, users = best_of(n)
    a, b = match.games.get().seat_order
    for number in range(n):
        play(match, users, a if number % 2 == 0 else b)
        if match.status == Match.Status.COMPLETED:
            break
    assert match.status == Match.Status.COMPLETED and match.games.count() <= n

"""Every stage format pairs through the services: brackets, tables, score challenges."""

from tournament.models import Match, Stage
from tournament.selectors import organiser_actions
from tournament.services.rounds import round_publish
from tournament.services.stages import stage_close

from .factories import make_event
from .test_rounds import finish_round


def play_out(stage, owner):
    rounds = []
    while not organiser_actions(stage.event) or organiser_actions(stage.event)[0].action == "pair":
        round_ = round_publish(stage=stage, by=owner)
        rounds.append(round_)
        finish_round(round_)
        stage.refresh_from_db()
    return rounds


def test_single_elimination_draws_the_bracket_once_and_plays_to_a_champion():
    event, owner, participants = make_event(
        players=4, stage={"format": "single_elimination", "settings": {"third_place": True}}
    )
    stage = event.stages.get()
    first = round_publish(stage=stage, by=owner)
    stage.refresh_from_db()
    assert stage.bracket["format"] == "single_elimination"
    seeds = {p.pk: p.seed for p in participants}
    assert sorted(sorted(seeds[s.participant_id] for s in m.seats.all()) for m in first.matches.all()) == [
        [1, 4],
        [2, 3],
    ]
    assert {m.bracket_slot for m in first.matches.all()} and all(m.label for m in first.matches.all())
    finish_round(first)
    second = round_publish(stage=stage, by=owner)
    assert second.matches.count() == 2  # the final and the third-place match
    finish_round(second)
    assert organiser_actions(event)[0].label == f"Close {stage.name}"
    stage_close(stage=stage, by=owner)
    assert Stage.objects.get(pk=stage.pk).status == Stage.Status.CLOSED


def test_byes_of_a_bracket_go_to_the_top_seeds():
    event, owner, participants = make_event(players=5, stage={"format": "single_elimination"})
    stage = event.stages.get()
    first = round_publish(stage=stage, by=owner)
    seeds = {p.pk: p.seed for p in participants}
    tables = [sorted(seeds[s.participant_id] for s in m.seats.all()) for m in first.matches.all()]
    # Seeds 1, 2 and 3 have byes: 4 and 5 play, and 2 meets 3 as soon as both are through.
    assert tables == [[4, 5], [2, 3]]
    assert 1 not in {seed for table in tables for seed in table}


def test_double_elimination_knocks_out_after_two_losses():
    event, owner, participants = make_event(players=4, stage={"format": "double_elimination"})
    stage = event.stages.get()
    rounds = play_out(stage, owner)
    losses = {p.pk: 0 for p in participants}
    for round_ in rounds:
        for match in round_.matches.all():
            for seat in match.seats.all():
                losses[seat.participant_id] += seat.rank == 2
    assert sorted(losses.values()) == [0, 2, 2, 2]


def test_multiplayer_tables_seat_three_players_and_rank_them_by_place(misty_nim):
    event, owner, _ = make_event(
        players=6, stage={"format": "tables", "settings": {"min_size": 3, "max_size": 3, "preferred_size": 3}}
    )
    round_ = round_publish(stage=event.stages.get(), by=owner)
    assert [m.seats.count() for m in round_.matches.all()] == [3, 3]
    from tournament.services.results import game_confirm, game_report

    match = round_.matches.first()
    game = match.games.get()
    users = {s.participant_id: s.participant.user for s in match.seats.all()}
    reported = game_report(game=game, by=users[game.seat_order[0]], ranks=[2, 1, 3])
    game_confirm(game=reported, by=users[game.seat_order[1]])
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETED
    points = {s.participant_id: float(s.match_points) for s in match.seats.all()}
    assert points == {game.seat_order[0]: 1.0, game.seat_order[1]: 2.0, game.seat_order[2]: 0.0}


def test_a_score_challenge_gives_every_table_the_same_recorded_setup():
    event, owner, _ = make_event(players=3, stage={"format": "score_challenge"})
    round_ = round_publish(stage=event.stages.get(), by=owner)
    seeds = {m.setup_seed for m in round_.matches.all()}
    assert len(seeds) == 1 and None not in seeds
    assert all(m.seats.count() == 1 for m in round_.matches.all())

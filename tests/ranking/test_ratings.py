"""Ratings from events: confirmed games only, pools per game and board, corrections replayed,
and a full recompute that gives the same figures."""

from datetime import timedelta

import pytest
from django.core.management import call_command

from ranking.models import Player, RatedGame, Rating, RatingHistory, RatingPool
from ranking.services import pool_for, ratings_recompute_all
from tests.ranking.events import confirm, correct, make_event, play_round
from tests.tournament.factories import make_user
from tournament.models import Event, Round, SeriesGame, Stage
from tournament.services.events import event_create
from tournament.services.results import game_report
from tournament.services.rounds import round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _game(misty_nim):
    """Rating tests run on the test game."""


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Run the rating updates that results schedule after commit, as production does."""

    def run(action, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return action(*args, **kwargs)

    return run


def ratings():
    return {r.player.name: (round(r.rating, 6), round(r.deviation, 6), r.games) for r in Rating.objects.all()}


def one_game_event():
    event, owner, _ = make_event(players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    return owner, match.games.get()


def test_a_confirmed_game_rates_both_players_in_the_games_pool(on_commit):
    _, game = one_game_event()
    on_commit(confirm, game, [1, 2])
    pool = RatingPool.objects.get()
    assert pool.slug == "misty-nim" and pool.system == RatingPool.System.GLICKO2
    winner = Rating.objects.get(player__user__participations__pk=game.seat_order[0])
    loser = Rating.objects.get(player__user__participations__pk=game.seat_order[1])
    assert winner.rating > 1500 > loser.rating
    assert winner.provisional and winner.games == 1 and winner.wins == 1 and loser.losses == 1


def test_a_reported_but_unconfirmed_game_is_not_rated(on_commit):
    _, game = one_game_event()
    user = game.match.seats.get(participant_id=game.seat_order[0]).participant.user
    on_commit(game_report, game=game, by=user, ranks=[1, 2])
    assert not RatedGame.objects.exists() and not Rating.objects.exists()


def test_a_corrected_result_recomputes_the_ratings_that_depended_on_it(on_commit):
    owner, game = one_game_event()
    on_commit(confirm, game, [1, 2])
    first = Rating.objects.get(player__user__participations__pk=game.seat_order[0]).rating
    on_commit(correct, SeriesGame.objects.get(pk=game.pk), owner, [2, 1])
    after = Rating.objects.get(player__user__participations__pk=game.seat_order[0])
    assert after.rating == pytest.approx(3000 - first)
    assert after.wins == 0 and after.losses == 1
    assert RatingHistory.objects.filter(player=after.player).count() == 1


def test_a_correction_in_an_earlier_week_replays_the_weeks_after_it(on_commit):
    event, owner, _ = make_event(players=4, stage={"settings": {"rounds": 3}})
    stage = event.stages.get()
    for week in range(3):
        round_ = on_commit(play_round, stage, owner, lambda order: ([1, 2], None))
        Round.objects.filter(pk=round_.pk).update(published_at=round_.published_at - timedelta(weeks=3 - week))
    ratings_recompute_all()  # the rounds moved to earlier weeks: rebuild from them
    assert RatingHistory.objects.values("period").distinct().count() == 3
    game = SeriesGame.objects.filter(match__round__number=1, match__is_bye=False).first()
    on_commit(correct, game, owner, [2, 1])
    incremental = ratings()
    ratings_recompute_all()
    assert ratings() == incremental


def test_recomputing_everything_twice_gives_the_same_ratings(on_commit):
    event, owner, _ = make_event(players=6, stage={"settings": {"rounds": 3}})
    stage = event.stages.get()
    for _ in range(3):
        on_commit(play_round, stage, owner, lambda order: ([1, 2], None))
    incremental = ratings()
    counts = ratings_recompute_all()
    assert counts == {"misty-nim": 9}
    assert ratings() == incremental
    ratings_recompute_all()
    assert ratings() == incremental


def test_the_recompute_command_shows_a_progress_bar(on_commit, capsys):
    _, game = one_game_event()
    on_commit(confirm, game, [1, 2])
    call_command("recompute_ratings")
    out = capsys.readouterr()
    assert "100%" in out.err
    assert "misty-nim: 1 game" in out.out


def test_carnac_has_one_pool_per_board():
    owner = make_user(organiser=True)
    small = event_create(owner=owner, name="Small", game="carnac", options={"board": "small"})
    large = event_create(owner=owner, name="Large", game="carnac", options={"board": "large"})
    assert pool_for(small, small.stages.get(), 2).slug == "carnac-small"
    assert pool_for(large, large.stages.get(), 2).name == "Carnac — Large board"
    assert RatingPool.objects.count() == 2


def test_pools_are_named_with_the_engines_option_labels():
    owner = make_user(organiser=True)
    stage = {"format": Stage.Format.SCORE_CHALLENGE, "settings": {"rounds": 1}}
    plain = event_create(owner=owner, name="Plain", game="mists", options={"level": 1}, stage=stage)
    spells = event_create(
        owner=owner, name="Spells", game="mists", options={"level": 1, "spell_circles": True}, stage=stage
    )
    assert (
        pool_for(spells, spells.stages.get(), 1).name
        == "Mists over Carcassonne — Level 1, with the Spell Circles, solo"
    )
    assert pool_for(plain, plain.stages.get(), 2).name == "Mists over Carcassonne — Level 1, teams of 2"


def test_a_pool_named_the_old_way_takes_its_readable_name():
    owner = make_user(organiser=True)
    event = event_create(owner=owner, name="Spells", game="mists", options={"spell_circles": True})
    pool = pool_for(event, event.stages.get(), 1)
    RatingPool.objects.filter(pk=pool.pk).update(name="Mists over Carcassonne — level 1, spell circles True, solo")
    assert (
        pool_for(event, event.stages.get(), 1).name == "Mists over Carcassonne — Level 1, with the Spell Circles, solo"
    )
    assert RatingPool.objects.get(pk=pool.pk).name == "Mists over Carcassonne — Level 1, with the Spell Circles, solo"


def test_tables_of_three_go_to_an_openskill_pool(on_commit):
    event, owner, _ = make_event(players=3, stage={"format": Stage.Format.TABLES, "settings": {"min_size": 3}})
    stage = event.stages.get()
    match = round_publish(stage=stage, by=owner).matches.get()
    on_commit(confirm, match.games.get(), [1, 2, 3])
    pool = RatingPool.objects.get()
    assert pool.system == RatingPool.System.OPENSKILL and pool.slug == "misty-nim-tables"
    by_rank = sorted(Rating.objects.all(), key=lambda r: -r.rating)
    assert [r.wins for r in by_rank] == [1, 0, 0]
    assert by_rank[0].mu > 25 > by_rank[2].mu


def test_score_challenges_go_to_a_ladder_of_best_scores(on_commit):
    event, owner, _ = make_event(players=2, stage={"format": Stage.Format.SCORE_CHALLENGE, "settings": {"rounds": 2}})
    stage = event.stages.get()
    for score in (40, 30):
        round_ = round_publish(stage=stage, by=owner)
        for match in round_.matches.all():
            game = match.games.get()
            from tournament.services.results import game_decide

            on_commit(game_decide, game=game, by=owner, ranks=[1], scores=[score], reason="scored at the venue")
    pool = RatingPool.objects.get()
    assert pool.system == RatingPool.System.LADDER and pool.slug == "misty-nim-solo"
    assert {r.rating for r in Rating.objects.all()} == {40.0}
    assert all(r.games == 2 for r in Rating.objects.all())


def test_ai_entrants_are_rated_as_their_level():
    from ranking.services import player_for

    event, _, participants = make_event(players=0, ai=2)
    player = player_for(participants[0], event.game)
    assert player.is_ai and player.name == "AI random"
    assert player_for(participants[0], event.game) == player
    assert Player.objects.count() == 1


def test_an_event_marked_finished_keeps_its_ratings(on_commit):
    _, game = one_game_event()
    on_commit(confirm, game, [1, 2])
    Event.objects.update(status=Event.Status.FINISHED)
    assert Rating.objects.count() == 2


def test_a_game_between_two_entrants_of_one_ai_level_is_not_rated(on_commit):
    event, owner, _ = make_event(players=0, ai=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    on_commit(correct, match.games.get(), owner, [1, 2], reason="played at the venue")
    assert SeriesGame.objects.filter(status="confirmed").exists()
    assert not RatedGame.objects.exists() and not Rating.objects.exists()


def test_a_failing_rating_update_does_not_fail_the_result(on_commit, monkeypatch):
    import ranking.services

    def broken(**kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(ranking.services, "rated_game_sync", broken)
    _, game = one_game_event()
    game = on_commit(confirm, game, [1, 2])
    assert game.status == SeriesGame.Status.CONFIRMED

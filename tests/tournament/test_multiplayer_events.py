"""The FOG at multiplayer tables and a score challenge with one shared setup, end to end."""

import json
from pathlib import Path

from games.models import GameRecord
from ranking.selectors import stage_standings
from tournament.models import Match
from tournament.services.rounds import round_publish

from .factories import make_event


def test_the_fog_at_tables_of_four_is_played_ranked_and_scored_by_placement(django_capture_on_commit_callbacks):
    event, owner, _ = make_event(
        game="fog",
        players=0,
        ai=8,
        stage={"format": "tables", "settings": {"min_size": 4, "max_size": 4, "preferred_size": 4, "rounds": 1}},
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
    matches = list(round_.matches.all())
    assert [m.seats.count() for m in matches] == [4, 4]
    for match in matches:
        assert match.status == Match.Status.COMPLETED
        game = match.games.get()
        assert game.record is not None and game.record.source == GameRecord.Source.AI
        points = sorted(float(s.match_points) for s in match.seats.all())
        assert sum(points) == 6.0  # placement points 3, 2, 1, 0 at a table of four (ties share)
    standings = stage_standings(event.stages.get())
    assert standings.columns[0]["key"] == "placement_points"
    assert len(list(standings)) == 8


def test_an_event_on_the_organisers_own_fog_board_plays_its_tables_on_that_board(django_capture_on_commit_callbacks):
    flex = Path("games/engines/fog/boards/standard.json").read_text().replace('"standard"', '"flex-cove"', 1)
    event, owner, _ = make_event(
        game="fog",
        players=0,
        ai=4,
        options={"board": "custom", "board_file": flex},
        stage={"format": "tables", "settings": {"min_size": 4, "max_size": 4, "preferred_size": 4, "rounds": 1}},
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
    game = round_.matches.get().games.get()
    assert game.record is not None and game.record.status == GameRecord.Status.VALID
    assert game.record.log["layout"]["board"] == json.loads(flex)  # the record replays without the file


def test_every_table_of_a_score_challenge_plays_the_same_setup(django_capture_on_commit_callbacks):
    event, owner, _ = make_event(
        game="fog", players=0, ai=3, stage={"format": "score_challenge", "settings": {"rounds": 1}}
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
    layouts = {str(m.games.get().record.log["layout"]) for m in round_.matches.all()}
    assert len(layouts) == 1
    assert all(m.status == Match.Status.COMPLETED for m in round_.matches.all())


def test_a_mists_score_challenge_deals_every_team_the_same_tiles_and_ranks_by_the_game(
    django_capture_on_commit_callbacks,
):
    event, owner, _ = make_event(
        game="mists", players=0, ai=3, stage={"format": "score_challenge", "settings": {"rounds": 1}}
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
    records = [m.games.get().record for m in round_.matches.all()]
    assert all(record is not None for record in records)
    assert len({str(record.log["layout"]) for record in records}) == 1  # one tile order for all
    standings = stage_standings(event.stages.get())
    assert [column["key"] for column in standings.columns][:1] == ["game_tiebreak"]
    assert len(list(standings)) == 3


def test_only_confirmed_mists_levels_count_for_ratings(django_capture_on_commit_callbacks):
    from ranking.models import RatedGame

    for level, counted in ((1, True), (3, False)):
        event, owner, _ = make_event(
            game="mists", players=0, ai=2, stage={"format": "score_challenge", "settings": {"rounds": 1}}
        )
        event.options = {**event.options, "level": level}
        event.save(update_fields=["options"])
        with django_capture_on_commit_callbacks(execute=True):
            round_publish(stage=event.stages.get(), by=owner)
        rated = RatedGame.objects.filter(series_game__match__round__stage__event=event).exists()
        assert rated is counted, level

"""Issue 21, "wrong today" on round tables and match results: a multiplayer table lists its
seats by place, a team game shows the team's score and whether it won, and a series result says
how it was decided (or the score so far)."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.ranking.events import confirm
from tests.tournament.factories import make_event
from tournament.models import SeriesGame
from tournament.services.results import game_confirm, game_report
from tournament.services.rounds import round_publish


def _tables(html: str) -> list[str]:
    """The text of each round table on a page, tags stripped and blanks squeezed."""
    tables = re.findall(r'<table class="pairings">.*?</table>', html, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", table).split()) for table in tables]


def test_a_multiplayer_table_lists_every_seat_by_place_not_two_player_columns(client):
    event, owner, _ = make_event(
        players=3, stage={"format": "tables", "settings": {"min_size": 3, "max_size": 3, "preferred_size": 3}}
    )
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    users = {s.participant_id: s.participant for s in match.seats.all()}
    names = [users[pid].name for pid in game.seat_order]
    game_confirm(
        game=game_report(game=game, by=users[game.seat_order[0]].user, ranks=[2, 1, 3]),
        by=users[game.seat_order[1]].user,
    )
    table = _tables(client.get(event.get_absolute_url()).content.decode())[0]
    assert "First player" not in table and "Second player" not in table
    assert f"1. {names[1]} first" in table and f"2. {names[0]}" in table and f"3. {names[2]}" in table
    assert f"{names[1]} first" in table.split("Result", 1)[1]


def test_a_team_game_shows_its_score_and_whether_it_won(client, django_capture_on_commit_callbacks):
    event, owner, _ = make_event(
        game="mists", players=0, ai=2, stage={"format": "score_challenge", "settings": {"rounds": 1}}
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
    table = _tables(client.get(event.get_absolute_url()).content.decode())[0]
    assert "Second player" not in table and " won " not in f" {table} ".replace("won ·", "")
    for match in round_.matches.all():
        outcome = match.games.get().record.verdict["outcome"]
        verdict = "won" if outcome["team_won"] else "lost"
        name = match.seats.get().participant.name
        assert f"{name} {verdict} · points {outcome['scores'][0]}" in table


def _best_of_three(client_game_ranks, *, scores=None):
    event, owner, _ = make_event(players=2, stage={"format": "swiss", "series_length": 3, "settings": {"rounds": 1}})
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    for index, ranks in enumerate(client_game_ranks):
        game = match.games.exclude(status=SeriesGame.Status.CONFIRMED).order_by("number").first()
        confirm(game, ranks, scores[index] if scores else None)
        match.refresh_from_db()
    return event, match


def test_a_level_series_says_which_tie_break_decided_it(client):
    # Game 1 to the first player, game 2 drawn, game 3 to the second: 1.5–1.5, decided on the score.
    event, match = _best_of_three([[1, 2], [1, 1], [2, 1]], scores=[[3, 1], [2, 2], [1, 4]])
    assert match.status == "completed"
    winner = match.seats.get(rank=1).participant.name
    html = client.get(event.get_absolute_url()).content.decode()
    assert f"level 1.5–1.5; {winner} wins on the game&#x27;s tie-break: score 7 to 6" in html
    assert f"{winner} won 1.5–1.5" not in html
    assert "wins on the game&#x27;s tie-break" in client.get(match.get_absolute_url()).content.decode()


def test_a_series_under_way_shows_the_score_so_far_instead_of_waiting(client):
    event, match = _best_of_three([[1, 2]])
    first = match.games.get(number=1).seat_order[0]
    leader = match.seats.get(participant_id=first).participant.name
    table = _tables(client.get(event.get_absolute_url()).content.decode())[0]
    assert f"{leader} leads 1–0" in table and "waiting" not in table
    assert match.status == "pending"
    assert reverse("match-detail", args=[event.slug, match.pk]) in client.get(event.get_absolute_url()).content.decode()


def test_the_pairing_preview_explains_with_names_not_database_ids(client):
    event, owner, people = make_event(players=4, stage={"format": "swiss", "settings": {"rounds": 3}})
    stage = event.stages.get()
    client.force_login(owner)
    html = client.get(reverse("round-pair", args=[event.slug, stage.pk])).content.decode()
    rows = re.findall(r"<tr><td>\d+</td>.*?</tr>", html, re.S)
    assert len(rows) == 2
    for row in rows:
        why = " ".join(re.sub(r"<[^>]+>", " ", row.split("</td>", 2)[2]).split())
        assert "both have 0 points" in why
        assert not any(re.search(rf"\b{person.pk}\b", why) for person in people), why
        assert sum(person.name in why for person in people) >= 2


def test_a_forfeit_says_who_did_not_play(client):
    from tournament.services.walkovers import match_forfeit

    event, owner, _ = make_event(players=2, stage={"format": "swiss", "series_length": 3, "settings": {"rounds": 1}})
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    absent, present = (seat.participant for seat in match.seats.order_by("seat"))
    match_forfeit(match=match, by=owner, absent=absent.pk, reason="ill")
    table = _tables(client.get(event.get_absolute_url()).content.decode())[0]
    assert f"{present.name} won by forfeit: {absent.name} did not play" in table
    assert "won by forfeit" in client.get(match.get_absolute_url()).content.decode()

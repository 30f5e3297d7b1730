"""The round table, row by row, in each of its shapes (two players, a multiplayer table, a team),
for a silent round, and at a bounded number of queries: the rows are built from plain values
read once (``tournament.match_summary.round_table``), so these pin down what each row prints."""

from __future__ import annotations

import hashlib
import itertools
import re
from decimal import Decimal

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games.models import GameRecord
from tests.tournament.factories import make_user
from tournament import selectors
from tournament.models import Event, Match, MatchSeat, Participant, Round, SeriesGame, Stage

_numbers = itertools.count(1)
CONFIRMED = SeriesGame.Status.CONFIRMED


def _event(**stage) -> tuple[Event, Stage]:
    number = next(_numbers)
    event = Event.objects.create(
        name=f"Rows {number}", slug=f"rows-{number}", game="misty-nim", owner=make_user(), status="running"
    )
    return event, Stage.objects.create(event=event, number=1, **stage)


def _player(event: Event, name: str) -> Participant:
    return Participant.objects.create(event=event, name=name, user=make_user(f"{name.lower()}{next(_numbers)}"))


def _bot(event: Event, name: str) -> Participant:
    return Participant.objects.create(event=event, name=name, ai_level="random")


def _match(round_, table, seats, *, status="pending", games=(), bye=False, label="", verdicts=()) -> Match:
    """``seats``: (participant, rank, match points); ``games``: ranks (and scores) in seat order."""
    match = Match.objects.create(round=round_, table=table, status=status, is_bye=bye, label=label)
    for seat, (participant, rank, points) in enumerate(seats):
        MatchSeat.objects.create(match=match, participant=participant, seat=seat, rank=rank, match_points=points)
    order = [participant.pk for participant, *__ in seats]
    for number, (ranks, scores) in enumerate(games, 1):
        record = None
        if verdicts:
            digest = hashlib.sha256(f"{match.pk}:{number}".encode()).hexdigest()
            record = GameRecord.objects.create(game="mists", log={}, content_hash=digest, verdict=verdicts[number - 1])
        SeriesGame.objects.create(
            match=match, number=number, seat_order=order, status=CONFIRMED, ranks=ranks, scores=scores, record=record
        )
    return match


def _html(event: Event, round_: Round, language: str = "en", *, silent: bool = False) -> str:
    with translation.override(language):
        return str(selectors.round_table_html(event, round_.pk, silent=silent))


def _rows(html: str) -> list[str]:
    """Each row of the table, without the template's line breaks and indentation."""
    return [re.sub(r">\s*\n\s*<", "><", row) for row in re.findall(r"<tr>.*?</tr>", html, re.S)]


def _link(participant: Participant) -> str:
    return f'<a href="/ratings/players/{participant.user.username}/">{participant.name}</a>'


def test_a_two_player_round_marks_the_winner_the_draw_the_bye_and_the_matches_to_wait_for():
    event, stage = _event(series_length=3)
    ann, bob, cat, dan, eve, fay, gus = (
        _player(event, name) for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
    )
    bot = _bot(event, "Bot & <Co>")
    round_ = Round.objects.create(stage=stage, number=1, seed=1)
    won = _match(
        round_,
        1,
        [(ann, 1, 1), (bot, 2, 0)],
        status="completed",
        games=[([1, 2], None), ([2, 1], None), ([1, 2], None)],
    )
    drawn = _match(
        round_,
        2,
        [(bob, 1, Decimal("0.5")), (cat, 1, Decimal("0.5"))],
        status="completed",
        games=[([1, 2], None), ([2, 1], None), ([1, 1], None)],
    )
    waiting = _match(round_, 3, [(dan, None, None), (eve, None, None)])
    final = _match(round_, 4, [(fay, None, None), (gus, None, None)], games=[([2, 1], [1, 3])], label="Final <1>")
    bye = _match(round_, 5, [(_player(event, "Hal"), 1, 1)], status="completed", bye=True)
    url = f"/events/{event.slug}/matches/"
    html = _html(event, round_)
    assert '<th scope="col">First player</th><th scope="col">Second player</th>' in html
    assert _rows(html)[1:] == [
        f'<tr><td><a href="{url}{won.pk}/">1</a></td><td>{_link(ann)} <span class="tag win">won</span></td>'
        "<td>Bot &amp; &lt;Co&gt;</td><td>Ann won 2–1</td></tr>",
        f'<tr><td><a href="{url}{drawn.pk}/">2</a></td><td>{_link(bob)} <span class="tag">drew</span></td>'
        f'<td>{_link(cat)} <span class="tag">drew</span></td><td>drawn 1.5–1.5</td></tr>',
        f'<tr><td><a href="{url}{waiting.pk}/">3</a></td><td>{_link(dan)}</td><td>{_link(eve)}</td>'
        f'<td><a href="{url}{waiting.pk}/">waiting</a></td></tr>',
        f'<tr><td><a href="{url}{final.pk}/">Final &lt;1&gt;</a></td><td>{_link(fay)}</td><td>{_link(gus)}</td>'
        "<td>Gus leads 1–0</td></tr>",
        f"<tr><td>–</td><td>{_link(bye.seats.get().participant)}</td><td>bye</td><td>1 point</td></tr>",
    ]
    french = _rows(_html(event, round_, "fr"))
    assert '<span class="tag win">gagné</span>' in french[1] and '<span class="tag">nulle</span>' in french[2]
    assert "<td>exempt</td>" in french[5]
    assert '<span class="tag win">gewonnen</span>' in _rows(_html(event, round_, "nl"))[1]


def test_a_multiplayer_round_lists_each_table_by_place_with_scores_and_points():
    event, stage = _event(format="tables", series_length=2)
    ann, bob, cat, dan, eve, fay = (_player(event, name) for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"))
    bot = _bot(event, "Bot")
    round_ = Round.objects.create(stage=stage, number=1, seed=1, status="closed")
    settled = _match(
        round_,
        1,
        [(ann, 2, Decimal("0.5")), (bob, 1, 1), (bot, 3, 0)],
        status="completed",
        games=[([2, 1, 3], [3, 4, 1]), ([2, 1, 3], [2.5, 4, 1])],
    )
    playing = _match(round_, 2, [(cat, None, None), (dan, None, None), (eve, None, None)], games=[([1, 2, 3], None)])
    _match(round_, 3, [(fay, 1, 1)], status="completed", bye=True)
    html = _html(event, round_)
    assert '<th scope="col">Seats by place (place · score · points)</th>' in html
    assert _rows(html)[1:] == [
        f'<tr><td><a href="/events/{event.slug}/matches/{settled.pk}/">1</a></td><td><ol class="seats">'
        f'<li><span class="place">1.</span> {_link(bob)} <span class="tag win">first</span> · 8 · 1 pt</li>'
        f'<li><span class="place">2.</span> {_link(ann)} · 5.5 · 0.5 pts</li>'
        '<li><span class="place">3.</span> Bot · 2 · 0 pts</li></ol></td><td>Bob first</td></tr>',
        f'<tr><td><a href="/events/{event.slug}/matches/{playing.pk}/">2</a></td><td><ol class="seats">'
        f"<li>{_link(cat)}</li><li>{_link(dan)}</li><li>{_link(eve)}</li></ol></td><td>1 of 2 games played</td></tr>",
        f"<tr><td>–</td><td>{_link(fay)}</td><td>1 point</td></tr>",
    ]
    french = _html(event, round_, "fr")
    assert '<span class="tag win">premier</span> · 8 · 1 pt</li>' in french and "Bob premier" in french


def test_a_team_round_says_whether_each_team_won_and_its_score():
    event, stage = _event(format="score_challenge")
    ann, bob, cat = (_player(event, name) for name in ("Ann", "Bob", "Cat"))
    round_ = Round.objects.create(stage=stage, number=1, seed=1)
    won = _match(
        round_, 1, [(ann, 1, 1)], status="completed", games=[([1], [12])], verdicts=[{"outcome": {"team_won": True}}]
    )
    lost = _match(
        round_, 2, [(bob, 1, 0)], status="completed", games=[([1], [3.5])], verdicts=[{"outcome": {"team_won": False}}]
    )
    waiting = _match(round_, 3, [(cat, None, None)])
    url = f"/events/{event.slug}/matches/"
    html = _html(event, round_)
    assert '<th scope="col">Team</th>' in html
    assert _rows(html)[1:] == [
        f'<tr><td><a href="{url}{won.pk}/">1</a></td><td>{_link(ann)}</td><td>won · score 12</td></tr>',
        f'<tr><td><a href="{url}{lost.pk}/">2</a></td><td>{_link(bob)}</td><td>lost · score 3.5</td></tr>',
        f'<tr><td><a href="{url}{waiting.pk}/">3</a></td><td>{_link(cat)}</td>'
        f'<td><a href="{url}{waiting.pk}/">waiting</a></td></tr>',
    ]
    assert "gewonnen · score 12" in _html(event, round_, "nl")


def test_a_silent_round_shows_the_pairings_in_seat_order_and_no_result():
    event, stage = _event(series_length=1)
    ann, bob, cat = (_player(event, name) for name in ("Ann", "Bob", "Cat & Co"))
    round_ = Round.objects.create(stage=stage, number=1, seed=1)
    played = _match(round_, 1, [(bob, 2, 0), (ann, 1, 1)], status="completed", games=[([2, 1], None)], label="A")
    _match(round_, 2, [(cat, 1, 1)], status="completed", bye=True)
    html = _html(event, round_, silent=True)
    assert "won" not in html and "Ann" in html
    assert _rows(html)[1:] == [
        f'<tr><td><a href="/events/{event.slug}/matches/{played.pk}/">A</a></td><td>Bob – Ann</td></tr>',
        "<tr><td>–</td><td>Cat &amp; Co (bye)</td></tr>",
    ]
    assert "Cat &amp; Co (exempt)" in _html(event, round_, "fr", silent=True)


def _round_of(matches: int, *, team: bool = False) -> tuple[Event, Round]:
    event, stage = _event(series_length=1 if team else 3)
    round_ = Round.objects.create(stage=stage, number=1, seed=1)
    for table in range(1, matches + 1):
        if team:
            seats, games, verdicts = [(_bot(event, f"T{table}"), 1, 1)], [([1], [table])], [{"outcome": {}}]
        else:
            seats = [(_player(event, f"P{table}"), 1, 1), (_bot(event, f"B{table}"), 2, 0)]
            games, verdicts = [([1, 2], [2, 1]), ([1, 2], [3, 0])], ()
        _match(round_, table, seats, status="completed", games=games, verdicts=verdicts)
    _match(round_, matches + 1, [(_bot(event, "Odd"), 1, 1)], status="completed", bye=True)
    return event, round_


def _queries(event: Event, round_: Round, *, silent: bool = False) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        _html(event, round_, silent=silent)
    return [query["sql"] for query in queries.captured_queries]


def test_a_round_table_costs_the_same_few_queries_for_three_matches_as_for_twelve():
    for team in (False, True):
        small, large = (_queries(*_round_of(count, team=team)) for count in (3, 12))
        assert len(small) == len(large) <= (6 if team else 5), large
        # the game records are read for a team game's verdict only, never their logs
        records = [sql for sql in large if "games_gamerecord" in sql]
        assert len(records) == (1 if team else 0) and not any('"log"' in sql for sql in records)
    silent = _queries(*_round_of(12), silent=True)
    assert len(silent) <= 3 and not any("tournament_seriesgame" in sql for sql in silent), silent

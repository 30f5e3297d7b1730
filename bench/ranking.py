"""Ranking benchmark: standings of a large Swiss, a rating recomputation, a leaderboard page.

    .venv/bin/python -m bench.ranking [--entrants 1000] [--rounds 9] [--games 1000000]
        [--players 100000] [--skip-standings] [--skip-ratings] [--skip-leaderboard] [--skip-db-standings]

* standings: a simulated Swiss (score groups paired top-down, Elo-style results, best-of-three
  series with Carnac-like dolmen tuples), ranked by Carnac's default order plus Sonneborn–Berger,
  Buchholz Cut-1 and progressive score; pure Python, the part ``stage_standings`` adds to the
  database reads.
* ratings: Glicko-2 replay of synthetic two-player games over weekly periods, pure Python (what
  ``recompute_ratings`` runs per pool once the games are read), on one core.
* leaderboard: a throw-away database (``<name>_bench_ranking`` of DATABASE_URL) with that many rated
  players in one pool; the first page of the leaderboard page and API through Django's test
  client, server time only. Run it with DATABASE_URL pointing at PostgreSQL for the target figure.
* standings from the database: the same Swiss size stored as rows (best-of-three series, engine
  tie-break details) in a throw-away database, and the whole ``stage_standings`` call timed.
"""

from __future__ import annotations

import argparse
import os
import random
import time


def simulate_swiss(entrants: int, rounds: int, seed: int = 1):
    from ranking.standings.model import Encounter, Entrant, GamePlayed, RoundResult, Unplayed

    rng = random.Random(seed)
    ratings = {i: rng.gauss(1500, 200) for i in range(entrants)}
    points = dict.fromkeys(ratings, 0.0)
    rows = {i: [] for i in ratings}
    for number in range(1, rounds + 1):
        order = sorted(ratings, key=lambda i: (-points[i], -ratings[i]))
        if len(order) % 2:
            bye = order.pop()
            rows[bye].append(RoundResult(number, 1.0, 1.0, (), Unplayed.PAIRING_BYE))
            points[bye] += 1
        for a, b in zip(order[::2], order[1::2], strict=True):
            expected = 1 / (1 + 10 ** ((ratings[b] - ratings[a]) / 400))
            wins_a = sum(1 for _ in range(3) if rng.random() < expected)
            result = 1.0 if wins_a >= 2 else 0.0
            games_a, games_b = [], []
            for g in range(1, 4 if wins_a in (1, 2) else 3):
                a_won = g <= wins_a
                da, db = rng.randint(0, 4), rng.randint(0, 4)
                ta = (da, *sorted((rng.randint(1, 5) for _ in range(da)), reverse=True))
                tb = (db, *sorted((rng.randint(1, 5) for _ in range(db)), reverse=True))
                games_a.append(GamePlayed(g, g % 2 == 1, 1 if a_won else 2, 2, 1, float(da), ta))
                games_b.append(GamePlayed(g, g % 2 == 0, 2 if a_won else 1, 2, 1, float(db), tb))
            rows[a].append(RoundResult(number, result, result, (Encounter(b, result),), None, tuple(games_a)))
            rows[b].append(
                RoundResult(number, 1 - result, 1 - result, (Encounter(a, 1 - result),), None, tuple(games_b))
            )
            points[a] += result
            points[b] += 1 - result
    return [Entrant(i, f"P{i}", tuple(rows[i]), seed=i + 1, rating=ratings[i]) for i in ratings]


def bench_standings(entrants: int, rounds: int) -> None:
    from ranking.standings.compute import compute_standings

    field = simulate_swiss(entrants, rounds)
    order = [
        "match_points", "game_wins", "carnac_dolmens", "direct_encounter", "buchholz",
        "sonneborn_berger", "buchholz_cut1", "progressive", "lots",
    ]  # fmt: skip
    timings = []
    for _ in range(3):
        started = time.perf_counter()
        standings = compute_standings(field, order)
        timings.append(time.perf_counter() - started)
    tied = sum(1 for a, b in zip(standings.rows, standings.rows[1:], strict=False) if a.rank == b.rank)
    print(
        f"standings: {entrants} entrants, {rounds} rounds, {len(order)} tie-breaks with explanations: "
        f"best {min(timings):.3f} s, worst {max(timings):.3f} s (aim < 0.5 s); {tied} ties left"
    )


def bench_ratings(games: int, players: int = 20000, per_week: int = 5000) -> None:
    from ranking.ratings.replay import GameRow, replay_glicko2

    rng = random.Random(2)
    strength = [rng.gauss(1500, 250) for _ in range(players)]
    rows = []
    for index in range(games):
        a, b = rng.randrange(players), rng.randrange(players)
        while b == a:
            b = rng.randrange(players)
        expected = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
        roll = rng.random()
        ranks = (1, 1) if abs(roll - expected) < 0.03 else ((1, 2) if roll < expected else (2, 1))
        rows.append(GameRow(index // per_week, (a, b), ranks))
    started = time.perf_counter()
    result = replay_glicko2(rows, {})
    elapsed = time.perf_counter() - started
    print(
        f"ratings: Glicko-2 replay of {games} games, {players} players, {per_week} games a week "
        f"({games // per_week} periods, {len(result.history)} player-periods): {elapsed:.1f} s (aim < 60 s)"
    )


def bench_leaderboard(players: int) -> None:
    import django
    from django.conf import settings

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["*"]
    old_name = connection.settings_dict["NAME"]
    # A name of our own: the usual test_<name> database may be in use by a test run right now.
    connection.settings_dict.setdefault("TEST", {})["NAME"] = f"{old_name}_bench_ranking"
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        _leaderboard_in_test_db(players, connection.vendor)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _leaderboard_in_test_db(players: int, vendor: str) -> None:
    from datetime import date, timedelta

    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.test.utils import override_settings

    from ranking.models import Player, Rating, RatingPool

    rng = random.Random(3)
    started = time.perf_counter()
    User = get_user_model()
    User.objects.bulk_create((User(username=f"bench{i}", password="!") for i in range(players)), batch_size=5000)
    users = list(User.objects.filter(username__startswith="bench").values_list("pk", flat=True))
    Player.objects.bulk_create((Player(user_id=u, name=f"bench{i}") for i, u in enumerate(users)), batch_size=5000)
    pool = RatingPool.objects.create(
        slug="carnac-medium", game="carnac", system="glicko2", name="Carnac — board medium"
    )
    today = date.today()
    Rating.objects.bulk_create(
        (
            Rating(
                pool=pool,
                player_id=p,
                rating=rng.gauss(1500, 250),
                deviation=rng.uniform(45, 350),
                volatility=0.06,
                provisional=False,
                games=rng.randint(1, 200),
                last_period=0,
                last_played=today - timedelta(days=rng.randint(0, 720)),
            )
            for p in Player.objects.values_list("pk", flat=True)
        ),
        batch_size=5000,
    )
    from django.db import connection

    with connection.cursor() as cursor:
        if vendor == "postgresql":
            cursor.execute("ANALYZE")
    print(f"leaderboard: {players} rated players loaded in {time.perf_counter() - started:.1f} s ({vendor})")
    client = Client()
    with override_settings(ROOT_URLCONF="tests.ranking.urls"):
        for label, url in [
            ("page", "/ratings/carnac-medium/"),
            ("page, active 90 days, 20+ games", "/ratings/carnac-medium/?active=90&min_games=20"),
            ("page 500", "/ratings/carnac-medium/?page=500"),
            ("API", "/api/v1/ratings/carnac-medium/"),
            ("API, active 90 days, 20+ games", "/api/v1/ratings/carnac-medium/?active=90&min_games=20"),
        ]:
            timings = []
            for _ in range(7):
                begin = time.perf_counter()
                response = client.get(url)
                timings.append(time.perf_counter() - begin)
                assert response.status_code == 200, response.status_code
            timings.sort()
            print(f"  {label}: median {timings[3] * 1000:.0f} ms, best {timings[0] * 1000:.0f} ms (aim < 100 ms)")


def bench_db_standings(entrants: int, rounds: int) -> None:
    """The whole ``stage_standings`` call: rows read from the database, then computed."""
    import django
    from django.conf import settings

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.db import connection

    settings.ALLOWED_HOSTS = ["*"]
    old_name = connection.settings_dict["NAME"]
    connection.settings_dict.setdefault("TEST", {})["NAME"] = f"{old_name}_bench_standings"
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        _db_standings_in_test_db(entrants, rounds, connection.vendor)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _db_standings_in_test_db(entrants: int, rounds: int, vendor: str) -> None:
    from ranking.selectors import stage_standings

    started = time.perf_counter()
    stage = store_swiss(entrants, rounds, vendor)
    built = time.perf_counter() - started
    print(f"standings from the database: {entrants} entrants, {rounds} rounds built in {built:.1f} s ({vendor})")
    timings = []
    for _ in range(3):
        begin = time.perf_counter()
        rows = list(stage_standings(stage))
        timings.append(time.perf_counter() - begin)
    assert len(rows) == entrants
    print(f"  stage_standings, reads included: best {min(timings):.3f} s, worst {max(timings):.3f} s (aim < 0.5 s)")


def store_swiss(entrants: int, rounds: int, vendor: str, *, name: str = "Bench Swiss"):
    """A finished Carnac Swiss of that size stored as rows (best-of-three series, engine
    tie-break details); returns its stage. Also used by ``bench.load``."""
    from decimal import Decimal

    from django.contrib.auth import get_user_model
    from django.db import connection

    from ranking.models import GameDetail
    from tournament.models import Match, MatchSeat, Participant, Round, SeriesGame
    from tournament.services.events import event_create

    rng = random.Random(5)
    owner = get_user_model().objects.create_user("bench-owner", password="!", is_staff=True)
    order = ["match_points", "game_wins", "carnac_dolmens", "direct_encounter", "buchholz",
             "sonneborn_berger", "buchholz_cut1", "progressive", "lots"]  # fmt: skip
    event = event_create(
        owner=owner, name=name, game="carnac",
        stage={"format": "swiss", "series_length": 3, "settings": {"rounds": rounds}, "tiebreaks": order},
    )  # fmt: skip
    stage = event.stages.get()
    Participant.objects.bulk_create(
        Participant(event=event, ai_level="random", name=f"Entrant {i}", seed=i, rating=rng.gauss(1800, 200))
        for i in range(1, entrants + 1)
    )
    people = list(Participant.objects.filter(event=event).order_by("seed"))
    score = {p.pk: 0.0 for p in people}
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(stage=stage, number=number, seed=number)
        field = sorted(people, key=lambda p: (-score[p.pk], p.seed))
        pairs = [(field[i], field[i + 1]) for i in range(0, len(field) - 1, 2)]
        matches = Match.objects.bulk_create(
            Match(round=round_, table=t, status=Match.Status.COMPLETED) for t in range(1, len(pairs) + 1)
        )
        seats, games, outcomes = [], [], []
        for match, (a, b) in zip(matches, pairs, strict=True):
            wins = [0, 0]
            sequence = []
            while max(wins) < 2:  # best of three
                winner = 0 if rng.random() < 0.5 + (a.rating - b.rating) / 2000 else 1
                wins[winner] += 1
                sequence.append(winner)
            first = 0 if wins[0] == 2 else 1
            score[(a, b)[first].pk] += 1
            for seat, person in enumerate((a, b)):
                won = seat == first
                seats.append(MatchSeat(match=match, participant=person, seat=seat, rank=1 if won else 2,
                                       games_won=wins[seat], match_points=Decimal(1 if won else 0)))  # fmt: skip
            for n, winner in enumerate(sequence, start=1):
                order_ids = [a.pk, b.pk] if n % 2 else [b.pk, a.pk]
                winner_id = (a, b)[winner].pk
                ranks = [1 if pid == winner_id else 2 for pid in order_ids]
                games.append(SeriesGame(match=match, number=n, seat_order=order_ids, status="confirmed",
                                        ranks=ranks, scores=[rng.randint(2, 6) for _ in ranks], version=1))  # fmt: skip
        MatchSeat.objects.bulk_create(seats, batch_size=5000)
        created = SeriesGame.objects.bulk_create(games, batch_size=5000)
        for game in created:
            outcomes.append(GameDetail(game=game, game_version=1, tiebreaks=[
                [count, *sorted((rng.randint(3, 9) for _ in range(count)), reverse=True)]
                for count in (rng.randint(2, 6), rng.randint(2, 6))
            ]))  # fmt: skip
        GameDetail.objects.bulk_create(outcomes, batch_size=5000)
    with connection.cursor() as cursor:
        if vendor == "postgresql":
            cursor.execute("ANALYZE")
    return stage


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--skip-standings", action="store_true")
    parser.add_argument("--skip-ratings", action="store_true")
    parser.add_argument("--skip-leaderboard", action="store_true")
    parser.add_argument("--skip-db-standings", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    if not args.skip_standings:
        bench_standings(args.entrants, args.rounds)
    if not args.skip_ratings:
        bench_ratings(args.games)
    if not args.skip_leaderboard:
        bench_leaderboard(args.players)
    if not args.skip_db_standings:
        bench_db_standings(args.entrants, args.rounds)


if __name__ == "__main__":
    main()

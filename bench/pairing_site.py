"""Brume beside bbpPairings on TRFs the site exports (``bench.pairing --from-site``).

Each Swiss stage is played through the site's services in a throw-away SQLite database: rounds
published with ``round_publish``, every result ruled by the organiser through the ledger
(``game_decide``), a few forfeits (``match_forfeit``) and one withdrawal. The stage is then
exported with ``stage_trf``; bbpPairings pairs the next round from that very file, Brume from the
stored history (``round_preview``, which stores nothing). Finally the file is imported into a
fresh stage (``stage_import_trf``) and Brume pairs the next round there too: with the event's
seed copied the pairing should be the same table for table (the round trip loses nothing the
pairing reads); with another seed only the drawn lot may differ.

A withdrawal is in the file: ``stage_trf`` writes ``0000 - -`` in the next round's column for a
withdrawn entrant, so bbpPairings leaves them out, and the import withdraws them again.

Ratings. Every ruled result writes a row of the rating outbox and, after the commit, sends the
rating update; in embedded mode (no broker) that task runs in the request, 0.1-0.3 s a game,
where a deployed site hands it to a worker. Unless ``--site-ratings`` is given the bench leaves
the outbox rows for the sweep, as a busy worker would, so that the timings are the site's own
work (publishing, the ledger, the export, the import), not the rating replays.
"""

from __future__ import annotations

import os
import random
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.pairing_trf import read_pairs

WIN, DRAW, LOSS = [1, 2], [1, 1], [2, 1]


def setup_django(folder: str, ratings: bool = False):
    """Django on a throw-away SQLite file in ``folder`` (embedded mode: no Redis, tasks in-process;
    the rating updates left in their outbox unless ``ratings``)."""
    for name in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "BRUME_PUSH_URL"):
        os.environ.pop(name, None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    import logging

    from django.db import connection

    logging.getLogger("celery.app.trace").setLevel(logging.WARNING)
    logging.getLogger("kombu.connection").setLevel(logging.ERROR)
    if not ratings:
        import ranking.signals

        ranking.signals._enqueue = lambda game_id: None  # the outbox row stays for the sweep

    connection.settings_dict.setdefault("TEST", {})["NAME"] = str(Path(folder, "bench_pairing.sqlite3"))
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    return connection


def _ratings(rng: random.Random, size: int) -> list[int]:
    """Distinct whole ratings around 1800, so that the start order never rests on a drawn lot."""
    taken, ratings = set(), []
    for _ in range(size):
        rating = round(rng.gauss(1800, 300))
        while rating in taken or rating < 1000:
            rating = rating + 1 if rating >= 1000 else 1000 + rng.randrange(200)
        taken.add(rating)
        ratings.append(rating)
    return ratings


def _ranks(rng: random.Random, white_rating: float, black_rating: float) -> list[int]:
    """Elo expectation for white, a tenth of the games drawn."""
    expected = 1 / (1 + 10 ** ((black_rating - white_rating) / 400))
    roll = rng.random()
    return WIN if roll < expected - 0.05 else DRAW if roll < expected + 0.05 else LOSS


@dataclass
class PlayedStage:
    owner: object
    stage: object
    seconds: float
    games: int
    forfeits: int
    withdrawn: list[int]  # participant ids


def play_stage(size: int, rounds: int, planned: int, seed: int) -> PlayedStage:
    """A Swiss of ``size`` entrants, ``rounds`` rounds played through the services: two forfeits in
    rounds 2 and 4, one entrant withdrawn after round 3 (or the last round when shorter)."""
    from django.contrib.auth import get_user_model

    from tournament.models import Event, Participant
    from tournament.services.events import event_create, event_set_status
    from tournament.services.registration import participant_add, participant_withdraw
    from tournament.services.results import game_decide
    from tournament.services.rounds import round_publish
    from tournament.services.walkovers import match_forfeit

    started = time.perf_counter()
    rng = random.Random(seed)
    users = get_user_model()
    owner = users.objects.create(username=f"bench-organiser-{size}", is_staff=True, password="!")
    event = event_create(
        owner=owner,
        name=f"Bench Swiss {size}",
        game="carnac",
        stage={"format": "swiss", "settings": {"rounds": planned, "initial_colour": "first"}},
    )
    event_set_status(event=event, by=owner, status=Event.Status.REGISTRATION)
    people = users.objects.bulk_create(users(username=f"bench-{size}-{i}", password="!") for i in range(size))
    rating_of = {}
    for index, (user, rating) in enumerate(zip(people, _ratings(rng, size), strict=True), start=1):
        participant = participant_add(event=event, by=owner, user=user, name=f"Player {size}-{index}", rating=rating)
        rating_of[participant.pk] = float(rating)
    event_set_status(event=event, by=owner, status=Event.Status.RUNNING)
    stage = event.stages.get()
    games = forfeits = 0
    withdrawn = []
    withdraw_after = min(3, rounds)
    for number in range(1, rounds + 1):
        round_ = round_publish(stage=stage, by=owner)
        matches = list(round_.matches.filter(is_bye=False).prefetch_related("seats", "games").order_by("table"))
        forfeited = set(rng.sample(range(len(matches)), 2)) if number in (2, 4) else set()
        for index, match in enumerate(matches):
            white, black = (seat.participant_id for seat in sorted(match.seats.all(), key=lambda s: s.seat))
            if index in forfeited:
                match_forfeit(match=match, by=owner, absent=rng.choice((white, black)), reason="bench: did not come")
                forfeits += 1
                continue
            ranks = _ranks(rng, rating_of[white], rating_of[black])
            game_decide(game=match.games.all()[0], by=owner, ranks=ranks, reason="bench: result")
            games += 1
        if number == withdraw_after:
            leaving = Participant.objects.filter(event=event).order_by("pk")[size // 2]
            participant_withdraw(participant=leaving, by=owner)
            withdrawn.append(leaving.pk)
    return PlayedStage(owner, stage, time.perf_counter() - started, games, forfeits, withdrawn)


def start_ranks(text: str, stage) -> dict[int, int]:
    """Participant id -> start rank, read from the exported file itself (names are unique here)."""
    from tournament.pairing.trf import read_trf

    by_name = {p.name: p.pk for p in stage.event.participants.all()}
    return {by_name[player.name]: player.number for player in read_trf(text).players}


def brume_next(stage, owner) -> tuple[float, list[tuple[int, int]], int | None]:
    """Brume's next round from the stored history (stores nothing): time, (first, second), bye."""
    from tournament.services.rounds import round_preview

    started = time.perf_counter()
    pairing = round_preview(stage=stage, by=owner)
    elapsed = time.perf_counter() - started
    pairs = [tuple(item.seats) for item in pairing.pairings]
    return elapsed, pairs, (pairing.byes[0].entrant if pairing.byes else None)


def bbp_next(binary: str, text: str, timeout: float) -> tuple[float, list[tuple[int, int]], int | None]:
    """bbpPairings (Dutch) on the file: time including start-up, pairs and bye by start rank."""
    with tempfile.TemporaryDirectory() as folder:
        trf, out = Path(folder, "stage.trf"), Path(folder, "pairs.txt")
        trf.write_text(text)
        started = time.perf_counter()
        done = subprocess.run(
            [binary, "--dutch", str(trf), "-p", str(out)], capture_output=True, text=True, timeout=timeout
        )
        elapsed = time.perf_counter() - started
        if done.returncode != 0:
            raise RuntimeError(f"bbpPairings exit {done.returncode}: {(done.stderr or done.stdout).strip()[:300]}")
        pairs, bye = read_pairs(out.read_text())
    return elapsed, pairs, bye


@dataclass
class RoundTrip:
    seconds: float
    same_seed_differences: int  # tables (and the bye) not identical to the original stage's next round
    other_seed_differences: int
    tables: int


def round_trip(text: str, played: PlayedStage, original: list[tuple[int, int]], bye, rank: dict) -> RoundTrip:
    """Import the file into a fresh stage (which withdraws whom the file leaves out), check the
    same start ranks are withdrawn, and compare Brume's next
    round there (by start rank) with the original stage's, first with the original event's seed,
    then with another."""
    from tournament.models import Event
    from tournament.services.events import event_create
    from tournament.services.trf_import import stage_import_trf

    owner = played.owner
    event = event_create(owner=owner, name="Bench import", game="carnac", stage={"format": "swiss"})
    Event.objects.filter(pk=event.pk).update(seed=played.stage.event.seed)
    fresh = event.stages.get()
    started = time.perf_counter()
    done = stage_import_trf(stage=fresh, by=owner, text=text)
    seconds = time.perf_counter() - started
    person = {number: participant for number, participant in enumerate(done.participants, start=1)}
    for participant in person.values():
        participant.refresh_from_db()
    withdrawn = {number for number, participant in person.items() if participant.status == "withdrawn"}
    if withdrawn != {rank[pk] for pk in played.withdrawn}:
        raise RuntimeError(
            f"the import withdrew {sorted(withdrawn)}, the stage {sorted(rank[pk] for pk in played.withdrawn)}"
        )
    number_of = {participant.pk: number for number, participant in person.items()}
    want = {(rank[a], rank[b]) for a, b in original} | {("bye", rank[bye] if bye else None)}

    def differences() -> int:
        _, pairs, their_bye = brume_next(fresh, owner)
        got = {(number_of[a], number_of[b]) for a, b in pairs} | {("bye", number_of[their_bye] if their_bye else None)}
        return len(want - got)

    same = differences()
    Event.objects.filter(pk=event.pk).update(seed=played.stage.event.seed + 1)
    other = differences()
    return RoundTrip(seconds, same, other, len(original))

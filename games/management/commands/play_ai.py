"""python manage.py play_ai GAME --players A,B --games N: play AI levels against each other.

Seats rotate from game to game; the table gives each level's score (wins plus half the draws)
and the 95% Wilson interval of its win rate. ``--store`` keeps every game as a record;
``--queue`` sends the batch to the Celery workers instead of playing here.
"""

from __future__ import annotations

import json
import random
import time

from django.core.management.base import BaseCommand, CommandError

from games.ai.base import Budget
from games.ai.match import play_game
from games.ai.registry import UnknownLevel, get_player, levels
from games.ai.tally import rotate, score_games
from games.engines import EngineError, UnknownGame, get_engine


class Command(BaseCommand):
    help = "Play AI levels against each other and print win rates with 95% confidence intervals."

    def add_arguments(self, parser):
        parser.add_argument("game")
        parser.add_argument("--players", required=True, help="AI levels, one per seat, comma-separated")
        parser.add_argument("--games", type=int, default=20)
        parser.add_argument("--seconds", type=float, default=None, help="think time per move")
        parser.add_argument("--iterations", type=int, default=None, help="search iterations per move")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--options", default="{}", help="game options as JSON")
        parser.add_argument("--store", action="store_true", help="store every game as a record")
        parser.add_argument("--queue", action="store_true", help="run as a batch on the Celery workers")

    def handle(self, *args, **opts):
        game = opts["game"]
        try:
            engine = get_engine(game)
            players = [p.strip() for p in opts["players"].split(",") if p.strip()]
            for level in players:
                get_player(game, level)
            options = engine.normalize_options(json.loads(opts["options"]))
            engine.check_seats(len(players), options)
        except (UnknownGame, UnknownLevel, EngineError, json.JSONDecodeError) as exc:
            raise CommandError(f"{exc} (levels of {game}: {', '.join(levels(game)) if game else ''})") from None
        if opts["games"] < 1:
            raise CommandError("play at least one game")
        if opts["queue"]:
            from games.ai_batches import batch_create

            batch = batch_create(
                game=game,
                players=players,
                games=opts["games"],
                seed=opts["seed"],
                move_seconds=opts["seconds"] or 0.2,
                options=options,
            )
            self.stdout.write(f"batch {batch.pk} queued: follow it on the admin site or with the API")
            return
        budget = Budget(seconds=opts["seconds"], iterations=opts["iterations"])
        outcomes, start = [], time.perf_counter()
        for index in range(opts["games"]):
            seated = rotate(players, index)
            played = play_game(
                engine,
                [get_player(game, level) for level in seated],
                options=options,
                seed=random.Random(f"{opts['seed']}:{index}").randrange(2**62),
                budget=budget,
            )
            if played.outcome is not None:
                outcomes.append((seated, list(played.outcome.ranks)))
            if opts["store"]:
                from games.models import GameRecord
                from games.services import record_upload

                record_upload(data=played.log, source=GameRecord.Source.AI)
            self.stderr.write(f"\r{index + 1}/{opts['games']} games", ending="")
        self.stderr.write("")
        elapsed = time.perf_counter() - start
        self.stdout.write(f"{game}: {' v '.join(players)}, {opts['games']} games, seats rotating, {elapsed:.1f} s")
        self.stdout.write(f"{'level':<16}{'games':>6}{'points':>8}{'rate':>8}  95% interval")
        for score in score_games(players, outcomes):
            low, high = score.interval()
            self.stdout.write(
                f"{score.level:<16}{score.games:>6}{score.points:>8.1f}{score.rate:>8.3f}  {low:.3f}–{high:.3f}"
            )

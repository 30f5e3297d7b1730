"""Real events for ranking tests: the test game, rounds published by the tournament services,
results reported and confirmed as players would."""

from __future__ import annotations

from tests.tournament.factories import make_event
from tournament.models import SeriesGame
from tournament.services.results import game_confirm, game_decide, game_report
from tournament.services.rounds import round_publish


def users_of(match):
    return {seat.participant_id: seat.participant.user for seat in match.seats.all()}


def confirm(game: SeriesGame, ranks, scores=None):
    users = users_of(game.match)
    a, b = (users[pid] for pid in game.seat_order[:2])
    return game_confirm(game=game_report(game=game, by=a, ranks=ranks, scores=scores), by=b)


def play_round(stage, owner, decide):
    """Publish the next round and play every match: ``decide(seat_order) -> (ranks, scores)``."""
    round_ = round_publish(stage=stage, by=owner)
    for match in round_.matches.filter(is_bye=False):
        while (game := match.games.exclude(status=SeriesGame.Status.CONFIRMED).order_by("number").first()) is not None:
            ranks, scores = decide(game.seat_order)
            confirm(game, ranks, scores)
            match.refresh_from_db()
            if match.status == "completed":
                break
    return round_


def correct(game: SeriesGame, owner, ranks, scores=None, reason="the scoresheet was misread"):
    return game_decide(game=game, by=owner, ranks=ranks, scores=scores, reason=reason)


__all__ = ["confirm", "correct", "make_event", "play_round", "users_of"]

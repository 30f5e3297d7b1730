"""Walkovers: a paired match with a withdrawn participant is won by the other without play.

Only elimination brackets pair a withdrawn entrant (Swiss, round robin and tables leave them
out), and there the opponent goes through: every game the series needs is decided for them,
and the match is recorded as a forfeit, so tie-breaks treat it as unplayed and ratings skip it.
"""

from __future__ import annotations

from tournament.models import Match, Participant, Round, SeriesGame
from tournament.services.results import game_decide


def round_walkovers(*, round_: Round, by) -> list[Match]:
    """Decide the round's two-seat matches where exactly one side has withdrawn."""
    from ranking.services import forfeit_record

    decided = []
    for match in round_.matches.filter(is_bye=False).prefetch_related("seats__participant"):
        seats = list(match.seats.all())
        gone = [seat.participant for seat in seats if seat.participant.status == Participant.Status.WITHDRAWN]
        if len(seats) != 2 or len(gone) != 1:
            continue
        loser = gone[0]
        reason = f"walkover: {loser.name} withdrew"
        while (game := match.games.exclude(status=SeriesGame.Status.CONFIRMED).order_by("number").first()) is not None:
            game_decide(game=game, by=by, ranks=[2 if pid == loser.pk else 1 for pid in game.seat_order], reason=reason)
            match.refresh_from_db()
            if match.status == Match.Status.COMPLETED:
                break
        forfeit_record(match=match, absent=[loser.pk], by=by, reason="withdrew")
        decided.append(match)
    return decided

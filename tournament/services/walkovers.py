"""Forfeits and walkovers: a match one side did not play is won by the other without play.

An organiser records a forfeit on a match (who did not turn up); a bracket match with a
withdrawn participant is one when its round is published (Swiss, round robin and tables leave
withdrawn entrants out). Every game the series still needs is decided for the side that was
there, and the match is recorded as a forfeit, so tie-breaks treat it as unplayed (FIDE C.07
Art. 16) and ratings skip it.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.errors import ServiceError
from tournament.models import Match, Participant, Round, SeriesGame
from tournament.services.events import check_organiser
from tournament.services.results import game_decide


@transaction.atomic
def match_forfeit(*, match: Match, by, absent: int, reason: str = "") -> Match:
    """The side ``absent`` (a participant id) did not play: the other wins the series."""
    from ranking.services import forfeit_record

    match = Match.objects.select_for_update().select_related("round__stage__event").get(pk=match.pk)
    check_organiser(by, match.round.stage.event)
    seated = list(match.seats.values_list("participant_id", flat=True))
    if match.is_bye or len(seated) != 2:
        raise ServiceError(_("a forfeit is recorded on a match of two players"))
    if absent not in seated:
        raise ServiceError(_("name who did not play: one of the two players of this match"))
    if match.status == Match.Status.COMPLETED:
        raise ServiceError(_("this match has its result: correct its games instead"))
    name = Participant.objects.get(pk=absent).name
    why = f"forfeit: {name} did not play" + (f" ({reason.strip()})" if reason.strip() else "")
    while (game := match.games.exclude(status=SeriesGame.Status.CONFIRMED).order_by("number").first()) is not None:
        game_decide(game=game, by=by, ranks=[2 if pid == absent else 1 for pid in game.seat_order], reason=why)
        match.refresh_from_db()
        if match.status == Match.Status.COMPLETED:
            break
    forfeit_record(match=match, absent=[absent], by=by, reason=reason.strip() or "did not play")
    return match


def round_walkovers(*, round_: Round, by) -> list[Match]:
    """Forfeit the round's two-seat matches where exactly one side has withdrawn."""
    decided = []
    for match in round_.matches.filter(is_bye=False).prefetch_related("seats__participant"):
        seats = list(match.seats.all())
        gone = [seat.participant for seat in seats if seat.participant.status == Participant.Status.WITHDRAWN]
        if len(seats) == 2 and len(gone) == 1:
            decided.append(match_forfeit(match=match, by=by, absent=gone[0].pk, reason="withdrew"))
    return decided

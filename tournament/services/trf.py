"""A Swiss stage as a FIDE Tournament Report File (TRF-16), for arbiters, federations and anyone
who wants to check Brume's pairings with another program (bbpPairings, JaVaFo).

Start ranks follow the stage's pairing order (seed, then rating, then id); each published round
is written from its stored matches; forfeits are written ``+``/``-`` (not games) and byes ``U``.
While the stage has rounds to come, a withdrawn entrant gets ``0000 - -`` in the next round's
column, so that another program pairing the file leaves them out as Brume does.
Names are the participants' display names. A round's points are the stage's match points, and
results are written as win, draw or loss between the two seats.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.errors import ServiceError
from tournament.models import Participant, Stage
from tournament.pairing.model import Entrant
from tournament.pairing.trf import trf_from_history, write_trf
from tournament.services.rounds import _stored_round


def stage_trf(stage: Stage) -> str:
    """The TRF-16 text of a Swiss stage so far (every published round)."""
    if stage.format != Stage.Format.SWISS:
        raise ServiceError(_("a TRF report is written for a Swiss stage"))
    participants = list(stage.event.participants.all())
    if stage.entrants is not None:
        wanted = set(stage.entrants)
        participants = [p for p in participants if p.pk in wanted]
    participants.sort(key=lambda p: (p.seed if p.seed is not None else 10**9, -p.rating, p.pk))
    entrants = [Entrant(p.pk, rating=p.rating) for p in participants]
    names = {p.pk: p.name for p in participants}
    rounds = []
    for round_ in stage.rounds.order_by("number").prefetch_related("matches__seats", "matches__ranking_forfeit"):
        rounds.append(_stored_round(round_))
    initial = stage.settings.get("initial_colour")
    planned = stage.settings.get("rounds")
    more_to_come = stage.status != Stage.Status.CLOSED and (not planned or len(rounds) < planned)
    withdrawn = frozenset(p.pk for p in participants if p.status == Participant.Status.WITHDRAWN)
    trf, __ = trf_from_history(
        f"{stage.event.name} - {stage.name}",
        entrants,
        rounds,
        planned_rounds=planned,
        initial_colour=initial if initial in ("first", "second") else None,
        names=names,
        absent_next=withdrawn if more_to_come else frozenset(),
    )
    return write_trf(trf)

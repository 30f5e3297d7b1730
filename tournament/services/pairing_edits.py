"""An organiser edits a published pairing: swaps two participants before any result exists.

The edit is validated like a pairing (no rematch, no same-club pair where the stage forbids it,
unless the organiser insists) and written into the round's explanation, so the change is shown.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ranking.cache import event_of_round, results_changed
from tournament.errors import Conflict, ServiceError
from tournament.models import Match, MatchSeat, Participant, Round, SeriesGame
from tournament.services.events import check_organiser


def _previous_meetings(round_: Round) -> set[frozenset[int]]:
    seats = MatchSeat.objects.filter(
        match__round__stage=round_.stage, match__round__number__lt=round_.number, match__is_bye=False
    )
    tables: dict[int, list[int]] = {}
    for match_id, participant_id in seats.values_list("match_id", "participant_id"):
        tables.setdefault(match_id, []).append(participant_id)
    return {frozenset((a, b)) for ids in tables.values() for a in ids for b in ids if a != b}


def _problems(round_: Round, matches: list[Match], seat_of: dict[int, MatchSeat]) -> list[str]:
    met = _previous_meetings(round_)
    names = dict(Participant.objects.filter(pk__in=seat_of).values_list("pk", "name"))
    clubs = dict(Participant.objects.filter(pk__in=seat_of).values_list("pk", "club"))
    forbid_clubs = round_.stage.settings.get("forbid_same_club", True)
    problems = []
    for match in matches:
        if match.is_bye:
            continue
        ids = [pid for pid, seat in seat_of.items() if seat.match_id == match.pk]
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                if frozenset((a, b)) in met:
                    problems.append(f"{names[a]} and {names[b]} have already met in this stage")
                if forbid_clubs and clubs[a] and clubs[a] == clubs[b]:
                    problems.append(f"{names[a]} and {names[b]} are both from {clubs[a]}")
    return problems


@transaction.atomic
def round_swap(*, round_: Round, by, first: int, second: int, reason: str, allow: bool = False) -> Round:
    """Swap two participants' places in a published round that has no result yet."""
    round_ = Round.objects.select_for_update().select_related("stage__event").get(pk=round_.pk)
    check_organiser(by, round_.stage.event)
    if not reason.strip():
        raise ServiceError(_("say why the pairing changes; the players will see it"))
    if round_.stage.rounds.filter(number__gt=round_.number).exists():
        raise Conflict(_("a later round is published: this round's pairing is fixed"), code="pairing_fixed")
    if SeriesGame.objects.filter(match__round=round_, version__gt=0).exists():
        raise Conflict(_("results are already reported in this round: its pairing is fixed"), code="pairing_fixed")
    if first == second:
        raise ServiceError(_("choose two different participants"))
    seats = {
        s.participant_id: s
        for s in MatchSeat.objects.select_for_update().filter(match__round=round_, participant_id__in=(first, second))
    }
    if set(seats) != {first, second}:
        raise ServiceError(_("both participants must be in this round"))
    a, b = seats[first], seats[second]
    if a.match_id == b.match_id:
        raise ServiceError(_("they already sit at the same table; nothing to swap"))
    a.participant_id, b.participant_id = second, first
    matches = list(Match.objects.filter(pk__in=(a.match_id, b.match_id)))
    seat_of = {s.participant_id: s for s in MatchSeat.objects.filter(match__in=matches)}
    seat_of[second], seat_of[first] = a, b
    problems = _problems(round_, matches, seat_of)
    if problems and not allow:
        raise ServiceError("; ".join(problems) + " (confirm to change the pairing anyway)", code="pairing_problem")
    MatchSeat.objects.filter(pk=a.pk).update(participant_id=second)
    MatchSeat.objects.filter(pk=b.pk).update(participant_id=first)
    results_changed(event_of_round(round_.pk))
    for game in SeriesGame.objects.filter(match__in=matches):
        game.seat_order = [second if pid == first else first if pid == second else pid for pid in game.seat_order]
        game.save(update_fields=["seat_order", "updated_at"])
    edits = round_.explanation.get("edits", [])
    edits.append(
        {
            "at": timezone.now().isoformat(),
            "by": by.get_username(),
            "swapped": [first, second],
            "reason": reason.strip(),
            "overridden": problems,
        }
    )
    round_.explanation = {**round_.explanation, "edits": edits}
    round_.save(update_fields=["explanation"])
    from tournament.services.ai_games import schedule_ai_games

    transaction.on_commit(lambda: schedule_ai_games(round_id=round_.pk))
    return round_

"""Pairing rounds: a preview that stores nothing, and a publish that stores it exactly once."""

from __future__ import annotations

import dataclasses
import functools
import hashlib

from django.core.exceptions import ObjectDoesNotExist
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ranking.cache import event_changed
from tournament import pairing as algorithms
from tournament import signals
from tournament.errors import Conflict, ServiceError
from tournament.models import Event, Match, MatchSeat, Participant, Round, SeriesGame, Stage
from tournament.pairing.groups import group_name, snake_groups
from tournament.pairing.model import Absence, Bye, Entrant, Explanation, Pairing, RoundPairing, to_json
from tournament.pairing.round_robin import RoundRobinSettings, round_robin
from tournament.pairing.seeding import seeded_rng
from tournament.services.events import check_organiser
from tournament.services.walkovers import round_walkovers
from tournament.signals import announce


def round_seed(stage: Stage, number: int) -> int:
    """Every round's seed derives from the event's recorded seed: re-pairing gives the same result."""
    digest = hashlib.sha256(f"{stage.event.seed}:{stage.number}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def _forfeit_of(match: Match) -> list[int] | None:
    """Who did not play a forfeited match (recorded by ``match_forfeit``), or None if it was played."""
    try:
        return list(match.ranking_forfeit.absent)
    except ObjectDoesNotExist:
        return None


def _stored_round(round_: Round) -> tuple[RoundPairing, dict[int, float], dict[int, list[int]]]:
    """A published round as the pairing algorithms see history: tables, byes, points, and the
    forfeited tables with who did not play (a forfeit is not a game, FIDE C.04.1)."""
    pairings, byes, points, forfeits, requested = [], [], {}, {}, {}
    for match in round_.matches.all():
        seats = sorted(match.seats.all(), key=lambda seat: seat.seat)
        if not match.is_bye and (absent := _forfeit_of(match)) is not None:
            forfeits[match.table] = absent
        for seat in seats:
            if seat.match_points is not None:
                points[seat.participant_id] = float(seat.match_points)
        if match.is_bye and (match.explanation or {}).get("trf_bye") in ("H", "F"):
            requested[seats[0].participant_id] = match.explanation["trf_bye"]  # imported: services.trf_import
        elif match.is_bye:
            byes.append(Bye(entrant=seats[0].participant_id, reason="stored bye"))
        else:
            ids = tuple(seat.participant_id for seat in seats)
            pairings.append(Pairing(table=match.table, seats=ids, explanation=Explanation(summary="stored")))
    stored = RoundPairing(
        format="stored",
        round_number=round_.number,
        seed=None,
        pairings=tuple(pairings),
        byes=tuple(byes),
        settings={"requested_byes": requested} if requested else None,
    )
    return stored, points, forfeits


def stage_entrants(stage: Stage) -> list[Entrant]:
    """The stage's participants as pairing entrants, with this stage's history replayed.

    A stage fed by the one before it has only the entrants that stage sent, seeded in the order
    they finished there.
    """
    from tournament.services.conflicts import forbidden_pairs

    participants = list(stage.event.participants.all())
    seeds = {p.pk: p.seed for p in participants}
    forbidden = forbidden_pairs(stage.event)
    if stage.entrants is not None:
        order = {pid: index for index, pid in enumerate(stage.entrants, start=1)}
        participants = [p for p in participants if p.pk in order]
        seeds = order
    entrants = [
        Entrant(
            id=p.pk,
            rating=p.rating,
            seed=seeds[p.pk],
            club=p.club or None,
            forbidden=forbidden.get(p.pk, frozenset()),
            withdrawn=p.status == Participant.Status.WITHDRAWN,
            present=p.checked_in or not stage.settings.get("check_in", False),
            late_entry_score=float(p.granted_points),
            name=p.name,
        )
        for p in participants
    ]
    rounds = stage.rounds.order_by("number").prefetch_related("matches__seats", "matches__ranking_forfeit")
    for round_ in rounds:
        stored, points, forfeits = _stored_round(round_)
        entrants = algorithms.record_round(
            entrants, stored, points, bye_points=float(stage.points_bye), forfeits=forfeits
        )
    return entrants


def _groups_of(stage: Stage, entrants: list[Entrant]) -> list[list[int]]:
    """A group stage's groups: drawn in snake order by seed at round 1, then fixed."""
    if stage.groups:
        return stage.groups
    drawn = snake_groups(entrants, stage.settings["groups"], seed=round_seed(stage, 1))
    return [[entrant.id for entrant in members] for members in drawn]


def _in_groups(stage: Stage, number: int, entrants: list[Entrant], seed: int, pair_group) -> RoundPairing | None:
    """Pair each group on its own with ``pair_group(members, name)`` and put the tables together,
    each labelled with its group. None when every group has played all its rounds."""
    groups = _groups_of(stage, entrants)
    by_id = {entrant.id: entrant for entrant in entrants}
    pairings, byes, absences, notes, found = [], [], [], [], None
    for index, ids in enumerate(groups):
        name = group_name(index)
        part = pair_group([by_id[pid] for pid in ids if pid in by_id], name)
        if part is None:
            continue
        found = part
        pairings += [dataclasses.replace(item, label=_("Group %(name)s") % {"name": name}) for item in part.pairings]
        byes += [dataclasses.replace(bye, reason=f"Group {name}: {bye.reason}") for bye in part.byes]
        absences += part.absences
        notes += [f"Group {name}: {note}" for note in part.notes]
    if found is None:
        return None
    grouped = {pid for ids in groups for pid in ids}
    absences += [
        Absence(entrant.id, _("entered after the groups were drawn: a group stage's groups are fixed at round 1"))
        for entrant in entrants
        if entrant.id not in grouped and entrant.plays_this_round
    ]
    pairings = [dataclasses.replace(item, table=table) for table, item in enumerate(pairings, start=1)]
    return RoundPairing(
        found.format, number, seed, tuple(pairings), tuple(byes), tuple(absences), tuple(notes), {"groups": groups}
    )


def _initial_colour(stage: Stage) -> str:
    """The top seed's seat where neither entrant has played: the stage setting, or drawn once for
    the whole stage from round 1's seed (so it stays the same in every round)."""
    chosen = stage.settings.get("initial_colour", "lot")
    if chosen != "lot":
        return chosen
    return "first" if seeded_rng(round_seed(stage, 1), "swiss-first-seat").random() < 0.5 else "second"


def _swiss(stage: Stage, number: int, entrants: list[Entrant], seed: int) -> RoundPairing:
    planned = stage.settings.get("rounds")
    if planned and number > planned:
        raise ServiceError(
            _("this Swiss stage has %(planned)s rounds; close it or add rounds in its settings") % {"planned": planned}
        )
    settings = algorithms.SwissSettings(
        rematches=stage.settings.get("rematches", "least_bad"),
        forbid_same_club=stage.settings.get("forbid_same_club", True),
        within_group=stage.settings.get("within_group", "slide"),
        planned_rounds=planned or None,
        points_win=float(stage.points_win),
        initial_colour=_initial_colour(stage),
    )
    if stage.settings.get("groups"):
        return _in_groups(
            stage,
            number,
            entrants,
            seed,
            lambda members, name: algorithms.pair_swiss(members, settings, round_number=number, seed=f"{seed}:{name}"),
        )
    return algorithms.pair_swiss(entrants, settings, round_number=number, seed=seed)


def _first_round_field(stage: Stage, entrants: list[Entrant]) -> list[Entrant]:
    """The entrants a round robin was drawn for: everyone seated in round 1 (bye included), as
    present, whatever happened since — so a withdrawal or an absence never redraws the schedule."""
    seated = set(MatchSeat.objects.filter(match__round__stage=stage, match__round__number=1).values_list(
        "participant_id", flat=True
    ))  # fmt: skip
    if not seated:  # round 1 itself: the field is who is here now
        return entrants
    return [dataclasses.replace(e, present=True, withdrawn=False) for e in entrants if e.id in seated]


def _without_missing(pairing: RoundPairing, entrants: list[Entrant]) -> RoundPairing:
    """The scheduled round minus those who withdrew or are absent: their scheduled opponents
    get the round's bye."""
    by_id = {entrant.id: entrant for entrant in entrants}
    missing = {pid for pid, entrant in by_id.items() if not entrant.plays_this_round}
    if not missing:
        return pairing
    pairings, byes = [], [bye for bye in pairing.byes if bye.entrant not in missing]
    for item in pairing.pairings:
        gone = [pid for pid in item.seats if pid in missing]
        if not gone:
            pairings.append(item)
        elif len(gone) < len(item.seats):
            why = (
                _("the scheduled opponent withdrew")
                if by_id[gone[0]].withdrawn
                else _("the scheduled opponent is absent")
            )
            byes += [Bye(pid, why) for pid in item.seats if pid not in missing]
    absences = tuple(
        Absence(pid, _("withdrawn from the event") if by_id[pid].withdrawn else _("absent this round"))
        for pid in missing
    )
    pairings = [dataclasses.replace(item, table=table) for table, item in enumerate(pairings, start=1)]
    return dataclasses.replace(pairing, pairings=tuple(pairings), byes=tuple(byes), absences=absences)


def _round_robin(stage: Stage, number: int, entrants: list[Entrant], seed: int) -> RoundPairing:
    # The schedule is fixed by the field at the start of the stage: drawn from round 1's
    # entrants with the stage's first seed, never from later changes.
    settings = RoundRobinSettings(cycles=2 if stage.settings.get("double") else 1)
    field = _first_round_field(stage, entrants)
    if stage.settings.get("groups"):

        def group_round(members, name):
            schedule = round_robin(members, settings, seed=f"{round_seed(stage, 1)}:{name}")
            if number > len(schedule.rounds):
                return None
            ids = {member.id for member in members}
            return _without_missing(schedule.rounds[number - 1], [e for e in entrants if e.id in ids])

        pairing = _in_groups(stage, number, field, seed, group_round)
        if pairing is None:
            raise ServiceError(_("every group has played all its rounds: close the stage"))
        return pairing
    schedule = round_robin(field, settings, seed=round_seed(stage, 1))
    if number > len(schedule.rounds):
        raise ServiceError(_("the round robin has %(count)s rounds, all published") % {"count": len(schedule.rounds)})
    return _without_missing(schedule.rounds[number - 1], entrants)


def _elimination(stage: Stage, number: int, entrants: list[Entrant], seed: int) -> RoundPairing:
    """The bracket matches that are ready now; the bracket itself is drawn at round 1."""
    from tournament.services.brackets import bracket_from_json, bracket_winners, draw_bracket

    drawn = bracket_from_json(stage.bracket) if stage.bracket else draw_bracket(stage, entrants, round_seed(stage, 1))
    state = algorithms.bracket_state(drawn, bracket_winners(stage))
    if state.champion is not None:
        raise ServiceError(_("the bracket is complete: close the stage"))
    if not state.ready:
        raise ServiceError(_("no bracket match is ready to play"))
    labels = {match.id: match.label for match in drawn.matches}
    pairings = tuple(dataclasses.replace(pairing, table=table) for table, pairing in enumerate(state.ready, start=1))
    notes = drawn.notes if number == 1 else ()
    return RoundPairing(
        drawn.format, number, seed, pairings, notes=notes, settings={"bracket": drawn.to_json(), "labels": labels}
    )


def _tables(stage: Stage, number: int, entrants: list[Entrant], seed: int) -> RoundPairing:
    planned = stage.settings.get("rounds")
    if planned and number > planned:
        raise ServiceError(
            _("this stage has %(planned)s rounds; close it or add rounds in its settings") % {"planned": planned}
        )
    settings = algorithms.TableSettings(
        min_size=stage.settings.get("min_size", 3),
        max_size=stage.settings.get("max_size", 5),
        preferred=stage.settings.get("preferred_size", 4),
    )
    return algorithms.pair_tables(entrants, settings, round_number=number, seed=seed)


def _score_challenge(
    stage: Stage, number: int, entrants: list[Entrant], seed: int, setup_seed: int | None = None
) -> RoundPairing:
    """Every table plays the setup of ``setup_seed``, a secret drawn at publication (None in a
    preview). The round's own seed only draws lots; the event's seed is never shown."""
    planned = stage.settings.get("rounds")
    if planned and number > planned:
        raise ServiceError(
            _("this stage has %(planned)s rounds; close it or add rounds in its settings") % {"planned": planned}
        )
    settings = algorithms.DuplicateSettings(table_size=stage.settings.get("team_size", 1))
    return algorithms.pair_duplicate(entrants, settings, round_number=number, seed=seed, setup_seed=setup_seed)


PAIRERS = {
    Stage.Format.SWISS: _swiss,
    Stage.Format.ROUND_ROBIN: _round_robin,
    Stage.Format.SINGLE_ELIMINATION: _elimination,
    Stage.Format.DOUBLE_ELIMINATION: _elimination,
    Stage.Format.TABLES: _tables,
    Stage.Format.SCORE_CHALLENGE: _score_challenge,
}


def _fresh(stage: Stage) -> Stage:
    """The stage and its event as they are now: callers may hold stale copies."""
    return Stage.objects.select_related("event").get(pk=stage.pk)


def next_round_number(stage: Stage) -> int:
    return (stage.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1


def round_preview(*, stage: Stage, by) -> RoundPairing:
    """The next round's pairing, computed but not stored (a dry run before publishing)."""
    stage = _fresh(stage)
    check_organiser(by, stage.event)
    pairing = _compute(stage, next_round_number(stage))
    return dataclasses.replace(pairing, notes=(*pairing.notes, *_conflict_notes(stage, pairing)))


def _conflict_notes(stage: Stage, pairing: RoundPairing) -> list[str]:
    """What the preview says of the declared conflicts (only the organisers read it: a published
    round's explanation does not name them)."""
    from tournament.models import DeclaredConflict

    declared = list(DeclaredConflict.objects.filter(event=stage.event).select_related("first", "second"))
    if not declared:
        return []
    tables = {frozenset(item.seats): item.table for item in pairing.pairings}
    together = {pid: item.table for item in pairing.pairings for pid in item.seats}
    notes = []
    for conflict in declared:
        pair = _("%(first)s and %(second)s") % {"first": conflict.first.name, "second": conflict.second.name}
        why = f" ({conflict.reason})" if conflict.reason else ""
        table = tables.get(frozenset((conflict.first_id, conflict.second_id)))
        same_table = together.get(conflict.first_id) is not None and together.get(conflict.first_id) == together.get(
            conflict.second_id
        )
        if table is not None or same_table:
            where = table or together[conflict.first_id]
            notes.append(
                _(
                    "Declared conflict%(why)s: %(pair)s meet at table %(table)s — "
                    "%(format)s pairings cannot avoid it (only Swiss keeps declared pairs apart)."
                )
                % {"why": why, "pair": pair, "table": where, "format": stage.get_format_display()}
            )
        else:
            notes.append(_("Declared conflict%(why)s: %(pair)s are kept apart.") % {"why": why, "pair": pair})
    return notes


def _compute(stage: Stage, number: int, setup_seed: int | None = None) -> RoundPairing:
    if stage.event.status != Event.Status.RUNNING:
        raise ServiceError(_("start the event before pairing rounds"))
    if stage.status == Stage.Status.CLOSED:
        raise ServiceError(_("this stage is closed"))
    previous = stage.rounds.filter(number=number - 1).first()
    if previous is not None and previous.matches.filter(status=Match.Status.PENDING).exists():
        waiting = previous.matches.filter(status=Match.Status.PENDING).count()
        raise ServiceError(
            ngettext(
                "round %(number)s still has %(waiting)s match without a result",
                "round %(number)s still has %(waiting)s matches without a result",
                waiting,
            )
            % {"number": number - 1, "waiting": waiting}
        )
    pairer = PAIRERS.get(stage.format)
    if pairer is None:
        raise ServiceError(_("pairing %(value)s stages is not available yet") % {"value": stage.get_format_display()})
    if stage.format == Stage.Format.SCORE_CHALLENGE:
        pairer = functools.partial(_score_challenge, setup_seed=setup_seed)
    try:
        return pairer(stage, number, stage_entrants(stage), round_seed(stage, number))
    except algorithms.PairingUserError as exc:
        raise ServiceError(str(exc), code="pairing") from None


def round_publish(*, stage: Stage, by, number: int | None = None) -> Round:
    """Pair and store the next round. Publishing the same round twice is refused, not duplicated.

    ``number`` is the round the organiser saw in the preview: if another organiser published
    meanwhile, the request fails instead of publishing the round after.
    """
    stage = _fresh(stage)
    check_organiser(by, stage.event)
    expected = next_round_number(stage)
    if number is not None and number != expected:
        raise Conflict(_("round %(number)s is already published") % {"number": number}, code="already_published")
    # A duplicate round's shared setup: a secret, kept on its matches, out of every explanation.
    pairing = _compute(stage, expected, setup_seed=algorithms.draw_setup_seed())
    public = dataclasses.replace(
        pairing, pairings=tuple(dataclasses.replace(item, setup_seed=None) for item in pairing.pairings)
    )
    try:
        with transaction.atomic():
            round_ = Round.objects.create(
                stage=stage,
                number=expected,
                seed=round_seed(stage, expected),
                explanation=public.to_json(),
                published_by=by,
            )
            _store_matches(stage, round_, pairing)
            round_walkovers(round_=round_, by=by)
            updates = {"status": Stage.Status.RUNNING}
            if stage.bracket is None and isinstance(pairing.settings, dict) and "bracket" in pairing.settings:
                updates["bracket"] = pairing.settings["bracket"]  # drawn once, at round 1
            if stage.groups is None and isinstance(pairing.settings, dict) and "groups" in pairing.settings:
                updates["groups"] = pairing.settings["groups"]  # drawn once, at round 1
            Stage.objects.filter(pk=stage.pk).update(**updates)
            event_changed(stage.event_id)
    except IntegrityError:
        raise Conflict(
            _("round %(expected)s is already published") % {"expected": expected}, code="already_published"
        ) from None
    from tournament.services.ai_games import schedule_ai_games

    transaction.on_commit(lambda: schedule_ai_games(round_id=round_.pk))
    announce(signals.pairings_published, round_id=round_.pk)
    return round_


def _store_matches(stage: Stage, round_: Round, pairing: RoundPairing) -> None:
    table = 0
    labels = pairing.settings.get("labels", {}) if isinstance(pairing.settings, dict) else {}
    for table, item in enumerate(pairing.pairings, start=1):
        match = Match.objects.create(
            round=round_,
            table=table,
            label=labels.get(item.label, item.label),
            bracket_slot=item.label if labels else "",
            setup_seed=item.setup_seed,
            explanation=to_json(item.explanation),
        )
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, participant_id=participant_id, seat=seat)
            for seat, participant_id in enumerate(item.seats)
        )
        SeriesGame.objects.create(match=match, number=1, seat_order=list(item.seats))
    for bye in pairing.byes:
        table += 1
        match = Match.objects.create(
            round=round_,
            table=table,
            label=_("bye"),
            is_bye=True,
            status=Match.Status.COMPLETED,
            completed_at=timezone.now(),
            explanation={"summary": bye.reason},
        )
        MatchSeat.objects.create(match=match, participant_id=bye.entrant, seat=0, rank=1, match_points=stage.points_bye)

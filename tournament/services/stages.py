"""Stages: a format, its settings, the series length, points and tie-breaks."""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engines import get_engine
from tournament import bounds
from tournament.errors import Conflict, ServiceError
from tournament.models import Event, Match, Stage
from tournament.pairing.errors import PairingUserError
from tournament.pairing.groups import playoff_seeds
from tournament.services.events import check_organiser

ELIMINATION = {Stage.Format.SINGLE_ELIMINATION, Stage.Format.DOUBLE_ELIMINATION}
# "check_in": only checked-in participants are paired (the others are absent for the round).
SETTINGS_KEYS = {
    Stage.Format.SWISS: {
        "rounds",
        "rematches",
        "forbid_same_club",
        "within_group",
        "check_in",
        "groups",
        "initial_colour",
    },
    Stage.Format.ROUND_ROBIN: {"double", "groups"},
    Stage.Format.SINGLE_ELIMINATION: {"third_place"},
    Stage.Format.DOUBLE_ELIMINATION: {"grand_final_reset"},
    Stage.Format.TABLES: {"rounds", "min_size", "max_size", "preferred_size", "placement_points", "check_in"},
    Stage.Format.SCORE_CHALLENGE: {"rounds", "team_size", "check_in"},
}
# "silent": each round's results are hidden from all but organisers until it is over (tournament.silence).
for _keys in SETTINGS_KEYS.values():
    _keys.add("silent")


def _points_words(key: str) -> str:
    """``points_win`` as a person reads it: "points win"."""
    return {
        "points_win": _("points win"),
        "points_draw": _("points draw"),
        "points_loss": _("points loss"),
        "points_bye": _("points bye"),
    }.get(key, key.replace("_", " "))


def _decimal(value, name: str) -> Decimal:
    try:
        return bounds.points(value, name)
    except bounds.OutOfBounds as exc:
        raise ServiceError(exc.message) from None


def _check_bounds(stage: Stage) -> None:
    """Every number and setting within the bounds of tournament.bounds (docs/limits.md)."""
    info = get_engine(stage.event.game).info
    if not isinstance(stage.name, str) or not stage.name.strip():
        raise ServiceError(_("give the stage a name"))
    try:
        bounds.text(stage.name, _("the stage's name"), max_length=80)
        bounds.series_length(stage.series_length)
        bounds.advance_count(stage.advance_count)
        bounds.tiebreak_keys(stage.tiebreaks)
        for key in ("points_win", "points_draw", "points_loss", "points_bye"):
            bounds.points(getattr(stage, key), _points_words(key))
        bounds.stage_settings(
            stage.settings,
            seats=(info.min_seats, info.max_seats),
            known_keys=SETTINGS_KEYS[stage.format],
        )
    except bounds.OutOfBounds as exc:
        raise ServiceError(exc.message) from None


def _check_time_control(stage: Stage) -> None:
    """Base minutes (+ increment) or days per move, each within its bounds; never both."""
    from games.live_clock import MAX_BASE_MINUTES, MAX_DAYS_PER_MOVE, MAX_INCREMENT_SECONDS

    for value, low, high, what in (
        (stage.time_base_minutes, 1, MAX_BASE_MINUTES, _("minutes per player")),
        (stage.time_increment_seconds, 0, MAX_INCREMENT_SECONDS, _("seconds of increment")),
        (stage.time_days_per_move, 1, MAX_DAYS_PER_MOVE, _("days per move")),
    ):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ServiceError(
                _("%(what)s: give a whole number from %(low)s to %(high)s") % {"what": what, "low": low, "high": high}
            )
    if stage.time_base_minutes and stage.time_days_per_move:
        raise ServiceError(_("a clock is minutes per player or days per move, not both"))
    if stage.time_increment_seconds and not stage.time_base_minutes:
        raise ServiceError(_("an increment needs minutes per player"))


def _unchanged(stage: Stage, fields: dict) -> set[str]:
    """The fields a form sent back as they are (a whole stage form re-sends every field)."""
    same = set()
    for key, value in fields.items():
        current = getattr(stage, key, None)
        try:
            if current == value or (key.startswith("points_") and current == _decimal(value, key)):
                same.add(key)
        except ServiceError:
            pass
    return same


def _check_deadline_settings(stage: Stage) -> None:
    hours = stage.auto_confirm_hours
    if hours is not None and (isinstance(hours, bool) or not isinstance(hours, int) or not 1 <= hours <= 720):
        raise ServiceError(_("auto-confirm after: give a whole number of hours from 1 to 720, or leave it empty"))
    if stage.at_deadline not in Stage.AtDeadline.values:
        raise ServiceError(
            _("at the deadline: choose one of %(value)s") % {"value": ", ".join(Stage.AtDeadline.values)}
        )


def _check(stage: Stage) -> None:
    if stage.format not in Stage.Format.values:
        raise ServiceError(
            _("unknown format %(format)s; choose one of %(value)s")
            % {"format": repr(stage.format), "value": ", ".join(Stage.Format.values)}
        )
    if stage.level_series not in Stage.LevelSeries.values:
        raise ServiceError(_("a level series is one of %(value)s") % {"value": ", ".join(Stage.LevelSeries.values)})
    if not isinstance(stage.settings, dict):
        raise ServiceError(_("settings are an object of setting names and values"))
    unknown = set(stage.settings) - SETTINGS_KEYS[stage.format]
    if unknown:
        raise ServiceError(
            _("%(value)s has no setting %(value2)s")
            % {"value": stage.get_format_display(), "value2": ", ".join(sorted(map(str, unknown)))}
        )
    _check_bounds(stage)
    _check_time_control(stage)
    _check_deadline_settings(stage)
    if stage.format in ELIMINATION and stage.level_series == Stage.LevelSeries.DRAW:
        raise ServiceError(_("an elimination match cannot end drawn: choose an extra game or the higher seed"))
    from ranking.tiebreaks import get_tiebreak

    for key in stage.tiebreaks:
        try:
            get_tiebreak(key)
        except LookupError as exc:
            raise ServiceError(str(exc), code="tiebreak") from None


@transaction.atomic
def stage_create(
    *,
    event: Event,
    by,
    name: str = "Main",
    format: str = Stage.Format.SWISS,
    settings: dict | None = None,
    series_length: int = 1,
    points_win=1,
    points_draw="0.5",
    points_loss=0,
    points_bye=1,
    tiebreaks: list[str] | None = None,
    level_series: str | None = None,
    advance_count: int | None = None,
    time_base_minutes: int | None = None,
    time_increment_seconds: int = 0,
    time_days_per_move: int | None = None,
    auto_confirm_hours: int | None = None,
    at_deadline: str = Stage.AtDeadline.NOTHING,
) -> Stage:
    check_organiser(by, event)
    number = (event.stages.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    if level_series is None:
        level_series = Stage.LevelSeries.HIGHER_SEED if format in ELIMINATION else Stage.LevelSeries.DRAW
    stage = Stage(
        event=event,
        number=number,
        name=name,
        format=format,
        settings=settings or {},
        series_length=series_length,
        points_win=_decimal(points_win, "points for a win"),
        points_draw=_decimal(points_draw, "points for a draw"),
        points_loss=_decimal(points_loss, "points for a loss"),
        points_bye=_decimal(points_bye, "points for a bye"),
        tiebreaks=list(tiebreaks) if tiebreaks is not None else list(get_engine(event.game).info.default_tiebreaks),
        level_series=level_series,
        advance_count=advance_count,
        time_base_minutes=time_base_minutes,
        time_increment_seconds=time_increment_seconds or 0,
        time_days_per_move=time_days_per_move,
        auto_confirm_hours=auto_confirm_hours,
        at_deadline=at_deadline,
    )
    _check(stage)
    stage.save()
    return stage


@transaction.atomic
def stage_update(*, stage: Stage, by, **fields) -> Stage:
    check_organiser(by, stage.event)
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    # What happens at a deadline may change while the stage runs (tournament.services.schedules).
    schedule_fields = {"auto_confirm_hours", "at_deadline"}
    if stage.rounds.exists() and not set(fields) <= schedule_fields | _unchanged(stage, fields):
        raise ServiceError(_("a stage's format, points and tie-breaks are fixed once its first round is published"))
    allowed = {
        "name", "format", "settings", "series_length", "points_win", "points_draw", "points_loss", "points_bye",
        "tiebreaks", "level_series", "advance_count", "time_base_minutes", "time_increment_seconds",
        "time_days_per_move",
    } | schedule_fields  # fmt: skip
    unknown = set(fields) - allowed
    if unknown:
        raise ServiceError(_("cannot change %(value)s") % {"value": ", ".join(sorted(unknown))})
    for key, value in fields.items():
        if key.startswith("points_"):
            value = _decimal(value, _points_words(key))
        setattr(stage, key, value)
    _check(stage)
    stage.save()
    return stage


@transaction.atomic
def stage_close(*, stage: Stage, by) -> Stage:
    check_organiser(by, stage.event)
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    pending = Match.objects.filter(round__stage=stage, status=Match.Status.PENDING).count()
    if pending:
        raise ServiceError(
            ngettext("%(pending)s match still waits for results", "%(pending)s matches still wait for results", pending)
            % {"pending": pending}
        )
    stage.status = Stage.Status.CLOSED
    stage.save(update_fields=["status"])
    return stage


@transaction.atomic
def stage_advance(*, stage: Stage, by) -> Stage:
    """Send the top ``advance_count`` of a closed stage (of each group, in a group stage) to the
    next one, seeded by their finish."""
    from ranking.selectors import stage_standings

    check_organiser(by, stage.event)
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    if stage.status != Stage.Status.CLOSED:
        raise ServiceError(_("close the stage before advancing its entrants"))
    if not stage.advance_count:
        raise ServiceError(_("this stage sends nobody on: set how many advance in its settings"))
    following = Stage.objects.select_for_update().filter(event=stage.event, number=stage.number + 1).first()
    if following is None:
        raise ServiceError(_("there is no next stage: add one first"))
    if following.rounds.exists():
        raise Conflict(
            _("%(name)s has started: its entrants are fixed") % {"name": following.name}, code="stage_started"
        )
    standings = stage_standings(stage)
    finishers = [
        [row.participant.pk for row in rows if row.participant.status == "active"] for __, rows in standings.groups
    ]
    if stage.groups:
        # The top of each group, seeded by finishing place (group winners first) and kept apart
        # from their group mates in the first playoff round.
        try:
            following.entrants = playoff_seeds(finishers, stage.advance_count)
        except PairingUserError as exc:
            raise ServiceError(str(exc)) from None
    else:
        if len(finishers[0]) < 2:
            raise ServiceError(_("fewer than two active entrants finished this stage"))
        following.entrants = finishers[0][: stage.advance_count]
    following.save(update_fields=["entrants"])
    return following

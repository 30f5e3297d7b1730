"""The tournament domain: events, participants, stages, rounds, matches, series games and the
result ledger. Rules about how these change live in ``tournament.services``; these classes only
hold data and the constraints the database can enforce (so that two processes cannot create
duplicate rounds or lose a report).
"""

from __future__ import annotations

import secrets
import zoneinfo
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy


def new_seed() -> int:
    return secrets.randbelow(2**62)


# --- schedules (issue 17): time zones ------------------------------------------------------


@cache
def _zone_names() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def validate_time_zone(value: str) -> None:
    """A time zone is an IANA name such as ``Europe/Paris`` (``UTC`` included)."""
    if not isinstance(value, str) or value not in _zone_names():
        raise ValidationError(
            _("%(value)r is not a time zone: give an IANA name such as Europe/Paris or UTC"),
            code="time_zone",
            params={"value": value},
        )


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", gettext_lazy("Draft")
        REGISTRATION = "registration", gettext_lazy("Registration open")
        RUNNING = "running", gettext_lazy("Running")
        FINISHED = "finished", pgettext_lazy("event status", "Finished")  # not a game's "Finished"

    class Visibility(models.TextChoices):
        PUBLIC = "public", gettext_lazy("Public")
        UNLISTED = "unlisted", gettext_lazy("Unlisted (anyone with the link)")
        PRIVATE = "private", gettext_lazy("Private (organisers and participants)")

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True)
    game = models.CharField(max_length=40, help_text="the engine's slug")
    options = models.JSONField(default=dict, blank=True, help_text="the game's options, normalized")
    description = models.TextField(blank=True)
    location = models.CharField(max_length=200, blank=True)
    starts_on = models.DateField(null=True, blank=True)
    # Schedules (issue 17): times are stored in UTC and shown in the event's time zone.
    time_zone = models.CharField(
        max_length=64,
        default="UTC",
        validators=[validate_time_zone],
        help_text="IANA name, e.g. Europe/Paris",
    )
    starts_at = models.DateTimeField(null=True, blank=True, help_text="when the first round starts")
    starting_announced_at = models.DateTimeField(null=True, blank=True, help_text="event_starting was sent")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    visibility = models.CharField(max_length=20, choices=Visibility.choices, default=Visibility.PUBLIC)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_events")
    arbiters = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="arbitrated_events")
    seed = models.BigIntegerField(default=new_seed, help_text="the recorded seed of every random draw")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = gettext_lazy("event")
        verbose_name_plural = gettext_lazy("events")
        ordering = ["-starts_on", "-created_at"]
        indexes = [models.Index(fields=["status", "visibility"]), models.Index(fields=["game"])]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("event-detail", args=[self.slug])


class Participant(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", gettext_lazy("Active")
        WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="participants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="participations"
    )
    ai_level = models.CharField(max_length=40, blank=True, help_text="set for an AI entrant: its level")
    name = models.CharField(max_length=120)
    seed = models.PositiveIntegerField(null=True, blank=True, help_text="1 is the top seed")
    rating = models.FloatField(default=0.0)
    club = models.CharField(max_length=120, blank=True, help_text="entrants of one club are not paired together")
    checked_in = models.BooleanField(default=False)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)
    withdrawn_after_round = models.PositiveIntegerField(null=True, blank=True)
    late_entry_round = models.PositiveIntegerField(null=True, blank=True, help_text="first round played, if late")
    granted_points = models.DecimalField(max_digits=6, decimal_places=2, default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("participant")
        verbose_name_plural = gettext_lazy("participants")
        ordering = ["seed", "name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="one_registration_per_user"),
            models.CheckConstraint(
                condition=(Q(user__isnull=False) & Q(ai_level="")) | (Q(user__isnull=True) & ~Q(ai_level="")),
                name="participant_is_a_person_or_an_ai",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_ai(self) -> bool:
        return bool(self.ai_level)

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE


class Stage(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", gettext_lazy("Swiss")
        ROUND_ROBIN = "round_robin", gettext_lazy("Round robin")
        SINGLE_ELIMINATION = "single_elimination", gettext_lazy("Single elimination")
        DOUBLE_ELIMINATION = "double_elimination", gettext_lazy("Double elimination")
        TABLES = "tables", gettext_lazy("Multiplayer tables")
        SCORE_CHALLENGE = "score_challenge", gettext_lazy("Score challenge (duplicate)")

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Not started")
        RUNNING = "running", gettext_lazy("Running")
        CLOSED = "closed", gettext_lazy("Closed")

    class LevelSeries(models.TextChoices):
        DRAW = "draw", gettext_lazy("stays drawn")
        EXTRA_GAME = "extra_game", gettext_lazy("an extra game decides")
        HIGHER_SEED = "higher_seed", gettext_lazy("the higher seed goes through")

    class AtDeadline(models.TextChoices):
        NOTHING = "nothing", gettext_lazy("nothing happens")
        FLAG = "flag", gettext_lazy("flag it to the organisers")
        FORFEIT_ABSENT = "forfeit_absent", gettext_lazy("forfeit by the player who never checked in (else flag)")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveIntegerField(default=1)
    name = models.CharField(max_length=80, default="Main")
    format = models.CharField(max_length=30, choices=Format.choices, default=Format.SWISS)
    settings = models.JSONField(default=dict, blank=True, help_text="format settings (rounds, table sizes, ...)")
    series_length = models.PositiveSmallIntegerField(default=1, help_text="best of N games (odd)")
    points_win = models.DecimalField(max_digits=5, decimal_places=2, default=1)
    points_draw = models.DecimalField(max_digits=5, decimal_places=2, default="0.5")
    points_loss = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    points_bye = models.DecimalField(max_digits=5, decimal_places=2, default=1)
    tiebreaks = models.JSONField(default=list, blank=True, help_text="ordered tie-break keys")
    level_series = models.CharField(max_length=20, choices=LevelSeries.choices, default=LevelSeries.DRAW)
    advance_count = models.PositiveIntegerField(null=True, blank=True, help_text="entrants who go to the next stage")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    bracket = models.JSONField(null=True, blank=True, help_text="an elimination stage's bracket, drawn at round 1")
    groups = models.JSONField(
        null=True,
        blank=True,
        help_text="a group stage's groups (participant ids by group), drawn at round 1",
    )
    entrants = models.JSONField(
        null=True,
        blank=True,
        help_text="participant ids in seed order, when the previous stage sent them; null: everyone",
    )
    # The time control of the stage's games played on Brume: base + increment, or days per move
    # (correspondence); none of them: no clock.
    time_base_minutes = models.PositiveIntegerField(null=True, blank=True, help_text="minutes per player")
    time_increment_seconds = models.PositiveIntegerField(default=0, help_text="seconds added after each turn")
    time_days_per_move = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="correspondence: days for each turn"
    )
    # Schedules (issue 17): what the deadline runner (tournament.services.deadlines) does.
    auto_confirm_hours = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="a one-sided report is confirmed this many hours after it was made (empty: never)",
    )
    at_deadline = models.CharField(
        max_length=20,
        choices=AtDeadline.choices,
        default=AtDeadline.NOTHING,
        help_text="a match with no result",
    )

    class Meta:
        verbose_name = gettext_lazy("stage")
        verbose_name_plural = gettext_lazy("stages")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_stage_per_number"),
            models.CheckConstraint(condition=Q(series_length__gte=1), name="series_has_games"),
        ]

    def __str__(self) -> str:
        return f"{self.event} — {self.name}"

    @property
    def games_to_win(self) -> int:
        return self.series_length // 2 + 1


class Round(models.Model):
    class Status(models.TextChoices):
        PUBLISHED = "published", gettext_lazy("Published")
        CLOSED = "closed", gettext_lazy("Closed")

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PUBLISHED)
    seed = models.BigIntegerField(help_text="the seed the pairing used")
    explanation = models.JSONField(default=dict, blank=True, help_text="what the pairing algorithm did and why")
    published_at = models.DateTimeField(auto_now_add=True)
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    # Schedules (issue 17): stored in UTC, shown in the event's time zone.
    starts_at = models.DateTimeField(null=True, blank=True)
    report_deadline = models.DateTimeField(null=True, blank=True)
    deadline_warned_at = models.DateTimeField(null=True, blank=True, help_text="deadline_approaching was sent")

    class Meta:
        verbose_name = gettext_lazy("round")
        verbose_name_plural = gettext_lazy("rounds")
        ordering = ["stage", "number"]
        constraints = [models.UniqueConstraint(fields=["stage", "number"], name="one_round_per_number")]

    def __str__(self) -> str:
        return _("%(stage)s round %(number)s") % {"stage": self.stage.name, "number": self.number}


class Match(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Waiting for results")
        COMPLETED = "completed", gettext_lazy("Completed")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveIntegerField()
    label = models.CharField(max_length=80, blank=True, help_text="bracket slot or table name")
    bracket_slot = models.CharField(max_length=20, blank=True, help_text="the bracket match this match plays")
    is_bye = models.BooleanField(default=False)
    setup_seed = models.BigIntegerField(null=True, blank=True, help_text="the shared setup of a duplicate round")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    explanation = models.JSONField(default=dict, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    # Schedules (issue 17): the report deadline passed with no result and the organiser was told.
    flagged_at = models.DateTimeField(null=True, blank=True)
    flag_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = gettext_lazy("match")
        verbose_name_plural = gettext_lazy("matches")
        ordering = ["round", "table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="one_match_per_table")]

    def __str__(self) -> str:
        return _("%(round)s table %(table)s") % {"round": self.round, "table": self.table}

    def get_absolute_url(self) -> str:
        return reverse("match-detail", args=[self.round.stage.event.slug, self.pk])

    @property
    def is_drawn(self) -> bool:
        """A settled match where every seat shares first place (uses the prefetched seats)."""
        seats = list(self.seats.all())
        return not self.is_bye and len(seats) > 1 and all(seat.rank == 1 for seat in seats)


class MatchSeat(models.Model):
    """A participant at a match. ``seat`` 0 moves first in the series' first game."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    participant = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="match_seats")
    seat = models.PositiveSmallIntegerField()
    # The series result, filled when the match completes.
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    games_won = models.DecimalField(max_digits=5, decimal_places=1, default=0)
    score_total = models.FloatField(default=0)
    match_points = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("match seat")
        verbose_name_plural = gettext_lazy("match seats")
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_participant_per_seat"),
            models.UniqueConstraint(fields=["match", "participant"], name="one_seat_per_participant"),
        ]

    def __str__(self) -> str:
        return f"{self.participant} at {self.match}"


class SeriesGame(models.Model):
    """One game of a match's series, with its current result; the ledger keeps every change."""

    class Status(models.TextChoices):
        AWAITING = "awaiting", gettext_lazy("Waiting for a report")
        REPORTED = "reported", gettext_lazy("Reported, waiting for confirmation")
        DISPUTED = "disputed", gettext_lazy("Disputed")
        CONFIRMED = "confirmed", gettext_lazy("Confirmed")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    # Participant ids in the order they sit in this game: the first moves first.
    seat_order = models.JSONField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.AWAITING)
    # The current result, per participant id in seat_order: rank (1 best) and score.
    ranks = models.JSONField(null=True, blank=True)
    scores = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0, help_text="ledger entries so far; guards concurrent writes")
    reported_by = models.ForeignKey(Participant, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    record = models.ForeignKey(
        "games.GameRecord",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="series_games",
        help_text="the game's log",
    )
    # Whose report the log is: a log a player uploaded counts as that player's report, which the
    # opponent confirms or disputes. Empty when Brume produced the log (an online or AI game) or
    # an organiser attached it: then a valid log confirms the result by itself.
    record_reporter = models.ForeignKey(
        Participant,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="the player whose report the attached log is (empty: Brume's or an organiser's log)",
    )
    live = models.ForeignKey(
        "games.LiveGame",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="played online",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = gettext_lazy("series game")
        verbose_name_plural = gettext_lazy("series games")
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="one_game_per_number")]

    def __str__(self) -> str:
        return f"{self.match} game {self.number}"


class ResultEntry(models.Model):
    """The append-only ledger of a series game's result: nothing is overwritten silently."""

    class Action(models.TextChoices):
        REPORT = "report", gettext_lazy("reported")
        CONFIRM = "confirm", gettext_lazy("confirmed")
        DISPUTE = "dispute", gettext_lazy("disputed")
        CORRECT = "correct", gettext_lazy("corrected")
        RULE = "rule", gettext_lazy("ruled on the dispute")
        LOG_VALIDATED = "log_validated", gettext_lazy("confirmed by a valid game log")
        AUTO_CONFIRM = "auto_confirm", gettext_lazy("confirmed: nobody disputed the report in time")
        FORFEIT = "forfeit", gettext_lazy("forfeited at the deadline")

    class Role(models.TextChoices):
        PARTICIPANT = "participant", gettext_lazy("participant")
        ORGANISER = "organiser", gettext_lazy("organiser")
        SYSTEM = "system", gettext_lazy("Brume")

    game = models.ForeignKey(SeriesGame, on_delete=models.CASCADE, related_name="ledger")
    version = models.PositiveIntegerField()
    action = models.CharField(max_length=20, choices=Action.choices)
    role = models.CharField(max_length=20, choices=Role.choices)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    participant = models.ForeignKey(Participant, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    ranks = models.JSONField(null=True, blank=True)
    scores = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)
    status_after = models.CharField(max_length=20, choices=SeriesGame.Status.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("result entry")
        verbose_name_plural = gettext_lazy("result entries")
        ordering = ["game", "version"]
        constraints = [models.UniqueConstraint(fields=["game", "version"], name="one_entry_per_version")]

    def __str__(self) -> str:
        return f"{self.game} v{self.version}: {self.get_action_display()}"


class DeclaredConflict(models.Model):
    """Two participants an organiser declared must never be paired together (family, coach and
    pupil...): a hard rule of the pairing, like two entrants of one club."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="conflicts")
    # Stored with first.pk < second.pk, so that a pair is declared once whichever way it is given.
    first = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=200, blank=True)
    declared_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("declared conflict")
        verbose_name_plural = gettext_lazy("declared conflicts")
        ordering = ["event", "id"]
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="one_declaration_per_pair"),
            models.CheckConstraint(condition=Q(first__lt=models.F("second")), name="conflict_pair_in_order"),
        ]

    def __str__(self) -> str:
        return f"{self.first} / {self.second}"


# --- organiser jobs (issue 31): long organiser work in the background ----------------------


def new_job_id() -> str:
    return secrets.token_urlsafe(12)  # 96 random bits: a job's address cannot be guessed or walked


class OrganiserJob(models.Model):
    """Long organiser work run by a worker (a TRF import), with its progress and its outcome.

    The work's input is kept here so that any worker can read it. ``done`` and ``total`` are
    written while the work runs, through a connection of their own (tournament.jobs), so that
    they are seen while the work's own transaction is still open; ``result`` and ``error`` say
    what came of it. At most one job of a kind is queued or running on a stage.
    """

    class Kind(models.TextChoices):
        TRF_IMPORT = "trf_import", gettext_lazy("TRF import")

    class Status(models.TextChoices):
        QUEUED = "queued", gettext_lazy("Waiting for a worker")
        RUNNING = "running", gettext_lazy("Running")
        DONE = "done", gettext_lazy("Done")
        FAILED = "failed", gettext_lazy("Failed")

    ACTIVE = (Status.QUEUED, Status.RUNNING)

    public_id = models.CharField(max_length=16, unique=True, default=new_job_id, editable=False)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="jobs")
    stage = models.ForeignKey(Stage, null=True, blank=True, on_delete=models.CASCADE, related_name="jobs")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    language = models.CharField(max_length=10, blank=True, help_text="the starter's language, for the messages")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    input_text = models.TextField(blank=True, help_text="the work's input (the TRF file's text)")
    result = models.JSONField(null=True, blank=True, help_text="what the work stored, in counts")
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("organiser job")
        verbose_name_plural = gettext_lazy("organiser jobs")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "kind"],
                condition=Q(status__in=["queued", "running"]),
                name="one_active_job_per_stage_and_kind",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.public_id} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("job-detail", args=[self.event.slug, self.public_id])

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)

    @property
    def percent(self) -> int:
        return min(100, self.done * 100 // self.total) if self.total else 0

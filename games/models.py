"""Game records: a stored game log, its validation verdict, and where it came from."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

PUBLIC_ID_LENGTH = 16  # characters of secrets.token_urlsafe(12): 96 random bits
PUBLIC_ID_PATTERN = r"[A-Za-z0-9_-]{16}"


def new_public_id() -> str:
    """A random, URL-safe name for a record or a live game: what its URLs and the API show, so
    that nobody can walk the database's sequential ids."""
    return secrets.token_urlsafe(12)


class GameRecord(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for validation")
        VALIDATING = "validating", _("Being validated")
        VALID = "valid", _("Valid")
        INVALID = "invalid", _("Invalid")
        FAILED = "failed", _("Could not be validated")

    class Source(models.TextChoices):
        UPLOADED = "uploaded", _("Uploaded")
        PLAYED = "played", _("Played in Brume")
        AI = "ai", _("AI game")

    public_id = models.CharField(
        max_length=PUBLIC_ID_LENGTH, unique=True, default=new_public_id, editable=False, help_text="its name in URLs"
    )
    game = models.CharField(max_length=40)
    log = models.JSONField(help_text="the canonical JSON form of the game log")
    content_hash = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the canonical log")
    move_count = models.PositiveIntegerField(default=0)
    source = models.CharField(max_length=20, choices=Source.choices, default=Source.UPLOADED)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    verdict = models.JSONField(null=True, blank=True, help_text="the validator's verdict, written once")
    finished = models.BooleanField(default=False)
    bad_move_ply = models.PositiveIntegerField(null=True, blank=True)
    error = models.TextField(blank=True, help_text="why validation failed (a fault of Brume, not of the log)")
    attempts = models.PositiveSmallIntegerField(default=0)
    claimed_at = models.DateTimeField(null=True, blank=True)
    validated_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["game", "status"]), models.Index(fields=["status", "claimed_at"])]
        verbose_name = _("game record")
        verbose_name_plural = _("game records")

    def __str__(self) -> str:
        return f"{self.game} record {self.public_id}"

    def get_absolute_url(self) -> str:
        return reverse("record-detail", args=[self.public_id])

    @property
    def is_done(self) -> bool:
        return self.status in (self.Status.VALID, self.Status.INVALID, self.Status.FAILED)


class AIBatch(models.Model):
    """A batch of AI games played by workers, with its progress."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    players = models.JSONField(help_text="AI level per seat")
    games_requested = models.PositiveIntegerField()
    games_played = models.PositiveIntegerField(default=0)
    seed = models.BigIntegerField()
    move_seconds = models.FloatField(default=0.2)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.QUEUED)
    summary = models.JSONField(null=True, blank=True, help_text="wins per level, with confidence intervals")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    records = models.ManyToManyField(GameRecord, blank=True, related_name="batches")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("AI batch")
        verbose_name_plural = _("AI batches")

    def __str__(self) -> str:
        return f"{self.game}: {' v '.join(self.players)} ×{self.games_requested}"


class LiveGame(models.Model):
    """A game played move by move on Brume: people through their pages, AI levels by workers.

    Its truth is its moves: the state is rebuilt by replaying them, so a live game is a log
    under construction and becomes a record when it ends.
    """

    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    public_id = models.CharField(
        max_length=PUBLIC_ID_LENGTH, unique=True, default=new_public_id, editable=False, help_text="its name in URLs"
    )
    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    layout = models.JSONField(null=True, blank=True)
    seats = models.JSONField(help_text='one {"name", "player"} per seat; player "user:<id>" or "ai:<game>/<level>"')
    moves = models.JSONField(default=list, blank=True)
    version = models.PositiveIntegerField(default=0, help_text="moves played; guards concurrent moves")
    revision = models.PositiveIntegerField(
        default=0, help_text="every change (moves, draw offers, the end); what push events and pages compare"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PLAYING)
    record = models.ForeignKey(GameRecord, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # The current turn: the version it began at and when (for a game with a per-turn clock).
    turn_version = models.PositiveIntegerField(default=0)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    # The text each move was sent in by its seat (the player form), shown back only to that seat.
    player_texts = models.JSONField(default=list, blank=True)
    # The time control (games/live_clock.py): {"base": s, "increment": s} or {"per_move": s}; {}
    # for none. ``clock_left``: seconds each seat had left when the current turn began.
    time_control = models.JSONField(default=dict, blank=True)
    clock_left = models.JSONField(default=list, blank=True)
    draw_offer = models.PositiveSmallIntegerField(null=True, blank=True, help_text="the seat offering a draw")
    termination = models.CharField(max_length=20, blank=True, help_text="how the game ended, when not on the board")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("live game")
        verbose_name_plural = _("live games")

    def __str__(self) -> str:
        return f"live {self.game} game {self.public_id}"

    def get_absolute_url(self) -> str:
        return reverse("live-game", args=[self.public_id])

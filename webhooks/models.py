"""Outbound webhooks: the endpoints organisers register and the log of every delivery to them.

What the receivers get, how it is signed and retried is in ``webhooks.services`` and
``docs/webhooks.md``; these classes hold data and the constraints the database can enforce.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    PAIRINGS_PUBLISHED = "pairings_published", _("Pairings published")
    RESULT_CONFIRMED = "result_confirmed", _("Result confirmed")
    STANDINGS_CHANGED = "standings_changed", _("Standings changed")
    EVENT_FINISHED = "event_finished", _("Event finished")
    PING = "ping", _("Test ping")


SUBSCRIBABLE = [kind for kind in Kind.values if kind != Kind.PING]


class Endpoint(models.Model):
    """A URL that hears of one event (``event`` set) or of every event its owner organises."""

    class Style(models.TextChoices):
        JSON = "json", _("JSON (Brume's own payload)")
        DISCORD = "discord", _("Discord channel webhook")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhook_endpoints")
    event = models.ForeignKey(
        "tournament.Event",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="webhook_endpoints",
        help_text=_("empty: every event the owner organises"),
    )
    name = models.CharField(max_length=80, blank=True, help_text=_("a note for you: 'club site', 'Discord #results'"))
    url = models.URLField(max_length=500)
    style = models.CharField(max_length=10, choices=Style.choices, default=Style.JSON)
    kinds = models.JSONField(default=list, help_text=_("the kinds of news sent (see webhooks.models.Kind)"))
    # Kept in clear: every delivery is signed with it. Shown once, when created or rotated.
    secret = models.CharField(max_length=80)
    active = models.BooleanField(default=True)
    disabled_reason = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name or self.url

    @property
    def kind_labels(self) -> list[str]:
        """The kinds of news it hears, in the reader's words (the codes stay in the payloads)."""
        labels = dict(Kind.choices)
        return [str(labels.get(kind, kind)) for kind in self.kinds]

    @property
    def scope(self) -> str:
        return "event" if self.event_id else "account"


class Delivery(models.Model):
    """One piece of news for one endpoint, sent until it is delivered or given up."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        DELIVERED = "delivered", _("Delivered")
        FAILED = "failed", _("Failed, will retry")
        GAVE_UP = "gave_up", _("Gave up")

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    endpoint = models.ForeignKey(Endpoint, on_delete=models.CASCADE, related_name="deliveries")
    kind = models.CharField(max_length=30, choices=Kind.choices)
    event = models.ForeignKey(
        "tournament.Event", null=True, blank=True, on_delete=models.CASCADE, related_name="webhook_deliveries"
    )
    payload = models.JSONField()
    # The SHA-256 of the news' data: standings that did not move are not sent twice in a row.
    digest = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    # Attempts made before the last "Redeliver": the retry budget counts from there.
    attempts_before_redeliver = models.PositiveIntegerField(default=0)
    last_response_code = models.PositiveSmallIntegerField(null=True, blank=True)
    response_excerpt = models.CharField(max_length=500, blank=True)
    error = models.CharField(max_length=500, blank=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True, help_text=_("when the next attempt is due"))
    # While an attempt runs: the end of its hold on the delivery. No one else sends it meanwhile;
    # a worker that dies mid-send leaves it to the sweep once the hold runs out.
    claimed_until = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "deliveries"
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="webhook_delivery_due")]
        constraints = [
            models.CheckConstraint(
                condition=Q(attempts__gte=models.F("attempts_before_redeliver")), name="redeliver_within_attempts"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to {self.endpoint}"


class DeliveryAttempt(models.Model):
    """One HTTP request of a delivery, and what came back."""

    delivery = models.ForeignKey(Delivery, on_delete=models.CASCADE, related_name="attempt_log")
    number = models.PositiveIntegerField()
    at = models.DateTimeField()
    response_code = models.PositiveSmallIntegerField(null=True, blank=True)
    response_excerpt = models.CharField(max_length=500, blank=True)
    error = models.CharField(max_length=500, blank=True)
    duration_ms = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["delivery", "number"]
        constraints = [models.UniqueConstraint(fields=["delivery", "number"], name="one_attempt_per_number")]

    def __str__(self) -> str:
        return f"{self.delivery} attempt {self.number}"

"""A notification (one person, one thing that happened) and a person's choices per kind."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    PAIRINGS_PUBLISHED = "pairings_published", _("Pairings published")
    RESULT_REPORTED = "result_reported", _("Result reported by the opponent")
    RESULT_CONFIRMED = "result_confirmed", _("Result confirmed")
    DISPUTE_OPENED = "dispute_opened", _("Dispute opened")
    DISPUTE_RULED = "dispute_ruled", _("Dispute ruled")
    DEADLINE_SOON = "deadline_soon", _("Report deadline in an hour")
    EVENT_STARTING = "event_starting", _("Event starting")
    LOG_VERDICT = "log_verdict", _("Game log verdict")
    YOUR_TURN = "your_turn", _("Your turn in an online game")
    MATCH_FLAGGED = "match_flagged", _("Match flagged at its deadline (organisers)")


# Every kind is shown on the site unless a person turns it off; these also go by email.
EMAIL_BY_DEFAULT = frozenset(
    {
        Kind.PAIRINGS_PUBLISHED,
        Kind.RESULT_REPORTED,
        Kind.DISPUTE_OPENED,
        Kind.DISPUTE_RULED,
        Kind.DEADLINE_SOON,
        Kind.EVENT_STARTING,
        Kind.MATCH_FLAGGED,
    }
)


class Notification(models.Model):
    recipient = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=30, choices=Kind.choices)
    title = models.CharField(max_length=200)
    body = models.TextField(blank=True, help_text=_("plain text, a few lines"))
    url = models.CharField(max_length=500, blank=True, help_text=_("a link inside the site (a path)"))
    # What happened, once per recipient: a signal delivered twice finds its row already there.
    dedupe_key = models.CharField(max_length=200)
    # Decided from the person's choices when the row is written (email may be re-checked at sending).
    on_site = models.BooleanField(default=True, help_text=_("shown in the bell and the list"))
    by_email = models.BooleanField(default=False, help_text=_("to be sent in the next email digest"))
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["recipient", "dedupe_key"], name="one_notification_per_happening"),
        ]
        indexes = [
            # The bell: a person's unread notifications shown on the site.
            models.Index(fields=["recipient", "on_site", "read_at"], name="notification_unread"),
            # The digest: a person's notifications waiting for an email.
            models.Index(fields=["recipient", "by_email", "emailed_at"], name="notification_email_queue"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.recipient_id}: {self.title}"

    @property
    def is_read(self) -> bool:
        return self.read_at is not None


class Preference(models.Model):
    """One person's choice for one kind; no row means the defaults (site on, email per kind)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_choices")
    kind = models.CharField(max_length=30, choices=Kind.choices)
    site = models.BooleanField(default=True)
    email = models.BooleanField(default=False)

    class Meta:
        ordering = ["user", "kind"]
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="one_preference_per_kind")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind}: site {self.site}, email {self.email}"

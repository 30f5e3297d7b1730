"""The outbox: every email the site sends, written down before it is sent."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class OutgoingMail(models.Model):
    """One email as it was handed to Django's mail API, waiting for the mail server or sent.

    Written in the same transaction as the work that caused it (a sign-up, a reset, a digest),
    so an email is sent only once that work is committed, and never if it is rolled back. After
    the commit a task sends it; the sweep sends again what is still pending. ``message`` holds
    the serialized message (headers, text and HTML parts, attachments) exactly as it goes on the
    wire; ``from_email`` and ``recipients`` are the envelope (Bcc is only there).
    """

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Pending")
        SENDING = "sending", gettext_lazy("Being sent")
        SENT = "sent", gettext_lazy("Sent")
        FAILED = "failed", gettext_lazy("Given up")

    created_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    subject = models.CharField(max_length=300, blank=True, help_text="for people reading the outbox only")
    from_email = models.TextField()
    recipients = models.JSONField(help_text="the envelope's recipients: To, Cc and Bcc")
    message = models.BinaryField(help_text="the message as sent, line ends CRLF")
    attempts = models.PositiveIntegerField(default=0, help_text="attempts to send it, the one running included")
    due_at = models.DateTimeField(help_text="when the next attempt is due (the sweep: a while after)")
    claimed_until = models.DateTimeField(
        null=True, blank=True, help_text="while being sent: until when no one else may send it"
    )
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = gettext_lazy("outgoing email")
        verbose_name_plural = gettext_lazy("outgoing emails")
        indexes = [models.Index(fields=["status", "due_at"], name="outbox_mail_due")]

    def __str__(self) -> str:
        return f"{self.subject or '(no subject)'} to {', '.join(self.recipients)}"

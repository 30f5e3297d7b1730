"""The site's email backend: every message goes to the outbox, not to the mail server.

``EMAIL_BACKEND`` names this; the backend that really sends (SMTP, the console) is
``BRUME_EMAIL_DELIVERY_BACKEND``. allauth, the notification digests and anything else that
uses Django's mail API go through it unchanged: a page that sends an email answers as usual
while the mail server is down, and the email leaves once it is back (``outbox.services``).
"""

from __future__ import annotations

from django.core.mail.backends.base import BaseEmailBackend


class QueuedEmailBackend(BaseEmailBackend):
    def send_messages(self, email_messages) -> int:
        from outbox.services import mail_queue

        try:
            return len(mail_queue(messages=email_messages))
        except Exception:
            if not self.fail_silently:  # the database failed: the caller's work fails with it
                raise
            return 0

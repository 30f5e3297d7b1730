"""A queued message turned back into something Django's mail backends send.

The outbox keeps a message as bytes (what the SMTP backend would have put on the wire). To send
it with whatever backend is configured, it becomes an ``EmailMultiAlternatives`` again: its
``message()`` gives back those very bytes (the SMTP, console and file backends send that), its
envelope is the stored one (Bcc included), and its fields (subject, body, HTML part, attachments)
are read back from the bytes for the backends and tests that read fields instead.
"""

from __future__ import annotations

import email
import email.message
import email.policy

from django.core.mail import EmailMultiAlternatives

CRLF = b"\r\n"


class StoredMIME(email.message.Message):
    """A parsed message whose ``as_bytes``/``as_string`` give back the stored bytes unchanged
    (only the line ends asked for), not a re-generation that could fold or encode differently."""

    stored: bytes | None = None

    def as_bytes(self, unixfrom=False, linesep="\n", policy=None):
        if self.stored is None:  # a part of the message, not the message itself
            return super().as_bytes(unixfrom=unixfrom, policy=policy)
        return self.stored.replace(CRLF, linesep.encode())

    def as_string(self, unixfrom=False, linesep="\n", maxheaderlen=0, policy=None):
        if self.stored is None:
            return super().as_string(unixfrom=unixfrom, maxheaderlen=maxheaderlen, policy=policy)
        return self.as_bytes(linesep=linesep).decode("utf-8", errors="surrogateescape")

    def __bytes__(self):
        return self.as_bytes()

    def __str__(self):
        return self.as_string()


def stored_mime(raw: bytes) -> StoredMIME:
    mime = email.message_from_bytes(raw.replace(CRLF, b"\n"), _class=StoredMIME)
    mime.stored = raw
    return mime


def _addresses(parsed: email.message.EmailMessage, name: str) -> list[str]:
    header = parsed.get(name)
    return [str(address) for address in header.addresses] if header is not None else []


_FIELD_HEADERS = {"subject", "from", "to", "cc", "reply-to", "content-type", "content-transfer-encoding"}
_FIELD_HEADERS |= {"mime-version"}


class StoredEmail(EmailMultiAlternatives):
    """An outbox row's message, ready for ``backend.send_messages``."""

    def __init__(self, *, raw: bytes, from_email: str, recipients: list[str]):
        parsed = email.message_from_bytes(raw.replace(CRLF, b"\n"), policy=email.policy.default)
        to, cc = _addresses(parsed, "To"), _addresses(parsed, "Cc")
        body_part = parsed.get_body(preferencelist=("plain",))
        alternatives = []
        if parsed.get_content_maintype() == "multipart":
            container = next((p for p in parsed.walk() if p.get_content_type() == "multipart/alternative"), None)
            for part in container.iter_parts() if container is not None else []:
                if part is not body_part:
                    alternatives.append((part.get_content(), part.get_content_type()))
        attachments = [
            (part.get_filename(), part.get_content(), part.get_content_type()) for part in parsed.iter_attachments()
        ]
        super().__init__(
            subject=str(parsed.get("Subject", "")),
            body=body_part.get_content() if body_part is not None else "",
            from_email=from_email,
            to=to,
            cc=cc,
            bcc=[address for address in recipients if address not in to and address not in cc],
            reply_to=_addresses(parsed, "Reply-To"),
            headers={name: str(value) for name, value in parsed.items() if name.lower() not in _FIELD_HEADERS},
            alternatives=alternatives,
        )
        self.attachments = attachments
        self.raw = raw
        self._envelope = list(recipients)

    def recipients(self) -> list[str]:
        return list(self._envelope)

    def message(self) -> StoredMIME:
        return stored_mime(self.raw)

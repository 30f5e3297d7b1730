"""Errors the tournament services raise. Views turn them into messages and HTTP statuses."""

from __future__ import annotations

from django.utils.translation import gettext_lazy


class ServiceError(Exception):
    """Something a person can fix; the message says what (HTTP 400)."""

    status_code = 400

    def __init__(self, message: str, *, code: str = "invalid"):
        message = str(message)  # a lazy text (a default below) in the language of the moment
        super().__init__(message)
        self.message = message
        self.code = code


class NotAllowed(ServiceError):
    """The person may not do this (HTTP 403)."""

    status_code = 403

    def __init__(self, message: str = gettext_lazy("you are not allowed to do this"), *, code: str = "forbidden"):
        super().__init__(message, code=code)


class StaleVersion(ServiceError):
    """Someone changed the thing since the caller read it (HTTP 412, for If-Match)."""

    status_code = 412

    def __init__(self, message: str, *, current_version: int):
        super().__init__(message, code="stale")
        self.current_version = current_version


class Conflict(ServiceError):
    """The action clashes with the current state, e.g. a round already published (HTTP 409)."""

    status_code = 409

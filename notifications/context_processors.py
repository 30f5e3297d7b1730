"""The bell: the unread count of the signed-in person, counted only when a page shows it."""

from __future__ import annotations

from django.utils.functional import SimpleLazyObject

from notifications.selectors import unread_count


def bell(request) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    # Lazy: a page that never shows the bell (an htmx fragment) costs no query.
    return {"notifications_unread": SimpleLazyObject(lambda: unread_count(user))}

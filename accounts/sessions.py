"""Sign out everywhere: every session of the person ends, and every API token of theirs."""

from __future__ import annotations

from django.contrib.auth import SESSION_KEY, logout
from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone

from accounts.tokens import revoke_all_tokens


def sessions_of(user) -> list[str]:
    """Keys of the person's live sessions in the database (sessions are signed, not indexed by
    person: each live one is read; fine for a club site, see docs/accounts.md)."""
    keys = []
    for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator(chunk_size=500):
        if session.get_decoded().get(SESSION_KEY) == str(user.pk):
            keys.append(session.session_key)
    return keys


@transaction.atomic
def sign_out_everywhere(*, user, request=None) -> dict:
    """End all of the person's sessions (this one too, when a request is given) and revoke all
    their API tokens. Returns how many of each ended."""
    keys = sessions_of(user)
    Session.objects.filter(session_key__in=keys).delete()
    tokens = revoke_all_tokens(user)
    if request is not None and getattr(request, "user", None) is not None and request.user.pk == user.pk:
        logout(request)
    return {"sessions": len(keys), "tokens": tokens}

"""The password check, counted against the sign-in limits of accounts.signin.

allauth's backend underneath, so that a person signs in by user name or by email on every form
(allauth's pages, the admin, the token endpoint), and every one of those attempts is counted.
"""

from __future__ import annotations

from allauth.account.auth_backends import AuthenticationBackend
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError

from accounts import signin
from accounts.login_accounts import accounts_named
from config.kept_queries import KeptQuery

LOCKOUT_ATTRIBUTE = "brume_signin_lockout"


# Every signed-in request reads its person by the session's id: SQL compiled once per process.
# The marker is a key no person has (any integer of the key's range that is not a real id).
_PERSON_BY_ID = KeptQuery(lambda pk: get_user_model()._default_manager.filter(pk=pk), markers=(-1_987_654_321,))


class LimitedModelBackend(AuthenticationBackend):
    """allauth's backend (Django's model backend that also knows emails), with every password
    attempt that comes with a request counted.

    A refused attempt raises PermissionDenied (``authenticate`` then stops and returns None) and
    leaves the lockout on the request, where the sign-in forms and the token endpoint find the
    message to show. Calls without a request (the shell, ``Client.login`` in tests) are not counted.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        credentials = dict(kwargs, password=password)
        if username is not None:
            credentials["username"] = username
        # The name the person typed, whichever it is: allauth sends an email both as `email`
        # and as `username`, so one attempt is counted once.
        typed = username if username is not None else kwargs.get("email")
        if request is None or typed is None or password is None:
            return super().authenticate(request, **credentials)
        # Counted per account, whichever of its logins was typed (user name or email).
        lockout = signin.begin_attempt(request, typed, accounts_named(typed))
        if lockout is not None:
            setattr(request, LOCKOUT_ATTRIBUTE, lockout)
            raise PermissionDenied(lockout.message)
        user = super().authenticate(request, **credentials)
        if user is not None:
            signin.attempt_succeeded(request, user.pk)
        return user

    def get_user(self, user_id):
        """Django's ``get_user`` (the session's person, if they may still sign in), without
        compiling the query at every request."""
        try:
            pk = get_user_model()._meta.pk.to_python(user_id)
        except ValidationError:
            return None
        user = _PERSON_BY_ID.first(pk) if pk is not None else None
        return user if user is not None and self.user_can_authenticate(user) else None


def lockout_of(request) -> signin.Lockout | None:
    return getattr(request, LOCKOUT_ATTRIBUTE, None)

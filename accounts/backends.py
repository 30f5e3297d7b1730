"""The password check, counted against the sign-in limits of accounts.signin.

allauth's backend underneath, so that a person signs in by user name or by email on every form
(allauth's pages, the admin, the token endpoint), and every one of those attempts is counted.
"""

from __future__ import annotations

from allauth.account.auth_backends import AuthenticationBackend
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied

from accounts import signin

LOCKOUT_ATTRIBUTE = "brume_signin_lockout"


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
        lockout = signin.begin_attempt(request, typed)
        if lockout is not None:
            setattr(request, LOCKOUT_ATTRIBUTE, lockout)
            raise PermissionDenied(lockout.message)
        user = super().authenticate(request, **credentials)
        if user is not None:
            signin.attempt_succeeded(request, typed)
        return user


def lockout_of(request) -> signin.Lockout | None:
    return getattr(request, LOCKOUT_ATTRIBUTE, None)

"""The password check, counted against the sign-in limits of accounts.signin."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied

from accounts import signin

LOCKOUT_ATTRIBUTE = "brume_signin_lockout"


class LimitedModelBackend(ModelBackend):
    """Django's model backend, with every password attempt that comes with a request counted.

    A refused attempt raises PermissionDenied (``authenticate`` then stops and returns None) and
    leaves the lockout on the request, where the sign-in forms and the token endpoint find the
    message to show. Calls without a request (the shell, ``Client.login`` in tests) are not counted.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if request is None or username is None or password is None:
            return super().authenticate(request, username=username, password=password, **kwargs)
        lockout = signin.begin_attempt(request, username)
        if lockout is not None:
            setattr(request, LOCKOUT_ATTRIBUTE, lockout)
            raise PermissionDenied(lockout.message)
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is not None:
            signin.attempt_succeeded(request, username)
        return user


def lockout_of(request) -> signin.Lockout | None:
    return getattr(request, LOCKOUT_ATTRIBUTE, None)

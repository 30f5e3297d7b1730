"""Which accounts a typed login names, so that the sign-in limits count per account.

A person signs in by user name or by email (``ACCOUNT_LOGIN_METHODS``): both forms of one
account must share one count. The accounts are found exactly as allauth's backend finds those
it checks the password of (by email, verified addresses first, then by user name), and the
same lookups run whether or not anyone has that login, so that neither the answer nor its time
depends on it.
"""

from __future__ import annotations

from allauth.account import app_settings
from allauth.account.app_settings import LoginMethod
from allauth.account.internal.userkit import filter_users_by_email, get_user_by_username


def accounts_named(login: str | None) -> list:
    """The ids of the accounts whose password an attempt with ``login`` is checked against,
    sorted; empty when nobody has that login."""
    login = (login or "").strip()
    if not login:
        return []
    ids = set()
    methods = app_settings.LOGIN_METHODS
    if LoginMethod.EMAIL in methods:
        ids.update(user.pk for user in filter_users_by_email(login, prefer_verified=True, for_login=True))
    if LoginMethod.USERNAME in methods:
        user = get_user_by_username(login)
        if user is not None:
            ids.add(user.pk)
    return sorted(ids)

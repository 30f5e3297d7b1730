"""Limits on password guessing, shared by every way of signing in (page, admin, API token).

Two counters, each in a window that starts at its first attempt (``BRUME_SIGNIN_WINDOW_MINUTES``):
- per account: ``BRUME_SIGNIN_ACCOUNT_LIMIT``. The account is the one the login names, by user
  name or by email (``accounts.login_accounts``), so both forms of one account share one count.
  A login nobody has keeps a count of its own (as typed, folded to lower case) that behaves the
  same way, so that the answers never tell which logins exist;
- per client address (``config.proxies.client_ip``): ``BRUME_SIGNIN_ADDRESS_LIMIT``.

An attempt is counted *before* the password is checked, with an atomic increment in the cache
(Redis ``INCR`` in production, the local-memory cache's lock in embedded mode), so parallel
requests cannot check more passwords than the limit allows. A successful sign-in clears the
account's counter and gives back its own count on the address. Once a counter is over its limit,
every attempt (even with the right password) is refused until the window ends.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches
from django.utils.translation import ngettext

from config.proxies import client_ip


@dataclass(frozen=True)
class Lockout:
    scope: str  # "account" or "address"
    retry_after: int  # seconds

    @property
    def minutes(self) -> int:
        return max(1, math.ceil(self.retry_after / 60))

    @property
    def message(self) -> str:
        """In the language of the page or API answer that shows it (built when it is read)."""
        if self.scope == "account":
            text = ngettext(
                "Too many failed sign-ins for this account: try again in %(minutes)d minute.",
                "Too many failed sign-ins for this account: try again in %(minutes)d minutes.",
                self.minutes,
            )
        else:
            text = ngettext(
                "Too many failed sign-ins for your network address: try again in %(minutes)d minute.",
                "Too many failed sign-ins for your network address: try again in %(minutes)d minutes.",
                self.minutes,
            )
        return text % {"minutes": self.minutes}


def _cache():
    return caches[getattr(settings, "BRUME_SIGNIN_CACHE", "default")]


def _window() -> int:
    return int(settings.BRUME_SIGNIN_WINDOW_MINUTES) * 60


def _key(scope: str, value: str) -> str:
    digest = hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return f"brume:signin:{settings.BRUME_SIGNIN_NAMESPACE}:{scope}:{digest}"


def _account_keys(login: str | None, account_ids) -> list[str]:
    """The per-account counters of an attempt: its accounts', or the login's own when nobody has it."""
    if account_ids:
        return [_key("account", f"user:{account_id}") for account_id in account_ids]
    return [_key("account", "login:" + (login or "").strip().casefold())]


def _address_key(request) -> str:
    return _key("address", client_ip(request))


def _window_over(key: str) -> bool:
    """The window has ended by the clock, even if the cache has not dropped its keys yet."""
    start = _cache().get(key + ":start")
    return start is not None and float(start) + _window() <= time.time()


def _increment(key: str) -> int:
    """Count one attempt atomically; the first attempt opens the window."""
    cache, window = _cache(), _window()
    if _window_over(key):
        cache.delete_many([key, key + ":start"])
    for _ in range(3):
        if cache.add(key, 0, window):
            cache.add(key + ":start", time.time(), window)
        try:
            count = cache.incr(key)
        except ValueError:  # the window ended between add and incr: open a new one
            continue
        if count == 1:
            # Redis INCR on a key that expired just before creates it without a time to live:
            # give the window back its end so a counter never outlives it.
            cache.touch(key, window)
        return count
    return 1


def _retry_after(key: str) -> int:
    start = _cache().get(key + ":start")
    if start is None:
        return _window()
    return max(1, math.ceil(float(start) + _window() - time.time()))


def _over(key: str, limit: int, scope: str, count: int | None = None) -> Lockout | None:
    if count is None:
        count = _cache().get(key) or 0
    if count <= limit or _window_over(key):
        return None
    return Lockout(scope, _retry_after(key))


def _lockout(account_keys: list[str], address_key: str, counts: dict | None = None) -> Lockout | None:
    counts = counts or {}
    for key in account_keys:
        locked = _over(key, settings.BRUME_SIGNIN_ACCOUNT_LIMIT, "account", counts.get(key))
        if locked:
            return locked
    return _over(address_key, settings.BRUME_SIGNIN_ADDRESS_LIMIT, "address", counts.get(address_key))


def current_lockout(request, login: str | None, account_ids=()) -> Lockout | None:
    """The lockout in force for these accounts (or this login) or address, without counting."""
    return _lockout(_account_keys(login, account_ids), _address_key(request))


def begin_attempt(request, login: str | None, account_ids=()) -> Lockout | None:
    """Count one sign-in attempt with ``login``, which names the accounts ``account_ids``
    (``accounts.login_accounts.accounts_named``); a lockout when this attempt is one too many
    (then refuse it)."""
    account_keys, address_key = _account_keys(login, account_ids), _address_key(request)
    locked = _lockout(account_keys, address_key)
    if locked:
        return locked
    limits = {key: settings.BRUME_SIGNIN_ACCOUNT_LIMIT for key in account_keys}
    limits[address_key] = settings.BRUME_SIGNIN_ADDRESS_LIMIT
    counts = {key: _increment(key) for key in limits}
    for key, count in counts.items():
        if count == limits[key] + 1:  # this attempt locks: the lockout lasts a whole window from now
            _cache().touch(key, _window())
            _cache().set(key + ":start", time.time(), _window())
    return _lockout(account_keys, address_key, counts)


def attempt_succeeded(request, account_id) -> None:
    """The right password: the account starts afresh, the address gets its attempt back."""
    cache = _cache()
    (account_key,) = _account_keys(None, [account_id])
    cache.delete_many([account_key, account_key + ":start"])
    with contextlib.suppress(ValueError):
        cache.decr(_address_key(request))

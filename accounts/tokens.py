"""API tokens: several named tokens per person, stored as hashes, that expire and that a password
change revokes.

A key is made of random characters and shown once, when the token is made; the database keeps
only its SHA-256 (a key is random and long, so a plain hash is enough: there is nothing to guess)
and its first characters to recognise it in a list. ``Authorization: Token <key>`` authenticates
with it. A token lasts ``BRUME_TOKEN_TTL_DAYS`` days; after that it answers 401 and is deleted.
Changing a password (``set_password`` then ``save``, the admin, the password pages) deletes all
the person's tokens, so a leaked token dies with the old password. Sessions already end on a
password change (Django's session hash).

DRF's authtoken rows from before (one plain key per person) are still accepted, with the same
expiry, until they expire or are revoked; nothing makes new ones.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, ngettext
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from accounts.models import ApiToken
from config.kept_queries import KeptQuery
from games.validators import hidden_character_refusal

EXPIRED = gettext_lazy("your API token has expired: ask for a new one with POST /api/v1/auth/token/")
INVALID = gettext_lazy("invalid or revoked API token")
MAX_TOKENS_PER_PERSON = 20
MAX_NAME_LENGTH = 80
LAST_USED_PRECISION = timedelta(minutes=1)  # write "last used" at most once a minute per token


def token_lifetime() -> timedelta:
    return timedelta(days=settings.BRUME_TOKEN_TTL_DAYS)


def is_expired(token: Token, now=None) -> bool:
    """A legacy DRF token's expiry (counted from its creation)."""
    return token.created + token_lifetime() <= (now or timezone.now())


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def tokens_of(user):
    """The person's tokens that still work, newest first (expired ones are dropped on the way)."""
    ApiToken.objects.filter(user=user, expires__lte=timezone.now()).delete()
    return ApiToken.objects.filter(user=user)


@transaction.atomic
def token_create(*, user, name: str) -> tuple[ApiToken, str]:
    """A new token and its key; the key is never stored, so this is the only time it is known."""
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": gettext("give the token a name, to recognise it later")})
    refusal = hidden_character_refusal(name)  # shown on the profile page, as every name is
    if refusal:
        raise ValidationError({"name": refusal})
    if len(name) > MAX_NAME_LENGTH:
        raise ValidationError(
            {
                "name": ngettext(
                    "a token's name has at most %(count)d character",
                    "a token's name has at most %(count)d characters",
                    MAX_NAME_LENGTH,
                )
                % {"count": MAX_NAME_LENGTH}
            }
        )
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()  # one creation at a time per person
    if tokens_of(user).count() >= MAX_TOKENS_PER_PERSON:
        raise ValidationError(
            {
                "name": ngettext(
                    "you have %(count)d token already: revoke one first",
                    "you have %(count)d tokens already: revoke one first",
                    MAX_TOKENS_PER_PERSON,
                )
                % {"count": MAX_TOKENS_PER_PERSON}
            }
        )
    key = secrets.token_urlsafe(30)
    token = ApiToken.objects.create(
        user=user, name=name, key_hash=hash_key(key), prefix=key[:8], expires=timezone.now() + token_lifetime()
    )
    return token, key


def token_revoke(*, user, token_id: int) -> None:
    """Revoke one of the person's tokens; someone else's token is simply not found."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise ApiToken.DoesNotExist


def revoke_all_tokens(user) -> int:
    """Every API token of the person, named or legacy, stops working now."""
    named, _ = ApiToken.objects.filter(user=user).delete()
    legacy, _ = Token.objects.filter(user=user).delete()
    return named + legacy


def token_for(user, name: str = "API sign-in") -> str:
    """A new token's key for ``POST /api/v1/auth/token/``."""
    return token_create(user=user, name=name)[1]


# Every API request with a token reads it: its SQL is compiled once per process.
_TOKEN_BY_HASH = KeptQuery(lambda key_hash: ApiToken.objects.select_related("user").filter(key_hash=key_hash))


class PersonalTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``: a named token (by its hash), or a legacy DRF token;
    refused with a clear message once the token has expired."""

    def authenticate_credentials(self, key):
        token = _TOKEN_BY_HASH.first(hash_key(key))
        if token is None:
            return self._legacy(key)
        now = timezone.now()
        if token.expires <= now:
            token.delete()
            raise exceptions.AuthenticationFailed(str(EXPIRED), code="token_expired")
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(gettext("user inactive or deleted"))
        if token.last_used is None or token.last_used + LAST_USED_PRECISION <= now:
            ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        return token.user, token

    def _legacy(self, key):
        user, token = super().authenticate_credentials(key)
        if is_expired(token):
            token.delete()
            raise exceptions.AuthenticationFailed(str(EXPIRED), code="token_expired")
        return user, token


ExpiringTokenAuthentication = PersonalTokenAuthentication  # the name other apps import


@receiver(pre_save, sender=settings.AUTH_USER_MODEL)
def _note_password_change(sender, instance, update_fields=None, **kwargs):
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    old = get_user_model().objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    instance._brume_password_changed = old is not None and old != instance.password


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def _revoke_tokens_on_password_change(sender, instance, created, **kwargs):
    if getattr(instance, "_brume_password_changed", False):
        revoke_all_tokens(instance)
        instance._brume_password_changed = False

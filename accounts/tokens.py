"""API tokens that expire, and that a password change revokes.

DRF's authtoken model is kept (one token per person, ``Authorization: Token <key>``). A token is
good for ``BRUME_TOKEN_TTL_DAYS`` days from its creation; after that it answers 401 and is deleted,
and asking ``POST /api/v1/auth/token/`` again gives a new one. Changing a password (``set_password``
then ``save``, the admin, the password-change page) deletes the person's token, so a leaked token
dies with the old password. Sessions already end on a password change (Django's session hash).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

EXPIRED = "your API token has expired: ask for a new one with POST /api/v1/auth/token/"


def token_lifetime() -> timedelta:
    return timedelta(days=settings.BRUME_TOKEN_TTL_DAYS)


def is_expired(token: Token, now=None) -> bool:
    return token.created + token_lifetime() <= (now or timezone.now())


def token_for(user) -> Token:
    """The person's token: the current one, or a new one when there is none or it has expired."""
    token = Token.objects.filter(user=user).first()
    if token is not None and is_expired(token):
        token.delete()
        token = None
    if token is None:
        token, _ = Token.objects.get_or_create(user=user)
    return token


class ExpiringTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, refused with a clear message once the token has expired."""

    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        if is_expired(token):
            token.delete()
            raise exceptions.AuthenticationFailed(EXPIRED, code="token_expired")
        return user, token


@receiver(pre_save, sender=settings.AUTH_USER_MODEL)
def _note_password_change(sender, instance, update_fields=None, **kwargs):
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    old = get_user_model().objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    instance._brume_password_changed = old is not None and old != instance.password


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def _revoke_tokens_on_password_change(sender, instance, created, **kwargs):
    if getattr(instance, "_brume_password_changed", False):
        Token.objects.filter(user=instance).delete()
        instance._brume_password_changed = False

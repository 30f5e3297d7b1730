"""Whose email must be verified, and who counts as verified."""

from __future__ import annotations

from allauth.account.models import EmailAddress


def needs_verification(user) -> bool:
    """People who signed up have an email address on record and must verify it before signing
    in. Accounts made by staff (the admin, the demo, scripts) have none: staff vouched for them."""
    addresses = EmailAddress.objects.filter(user=user)
    return addresses.exists() and not addresses.filter(verified=True).exists()


def has_verified_email(user) -> bool:
    return user.is_authenticated and EmailAddress.objects.filter(user=user, verified=True).exists()

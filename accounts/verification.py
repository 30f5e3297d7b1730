"""Whose email must be verified, and who counts as verified."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from allauth.account.signals import user_signed_up
from django.dispatch import receiver

from accounts.language import page_language
from accounts.models import Profile


def needs_verification(user) -> bool:
    """People who signed up must verify an email address before they sign in. Accounts made by
    staff (the admin, the demo, scripts) need not: staff vouched for them, and adding an email
    to such an account later never locks it out."""
    return (
        Profile.objects.filter(user=user, self_registered=True).exists()
        and not EmailAddress.objects.filter(user=user, verified=True).exists()
    )


def has_verified_email(user) -> bool:
    return user.is_authenticated and EmailAddress.objects.filter(user=user, verified=True).exists()


@receiver(user_signed_up)
def _note_self_registration(sender, request, user, **kwargs):
    """A person who signs up on the French site reads French: the new profile takes the page's
    language (heard before allauth sends the verification email, which then speaks it too)."""
    defaults = {"self_registered": True}
    language = page_language()
    if language:
        defaults["language"] = language
    Profile.objects.update_or_create(user=user, defaults=defaults)

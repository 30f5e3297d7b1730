"""allauth's adapter: its emails (address verification, password reset, security notices) are
written in the language of the person they go to, not of the page that sent them."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.utils import translation

from accounts.language import language_of


def _recipient(email: str, context: dict):
    user = context.get("user")
    if user is not None and getattr(user, "pk", None) is not None:
        return user
    address = EmailAddress.objects.filter(email__iexact=email).select_related("user").first()
    if address is not None:
        return address.user
    return get_user_model().objects.filter(email__iexact=email).first()


class BrumeAccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        person = _recipient(email, context)
        if person is None:  # no account has this address: the page's language (it asked)
            return super().send_mail(template_prefix, email, context)
        with translation.override(language_of(person)):
            return super().send_mail(template_prefix, email, context)

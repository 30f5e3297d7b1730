"""A person's profile, and their named API tokens (only a hash of each key is stored)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Profile(models.Model):
    """What a person tells about themself; other apps read it through accounts.profiles."""

    class Language(models.TextChoices):
        ENGLISH = "en", "English"
        FRENCH = "fr", "Français"
        DUTCH = "nl", "Nederlands"

    # Language names stay in their own language (as in the switcher): a person finds theirs.
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(_("display name"), max_length=80, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    country = models.CharField(_("country"), max_length=2, blank=True, help_text=_("ISO 3166-1 alpha-2 code"))
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC", help_text=_("an IANA time zone name"))
    language = models.CharField(_("language"), max_length=2, choices=Language.choices, default=Language.ENGLISH)
    # Made by sign-up (not by staff): must have a verified email to sign in (accounts.verification).
    self_registered = models.BooleanField(default=False, editable=False)

    def __str__(self) -> str:
        return f"profile of {self.user}"


class ApiToken(models.Model):
    """A named API token. The key is shown once when it is made; only its SHA-256 is kept."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=80)
    key_hash = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8, help_text=_("the key's first characters, to recognise it"))
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)
    expires = models.DateTimeField()

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

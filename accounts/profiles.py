"""Profiles: ``profile_of(user)`` for anyone who needs a person's display name, time zone or
language, and ``profile_update`` that checks what a person sends."""

from __future__ import annotations

import zoneinfo
from functools import lru_cache

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from accounts.countries import COUNTRIES
from accounts.models import Profile
from games.validators import hidden_character_refusal

EDITABLE = ("display_name", "club", "country", "time_zone", "language")
LIMITS = {"display_name": 80, "club": 120}
NAMES = ("display_name", "club")  # shown to others: no hidden characters (games.validators)


@lru_cache(maxsize=1)
def time_zone_names() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def profile_of(user) -> Profile:
    """The person's profile, made with the defaults the first time anyone asks."""
    profile = Profile.objects.filter(user=user).first()
    if profile is not None:
        return profile
    try:
        with transaction.atomic():
            return Profile.objects.create(user=user)
    except IntegrityError:  # made by a parallel request in between
        return Profile.objects.get(user=user)


def display_name_of(user) -> str:
    return profile_of(user).display_name or user.get_username()


def clean_profile_fields(fields: dict) -> dict:
    """The fields a person may change, checked; a ValidationError names each bad field."""
    unknown = set(fields) - set(EDITABLE)
    if unknown:
        raise ValidationError({name: gettext("this field cannot be changed here") for name in sorted(unknown)})
    cleaned, errors = {}, {}
    for name, value in fields.items():
        if not isinstance(value, str):
            errors[name] = gettext("give a text value")
            continue
        value = value.strip()
        if name in LIMITS and len(value) > LIMITS[name]:
            errors[name] = gettext("at most %(count)d characters") % {"count": LIMITS[name]}
        elif any(ord(char) < 32 for char in value):
            errors[name] = gettext("control characters are not allowed")
        elif name in NAMES and (problem := hidden_character_refusal(value)):
            errors[name] = problem
        elif name == "country" and value and value.upper() not in COUNTRIES:
            errors[name] = gettext("%(value)r is not a country code we know (ISO 3166, e.g. FR, BE, NL)") % {
                "value": value
            }
        elif name == "time_zone" and value not in time_zone_names():
            errors[name] = gettext("%(value)r is not a time zone name (e.g. Europe/Paris, America/New_York, UTC)") % {
                "value": value
            }
        elif name == "language" and value not in Profile.Language.values:
            errors[name] = gettext("choose one of: %(choices)s") % {"choices": ", ".join(Profile.Language.values)}
        cleaned[name] = value.upper() if name == "country" else value
    if errors:
        raise ValidationError(errors)
    return cleaned


@transaction.atomic
def profile_update(*, user, **fields) -> Profile:
    """Change some of the person's profile fields; nothing changes when one of them is bad."""
    cleaned = clean_profile_fields(fields)
    profile = profile_of(user)
    profile = Profile.objects.select_for_update().get(pk=profile.pk)
    for name, value in cleaned.items():
        setattr(profile, name, value)
    if cleaned:
        profile.save(update_fields=list(cleaned))
    return profile

"""Which language a page speaks: the switcher's choice (a cookie) first, then the signed-in
person's profile language, then the browser's Accept-Language (Django's LocaleMiddleware, which
runs before this and already handled the cookie and the header)."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

SESSION_KEY = "profile_language"
SUPPORTED = {code for code, _ in settings.LANGUAGES}


def _profile_language(request) -> str | None:
    """The person's profile language, read once per session (no query on later requests)."""
    language = request.session.get(SESSION_KEY)
    if language is None:
        from accounts.profiles import profile_of

        language = profile_of(request.user).language
        request.session[SESSION_KEY] = language
    return language if language in SUPPORTED else None


def remember_profile_language(request, language: str) -> None:
    """Called when a person changes their profile language: the next page speaks it."""
    if hasattr(request, "session"):
        request.session[SESSION_KEY] = language


def language_follows_profile(request, response, language: str):
    """After a profile save: the session and the switcher's cookie take the profile's language."""
    if language in SUPPORTED:
        remember_profile_language(request, language)
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        )
    return response


class ProfileLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) in SUPPORTED
        user = getattr(request, "user", None)
        if not chosen and user is not None and user.is_authenticated:
            language = _profile_language(request)
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = language
        return self.get_response(request)


@require_POST
def set_language(request):
    """The layout's language switcher: Django's view (a cookie, back to ``next``), and for a
    signed-in person the profile's language too, so their emails follow."""
    response = django_set_language(request)
    language = request.POST.get("language")
    if language in SUPPORTED and request.user.is_authenticated:
        from accounts.models import Profile
        from accounts.profiles import profile_of

        profile_of(request.user)
        Profile.objects.filter(user=request.user).update(language=language)
        remember_profile_language(request, language)
    return response


# --- what a person is told away from any page: emails and notifications ---------------------


def language_of(user) -> str:
    """The language a person reads their emails and notifications in: their profile's (set at
    sign-up from the page they signed up on, changed on the profile or with the switcher)."""
    if user is None or getattr(user, "pk", None) is None:
        return settings.LANGUAGE_CODE
    from accounts.models import Profile

    language = Profile.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    return language if language in SUPPORTED else settings.LANGUAGE_CODE


def languages_of(user_ids) -> dict[int, str]:
    """``language_of`` for many people in one query (the notifications of one happening)."""
    from accounts.models import Profile

    ids = list(user_ids)
    found = dict(Profile.objects.filter(user_id__in=ids).values_list("user_id", "language"))
    return {pk: found.get(pk) if found.get(pk) in SUPPORTED else settings.LANGUAGE_CODE for pk in ids}


def speaking_to(user):
    """``with speaking_to(person):`` what is composed inside is in that person's language, whatever
    the language of the request that caused it."""
    return translation.override(language_of(user))


def page_language() -> str | None:
    """The language the current page speaks, if it is one of the site's."""
    language = (translation.get_language() or "").split("-")[0]
    return language if language in SUPPORTED else None

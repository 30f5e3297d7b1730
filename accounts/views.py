"""Account pages: sign-in (allauth's, with the sign-in limits and 429), the profile with its API
tokens, and sign out everywhere."""

from __future__ import annotations

from allauth.account.views import LoginView
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from accounts import tokens
from accounts.backends import lockout_of
from accounts.forms import ProfileForm, TokenForm
from accounts.language import language_follows_profile
from accounts.models import ApiToken
from accounts.profiles import profile_of, profile_update
from accounts.sessions import sign_out_everywhere


def answer_lockout(request, response):
    """A sign-in page refused for a lockout answers 429 with Retry-After (its form says why)."""
    lockout = lockout_of(request)
    if lockout is not None and response.status_code == 200:
        response.status_code = 429
        response["Retry-After"] = str(lockout.retry_after)
    return response


class SignInView(LoginView):
    """allauth's sign-in page; a locked-out account or address gets 429 with Retry-After."""

    def form_invalid(self, form):
        return answer_lockout(self.request, super().form_invalid(form))


def _profile_page(request, *, form=None, token_form=None, new_key=None, new_token=None, status=200):
    response = render(
        request,
        "accounts/profile.html",
        {
            "form": form or ProfileForm(instance=profile_of(request.user)),
            "token_form": token_form or TokenForm(),
            "tokens": tokens.tokens_of(request.user),
            "new_key": new_key,
            "new_token": new_token,
            "token_days": tokens.token_lifetime().days,
        },
        status=status,
    )
    response["Cache-Control"] = "no-store"  # a new key is on this page once: keep it out of caches
    return response


@never_cache
@login_required
def profile(request):
    if request.method != "POST":
        return _profile_page(request)
    form = ProfileForm(request.POST, instance=profile_of(request.user))
    if not form.is_valid():
        return _profile_page(request, form=form, status=400)
    try:
        profile_update(user=request.user, **{name: form.cleaned_data[name] for name in ProfileForm.Meta.fields})
    except ValidationError as error:
        for field, messages_ in error.message_dict.items():
            form.add_error(field if field in form.fields else None, messages_)
        return _profile_page(request, form=form, status=400)
    language = form.cleaned_data["language"]
    with translation.override(language):  # the message shows on the next page, in the new language
        messages.success(request, gettext("Your profile is saved."))
    return language_follows_profile(request, redirect("profile"), language)


@require_POST
@login_required
def token_create(request):
    token_form = TokenForm(request.POST)
    if token_form.is_valid():
        try:
            token, key = tokens.token_create(user=request.user, name=token_form.cleaned_data["name"])
        except ValidationError as error:
            token_form.add_error("name", error.message_dict.get("name"))
        else:
            return _profile_page(request, new_key=key, new_token=token)
    return _profile_page(request, token_form=token_form, status=400)


@require_POST
@login_required
def token_revoke(request, token_id: int):
    try:
        tokens.token_revoke(user=request.user, token_id=token_id)
    except ApiToken.DoesNotExist:
        raise Http404("no such token of yours") from None
    messages.success(request, gettext("The token is revoked: it no longer works."))
    return redirect("profile")


@require_POST
@login_required
def sign_out_all(request):
    ended = sign_out_everywhere(user=request.user, request=request)
    sessions = ngettext("%(count)d session ended", "%(count)d sessions ended", ended["sessions"]) % {
        "count": ended["sessions"]
    }
    tokens_ = ngettext("%(count)d API token revoked", "%(count)d API tokens revoked", ended["tokens"]) % {
        "count": ended["tokens"]
    }
    # Translators: the two parts are "3 sessions ended" and "2 API tokens revoked".
    text = gettext("You are signed out everywhere: %(sessions)s, %(tokens)s.") % {
        "sessions": sessions,
        "tokens": tokens_,
    }
    messages.success(request, text)
    return redirect("login")

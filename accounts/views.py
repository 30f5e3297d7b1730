"""The sign-in page: Django's LoginView with the sign-in limits, answering 429 when locked out."""

from __future__ import annotations

from django.contrib.auth import views as auth_views

from accounts.backends import lockout_of
from accounts.forms import SignInForm


class SignInView(auth_views.LoginView):
    form_class = SignInForm

    def form_invalid(self, form):
        response = super().form_invalid(form)
        lockout = lockout_of(self.request)
        if lockout is not None:
            response.status_code = 429
            response["Retry-After"] = str(lockout.retry_after)
        return response

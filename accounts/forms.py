"""Sign-in forms that say when an account or address is locked out."""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm

from accounts.backends import lockout_of


class _LockoutMessage:
    def get_invalid_login_error(self):
        lockout = lockout_of(self.request)
        if lockout is not None:
            return forms.ValidationError(lockout.message, code="locked_out")
        return super().get_invalid_login_error()

    @property
    def locked_out(self) -> bool:
        return lockout_of(self.request) is not None


class SignInForm(_LockoutMessage, AuthenticationForm):
    pass


class AdminSignInForm(_LockoutMessage, AdminAuthenticationForm):
    pass

"""Sign-in, sign-up, password reset and profile forms; sign-in forms say when an account or
address is locked out (accounts.signin)."""

from __future__ import annotations

from allauth.account import app_settings as allauth_settings
from allauth.account.forms import LoginForm, ResetPasswordForm, SignupForm
from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import gettext_lazy as _

from accounts.backends import lockout_of
from accounts.countries import country_choices
from accounts.models import Profile
from accounts.verification import needs_verification


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


class BrumeLoginForm(LoginForm):
    """allauth's sign-in by user name or email, with the sign-in limits' message.

    ``username`` is read as ``login`` too, so that scripts and bookmarks made for the former
    Django sign-in form keep working.
    """

    def __init__(self, *args, **kwargs):
        data = kwargs.get("data")
        if data is not None and "login" not in data and "username" in data:
            data = data.copy()
            data["login"] = data["username"]
            kwargs["data"] = data
        super().__init__(*args, **kwargs)
        self.fields["login"].label = _("User name or email")
        self.fields["login"].widget.attrs.pop("placeholder", None)
        self.fields["password"].widget.attrs.pop("placeholder", None)

    def clean(self):
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            lockout = lockout_of(self.request)
            if lockout is not None:
                raise forms.ValidationError(lockout.message, code="locked_out") from None
            raise
        login = getattr(self, "_login", None)
        if login is not None and not needs_verification(login.user):
            # An account made by staff, with no email address on record: staff vouched for it.
            login.email_verification = allauth_settings.EmailVerificationMethod.NONE
        return cleaned

    @property
    def locked_out(self) -> bool:
        return lockout_of(self.request) is not None


class BrumeSignupForm(SignupForm):
    """allauth's sign-up; labels in the site's words."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, label in (("username", _("User name")), ("email", _("Email")), ("password2", _("Password (again)"))):
            if name in self.fields:
                self.fields[name].label = label
        for field in self.fields.values():
            field.widget.attrs.pop("placeholder", None)


class BrumeResetPasswordForm(ResetPasswordForm):
    """Asking for a reset answers the same whether or not the address has an account."""

    def clean_email(self) -> str:
        try:
            return super().clean_email()
        except forms.ValidationError:
            if not getattr(self, "users", None) and self.cleaned_data.get("email"):
                self.users = []
                return self.cleaned_data["email"]
            raise


class ProfileForm(forms.ModelForm):
    """The page's form; accounts.profiles checks the values again (the API shares that check)."""

    country = forms.ChoiceField(label=_("Country"), choices=country_choices, required=False)

    class Meta:
        model = Profile
        fields = ["display_name", "club", "country", "time_zone", "language"]
        help_texts = {
            "time_zone": _("e.g. Europe/Paris, Europe/Brussels, UTC"),
            "display_name": _("shown instead of your user name"),
        }


class TokenForm(forms.Form):
    name = forms.CharField(
        label=_("Name"), max_length=80, help_text=_("what the token is for, e.g. “club site” or “my script”")
    )

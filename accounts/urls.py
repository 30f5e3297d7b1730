"""Account pages. allauth's own pages live under /accounts/ (sign-up, email, password reset);
the sign-in and sign-out addresses keep their names ``login`` and ``logout``."""

from allauth.account import views as allauth_views
from django.urls import include, path

from accounts import language, views

urlpatterns = [
    path("accounts/login/", views.SignInView.as_view(), name="login"),
    path("accounts/logout/", allauth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", include("allauth.urls")),
    path("i18n/language/", language.set_language, name="set-language"),
    path("me/profile/", views.profile, name="profile"),
    path("me/profile/tokens/", views.token_create, name="token-create"),
    path("me/profile/tokens/<int:token_id>/revoke/", views.token_revoke, name="token-revoke"),
    path("me/sign-out-everywhere/", views.sign_out_all, name="sign-out-everywhere"),
]

"""The REST API, version 1. Each app adds its routes here."""

from django.urls import include, path

from config.api_root import APIRootView

urlpatterns = [
    path("", APIRootView.as_view(), name="api-root"),
    path("", include("games.api.urls")),
    path("", include("tournament.api.urls")),
    path("", include("ranking.api_urls")),
    path("", include("accounts.api_urls")),
    path("", include("notifications.api_urls")),
    path("", include("webhooks.api_urls")),
]

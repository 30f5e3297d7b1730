"""The REST API, version 1. Each app adds its routes here."""

from django.urls import include, path

urlpatterns = [
    path("", include("games.api.urls")),
    path("", include("tournament.api.urls")),
    path("", include("ranking.api_urls")),
]

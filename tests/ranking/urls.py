"""The site's URLs with the ranking app's included, as config/urls.py will include them."""

from django.urls import include, path

from config.urls import urlpatterns as site

urlpatterns = [
    path("", include("ranking.urls")),
    path("api/v1/", include("ranking.api_urls")),
    *site,
]

"""URL configuration: pages, the health checks, metrics, the API and its documentation."""

from django.contrib import admin
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from config import health, metrics


def favicon(request):
    """Browsers ask for /favicon.ico on every page: send them to the site's SVG icon."""
    return redirect(static("brume/favicon.svg"), permanent=True)


urlpatterns = [
    # The API first: resolving walks the patterns in order, and a move POST is the hottest request
    # (bench/live_move.py). No page's path begins with api/ (tests/live/test_move_cpu.py).
    path("api/v1/", include("config.api_urls")),
    path("", include("games.urls")),
    path("", include("tournament.urls")),
    path("", include("ranking.urls")),
    path("", include("notifications.urls")),
    path("", include("webhooks.urls")),  # /events/<slug>/webhooks/, /me/webhooks/
    path("healthz", health.healthz, name="healthz"),  # readiness, as /healthz/ready (older probes)
    path("healthz/live", health.liveness, name="healthz-live"),
    path("healthz/ready", health.healthz, name="healthz-ready"),
    path("metrics", metrics.metrics, name="metrics"),  # Prometheus; 404 unless the scraper is known
    path("status/", health.status_page, name="status"),
    path("favicon.ico", favicon, name="favicon"),
    path("", include("accounts.urls")),  # sign-in, sign-up (allauth), profile, API tokens
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
]

# Errors raised before a view answers: JSON under /api/, Django's pages elsewhere (config/api_errors.py).
handler400 = "config.api_errors.bad_request"
handler403 = "config.api_errors.permission_denied"
handler404 = "config.api_errors.page_not_found"
handler500 = "config.api_errors.server_error"

"""GET /api/v1/: the API's index, in the style of DRF's api-root: a link to each resource
collection, and where the documentation is. What can be done with each is in /api/docs/."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

# (key, URL name, what it is) for each collection; the rest hangs below these. What it is reads in
# the reader's language; keys and URLs never change.
RESOURCES = (
    ("games", "api-game-list", _("every game Brume can run, with its options and AI levels")),
    ("records", "api-record-list", _("game records: upload a log (POST), list and open records")),
    ("records_bulk", "api-record-bulk", _("upload many logs at once (POST)")),
    ("validate_log", "api-log-validate", _("check a log without storing it (POST)")),
    ("events", "api-event-list", _("events, with their participants, stages, rounds, matches and standings")),
    ("ratings", "api-rating-pools", _("rating pools and score ladders, each with its leaderboard")),
    ("my_tasks", "api-my-tasks", _("what the signed-in player has to do next")),
    ("token", "api-token", _("get an API token (POST user name and password)")),
    ("my_profile", "api-my-profile", _("your profile: display name, club, country, time zone, language")),
    ("my_tokens", "api-my-tokens", _("your API tokens: list, create (the key is shown once), revoke")),
    ("my_notifications", "api-my-notifications", _("what you were told: list, mark read; your preferences below")),
    ("webhooks", "api-webhook-list", _("outbound webhooks of your events and account, and their deliveries")),
)


class APIRootView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="The API's index: its resources and its documentation")
    def get(self, request):
        return Response(
            {
                "version": "v1",
                "documentation": {
                    "docs": request.build_absolute_uri(reverse("api-docs")),
                    "redoc": request.build_absolute_uri(reverse("api-redoc")),
                    "schema": request.build_absolute_uri(reverse("api-schema")),
                },
                "resources": {
                    key: {"url": reverse(name, request=request), "about": about} for key, name, about in RESOURCES
                },
            }
        )

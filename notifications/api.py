"""The notifications API: a person's own notifications and choices, nobody else's."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from notifications import selectors, services
from notifications.models import Kind, Notification
from tournament.api.base import TournamentView, errors

TAGS = ["notifications"]


class NotificationSerializer(serializers.ModelSerializer):
    unread = serializers.SerializerMethodField()

    class Meta:
        model = Notification
        fields = ["id", "kind", "title", "body", "url", "created_at", "read_at", "unread"]

    def get_unread(self, notification) -> bool:
        return notification.read_at is None


class ChoiceSerializer(serializers.Serializer):
    label = serializers.CharField()
    site = serializers.BooleanField()
    email = serializers.BooleanField()


class ChoiceChangeSerializer(serializers.Serializer):
    site = serializers.BooleanField(required=False)
    email = serializers.BooleanField(required=False)


# One field per kind, for the schema: what GET answers and what PATCH accepts (any of them).
PreferencesSerializer = type(
    "NotificationPreferencesSerializer",
    (serializers.Serializer,),
    {kind: ChoiceSerializer() for kind in Kind.values},
)
PreferencesChangeSerializer = type(
    "NotificationPreferencesChangeSerializer",
    (serializers.Serializer,),
    {kind: ChoiceChangeSerializer(required=False) for kind in Kind.values},
)


def _choices_body(user) -> dict:
    return {
        kind: {"label": str(c.label), "site": c.site, "email": c.email}
        for kind, c in selectors.choices_of(user).items()
    }


def _parse_changes(data) -> dict:
    """``{kind: {"site": bool, "email": bool}}``, strictly: unknown kinds, unknown channels and
    anything but true or false are refused with a message naming them."""
    if not isinstance(data, dict) or not data:
        raise ValidationError(
            {"body": [gettext('send an object: {"<kind>": {"site": true|false, "email": true|false}}')]}
        )
    problems = {}
    for kind, channels in data.items():
        if kind not in Kind.values:
            problems[str(kind)] = [gettext("no such kind (kinds: %(kinds)s)") % {"kinds": ", ".join(Kind.values)}]
        elif not isinstance(channels, dict) or not channels:
            problems[kind] = [gettext('give {"site": true|false, "email": true|false} (either or both)')]
        else:
            wrong = [name for name in channels if name not in ("site", "email")]
            not_bool = [
                name for name, value in channels.items() if name in ("site", "email") and type(value) is not bool
            ]
            if wrong:
                problems[kind] = [
                    gettext("no such channel: %(channels)s (site, email)") % {"channels": ", ".join(map(str, wrong))}
                ]
            elif not_bool:
                problems[kind] = [gettext("%(channels)s: give true or false") % {"channels": ", ".join(not_bool)}]
    if problems:
        raise ValidationError(problems)
    return data


class NotificationPages(PageNumberPagination):
    page_size = 50


class MyNotificationsView(TournamentView):
    permission_classes = [IsAuthenticated]
    pagination_class = NotificationPages

    @extend_schema(
        tags=TAGS,
        summary="Your notifications, newest first (?unread=true: only unread)",
        parameters=[OpenApiParameter("unread", bool, description="only unread ones"), OpenApiParameter("page", int)],
        responses={200: NotificationSerializer(many=True), **errors(401)},
    )
    def get(self, request):
        sent = request.query_params.getlist("unread")
        if any(value not in ("true", "false") for value in sent):  # the schema's boolean, nothing looser
            raise ValidationError({"unread": [gettext("true or false")]})
        unread = "true" in sent
        found = selectors.notifications_of(request.user, unread_only=unread)
        page = self.paginate_queryset(found)
        return self.get_paginated_response(NotificationSerializer(page, many=True).data)


class NotificationReadView(TournamentView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAGS,
        summary="Mark one of your notifications read",
        request=None,
        responses={200: NotificationSerializer, **errors(401, 404)},
    )
    def post(self, request, notification_id: int):
        try:
            notification = services.notification_mark_read(user=request.user, notification_id=notification_id)
        except Notification.DoesNotExist:
            raise Http404("no such notification, or not yours") from None
        return Response(NotificationSerializer(notification).data)


class NotificationsReadAllView(TournamentView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAGS,
        summary="Mark all your notifications read",
        request=None,
        responses={200: inline_serializer("ReadAll", {"marked": serializers.IntegerField()}), **errors(401)},
    )
    def post(self, request):
        return Response({"marked": services.notifications_mark_all_read(user=request.user)})


class NotificationPreferencesView(TournamentView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAGS,
        summary="Your choices per kind: on the site, by email",
        responses={200: PreferencesSerializer, **errors(401)},
    )
    def get(self, request):
        return Response(_choices_body(request.user))

    @extend_schema(
        tags=TAGS,
        summary='Change some choices: {"<kind>": {"site": bool, "email": bool}}',
        request=PreferencesChangeSerializer,
        responses={200: PreferencesSerializer, **errors(400, 401)},
    )
    def patch(self, request):
        services.preferences_set(user=request.user, changes=_parse_changes(request.data))
        return Response(_choices_body(request.user))

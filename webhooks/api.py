"""The webhooks REST API: the same rules as the pages (owner and organisers only; anyone
else's endpoint or delivery is simply not there: 404)."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.response import Response

from games.validators import visible_text
from tournament.api.base import TournamentView, created, errors, validated, visible_event
from tournament.api.filters import Pages
from webhooks import selectors, services
from webhooks.models import SUBSCRIBABLE, Delivery, DeliveryAttempt, Endpoint

TAGS = ["webhooks"]


class EndpointSerializer(serializers.ModelSerializer):
    event = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    owner = serializers.CharField(source="owner.username", read_only=True)
    scope = serializers.CharField(read_only=True, help_text="event or account")
    style = serializers.ChoiceField(choices=Endpoint.Style.choices, read_only=True)

    class Meta:
        model = Endpoint
        fields = [
            "id",
            "name",
            "url",
            "style",
            "kinds",
            "scope",
            "event",
            "owner",
            "active",
            "disabled_reason",
            "created_at",
        ]


class EndpointCreatedSerializer(EndpointSerializer):
    secret = serializers.CharField(help_text="shown this once: keep it to check signatures")

    class Meta(EndpointSerializer.Meta):
        fields = [*EndpointSerializer.Meta.fields, "secret"]


class EndpointInput(serializers.Serializer):
    event = serializers.SlugField(required=False, allow_null=True, help_text="an event's slug; empty: your account")
    url = serializers.CharField(max_length=500)
    style = serializers.ChoiceField(choices=Endpoint.Style.choices, default="json")
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=SUBSCRIBABLE), default=list(SUBSCRIBABLE))
    name = serializers.CharField(max_length=80, required=False, default="", allow_blank=True, validators=[visible_text])


class EndpointUpdateInput(serializers.Serializer):
    url = serializers.CharField(max_length=500, required=False)
    style = serializers.ChoiceField(choices=Endpoint.Style.choices, required=False)
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=SUBSCRIBABLE), required=False)
    name = serializers.CharField(max_length=80, required=False, allow_blank=True, validators=[visible_text])
    active = serializers.BooleanField(required=False)


class AttemptSerializer(serializers.ModelSerializer):
    class Meta:
        model = DeliveryAttempt
        fields = ["number", "at", "response_code", "response_excerpt", "error", "duration_ms"]


class DeliverySerializer(serializers.ModelSerializer):
    id = serializers.UUIDField(source="uuid", read_only=True)
    endpoint = serializers.IntegerField(source="endpoint_id", read_only=True)
    event = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    # Plain text in the schema: "status" names other choice sets elsewhere in the API.
    status = serializers.CharField(read_only=True, help_text="pending, delivered, failed (will retry) or gave_up")

    class Meta:
        model = Delivery
        fields = [
            "id",
            "endpoint",
            "kind",
            "event",
            "status",
            "attempts",
            "last_response_code",
            "response_excerpt",
            "error",
            "next_attempt_at",
            "delivered_at",
            "created_at",
        ]


class DeliveryDetailSerializer(DeliverySerializer):
    attempt_log = AttemptSerializer(many=True, read_only=True)

    class Meta(DeliverySerializer.Meta):
        fields = [*DeliverySerializer.Meta.fields, "payload", "attempt_log"]


class SecretSerializer(serializers.Serializer):
    secret = serializers.CharField()


def _endpoint(request, pk: int) -> Endpoint:
    endpoint = selectors.manageable_endpoints(request.user).filter(pk=pk).first()
    if endpoint is None or not selectors.can_manage(request.user, endpoint):
        raise exceptions.NotFound(gettext("webhook %(id)s not found, or not yours") % {"id": pk})
    return endpoint


def _delivery(request, delivery_id) -> Delivery:
    endpoints = selectors.manageable_endpoints(request.user)
    delivery = selectors.deliveries_of(endpoints).filter(uuid=delivery_id).first()
    if delivery is None or not selectors.can_manage(request.user, delivery.endpoint):
        raise exceptions.NotFound(gettext("delivery not found, or not yours"))
    return delivery


class _Signed(TournamentView):
    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated(gettext("sign in to manage webhooks"))


class EndpointListView(_Signed):
    queryset = Endpoint.objects.none()
    pagination_class = Pages
    inputs = {"POST": EndpointInput}

    @extend_schema(
        tags=TAGS,
        summary="Your webhooks and those of events you organise",
        responses={200: EndpointSerializer(many=True), **errors(401)},
    )
    def get(self, request):
        page = self.paginate_queryset(selectors.manageable_endpoints(request.user).order_by("-created_at", "-id"))
        return self.get_paginated_response(EndpointSerializer(page, many=True).data)

    @extend_schema(
        tags=TAGS,
        summary="Register a webhook on an event (its organisers) or your account; the secret is shown once",
        request=EndpointInput,
        responses={201: EndpointCreatedSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request):
        data = validated(EndpointInput, request)
        slug = data.pop("event", None)
        event = visible_event(request, slug) if slug else None
        endpoint, secret = services.endpoint_create(by=request.user, event=event, **data)
        body = EndpointCreatedSerializer(endpoint).data | {"secret": secret}
        return created(body, "api-webhook-detail", pk=endpoint.pk)


class EndpointDetailView(_Signed):
    inputs = {"PATCH": EndpointUpdateInput}

    @extend_schema(tags=TAGS, summary="A webhook", responses={200: EndpointSerializer, **errors(401, 404)})
    def get(self, request, pk: int):
        return Response(EndpointSerializer(_endpoint(request, pk)).data)

    @extend_schema(
        tags=TAGS,
        summary="Change a webhook (name, url, style, kinds, active)",
        request=EndpointUpdateInput,
        responses={200: EndpointSerializer, **errors(400, 401, 404)},
    )
    def patch(self, request, pk: int):
        endpoint = _endpoint(request, pk)
        endpoint = services.endpoint_update(
            endpoint=endpoint, by=request.user, **validated(EndpointUpdateInput, request)
        )
        return Response(EndpointSerializer(endpoint).data)

    @extend_schema(
        tags=TAGS, summary="Delete a webhook and its delivery log", responses={204: None, **errors(401, 404)}
    )
    def delete(self, request, pk: int):
        services.endpoint_delete(endpoint=_endpoint(request, pk), by=request.user)
        return Response(status=204)


class RotateSecretView(_Signed):
    @extend_schema(
        tags=TAGS,
        summary="A new secret, shown once",
        request=None,
        responses={200: SecretSerializer, **errors(401, 404)},
    )
    def post(self, request, pk: int):
        return Response({"secret": services.endpoint_rotate_secret(endpoint=_endpoint(request, pk), by=request.user)})


class PingView(_Signed):
    @extend_schema(
        tags=TAGS,
        summary="Send a test ping",
        request=None,
        responses={202: DeliverySerializer, **errors(400, 401, 404)},
    )
    def post(self, request, pk: int):
        delivery = services.endpoint_ping(endpoint=_endpoint(request, pk), by=request.user)
        delivery.refresh_from_db()
        return Response(DeliverySerializer(delivery).data, status=202)


class EndpointDeliveriesView(_Signed):
    queryset = Delivery.objects.none()
    pagination_class = Pages

    @extend_schema(
        tags=TAGS,
        summary="A webhook's delivery log, newest first",
        responses={200: DeliverySerializer(many=True), **errors(401, 404)},
    )
    def get(self, request, pk: int):
        endpoint = _endpoint(request, pk)
        page = self.paginate_queryset(selectors.deliveries_of([endpoint]))
        return self.get_paginated_response(DeliverySerializer(page, many=True).data)


class DeliveryDetailView(_Signed):
    @extend_schema(
        tags=TAGS,
        summary="A delivery: its payload and every attempt",
        responses={200: DeliveryDetailSerializer, **errors(401, 404)},
    )
    def get(self, request, delivery_id):
        return Response(DeliveryDetailSerializer(_delivery(request, delivery_id)).data)


class RedeliverView(_Signed):
    @extend_schema(
        tags=TAGS,
        summary="Send a delivery again",
        request=None,
        responses={202: DeliverySerializer, **errors(400, 401, 404)},
    )
    def post(self, request, delivery_id):
        delivery = services.delivery_redeliver(delivery=_delivery(request, delivery_id), by=request.user)
        delivery.refresh_from_db()
        return Response(DeliverySerializer(delivery).data, status=202)

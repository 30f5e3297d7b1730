"""API tokens: trade a username and password for a token, or revoke yours."""

from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle

from tournament.api.base import TournamentView, errors, validated
from tournament.api.inputs import TokenInput
from tournament.api.serializers import TokenSerializer
from tournament.errors import ServiceError

TAGS = ["authentication"]


class TokenView(TournamentView):
    """One token per person; asking again returns the same token until it is revoked."""

    throttle_classes = [AnonRateThrottle]  # slows down password guessing
    inputs = {"POST": TokenInput}

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "POST" else [IsAuthenticated()]

    @extend_schema(
        tags=TAGS,
        summary="Get your API token",
        request=TokenInput,
        responses={200: TokenSerializer, **errors(400, 429)},
        auth=[],
    )
    def post(self, request):
        data = validated(TokenInput, request)
        user = authenticate(request, username=data["username"], password=data["password"])
        if user is None or not user.is_active:
            raise ServiceError("wrong username or password", code="invalid_credentials")
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})

    @extend_schema(
        tags=TAGS,
        summary="Revoke your API token",
        responses={204: OpenApiResponse(description="revoked"), **errors(401)},
    )
    def delete(self, request):
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
